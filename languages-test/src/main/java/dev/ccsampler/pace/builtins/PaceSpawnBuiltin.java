package dev.ccsampler.pace.builtins;

import java.util.Arrays;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

import dev.ccsampler.pace.PaceContext;
import dev.ccsampler.pace.PaceException;
import dev.ccsampler.pace.nodes.PaceExpressionNode;
import dev.ccsampler.pace.runtime.PaceFunction;
import dev.ccsampler.pace.runtime.PaceThread;
import dev.ccsampler.pace.runtime.PaceValues;

/**
 * {@code spawn(f, args...)}: calls {@code f(args...)} on a new guest thread, created through
 * {@code Env.newTruffleThreadBuilder} so it is a polyglot thread of this context (it has
 * safepoints and can be sampled). Returns a thread value for {@code join}. An error the function
 * does not catch is kept and re-thrown by {@code join}.
 */
public final class PaceSpawnBuiltin extends PaceBuiltinNode {

    /** Stack of a spawned thread: room for deep recursion (about 2 KB per Pace call when cold). */
    public static final long THREAD_STACK_SIZE = 64L << 20;

    public PaceSpawnBuiltin(PaceExpressionNode[] arguments) {
        super(arguments);
    }

    @Override
    protected Object execute(Object[] args) {
        if (!(args[0] instanceof PaceFunction function)) {
            throw PaceException.error("Type error: argument 1 of spawn must be a function, not " + PaceValues.describe(args[0]), this);
        }
        return spawn(PaceContext.get(this), function, Arrays.copyOfRange(args, 1, args.length));
    }

    @TruffleBoundary
    private static PaceThread spawn(PaceContext context, PaceFunction function, Object[] arguments) {
        PaceThread paceThread = new PaceThread(context.nextThreadId());
        Runnable body = () -> {
            boolean finished = false;
            try {
                paceThread.finish(function.getCallTarget().call(function.packArguments(arguments)), null);
                finished = true;
            } catch (PaceException e) {
                paceThread.finish(null, e);
                finished = true;
            } finally {
                if (!finished) {
                    // exit() or cancellation unwound this thread: the whole context is going down.
                    paceThread.markKilled();
                }
            }
        };
        Thread thread = context.getEnv().newTruffleThreadBuilder(body).stackSize(THREAD_STACK_SIZE).build();
        thread.setName("pace-thread-" + paceThread.getId());
        paceThread.setThread(thread);
        context.registerThread(thread);
        thread.start();
        return paceThread;
    }

    @Override
    protected String name() {
        return "spawn";
    }
}
