package dev.ccsampler.fault;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Where the profiler reports its own failures: each {@link Kind} once, as one line on the engine's
 * error stream, never once per sample; the lines are also kept for the profile's warnings. One per
 * sampler.
 *
 * <p>Threads: any (clock, drain, pusher, the thread that closes the engine); the message is built
 * and written outside the guest's threads' paths. Blocking only on this object's monitor and on the
 * error stream.
 */
public final class FaultLog {

    /** What failed; each is reported once per sampler. */
    public enum Kind {
        /** The sampling clock thread threw. */
        CLOCK,
        /** The drain thread could not apply a sample. */
        DRAIN,
        /** The drain loop itself threw, outside a sample. */
        DRAIN_LOOP,
        /** A stack walk threw on a guest thread. */
        CAPTURE,
        /** A thread's ring was full. */
        RING,
        /** Attaching, waking or detaching probes threw ({@code ccsampler-probes}). */
        PROBES
    }

    /** Prefix of every line, as elsewhere in ccsampler's messages. */
    public static final String PREFIX = "[ccsampler] ";

    private final Consumer<String> sink;
    private final Set<Kind> reported = EnumSet.noneOf(Kind.class);
    private final List<String> lines = new ArrayList<>();

    /** @param sink writes one line to the engine's error stream */
    public FaultLog(Consumer<String> sink) {
        this.sink = sink;
    }

    /**
     * Reports {@code kind} with the message {@code message} makes, unless it was reported already.
     *
     * @return true when this call reported it
     */
    public boolean once(Kind kind, Supplier<String> message) {
        String line;
        synchronized (this) {
            if (!reported.add(kind)) {
                return false;
            }
            line = PREFIX + message.get();
            lines.add(line.substring(PREFIX.length()));
        }
        try {
            sink.accept(line);
        } catch (RuntimeException e) {
            // the error stream itself failed: the line stays in the profile's warnings
        }
        return true;
    }

    /** Whether {@code kind} was reported. */
    public synchronized boolean reported(Kind kind) {
        return reported.contains(kind);
    }

    /** The lines reported so far, without the prefix. */
    public synchronized List<String> lines() {
        return List.copyOf(lines);
    }

    /** {@code ExceptionClass: message}, the way every fault line names its cause. */
    public static String describe(Throwable t) {
        String m = t.getMessage();
        return t.getClass().getSimpleName() + (m == null || m.isEmpty() ? "" : ": " + m);
    }
}
