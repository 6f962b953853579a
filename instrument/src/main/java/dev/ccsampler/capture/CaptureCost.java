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
 * <p>Threads: {@link #walked} on the guest thread; the clock reads with opaque loads (a hint).
 */
public final class CaptureCost {

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
        }
        LAST.setOpaque(this, start);
    }

    /** The smoothed cost of one capture, 0 before the first counted walk. Racy read, benign: a hint. */
    public long nanos() {
        return (long) COST.getOpaque(this);
    }

    /** When the last published capture started, 0 before the first. Racy read, benign: a hint. */
    public long lastNanos() {
        return (long) LAST.getOpaque(this);
    }
}
