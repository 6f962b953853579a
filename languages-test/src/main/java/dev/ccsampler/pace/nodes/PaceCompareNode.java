package dev.ccsampler.pace.nodes;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.dsl.Fallback;
import com.oracle.truffle.api.dsl.Specialization;

/** {@code <  <=  >  >=} on numbers, and on strings (lexicographic). */
public abstract class PaceCompareNode extends PaceBinaryNode {

    /** The comparison; one node class serves all four so operands stay in source order. */
    public enum Op {
        LT("<"), LE("<="), GT(">"), GE(">=");

        final String symbol;

        Op(String symbol) {
            this.symbol = symbol;
        }
    }

    private final Op op;

    protected PaceCompareNode(Op op) {
        this.op = op;
    }

    private boolean test(int comparison) {
        return switch (op) {
            case LT -> comparison < 0;
            case LE -> comparison <= 0;
            case GT -> comparison > 0;
            case GE -> comparison >= 0;
        };
    }

    @Specialization
    protected boolean doLong(long left, long right) {
        return switch (op) {
            case LT -> left < right;
            case LE -> left <= right;
            case GT -> left > right;
            case GE -> left >= right;
        };
    }

    @Specialization
    protected boolean doDouble(double left, double right) {
        return switch (op) {
            case LT -> left < right;
            case LE -> left <= right;
            case GT -> left > right;
            case GE -> left >= right;
        };
    }

    @Specialization
    @TruffleBoundary
    protected boolean doString(String left, String right) {
        return test(left.compareTo(right));
    }

    @Fallback
    protected Object error(Object left, Object right) {
        throw typeError(op.symbol, left, right);
    }
}
