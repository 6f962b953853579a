package dev.ccsampler.trigger;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * Decides the sampling period from what the samples show, and says so in the profile.
 *
 * <ul>
 * <li><b>Self-tuning</b> ({@code Period=auto}, after the Rotor CC-Map profiler): every
 * {@value #TUNE_EVERY} samples (the paper checks every ~1 000; its runs were longer, and at a 10 ms
 * period 1 000 samples take 10 s), the share of samples whose top activation is the one the previous
 * sample of the same thread had on top. Below {@value #LOW_REPEAT_PERCENT} % the samples are too
 * far apart to see short activations twice and the period halves; above
 * {@value #HIGH_REPEAT_PERCENT} % they see the same activation again and again and the period
 * doubles; always within the bounds.</li>
 * <li><b>Steady state</b> ({@code SteadyState=true}, after the J9 interpreter profiling framework):
 * every {@value #CHECK_MILLIS} ms, the per-function distributions of self time so far, and of the
 * function below the one on top (its caller), are compared with the ones at the previous check.
 * When both moved less than {@value #CONVERGED_L1} (L1 distance of shares) at two checks in a row,
 * after at least {@value #MIN_STEADY_WEIGHT} ticks, the period is multiplied by
 * {@value #SLOW_FACTOR}. While slowed, a window in which more than half the ticks fall in
 * functions, or are called from functions, that had under 1 % of the profile, or whose
 * distribution is far from the profile's, is a phase change: the period goes back, and the
 * distributions the next steady state is judged on start afresh from that window (a phase
 * restart).</li>
 * </ul>
 * Single thread: the drain thread calls {@link #observe} and {@link #check} while it applies
 * samples; {@link #events()} may be read from any thread.
 */
public final class PeriodTuner {

    static final int TUNE_EVERY = 200;
    static final int LOW_REPEAT_PERCENT = 1;
    static final int HIGH_REPEAT_PERCENT = 15;
    static final long CHECK_MILLIS = 250;
    static final double CONVERGED_L1 = 0.05;
    static final long MIN_STEADY_WEIGHT = 500;
    static final int SLOW_FACTOR = 4;

    private final boolean auto;
    private final long minNanos;
    private final long maxNanos;
    private final boolean steadyState;
    private final LongConsumer setPeriod;
    private final long startNanos;
    private long period;
    private long basePeriod;
    private boolean slowed;
    // self-tuning
    private long samples;
    private long repeats;
    // steady state: the distribution of the function on top, and of its caller (a phase may change
    // only the callers of the function on top: steady-two-phase.js's two phases both run `work`)
    private final Dist top = new Dist();
    private final Dist caller = new Dist();
    private long windowSamples;
    private int quietChecks;
    private long nextCheckNanos;
    private final List<String> events = new ArrayList<>();

    /**
     * @param periodNanos the period to start from
     * @param auto whether the period tunes itself
     * @param minNanos smallest period {@code auto} may choose
     * @param maxNanos largest period {@code auto} may choose
     * @param steadyState whether to slow down once the profile has converged
     * @param setPeriod applies a new period (to the clock and the drain's late threshold)
     * @param startNanos {@code System.nanoTime()} when sampling started, for the event times
     */
    public PeriodTuner(long periodNanos, boolean auto, long minNanos, long maxNanos, boolean steadyState, LongConsumer setPeriod, long startNanos) {
        this.period = periodNanos;
        this.basePeriod = periodNanos;
        this.auto = auto;
        this.minNanos = minNanos;
        this.maxNanos = maxNanos;
        this.steadyState = steadyState;
        this.setPeriod = setPeriod;
        this.startNanos = startNanos;
        this.nextCheckNanos = startNanos + CHECK_MILLIS * 1_000_000L;
    }

    /** Whether this tuner ever changes the period. */
    public boolean active() {
        return auto || steadyState;
    }

    /**
     * One applied sample: its top frame's method and that frame's caller's. Drain thread.
     *
     * @param leafMethod method id of the innermost visible frame, -1 when none
     * @param callerMethod method id of the frame below it, -1 when none
     * @param weight ticks the sample stands for
     * @param topRepeat whether its top activation is the previous sample's
     */
    public void observe(int leafMethod, int callerMethod, long weight, boolean topRepeat) {
        samples++;
        if (topRepeat) {
            repeats++;
        }
        if (steadyState && leafMethod >= 0) {
            top.add(leafMethod, weight);
            if (callerMethod >= 0) {
                caller.add(callerMethod, weight);
            }
            windowSamples++;
        }
        if (auto && samples >= TUNE_EVERY) {
            tune();
        }
    }

    private void tune() {
        double pct = 100.0 * repeats / samples;
        long p = basePeriod;
        if (pct < LOW_REPEAT_PERCENT) {
            p = Math.max(minNanos, p / 2);
        } else if (pct > HIGH_REPEAT_PERCENT) {
            p = Math.min(maxNanos, p * 2);
        }
        if (p != basePeriod) {
            event(String.format("period %s -> %s: the same activation was on top in %.1f%% of %d samples (%s %d%%)", fmt(basePeriod), fmt(p), pct, samples,
                            pct < LOW_REPEAT_PERCENT ? "below" : "above", pct < LOW_REPEAT_PERCENT ? LOW_REPEAT_PERCENT : HIGH_REPEAT_PERCENT));
            basePeriod = p;
            apply();
        }
        samples = 0;
        repeats = 0;
    }

    /** Runs the steady-state test when its time has come. Drain thread. */
    public void check(long nowNanos) {
        if (!steadyState || nowNanos < nextCheckNanos) {
            return;
        }
        nextCheckNanos = nowNanos + CHECK_MILLIS * 1_000_000L;
        if (slowed) {
            double freshTop = top.fresh();
            double freshCaller = caller.fresh();
            double l1 = Math.max(top.distance(), caller.distance());
            if (windowSamples >= 3 && (freshTop > 0.5 || freshCaller > 0.5 || windowSamples >= 20 && l1 > 1.0)) {
                slowed = false;
                quietChecks = 0;
                String what = freshTop > 0.5 || freshCaller <= 0.5 ? String.format("%.0f%% of the last %d samples in functions with under 1%% of the profile", 100 * freshTop, windowSamples)
                                : String.format("%.0f%% of the last %d samples called from functions with under 1%% of the profile's callers", 100 * freshCaller, windowSamples);
                event(String.format("phase change: %s (distance %.2f); period back to %s", what, l1, fmt(basePeriod)));
                apply();
                // a phase restart: the new phase converges on its own distribution, starting from
                // this window. Kept, the old profile dominated the cumulative shares: they moved
                // too little to see that the new phase had not converged, the rate slowed again
                // within half a second, the next window was again far from the old profile, and
                // the period flapped every 250 ms for seconds (steady-two-phase.js at 1 ms, whose
                // compiled code moved the self time from one function to another five seconds in)
                top.restart();
                caller.restart();
            }
        }
        top.merge();
        caller.merge();
        windowSamples = 0;
        if (!slowed) {
            if (top.previousShares != null && top.cumulativeTotal >= MIN_STEADY_WEIGHT) {
                double moved = Math.max(top.moved(), caller.moved());
                quietChecks = moved < CONVERGED_L1 ? quietChecks + 1 : 0;
                if (quietChecks >= 2) {
                    slowed = true;
                    event(String.format("steady state: per-function shares moved %.3f (< %.2f) over two %d ms checks; period %s -> %s", moved, CONVERGED_L1, CHECK_MILLIS,
                                    fmt(basePeriod), fmt(basePeriod * SLOW_FACTOR)));
                    apply();
                }
            }
            top.keepShares();
            caller.keepShares();
        }
    }

    /** A distribution of sample weights over method ids: this check's window and the profile so far. Drain thread. */
    private static final class Dist {
        private long[] cumulative = new long[64];
        private long cumulativeTotal;
        private double[] previousShares;
        private long[] window = new long[64];
        private long windowTotal;

        void add(int method, long weight) {
            window = ShareDrift.room(window, method);
            window[method] += weight;
            windowTotal += weight;
        }

        /** The window's share in methods that had under 1 % of the profile (0 with an empty window). */
        double fresh() {
            return windowTotal == 0 ? 0 : ShareDrift.fresh(window, windowTotal, cumulative, cumulativeTotal, 0.01);
        }

        /** L1 distance of the window from the profile (0 with an empty window). */
        double distance() {
            return windowTotal == 0 ? 0 : ShareDrift.distance(window, windowTotal, cumulative, cumulativeTotal);
        }

        /** L1 distance the profile's shares moved since {@link #keepShares} (0 before it). */
        double moved() {
            return previousShares == null ? 0 : ShareDrift.moved(previousShares, cumulative, cumulativeTotal);
        }

        void keepShares() {
            previousShares = ShareDrift.shares(cumulative, cumulativeTotal);
        }

        void restart() {
            java.util.Arrays.fill(cumulative, 0);
            cumulativeTotal = 0;
            previousShares = null;
        }

        void merge() {
            if (cumulative.length < window.length) {
                cumulative = java.util.Arrays.copyOf(cumulative, window.length);
            }
            for (int i = 0; i < window.length; i++) {
                cumulative[i] += window[i];
                window[i] = 0;
            }
            cumulativeTotal += windowTotal;
            windowTotal = 0;
        }
    }

    private void apply() {
        long p = slowed ? basePeriod * SLOW_FACTOR : basePeriod;
        if (p != period) {
            period = p;
            setPeriod.accept(p);
        }
    }

    private void event(String what) {
        note(events, startNanos, what);
    }

    /** Adds "at 1.23s: what" to a list of sampling events, synchronized on the list. Any thread. */
    public static void note(List<String> events, long startNanos, String what) {
        String line = String.format("at %.2fs: %s", (System.nanoTime() - startNanos) / 1e9, what);
        synchronized (events) {
            events.add(line);
        }
    }

    /** The period in force now. */
    public long periodNanos() {
        return period;
    }

    /** Every period change so far, with when and why, oldest first. Any thread. */
    public List<String> events() {
        synchronized (events) {
            return List.copyOf(events);
        }
    }

    static String fmt(long nanos) {
        if (nanos % 1_000_000L == 0) {
            return nanos / 1_000_000L + "ms";
        }
        if (nanos % 1_000L == 0) {
            return nanos / 1_000L + "us";
        }
        return nanos + "ns";
    }
}
