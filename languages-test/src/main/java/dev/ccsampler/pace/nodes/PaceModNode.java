package dev.ccsampler.pace.nodes;

import com.oracle.truffle.api.dsl.Fallback;
import com.oracle.truffle.api.dsl.Specialization;

import dev.ccsampler.pace.PaceException;

/** {@code a % b}: integer remainder (truncating, error on zero) or float remainder. */
public abstract class PaceModNode extends PaceBinaryNode {

    @Specialization
    protected long doLong(long left, long right) {
        if (right == 0) {
            throw PaceException.error("Arithmetic error: integer remainder by zero", this);
        }
        return left % right;
    }

    @Specialization
    protected double doDouble(double left, double right) {
        return left % right;
    }

    @Fallback
    protected Object error(Object left, Object right) {
        throw typeError("%", left, right);
    }
}
