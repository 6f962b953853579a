package dev.ccsampler.drain;

import dev.ccsampler.capture.RequestLedger;
import dev.ccsampler.capture.SampledThread;
import dev.ccsampler.ccmap.Accounting;
import dev.ccsampler.ccmap.LatencyHistogram;

/**
 * The drain thread's counters for one guest thread, and the thread's last stack (the frames an
 * incremental record reuses). Drain thread only, except {@link #accounting(SampledThread, boolean)},
 * which callers use while holding the CC-Map monitor (the drain thread holds it whenever it writes
 * here).
 */
final class ThreadAccount {
    /** The thread's own counters when this account started (after a clear). */
    private final long baseRequested;
    private final long baseDropped;
    private final long baseFailed;
    private final long baseIdle;
    private final long baseDeferred;
    private final long baseWaitedSkipped;
    private final long baseBeforeFirstPoll;
    /** Whether a record of this thread was applied: the first one may have waited for the language's start-up. */
    boolean applied;
    /** The version of the sleeping roots this thread's whole stack was last looked at against ({@code Drainer.noteSleepersHosting}). */
    Object sleepersLooked;
    long taken;
    long late;
    /** Ticks of records the drain could not apply (counted as failed). */
    long failedInDrain;
    long samples;
    /**
     * Samples whose thread ran a whole period or more while it waited for a safepoint (of its wait,
     * the part it was on a CPU; the whole wait where that is not measured: {@code
     * SampleRecord#waitCpuNanos}).
     */
    long lateSamples;
    /**
     * Recent periods the thread ran while it waited for a safepoint, and recent ticks (waited or
     * carried), both decayed by {@link Drainer#RECENT_DECAY} per sample: their ratio is the share of
     * the thread's recent time spent in code that does not poll.
     */
    double recentWaited;
    double recentTicks;
    /**
     * Recent samples' waits for their polls in compiled code (the part the thread ran), in
     * nanoseconds, and recent such samples, decayed alike ({@link Drainer#SLOW_POLL_DECAY}); and
     * such samples in all.
     */
    double recentLatency;
    double recentSamples;
    long compiledSamples;
    /**
     * The thread's counted root enters ({@link SampledThread#countedEnters()}) at the costly-probes
     * judge's last window, -1 before it saw the thread (or since a clear made this account).
     */
    long judgedEnters = -1;
    /** Of those, the internal leaf roots' ({@link SampledThread#countedLeafEnters()}). */
    long judgedLeafEnters;
    long truncated;
    long framesWalked;
    long frames;
    /** Smoothed frames per sample (weight 1/16). */
    double meanDepth;
    /** Smoothed ticks per sample that the cost budget left unwalked, waited ticks not counted (weight 1/16). */
    double meanWeight;
    /**
     * Walks in a row, after the thread's first, that visited at least the deep-stack frame count and took as
     * long as {@link Drainer#THINNED_WEIGHT} ticks of the cost budget: walks the budget cannot
     * afford at one in four ticks (see {@link Drainer#onDeepStacks}).
     */
    int costlyDeepWalks;
    /** Incremental records that differed from the full check walk (test switch only). */
    long mismatches;
    /** Largest latency recorded, exact (the histogram keeps buckets). */
    long maxLatency;
    /** Latency of captured samples, in the fixed mergeable layout of {@link LatencyHistogram}. */
    final LatencyHistogram.Recorder latency = new LatencyHistogram.Recorder();

    /** The thread's stack as of its last applied record, bottom-up (index 0 is the outermost frame). */
    Object[] stackTargets = new Object[16];
    Object[] stackNodes = new Object[16];
    byte[] stackTiers = new byte[16];
    int stackDepth;

    /** Bases of the bursts that follow recent records, by {@code burstSeq & (BASES - 1)}. */
    static final int BASES = 4;
    final long[] baseSeq = new long[BASES];
    final int[][] baseMethods = new int[BASES][];
    final Object[][] baseNodes = new Object[BASES][];
    final int[] baseCount = new int[BASES];
    /** A finished burst whose base record is not applied yet. */
    dev.ccsampler.burst.BurstBuffer heldBurst;
    /** Bursts replayed into the CC-Map. */
    long burstsApplied;
    /** Bursts whose base record was never applied (dropped or failed in the drain): left out. */
    long burstsWithoutBase;
    /** Burst events replayed. */
    long burstEvents;

    /** Remembers the stack of a record that a burst follows (frames bottom-up, hidden ones included). */
    void keepBase(long seq, int count, int[] methods, Object[] nodes) {
        int i = (int) (seq & (BASES - 1));
        if (baseMethods[i] == null || baseMethods[i].length < count) {
            baseMethods[i] = new int[Math.max(16, count)];
            baseNodes[i] = new Object[Math.max(16, count)];
        }
        System.arraycopy(methods, 0, baseMethods[i], 0, count);
        System.arraycopy(nodes, 0, baseNodes[i], 0, count);
        java.util.Arrays.fill(baseNodes[i], count, baseNodes[i].length, null);
        baseCount[i] = count;
        baseSeq[i] = seq;
    }

    ThreadAccount(SampledThread t) {
        RequestLedger l = t.ledger;
        // ticks already waiting for a sample belong to the sample that will carry them
        baseRequested = l.ticks() - l.pendingTicks() - l.outstandingTicks();
        baseDropped = l.droppedTicks();
        baseFailed = l.failedTicks();
        baseIdle = l.idleTicks();
        baseDeferred = l.deferred();
        baseWaitedSkipped = l.waitedSkippedTicks();
        baseBeforeFirstPoll = l.beforeFirstPollTicks();
    }

    /** Ticks of samples of a language's context initialization (one synthetic frame), and of those the late ones. */
    long initTicks;
    long initLate;

    /** Of the skipped ticks, those that passed before the thread's first safepoint poll. */
    long beforeFirstPoll(SampledThread t) {
        return t.ledger.beforeFirstPollTicks() - baseBeforeFirstPoll;
    }

    /** Makes the stack arrays hold {@code n} frames. */
    void ensureStack(int n) {
        if (n > stackTargets.length) {
            int c = Math.max(n, stackTargets.length * 2);
            stackTargets = java.util.Arrays.copyOf(stackTargets, c);
            stackNodes = java.util.Arrays.copyOf(stackNodes, c);
            stackTiers = java.util.Arrays.copyOf(stackTiers, c);
        }
    }

    /** Takes over the stack of the account this one replaces (after a clear). */
    void keepStackOf(ThreadAccount old) {
        if (old != null) {
            stackTargets = old.stackTargets;
            stackNodes = old.stackNodes;
            stackTiers = old.stackTiers;
            stackDepth = old.stackDepth;
            applied = old.applied;
        }
    }

    /**
     * The thread's accounting in ticks. When sampling has stopped every request is resolved, so
     * {@code inFlight} is 0, what no sample carried is skipped, and the identity must hold exactly;
     * a non-zero difference then shows up as an unbalanced record instead of being hidden.
     */
    Accounting accounting(SampledThread t, boolean stopped) {
        RequestLedger l = t.ledger;
        long requested = l.ticks() - baseRequested;
        long failed = l.failedTicks() - baseFailed + failedInDrain;
        long dropped = l.droppedTicks() - baseDropped;
        long waitedSkipped = l.waitedSkippedTicks() - baseWaitedSkipped;
        // an ended thread is sampled no more: what no sample carries yet never will be
        long skipped = waitedSkipped + (stopped || t.isEnded() ? l.pendingTicks() : 0);
        long inFlight = stopped ? 0 : Math.max(0, requested - taken - late - dropped - failed - skipped);
        LatencyHistogram h = latency.snapshot();
        return new Accounting(requested, taken, late, dropped, failed, skipped, truncated, h.valueAtPercentile(50), h.valueAtPercentile(99), maxLatency, inFlight,
                        samples, l.idleTicks() - baseIdle, framesWalked, frames, l.deferred() - baseDeferred, 0, h);
    }
}
