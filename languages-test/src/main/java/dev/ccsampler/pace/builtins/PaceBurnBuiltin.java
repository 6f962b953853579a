package dev.ccsampler.pace.builtins;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.TruffleSafepoint;

import dev.ccsampler.pace.PaceContext;
import dev.ccsampler.pace.nodes.PaceExpressionNode;

/**
 * {@code burn(units)}: a deterministic amount of CPU work, {@code units} ×
 * {@value #ITERATIONS_PER_UNIT} xorshift64 steps, returning the final state (an integer that
 * depends only on {@code units}).
 *
 * <p>
 * The kernel is a {@link TruffleBoundary}: it is compiled once as host code and never partially
 * evaluated into the caller, so one unit costs the same in every caller and at every compilation
 * tier, which is what makes the "known split" programs exact. It is still no guest frame: the
 * time belongs to the Pace function that called {@code burn}. It polls a safepoint after every
 * unit (about a microsecond), so thread-local actions such as a sampler's stack walk run promptly,
 * and it writes its result to {@link PaceContext#burnSink} so the work is never dead code.
 * {@code grind(units)} is the same work without any poll.
 */
public final class PaceBurnBuiltin extends PaceBuiltinNode {

    /** xorshift steps per unit of work. */
    public static final int ITERATIONS_PER_UNIT = 1000;

    /** Whether each unit polls a safepoint ({@code burn}) or none does ({@code grind}). */
    private final boolean poll;

    public PaceBurnBuiltin(PaceExpressionNode[] arguments) {
        this(arguments, true);
    }

    /**
     * @param poll false for {@code grind(units)}: the same work without a single safepoint poll,
     *            as a compiled counted loop runs, so that a thread-local action (a sample) waits
     *            until the call returns to Pace code
     */
    public PaceBurnBuiltin(PaceExpressionNode[] arguments, boolean poll) {
        super(arguments);
        this.poll = poll;
    }

    @Override
    protected Object execute(Object[] args) {
        return burn(PaceContext.get(this), expectInteger(args[0], 1));
    }

    @TruffleBoundary
    private long burn(PaceContext context, long units) {
        long x = 0x9E3779B97F4A7C15L;
        for (long u = 0; u < units; u++) {
            for (int i = 0; i < ITERATIONS_PER_UNIT; i++) {
                x ^= x << 13;
                x ^= x >>> 7;
                x ^= x << 17;
            }
            if (poll) {
                TruffleSafepoint.poll(this);
            }
        }
        context.burnSink = x;
        return x;
    }

    @Override
    protected String name() {
        return poll ? "burn" : "grind";
    }
}
