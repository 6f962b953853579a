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
 */
public final class PaceBurnBuiltin extends PaceBuiltinNode {

    /** xorshift steps per unit of work. */
    public static final int ITERATIONS_PER_UNIT = 1000;

    public PaceBurnBuiltin(PaceExpressionNode[] arguments) {
        super(arguments);
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
            TruffleSafepoint.poll(this);
        }
        context.burnSink = x;
        return x;
    }

    @Override
    protected String name() {
        return "burn";
    }
}
