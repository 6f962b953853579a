package dev.ccsampler.pace.nodes;

import com.oracle.truffle.api.dsl.Fallback;
import com.oracle.truffle.api.dsl.NodeChild;
import com.oracle.truffle.api.dsl.Specialization;

import dev.ccsampler.pace.PaceException;
import dev.ccsampler.pace.runtime.PaceValues;

/** {@code !b} on booleans. */
@NodeChild("operand")
public abstract class PaceNotNode extends PaceExpressionNode {

    @Specialization
    protected boolean doBoolean(boolean operand) {
        return !operand;
    }

    @Fallback
    protected Object error(Object operand) {
        throw PaceException.error("Type error: operator '!' is not defined for " + PaceValues.describe(operand), this);
    }
}
