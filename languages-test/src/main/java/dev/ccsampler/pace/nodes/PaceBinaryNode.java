package dev.ccsampler.pace.nodes;

import com.oracle.truffle.api.dsl.NodeChild;

import dev.ccsampler.pace.PaceException;
import dev.ccsampler.pace.runtime.PaceValues;

/** Base of the binary operators: two children evaluated left to right. */
@NodeChild("left")
@NodeChild("right")
public abstract class PaceBinaryNode extends PaceExpressionNode {

    protected final PaceException typeError(String operator, Object left, Object right) {
        return PaceException.error("Type error: operator '" + operator + "' is not defined for " + PaceValues.describe(left) + " and " + PaceValues.describe(right), this);
    }

    protected static boolean isString(Object value) {
        return value instanceof String;
    }
}
