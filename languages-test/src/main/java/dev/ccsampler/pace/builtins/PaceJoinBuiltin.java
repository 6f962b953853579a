package dev.ccsampler.pace.builtins;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.TruffleSafepoint;

import dev.ccsampler.pace.PaceException;
import dev.ccsampler.pace.nodes.PaceExpressionNode;
import dev.ccsampler.pace.runtime.PaceThread;
import dev.ccsampler.pace.runtime.PaceValues;

/**
 * {@code join(t)}: waits for a spawned thread and returns its function's result, or re-throws,
 * here, the error that ended it (same message and value). If an {@code exit} ended it, the
 * context is closing and {@code join} waits to be stopped too. The wait is interruptible through
 * {@link TruffleSafepoint#setBlockedThreadInterruptible}, so thread-local actions (samples,
 * cancellation, exit) still reach a thread blocked in {@code join}.
 */
public final class PaceJoinBuiltin extends PaceBuiltinNode {

    public PaceJoinBuiltin(PaceExpressionNode[] arguments) {
        super(arguments);
    }

    @Override
    protected Object execute(Object[] args) {
        if (!(args[0] instanceof PaceThread thread)) {
            throw PaceException.error("Type error: argument 1 of join must be a thread, not " + PaceValues.describe(args[0]), this);
        }
        join(thread);
        if (thread.isKilled()) {
            awaitContextEnd();
        }
        if (thread.getFailure() != null) {
            throw PaceException.rethrown(thread.getFailure(), this);
        }
        return thread.getResult();
    }

    @TruffleBoundary
    private void join(PaceThread thread) {
        TruffleSafepoint.setBlockedThreadInterruptible(this, Thread::join, thread.getThread());
    }

    /**
     * The joined thread was stopped by {@code exit} or cancellation, which stops this thread too
     * at its next safepoint, but asynchronously: wait for it here instead of running on.
     */
    @TruffleBoundary
    private void awaitContextEnd() {
        while (true) {
            TruffleSafepoint.setBlockedThreadInterruptible(this, ignored -> Thread.sleep(Long.MAX_VALUE), null);
        }
    }

    @Override
    protected String name() {
        return "join";
    }
}
