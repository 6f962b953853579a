package dev.ccsampler.pace;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.TruffleLanguage.ContextReference;
import com.oracle.truffle.api.TruffleLanguage.Env;
import com.oracle.truffle.api.nodes.Node;

/**
 * The state of one Pace context: the environment (output, application arguments, thread
 * creation), the threads the program spawned, and the sink that keeps {@code burn}'s work alive.
 */
public final class PaceContext {

    private static final ContextReference<PaceContext> REFERENCE = ContextReference.create(PaceLanguage.class);

    private final Env env;
    private final PrintWriter out;
    private final List<Thread> threads = new ArrayList<>();
    private final AtomicInteger nextThreadId = new AtomicInteger(1);

    /**
     * Last result of {@code burn}. Racy writes from several guest threads are benign: the field
     * exists only so the work that produced the value cannot be removed as dead code.
     */
    public long burnSink;

    PaceContext(Env env) {
        this.env = env;
        this.out = new PrintWriter(env.out(), true, StandardCharsets.UTF_8);
    }

    public static PaceContext get(Node node) {
        return REFERENCE.get(node);
    }

    public Env getEnv() {
        return env;
    }

    public PrintWriter getOut() {
        return out;
    }

    public int nextThreadId() {
        return nextThreadId.getAndIncrement();
    }

    @TruffleBoundary
    public void registerThread(Thread thread) {
        synchronized (threads) {
            threads.add(thread);
        }
    }

    /** The threads spawned so far, for {@link PaceLanguage#finalizeContext}. */
    @TruffleBoundary
    List<Thread> spawnedThreads() {
        synchronized (threads) {
            return new ArrayList<>(threads);
        }
    }
}
