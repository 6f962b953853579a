package dev.ccsampler.pace.builtins;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.TruffleSafepoint;

import dev.ccsampler.pace.nodes.PaceExpressionNode;
import dev.ccsampler.pace.runtime.PaceNull;

/**
 * {@code sleep(ms)}: blocks interruptibly for {@code ms} milliseconds. A thread-local action
 * interrupts the sleep and Truffle then calls the interruptible again, so the sleep is measured
 * against a deadline: with a profiler sampling every millisecond a plain {@code Thread.sleep(ms)}
 * would restart forever.
 */
public final class PaceSleepBuiltin extends PaceBuiltinNode {

    public PaceSleepBuiltin(PaceExpressionNode[] arguments) {
        super(arguments);
    }

    @Override
    protected Object execute(Object[] args) {
        sleep(expectInteger(args[0], 1));
        return PaceNull.SINGLETON;
    }

    @TruffleBoundary
    private void sleep(long millis) {
        long deadline = System.nanoTime() + millis * 1_000_000L;
        TruffleSafepoint.setBlockedThreadInterruptible(this, d -> {
            long remaining = d - System.nanoTime();
            while (remaining > 0) {
                Thread.sleep(remaining / 1_000_000L, (int) (remaining % 1_000_000L));
                remaining = d - System.nanoTime();
            }
        }, deadline);
    }

    @Override
    protected String name() {
        return "sleep";
    }
}
