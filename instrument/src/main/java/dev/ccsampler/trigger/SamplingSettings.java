package dev.ccsampler.trigger;

import dev.ccsampler.capture.RequestLedger;

/**
 * How the trigger and capture stages sample, as the instrument's options set it.
 *
 * @param incremental when to walk only the frames that changed since the thread's previous sample
 *            (root probes keep each thread's call depth)
 * @param verifyIncremental test switch: check every incremental walk against a full one
 * @param budget largest share of a thread's time its captures may take, in (0, 1]
 * @param threadsPerTick threads walked per tick (partial safepoints), 0 for all
 * @param sampleIdle sample parked and blocked threads too
 * @param autoPeriod tune the period from top-of-stack repetition
 * @param minPeriodNanos smallest period {@code autoPeriod} may choose
 * @param maxPeriodNanos largest period {@code autoPeriod} may choose
 * @param steadyState slow down once the profile has converged, back on a phase change
 * @param waited where ticks go that pass while a thread's request waits for a safepoint
 * @param sampleContextInitialization walk the code a language runs to initialize its context (its
 *            start-up library) like any other; by default such a sample is one synthetic frame
 * @param writeKnownFrames below the top frames, write runs of counted frames whose pairs earlier walks
 *            saw from what those walks saw instead of walking them (incremental walks only)
 * @param cpuTime when a running thread gets one tick per period of CPU time it used instead of one
 *            per period it was runnable (never while idle threads are sampled: every tick counts)
 */
public record SamplingSettings(Incremental incremental, boolean verifyIncremental, double budget, int threadsPerTick, boolean sampleIdle, boolean autoPeriod,
                long minPeriodNanos, long maxPeriodNanos, boolean steadyState, RequestLedger.Waited waited,
                boolean sampleContextInitialization, boolean writeKnownFrames, CpuTime cpuTime) {

    /** The defaults of the instrument's options. */
    public static final SamplingSettings DEFAULTS = new SamplingSettings(Incremental.AUTO, false, 0.03, Runtime.getRuntime().availableProcessors(), false, false, 1_000_000L,
                    100_000_000L, false, RequestLedger.Waited.TOP, false, true, CpuTime.AUTO);

    /** When walks are incremental. */
    public enum Incremental {
        /** Never: every walk is full, and no probe costs anything. */
        OFF,
        /** Always: the root probes are attached when sampling starts. */
        ON,
        /**
         * Once some thread's stacks are deep ({@value #DEEP_FRAMES} frames on average) and the cost
         * budget thins its walks to under one in four ticks, or once compiled code polls late (with
         * {@code WaitedTicks=top}): the probes cost a few nanoseconds per call (5–13 % of a
         * call-dense program), a full walk 2–9 µs per frame, so they pay only where walks are both
         * deep and wanted often, or where they show which frame was on top. Attaching them then
         * invalidates every compiled root they go into: for deep stacks they go into the roots of
         * those stacks' frames alone (more as deep stacks of other roots come), for late polls into
         * every root.
         */
        AUTO,
        /**
         * As {@code AUTO}, with the probes in the code from the start, on standby (each reads a field
         * and returns), and a rule of {@code AUTO} makes them count, which invalidates nothing: a
         * program whose rule fires after it compiled most of its code runs faster (GraalPy's {@code
         * py-parse-phases.py}: ×0.95 of no profiler against ×1.39), but the probes' untaken path in
         * every compiled root costs others in steady state ({@code richards.js}: about a third),
         * and their wrappers the warm-up (docs/sampling.md, <em>Probes on standby</em>).
         */
        STANDBY;

        /** Whether the probes count when the rules of {@code AUTO} need them ({@code AUTO} or {@code STANDBY}). */
        public boolean byRules() {
            return this == AUTO || this == STANDBY;
        }

        /** Average frames per sample from which {@code AUTO} makes the probes count. */
        public static final int DEEP_FRAMES = 64;
    }

    /**
     * When a thread that is not parked, waiting or blocked is counted by the CPU time it used (one
     * tick per period of it) rather than by its state (one tick per period it was runnable). The
     * two agree while the thread has a core; they part where threads wait for one.
     */
    public enum CpuTime {
        /**
         * By CPU time at the clock's wakes where the runnable threads leave none of the machine's
         * cores free (as many of them as cores, or more), by state otherwise. By state a runnable
         * thread that waits for a core is counted as running: eight busy TruffleRuby threads on 2
         * cores were given 4.3 to 5.9 times the CPU time they used, split among them up to 6
         * points off their CPU time; two JavaScript threads beside a busy host thread on 2 cores,
         * 2.7 times, since what else runs (the compiler, a collector, another process) takes its
         * core from one of them. By CPU time, a thread alone on its core loses the time it is
         * descheduled (the compiler's threads, garbage collection), which the wall-clock time a
         * program measures of its own phases includes: the split-check's single-threaded programs
         * read further off their timings in every cell of a round, by 0.2 to 12 points
         * (docs/sampling.md, <em>Threads that wait for a core</em>).
         */
        AUTO,
        /** By CPU time at every wake. */
        ON,
        /** By state at every wake. */
        OFF
    }

    /**
     * The period {@code Period=auto} starts from: the largest power-of-two multiple of the smallest
     * period that is at most 10 ms (and within the bounds), so every period it chooses is a whole
     * number of ticks of the smallest.
     */
    public long autoStartNanos() {
        long p = minPeriodNanos;
        while (p * 2 <= Math.min(10_000_000L, maxPeriodNanos)) {
            p *= 2;
        }
        return p;
    }
}
