package dev.ccsampler.pace.nodes;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.dsl.Fallback;
import com.oracle.truffle.api.dsl.Specialization;

/**
 * {@code ==} and {@code !=}: numbers by value (an integer equals the float of the same value),
 * strings by content, everything else by identity; values of different types are unequal.
 */
public abstract class PaceEqualNode extends PaceBinaryNode {

    private final boolean negated;

    protected PaceEqualNode(boolean negated) {
        this.negated = negated;
    }

    @Specialization
    protected boolean doLong(long left, long right) {
        return (left == right) != negated;
    }

    @Specialization
    protected boolean doDouble(double left, double right) {
        return (left == right) != negated;
    }

    @Specialization
    protected boolean doBoolean(boolean left, boolean right) {
        return (left == right) != negated;
    }

    @Specialization
    @TruffleBoundary
    protected boolean doString(String left, String right) {
        return left.equals(right) != negated;
    }

    @Fallback
    protected boolean doOther(Object left, Object right) {
        return (left == right) != negated;
    }
}
