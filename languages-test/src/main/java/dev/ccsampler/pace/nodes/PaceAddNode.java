package dev.ccsampler.pace.nodes;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.dsl.Fallback;
import com.oracle.truffle.api.dsl.Specialization;

import dev.ccsampler.pace.runtime.PaceValues;

/** {@code a + b}: integer (wrapping) or float addition; string concatenation if either side is a string. */
public abstract class PaceAddNode extends PaceBinaryNode {

    @Specialization
    protected long add(long left, long right) {
        return left + right;
    }

    @Specialization
    protected double add(double left, double right) {
        return left + right;
    }

    @Specialization(guards = "isString(left) || isString(right)")
    @TruffleBoundary
    protected String concat(Object left, Object right) {
        return PaceValues.toDisplayString(left) + PaceValues.toDisplayString(right);
    }

    @Fallback
    protected Object error(Object left, Object right) {
        throw typeError("+", left, right);
    }
}
