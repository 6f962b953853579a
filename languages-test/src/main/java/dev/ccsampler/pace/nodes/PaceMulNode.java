package dev.ccsampler.pace.nodes;

import com.oracle.truffle.api.dsl.Fallback;
import com.oracle.truffle.api.dsl.Specialization;

/** {@code a * b}: integer (wrapping) or float multiplication. */
public abstract class PaceMulNode extends PaceBinaryNode {

    @Specialization
    protected long doLong(long left, long right) {
        return left * right;
    }

    @Specialization
    protected double doDouble(double left, double right) {
        return left * right;
    }

    @Fallback
    protected Object error(Object left, Object right) {
        throw typeError("*", left, right);
    }
}
