package dev.ccsampler.pace.nodes;

import com.oracle.truffle.api.dsl.Fallback;
import com.oracle.truffle.api.dsl.NodeChild;
import com.oracle.truffle.api.dsl.Specialization;

import dev.ccsampler.pace.PaceException;
import dev.ccsampler.pace.runtime.PaceValues;

/** Unary {@code -x} on integers and floats. */
@NodeChild("operand")
public abstract class PaceNegateNode extends PaceExpressionNode {

    @Specialization
    protected long doLong(long operand) {
        return -operand;
    }

    @Specialization
    protected double doDouble(double operand) {
        return -operand;
    }

    @Fallback
    protected Object error(Object operand) {
        throw PaceException.error("Type error: operator '-' is not defined for " + PaceValues.describe(operand), this);
    }
}
