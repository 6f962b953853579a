package dev.ccsampler.capture;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The running estimate of what one capture costs a Java thread, which the clock's cost budget
 * divides by ({@code ThreadSchedule}). One per Java thread and engine, shared by the thread's
 * states in all contexts of the engine: a program that runs each request or iteration in a fresh
 * context keeps its estimate, instead of walking the first ticks of every context unthrottled
 * (the warm-up rule below), and those are its full walks.
 *
 * <p>The estimate: the thread's first walk pays one-time costs (class and frame-walk
 * initialisation, up to hundreds of ms) and would starve the budget for long, so it is not
 * counted. The next few are still cold (a fresh engine's first walks cost milliseconds): the
 * estimate starts as the cheapest of them. After that, a long-run mean in time (time constant
 * {@link #TAU_NANOS}), not per sample: the clock's choice must not follow the stack of the last
 * few samples. One walk moves it by at most a factor of {@link #OUTLIER_FACTOR}.
 *
 * <p>Until a thread has an estimate of its own, the clock reads the latest estimate of any thread of
 * the engine ({@link Prior}): a program that starts threads all the time (a worker per task) had
 * every new thread's ticks chosen one by one, each sending a request, until its second walk, and
 * the clock woke at every tick for it. On four Pace threads started ten times a second on two
 * cores, that was most of the clock's wakes at 100 µs (docs/performance.md, <em>Threads that come
 * and go</em>).
 *
 * <p>Threads: {@link #walked} on the guest thread; the clock reads with opaque loads (a hint).
 */
public final class CaptureCost {

    /** The latest estimate any thread of an engine published: a new thread's cost until it has its own. */
    public static final class Prior {
        private volatile long nanos;

        /** The latest estimate published, 0 before any. Any thread. */
        public long nanos() {
            return nanos;
        }
    }

    private static final VarHandle COST;
    private static final VarHandle LAST;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            COST = l.findVarHandle(CaptureCost.class, "costNanos", long.class);
            LAST = l.findVarHandle(CaptureCost.class, "lastNanos", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Walks (the first one not counted) whose cheapest cost starts the estimate. */
    static final int WARMUP_WALKS = 5;
    /**
     * The most one walk can raise the estimate by, as a factor of it: large, because walk costs
     * are bimodal where walks are incremental (a few frames most of the time, the whole stack
     * after it unwound: 5 000 frames of a recursion cost ~25 ms against ~50 µs), and the mean the
     * budget needs includes the rare full walks. A factor of 4 (before) hid them: on a 5 000-deep
     * recursion the estimate stayed under 1 ms while walks cost ~8 ms on average. A GC pause
     * inside one walk still moves the estimate only by its weight in time (below).
     */
    static final long OUTLIER_FACTOR = 1024;
    /** Time constant of the running mean: one second. */
    static final long TAU_NANOS = 1_000_000_000L;

    /** Smoothed cost of one capture in ns, 0 before the first counted walk. */
    private long costNanos;
    /** When the last published capture started ({@link System#nanoTime()}), 0 before the first. */
    private long lastNanos;
    /** Guest thread only: walks seen. */
    private long walks;
    /** Where this thread's estimate is published for new threads, and read while it has none; or null. */
    private final Prior prior;

    /** A thread's estimate with no prior: unknown (0) until its second walk. */
    public CaptureCost() {
        this(null);
    }

    /** A thread's estimate that reads {@code prior} until it has one of its own, and publishes to it. */
    public CaptureCost(Prior prior) {
        this.prior = prior;
    }

    /** Counts one published capture that started at {@code start} and took {@code cost} ns. Guest thread (and tests). */
    public void walked(long start, long cost) {
        if (walks++ > 0) {
            long old = (long) COST.getOpaque(this);
            long est;
            if (old == 0) {
                est = cost;
            } else if (walks <= WARMUP_WALKS) {
                est = Math.min(old, cost);
            } else {
                long c = Math.min(cost, OUTLIER_FACTOR * old);
                double a = Math.min(1.0, (double) (start - lastNanos) / TAU_NANOS);
                est = (long) (old + a * (c - old));
            }
            COST.setOpaque(this, Math.max(1, est)); // opaque: a hint for the clock's budget
            if (prior != null) {
                prior.nanos = Math.max(1, est); // racy between threads: the latest of any, a hint
            }
        }
        LAST.setOpaque(this, start);
    }

    /**
     * The smoothed cost of one capture; before the first counted walk the prior's, or 0 without
     * one. Racy read, benign: a hint.
     */
    public long nanos() {
        long own = (long) COST.getOpaque(this);
        if (own != 0 || prior == null) {
            return own;
        }
        return prior.nanos();
    }

    /** When the last published capture started, 0 before the first. Racy read, benign: a hint. */
    public long lastNanos() {
        return (long) LAST.getOpaque(this);
    }
}
