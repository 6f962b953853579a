package dev.ccsampler.burst;

import dev.ccsampler.trigger.ShareDrift;

/**
 * When the burst probes are attached ({@code --ccsampler.BurstDetach}). Instrumenting every root
 * costs on call-dense code even while no burst runs (1.6 to 2.5 times the time of a lexer loop,
 * docs/bursting.md), and once the calls per function have stopped changing, more bursts add little.
 * So, after the J9 framework's steady-state stop:
 * <ul>
 * <li><b>Detach</b> once the probes have been attached for {@value #MIN_ATTACHED_MILLIS} ms, at least
 * {@value #MIN_BURSTS} bursts were applied since, and the distribution of the counted calls over
 * their callees moved less than {@value #CONVERGED_L1} (L1 distance of shares) at two
 * {@value #CHECK_MILLIS}-ms checks in a row.</li>
 * <li><b>Attach again</b> when the time profile shifts: at a check, more than half the weight of the
 * time samples since the last check (at least {@value #MIN_WINDOW_SAMPLES} of them) is in functions
 * that had under 1 % of the recent time profile, or, over at least {@value #MIN_DISTANCE_SAMPLES}
 * samples, their distribution is more than {@value #SHIFTED_L1} away from it. The recent profile
 * starts, when the probes are detached, as the samples of the two checks in which the calls held
 * still, and then forgets with a half-life of {@value #HALF_LIFE_MILLIS} ms. Measured against the
 * whole run's profile instead, a tokenizer's steady state was 1.58 away from a profile that still
 * held its warm-up, and the probes came back 1.5 s after they left.</li>
 * <li><b>Back off</b>: each time the probes come back, the time they stay before they may leave
 * again and the half-life of the recent profile double (up to {@value #MAX_BACKOFF} times), and
 * from the second detachment on the recent profile is no longer restarted from the last two
 * checks but kept, forgetting at that half-life. A program that cycles through phases longer than
 * a second (four benchmark kernels of 25–40 ms an iteration, which the probes slowed to 1–3 s)
 * otherwise saw each phase as a shift from the one before: at 1 ms the probes came and went 25
 * times in 80 s, and each coming recompiled the program (×6.5 its time without a profiler;
 * docs/bursting.md, <em>A cycle of phases</em>).</li>
 * <li><b>Settle</b>: for {@value #SETTLE_MILLIS} ms (times the back-off, at most 4) after a detachment no
 * shift is looked for, and the windows only join the recent profile. Disposing the probes
 * invalidates the compiled code that held them, and the program runs in the interpreter and
 * recompiles for a while; the probes also slowed call-dense functions more than the others, so the
 * profile they leave behind differs from the program's without them even where nothing shifted.</li>
 * </ul>
 * The calls of a detached stretch are extrapolated, when the probes come back and when sampling
 * stops: each context gets the calls it had in the two check intervals before the detachment
 * (while the calls held still), times the stretch's length over theirs, as the re-enable ratio's
 * weights stand for the walks it skips. Without that, a short run's calls lean to what ran before
 * the detachment (its start-up). What it cannot see: calls that change while the time profile
 * does not (the same functions, called from other places in the same proportions of time). A
 * live snapshot taken while the probes are detached extrapolates the stretch so far first (the
 * drain adds only what the snapshots before it did not). Drain thread, or any thread holding the
 * CC-Map's monitor, which every caller holds.
 *
 * @since 0.4
 */
public final class BurstSchedule {

    static final long CHECK_MILLIS = 500;
    static final long MIN_ATTACHED_MILLIS = 2_000;
    static final int MIN_BURSTS = 20;
    static final double CONVERGED_L1 = 0.05;
    static final int MIN_WINDOW_SAMPLES = 10;
    static final int MIN_DISTANCE_SAMPLES = 100;
    static final double SHIFTED_L1 = 1.2;
    static final long HALF_LIFE_MILLIS = 2_000;
    static final int MAX_BACKOFF = 16;
    static final long SETTLE_MILLIS = 2_000;
    /** Weights of the recent profile, in 1/1024 of a tick, so that forgetting keeps some precision. */
    private static final int SCALE = 1024;

    /** What {@link #check} asks for. */
    public enum Action {
        NONE,
        DETACH,
        ATTACH
    }

    private long[] calls = new long[64];
    private long callsTotal;
    private double[] previousCalls;
    private int quietChecks;
    private long burstsSinceAttach;
    private long attachedAt;
    private long nextCheck;
    private long[] time = new long[64];
    private long timeTotal;
    private long[] window = new long[64];
    /** The window of the check before. */
    private long[] previous = new long[64];
    private long windowTotal;
    private long windowSamples;
    private String reason;
    /** The last check, and the one before it: the two intervals whose calls the CC-Map keeps. */
    private long lastCheck;
    private long checkBefore;
    private long rateNanos;
    private long frozenRateNanos;
    private long detachedAt;
    private boolean stretchOpen;
    /** 1, doubled each time the probes come back (up to {@link #MAX_BACKOFF}): see the class comment. */
    private int backoff = 1;
    /** Until when, after a detachment, no shift is looked for ({@link #SETTLE_MILLIS}). */
    private long settledAt;

    /** @param startNanos when sampling started (the probes were attached then) */
    public BurstSchedule(long startNanos) {
        this.attachedAt = startNanos;
        this.checkBefore = startNanos;
        this.lastCheck = startNanos;
        this.nextCheck = startNanos + CHECK_MILLIS * 1_000_000L;
    }

    /** A counted call of {@code callee} (a burst's enter, with its weight). */
    public void call(int callee, long weight) {
        calls = ShareDrift.room(calls, callee);
        calls[callee] += weight;
        callsTotal += weight;
    }

    /** A burst was applied. */
    public void burstApplied() {
        burstsSinceAttach++;
    }

    /** A time sample whose innermost visible frame is {@code leaf} ({@code -1}: none). */
    public void sample(int leaf, long weight) {
        if (leaf < 0) {
            return;
        }
        window = ShareDrift.room(window, leaf);
        window[leaf] += weight;
        windowTotal += weight;
        windowSamples++;
    }

    /** Whether a {@link #check} is due at {@code now}. */
    public boolean due(long now) {
        return now >= nextCheck;
    }

    /**
     * Runs the tests when their time has come ({@link #due}).
     *
     * @param attached whether the probes are attached now
     * @return what to do; its reason is {@link #reason()}
     */
    public Action check(long now, boolean attached) {
        if (!due(now)) {
            return Action.NONE;
        }
        nextCheck = now + CHECK_MILLIS * 1_000_000L;
        Action a = attached ? converged(now) : shifted(now);
        rateNanos = now - checkBefore;
        checkBefore = lastCheck;
        lastCheck = now;
        // the recent profile: forget, then add the window; at the first detachment, what ran
        // while the calls held still (this window and the one before) alone (see Back off)
        boolean restart = a == Action.DETACH && backoff == 1;
        double keep = restart ? 0 : Math.pow(0.5, (double) CHECK_MILLIS / (HALF_LIFE_MILLIS * backoff));
        time = ShareDrift.room(time, Math.max(window.length, previous.length) - 1);
        timeTotal = 0;
        for (int i = 0; i < time.length; i++) {
            long w = i < window.length ? window[i] : 0;
            long before = restart && i < previous.length ? previous[i] : 0;
            time[i] = (long) (time[i] * keep) + (w + before) * SCALE;
            timeTotal += time[i];
        }
        long[] swap = previous;
        previous = window;
        window = swap;
        java.util.Arrays.fill(window, 0);
        windowTotal = 0;
        windowSamples = 0;
        return a;
    }

    private Action converged(long now) {
        double moved = previousCalls == null ? Double.NaN : ShareDrift.moved(previousCalls, calls, callsTotal);
        previousCalls = ShareDrift.shares(calls, callsTotal);
        quietChecks = moved < CONVERGED_L1 ? quietChecks + 1 : 0;
        if (quietChecks >= 2 && burstsSinceAttach >= MIN_BURSTS && now - attachedAt >= MIN_ATTACHED_MILLIS * backoff * 1_000_000L) {
            reason = String.format(java.util.Locale.ROOT, "the calls per function moved %.3f (< %.2f) over two %d ms checks, after %d bursts", moved, CONVERGED_L1, CHECK_MILLIS, burstsSinceAttach)
                            + (backoff == 1 ? "" : String.format(java.util.Locale.ROOT, " and at least %d s attached (they came back %s)", MIN_ATTACHED_MILLIS * backoff / 1000,
                                            backoff == MAX_BACKOFF ? "4 times or more" : Integer.numberOfTrailingZeros(backoff) + (backoff == 2 ? " time" : " times")));
            return Action.DETACH;
        }
        return Action.NONE;
    }

    private Action shifted(long now) {
        if (now < settledAt) {
            return Action.NONE; // the program recompiles without the probes: its windows only join the recent profile
        }
        double fresh = ShareDrift.fresh(window, windowTotal, time, timeTotal, 0.01);
        double l1 = ShareDrift.distance(window, windowTotal, time, timeTotal);
        if (windowSamples >= MIN_WINDOW_SAMPLES && fresh > 0.5 || windowSamples >= MIN_DISTANCE_SAMPLES && l1 > SHIFTED_L1) {
            reason = String.format(java.util.Locale.ROOT, "the time profile shifted: %.0f%% of the last %d samples in functions with under 1%% of the recent profile (distance %.2f)", 100 * fresh,
                            windowSamples, l1);
            return Action.ATTACH;
        }
        return Action.NONE;
    }

    /**
     * The probes were detached at {@code now}, after the check that asked for it. The CC-Map keeps
     * each context's calls of the last two check intervals, {@link #rateNanos()} long.
     */
    public void detached(long now) {
        settledAt = now + SETTLE_MILLIS * Math.min(backoff, 4) * 1_000_000L;
        quietChecks = 0;
        detachedAt = now;
        stretchOpen = true;
        frozenRateNanos = rateNanos;
    }

    /** Whether the probes are detached and {@link #detached} has set the stretch's rates. */
    public boolean stretchOpen() {
        return stretchOpen;
    }

    /**
     * How many times the calls of the two intervals before the detachment the stretch from then to
     * {@code now} is worth: the factor by which the calls the probes did not see are extrapolated
     * ({@code CCMap.extrapolateCalls}).
     */
    public double stretchFactor(long now) {
        return frozenRateNanos <= 0 ? 0 : (double) (now - detachedAt) / frozenRateNanos;
    }

    /** The probes were attached again at {@code now}: the calls counted from then on must converge anew. */
    public void attached(long now) {
        backoff = Math.min(MAX_BACKOFF, backoff * 2);
        stretchOpen = false;
        attachedAt = now;
        burstsSinceAttach = 0;
        quietChecks = 0;
        previousCalls = null;
        checkBefore = now;
        lastCheck = now;
    }

    /** The time the calls of the last two check intervals were counted in, as of the last check. */
    public long rateNanos() {
        return rateNanos;
    }

    /** The time the frozen calls (those of the two intervals before the detachment) were counted in. */
    public long frozenRateNanos() {
        return frozenRateNanos;
    }

    /** When the probes were detached. */
    public long detachedAt() {
        return detachedAt;
    }

    /** Why the last {@link #check} asked for what it did. */
    public String reason() {
        return reason;
    }
}
