package dev.ccsampler.trigger;

import dev.ccsampler.capture.SampledThread;

import java.util.SplittableRandom;

/**
 * The clock's view of one sampled thread: whether it is idle, and whether this tick is one the
 * thread is walked at. Clock thread only.
 *
 * <p>Selection never looks at the stack that would be walked. Each tick whose thread has no request
 * outstanding is chosen with probability {@code p = min(1, budget × period / cost)}, at random,
 * where cost is the thread's capture cost averaged over about the last second (a running mean in
 * time, so that {@code p} changes slowly compared with the gaps between samples: a sample carries
 * the ticks of its gap, which is unbiased while {@code p} is constant over the gap). A tick not chosen is not
 * lost: its weight waits in the thread's ledger and the next request carries it, so a sample stands
 * for all the ticks since the previous one and every format adds up to ticks. Because the choice at
 * a tick is independent of the stack at that tick, the weighted shares are unbiased; the budget
 * only decides how many walks pay for them.
 */
final class ThreadSchedule {

    final SampledThread thread;
    private final SplittableRandom random;

    ThreadSchedule(SampledThread thread, long seed) {
        this.thread = thread;
        this.random = new SplittableRandom(seed);
    }

    /**
     * One tick for this thread. Returns true when a request is to be sent now. Clock thread only.
     *
     * @param periodNanos the current period
     * @param budget largest share of a thread's time its captures may take, in (0, 1]
     * @param sampleIdle whether parked or blocked threads are sampled too
     * @param units profile ticks this clock tick is worth (period / tick unit)
     */
    boolean tick(long periodNanos, double budget, boolean sampleIdle, long units) {
        if (thread.isEnded()) {
            return false; // removed from its context; the clock's copy of the list may still hold it
        }
        Thread.State state = thread.thread.getState();
        if (state == Thread.State.TERMINATED) {
            // a host thread that left its context and ended stays registered until the context
            // closes: it gets no more ticks, and its outstanding request is abandoned (counted once,
            // as failed) by the drain now instead of at close
            thread.markEnded();
            return false;
        }
        boolean idle = !sampleIdle && isIdle(state);
        if (!thread.ledger.tick(idle, units)) {
            return false;
        }
        long cost = thread.captureCostNanos();
        if (cost <= 0 || budget >= 1) {
            return true;
        }
        double p = budget * periodNanos / cost;
        return p >= 1 || random.nextDouble() < p;
    }

    private static boolean isIdle(Thread.State s) {
        return s == Thread.State.WAITING || s == Thread.State.TIMED_WAITING || s == Thread.State.BLOCKED;
    }
}
