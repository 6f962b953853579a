package dev.ccsampler.drain;

import com.oracle.truffle.api.RootCallTarget;
import com.oracle.truffle.api.nodes.Node;
import com.oracle.truffle.api.nodes.RootNode;
import com.oracle.truffle.api.source.Source;
import com.oracle.truffle.api.source.SourceSection;
import dev.ccsampler.burst.BurstBuffer;
import dev.ccsampler.burst.BurstSchedule;
import dev.ccsampler.burst.BurstState;
import dev.ccsampler.burst.BurstSwitch;
import dev.ccsampler.burst.BurstTotals;
import dev.ccsampler.capture.DormantProbes;
import dev.ccsampler.capture.FrameTier;
import dev.ccsampler.capture.RootHashes;
import dev.ccsampler.capture.SampledThread;
import dev.ccsampler.ccmap.Accounting;
import dev.ccsampler.ccmap.live.CCMap;
import dev.ccsampler.ccmap.LatencyHistogram;
import dev.ccsampler.ccmap.MethodInfo;
import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.fault.FaultInjection;
import dev.ccsampler.fault.FaultLog;
import dev.ccsampler.queue.SampleRecord;
import dev.ccsampler.trigger.PeriodTuner;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.LockSupport;

/**
 * The CC-Map manager: one thread that drains every guest thread's ring in batches, turns call
 * targets and call nodes into dense method and call-site ids (names and source sections are read
 * here, never on the guest thread), applies the samples to the {@link CCMap}, hands the slots back
 * to their rings, and keeps the accounting that proves nothing was lost.
 *
 * <p>Threading: {@link #drainOnce()} runs on the drain thread (or on the thread that stops the
 * sampler, after the drain thread has ended); it holds the CC-Map monitor for each batch, and so
 * does every reader. {@link #register}, called on guest threads as they enter a context, takes no
 * lock: the drain adopts the thread when it next holds the monitor. What the drain loop's rules
 * ask of the probes (attach, wake, detach) runs on a thread of its own, {@code ccsampler-probes}
 * ({@link ProbeChanges}): an attachment may take Truffle a second or more, and the rings must not fill
 * meanwhile.
 *
 * <p>Internal: public only for {@code dev.ccsampler.CCSampler}, which owns one per engine;
 * {@link #register} and {@link #liveThreads} take and return a type of the non-exported capture
 * stage.
 *
 * @since 0.1
 */
public final class Drainer {

    /**
     * Mean ticks per sample from which a thread's walks count as thinned by the cost budget.
     *
     * @since 0.1
     */
    public static final int THINNED_WEIGHT = 4;

    /** Costly walks of a deep stack that show the cost budget thins a thread's walks ({@link #onDeepStacks}). */
    static final int COSTLY_DEEP_WALKS = 3;

    /**
     * A walk of a deep stack that costs this many times what makes it costly counts as
     * {@value #COSTLY_DEEP_WALKS} at once: a budget that affords one such walk in a hundred ticks or
     * more spaces the walks a second or more apart, and three of them took 3.5 s on a 20 000-deep
     * JavaScript recursion (2026-11-27). The occasional slow walk of a shallower program stays under
     * it (at most 8 times its median, seen on three-phase.js).
     */
    static final int VERY_COSTLY = 25;

    private final CCMap map;
    private final CopyOnWriteArrayList<SampledThread> live = new CopyOnWriteArrayList<>();
    /** Threads that ended, each reduced to its counters once its ring was drained. */
    private final List<Retired> retired = new ArrayList<>();
    /** Latency buckets of the retired threads, merged (their rows keep only their percentiles). */
    private LatencyHistogram.Recorder retiredLatency = new LatencyHistogram.Recorder();
    /** Burst counters of the retired threads, summed. Guarded by the CC-Map monitor. */
    private BurstTotals retiredBursts = BurstTotals.NONE;
    /** Calls live snapshots extrapolated in the current detached stretch. Guarded by the CC-Map monitor. */
    private long liveExtrapolated;
    /** The stretch factor the live snapshots extrapolated the current detached stretch up to. Guarded by the CC-Map monitor. */
    private double liveFactor;
    private final Map<SampledThread, ThreadAccount> accounts = new IdentityHashMap<>();
    /** Threads registered and not yet adopted ({@link #adoptPending}): any thread adds, holders of the CC-Map monitor take. */
    private final java.util.concurrent.ConcurrentLinkedQueue<Pending> pending = new java.util.concurrent.ConcurrentLinkedQueue<>();
    /** Ids of polyglot contexts that closed, not yet folded (any thread adds, the monitor's holder folds). */
    private final java.util.concurrent.ConcurrentLinkedQueue<Integer> closedContexts = new java.util.concurrent.ConcurrentLinkedQueue<>();
    /** Whether a closed context's trees are folded into their threads' trees of closed contexts. */
    private volatile boolean foldClosedContexts = true;
    private final Map<Object, Integer> methodIds = new WeakHashMap<>();
    private final Map<Object, Integer> callSiteIds = new WeakHashMap<>();
    private final List<Boolean> visible = new ArrayList<>();
    private volatile FrameFilter filter;
    private volatile long periodNanos;
    private volatile int stackLimit = Integer.MAX_VALUE;
    private volatile PeriodTuner tuner;
    /** When the burst probes are attached ({@code BurstDetach}); null: they stay. Used holding the CC-Map monitor. */
    private volatile BurstSchedule burstSchedule;
    private volatile BurstSwitch burstSwitch;
    private volatile BurstProbeControl burstControl;
    private volatile int deepFrames;
    private volatile double deepBudget;
    private volatile java.util.function.BiConsumer<String, java.util.Set<String>> onDeep;
    /** The first thread whose stacks were deep, once seen. */
    private volatile String deepThread;
    /** The thread of a deep stack whose root names ({@link #deepNames}) wait for the drain loop to call {@link #onDeep}; null when none waits. */
    private volatile String deepPending;
    private volatile java.util.Set<String> deepNames;
    /** Root names already sent to {@link #onDeep}. Holding the monitor. */
    private final java.util.Set<String> deepNamesSent = new java.util.HashSet<>();
    private volatile java.util.function.Consumer<String> onLate;
    /** Whether {@link #onLateSamples} fires on {@value #LATE_TRIGGER} late samples in compiled code alone ({@link #lateSamplesEagerly}). */
    private volatile boolean eagerLate;
    /** Late samples in compiled code, any thread's, since {@link #eagerLate} was set. Holding the monitor. */
    private int lateSinceEager;
    /** What a thread's samples showed that fires {@link #onLateSamples}, for the report; null until then. */
    private volatile String lateReason;
    private volatile RootHashes rootHashes;
    /** Called once when the root probes count too many calls a second ({@link #onCostlyProbes}); null when not asked or fired. */
    private volatile java.util.function.Consumer<String> onCostly;
    /** Asked first when the probes are costly and internal leaf roots make most of their calls ({@link #onCostlyLeaves}); null when not asked or used. */
    private volatile java.util.function.Function<String, String> onCostlyLeaves;
    private volatile long costlyCallsPerSecond;
    /** The costly-probes judge's window: its start (0 before the first; each thread's count then is in its account), the windows in a row over the limit. Drain thread. */
    private long judgeStart;
    private int costlyWindows;
    /** What {@link #takeOutAt} asked to run, until it is handed to ccsampler-probes; null for nothing. */
    private volatile Runnable takeOut;
    private volatile long takeOutDue;
    private volatile String lastJudgement;
    /** What the probes changed since they were attached, for the judge. Guarded by the CC-Map monitor. */
    private final ProbeEffect judged = new ProbeEffect();
    private volatile Thread thread;
    private volatile boolean running;
    /** Where the probes are attached, woken and detached when a rule asks (the thread {@code ccsampler-probes}). */
    private final ProbeChanges probeChanges = new ProbeChanges();
    /** Whether a change of the burst probes that the schedule asked for is not made yet: the schedule waits for it. */
    private volatile boolean burstChanging;
    /** Where the drain's own failures, failed walks and full rings are reported once; null for nowhere. */
    private volatile FaultLog faults;
    /** Guarded by the CC-Map monitor: whether a full ring, a failed walk was reported. */
    private boolean ringReported;
    private boolean walkReported;

    /** {@code VerifyIncremental}: incremental walks checked against a full walk, those that differed, and the first difference. Under the map's monitor. */
    private long verifiedWalks;
    private long verifiedDiffering;
    private String firstDifference;

    /**
     * What is kept of a thread that ended: its key in the CC-Map and its accounting, frozen. Its
     * {@code Thread}, ring, stack recorder, last stack and latency buckets are released.
     */
    private record Retired(int contextId, long threadId, Accounting accounting, long mismatches, long beforeFirstPoll, long initTicks, long initLate) {
        /** Both rows as one, under this one's key: what snapshots would sum anyway. */
        Retired plus(Retired o) {
            return new Retired(contextId, threadId, accounting.plus(o.accounting), mismatches + o.mismatches, beforeFirstPoll + o.beforeFirstPoll, initTicks + o.initTicks,
                            initLate + o.initLate);
        }
    }

    private int[] methodBuf = new int[64];
    private int[] siteBuf = new int[64];
    private byte[] tierBuf = new byte[64];

    /**
     * Creates a drainer for {@code map}; the drain thread starts with {@link #start()}.
     *
     * @param map the CC-Map the samples go to; this drainer is its only writer
     * @param filter which frames are shown
     * @param periodNanos sampling period in nanoseconds: a sample captured later than this after its
     *            request counts as late
     * @since 0.1
     */
    public Drainer(CCMap map, FrameFilter filter, long periodNanos) {
        this.map = map;
        this.filter = filter;
        this.periodNanos = periodNanos;
    }

    /**
     * Changes the period, in nanoseconds, that separates taken from late samples. Any thread.
     *
     * @since 0.1
     */
    public void setPeriodNanos(long p) {
        periodNanos = p;
    }

    /**
     * Frames kept per sample, from the top; deeper stacks are cut and counted as truncated. Any
     * thread.
     *
     * @since 0.1
     */
    public void setStackLimit(int frames) {
        stackLimit = frames;
    }

    /**
     * The tuner that sees every applied sample (self-tuning period, steady state); null for none.
     * Any thread.
     *
     * @since 0.1
     */
    public void setTuner(PeriodTuner t) {
        tuner = t;
    }

    /** Attaches and detaches the burst probes; the sampler does it, on {@code ccsampler-probes} when the schedule asks. @since 0.4 */
    public interface BurstProbeControl {
        /** Detaches the probes (after {@link BurstSwitch#markDetached()}); {@code why} goes into the report. */
        void detach(String why);

        /** Attaches the probes again (then {@link BurstSwitch#markAttached()}); {@code why} goes into the report. */
        void attach(String why);
    }

    /**
     * Lets {@code schedule} see every applied sample and burst, and runs its checks after each
     * drain round, outside the CC-Map's lock, calling {@code control} when it asks for a change.
     * Any thread, before the drain starts.
     *
     * @since 0.4
     */
    public void setBurstSchedule(BurstSchedule schedule, BurstSwitch probes, BurstProbeControl control) {
        burstSwitch = probes;
        burstControl = control;
        burstSchedule = schedule;
    }

    /**
     * Runs the burst schedule's checks, and asks {@code ccsampler-probes} for what they ask for
     * (then waits for it before the next check). Drain thread, not holding the monitor.
     */
    private void scheduleBurstProbes() {
        BurstSchedule sch = burstSchedule;
        if (sch == null || burstChanging) {
            return;
        }
        BurstSwitch sw = burstSwitch;
        BurstSchedule.Action a;
        String why;
        synchronized (map) {
            long now = System.nanoTime();
            if (!sch.due(now)) {
                return;
            }
            boolean attached = sw.isAttached();
            a = sch.check(now, attached);
            why = sch.reason();
            if (a == BurstSchedule.Action.DETACH) {
                map.freezeCallRates(); // the calls of the two intervals before this check
            }
            if (attached) {
                map.rollCallWindows();
            }
        }
        BurstProbeControl control = burstControl;
        if (a == BurstSchedule.Action.DETACH) {
            sw.markDetached();
            burstChanging = true;
            probeChanges.ask(() -> {
                try {
                    control.detach(why);
                    synchronized (map) {
                        sch.detached(System.nanoTime());
                    }
                } finally {
                    burstChanging = false;
                }
            });
        } else if (a == BurstSchedule.Action.ATTACH) {
            String added;
            synchronized (map) {
                added = extrapolateDetachedCalls(sch);
            }
            burstChanging = true;
            probeChanges.ask(() -> {
                try {
                    control.attach(why + "; " + added);
                    sw.markAttached();
                    synchronized (map) {
                        map.rollCallWindows();
                        sch.attached(System.nanoTime());
                    }
                } finally {
                    burstChanging = false;
                }
            });
        }
    }

    /** Adds the calls of the detached stretch so far to the CC-Map and says so. Holding the monitor. */
    private String extrapolateDetachedCalls(BurstSchedule sch) {
        long now = System.nanoTime();
        long from = sch.detachedAt();
        long rate = sch.frozenRateNanos();
        long added = map.extrapolateCalls(liveFactor, sch.stretchFactor(now), true) + liveExtrapolated;
        liveFactor = 0;
        liveExtrapolated = 0;
        return String.format(java.util.Locale.ROOT, "the %.2f s detached extrapolated from the calls of the %.2f s before: %d calls added", (now - from) / 1e9, rate / 1e9, added);
    }

    /**
     * A live snapshot while the burst probes are detached: the calls of the stretch so far go into
     * the CC-Map first (counted for the note the stretch's end writes), so the snapshot's call
     * counts cover the run so far. Holding the monitor.
     */
    private void extrapolateForLiveSnapshot() {
        BurstSchedule sch = burstSchedule;
        if (sch != null && sch.stretchOpen()) {
            double to = sch.stretchFactor(System.nanoTime());
            liveExtrapolated += map.extrapolateCalls(liveFactor, to, false);
            liveFactor = Math.max(liveFactor, to);
        }
    }

    /**
     * Sampling stops: the calls of a stretch the burst probes are still detached for are
     * extrapolated into the CC-Map now, so the profile counts the whole run. Any thread, after
     * {@link #stop()}.
     *
     * @return what was added, for the report, or null when the probes are attached (or there is no schedule)
     * @since 0.4
     */
    public String finishBurstSchedule() {
        BurstSchedule sch = burstSchedule;
        BurstSwitch sw = burstSwitch;
        if (sch == null || sw == null || sw.isAttached()) {
            return null;
        }
        synchronized (map) {
            return extrapolateDetachedCalls(sch);
        }
    }

    /**
     * Calls {@code action} on {@code ccsampler-probes} (ProbeChanges) and outside the CC-Map's lock, with the
     * thread's name when the cost budget leaves some thread with deep stacks fewer than one walk in
     * {@value #THINNED_WEIGHT} ticks. Either of two signs says so:
     * <ul>
     * <li>{@value #COSTLY_DEEP_WALKS} walks in a row (after the thread's first, which pays one-time
     * costs) that each visited at least {@code frames} frames and took at least {@value #THINNED_WEIGHT}
     * ticks' worth of the budget ({@code THINNED_WEIGHT × budget × period}): decided from the walks
     * themselves, after three or four samples, so that a deep program stops paying full walks in
     * its first second (before 2026-11-26 only the next sign existed, and it took 1–3 s to show:
     * twenty-odd full walks of a 3 000-deep recursion). In a row, because single walks cost up to
     * eight times their median now and then (a 185-deep stack of three-phase.js at 10 ms: median
     * 0.68 ms, 12 of 222 walks 1.3–5.5 ms), and two such in a row had woken its probes;</li>
     * <li>its stacks average at least {@code frames} frames over its last samples and its samples
     * average at least {@value #THINNED_WEIGHT} ticks each, waited ticks not counted.</li>
     * </ul>
     * With the thread's name comes the set of names of the roots whose frames had {@value
     * #HOST_BELOW} frames or more above them on its stack then, the roots whose marks can spare
     * the walks: the sampler probes those alone, not every root the program compiled. After that
     * first call, {@code action} is called again whenever some thread's walks are costly {@value
     * #COSTLY_DEEP_WALKS} times in a row once more, with the names on its stack that no call gave
     * before (none, no call): a deep stack of other roots. Any thread.
     *
     * @param budget the cost budget, the share of a thread's time its captures may take
     * @since 0.1
     */
    public void onDeepStacks(int frames, double budget, java.util.function.BiConsumer<String, java.util.Set<String>> action) {
        deepFrames = frames;
        deepBudget = budget;
        onDeep = action;
    }

    /** Sleeping trivial roots whose frames are looked for below other frames ({@link #onSleepersHosting}), or null. */
    private volatile DormantProbes sleeping;
    private volatile java.util.function.Consumer<int[]> onHosting;
    /** How many frames above a sleeping root's frame wake it ({@link #onSleepersHosting}). */
    private volatile int hostingFrames = Integer.MAX_VALUE;
    /** Identity hashes of sleeping roots seen below other frames since the drain loop last acted. Holding the monitor. */
    private int[] hostingSeen = new int[8];
    private int hostingCount;

    /**
     * Calls {@code action} on {@code ccsampler-probes}, outside the CC-Map's lock, with the identity hashes
     * of the roots that {@code sleeping} says have no probe (judged trivial) and whose frames a walk
     * saw below at least {@code frames} other frames since the last call: they call after all, in a
     * way their tree did not show (a builtin that runs a block, a call site that had not run), and
     * their uncounted frames below a deep stack keep the incremental walks from stopping there or
     * filling the frames above them from the memo ({@code DormantProbes}). Below a shallow stack
     * such a frame costs a walk a few frames at most, and a probe on a root of call-dense code
     * costs that code more (on {@code rb-deep-phases.rb}'s call-dense phase, +23 % with every
     * root seen below another woken). The walked frames are looked at, about 20 ns a frame, and
     * the whole stack once after each change of the sleeping roots. Any thread.
     */
    public void onSleepersHosting(int frames, DormantProbes sleeping, java.util.function.Consumer<int[]> action) {
        this.hostingFrames = Math.max(1, frames);
        this.onHosting = action;
        this.sleeping = sleeping;
    }

    /**
     * Notes the sleeping roots among a record's walked frames that have {@link #hostingFrames}
     * frames or more above them; the whole merged stack when roots were put to sleep since this
     * thread's last look (its bottom, reused from earlier walks, was looked at against fewer
     * sleeping roots, or none: the probes are attached after the stacks grew deep, and from then on
     * the walks stop above the bottom). Holding the monitor.
     */
    private void noteSleepersHosting(ThreadAccount acc, SampleRecord r, int total) {
        DormantProbes sl = sleeping;
        int above = hostingFrames;
        if (sl == null || !sl.any() || total <= above) {
            return;
        }
        Object seen = sl.version();
        if (acc.sleepersLooked != seen) {
            acc.sleepersLooked = seen;
            for (int pos = 0; pos < total - above; pos++) {
                noteIfAsleep(sl, acc.stackTargets[pos]);
            }
            return;
        }
        for (int i = above; i < r.depth; i++) {
            noteIfAsleep(sl, r.targets[i]);
        }
    }

    private void noteIfAsleep(DormantProbes sl, Object target) {
        if (target instanceof RootCallTarget rc) {
            int h = System.identityHashCode(rc.getRootNode());
            if (sl.asleep(h)) {
                noteHosting(h);
            }
        }
    }

    private void noteHosting(int h) {
        for (int k = 0; k < hostingCount; k++) {
            if (hostingSeen[k] == h) {
                return;
            }
        }
        if (hostingCount == hostingSeen.length) {
            if (hostingCount >= 256) {
                return; // the rest at the next round
            }
            hostingSeen = java.util.Arrays.copyOf(hostingSeen, hostingCount * 2);
        }
        hostingSeen[hostingCount++] = h;
    }

    /** The hashes noted since the last call, or null. Drain thread. */
    private int[] takeHosting() {
        synchronized (map) {
            if (hostingCount == 0) {
                return null;
            }
            int[] a = java.util.Arrays.copyOf(hostingSeen, hostingCount);
            hostingCount = 0;
            return a;
        }
    }

    /**
     * Calls {@code action} once, on {@code ccsampler-probes} and outside the CC-Map's lock, with what was
     * seen, when some thread has had at least {@value #LATE_TRIGGER} samples that ran a whole
     * period or more while they waited for a safepoint, and the periods its recent samples ran so
     * are at least {@value #WAITED_SHARE_PERCENT} % of its recent time (about the last hundred
     * samples): then the waits are long enough to move a function's share by more than the error a
     * profile may have. Or when its recent samples in compiled code (at least {@value
     * #SLOW_POLL_SAMPLES}) ran {@value #SLOW_POLL_NANOS} ns or more on average before their poll, a
     * whole period or not: then the thread polls so seldom that where it polls is often not where
     * the tick found it (safepoint bias). Of a wait only the part the thread ran counts (where
     * {@code SampleRecord#waitCpuNanos} is measured), and none of a wait that ended at an
     * interpreted frame. Code whose polls come soon, call-dense code among it, never pays for the
     * probes this way. Any thread.
     */
    public void onLateSamples(java.util.function.Consumer<String> action) {
        onLate = action;
    }

    /**
     * Calls {@code action} once, on the drain thread and outside the CC-Map's lock, when the root
     * probes cost more than they buy, in {@value #COSTLY_WINDOWS} windows of {@value #JUDGE_NANOS}
     * ns in a row (windows of few calls between them left out: {@link #costlyWindows}): some
     * thread's probes counted {@code callsPerSecond} calls a second or more ({@link
     * SampledThread#countedEnters()}), that many calls at {@value #NANOS_PER_CALL} ns each are more
     * than {@value #COST_PER_EFFECT} times the share of ticks the probes lately moved to another
     * top function beyond chance ({@link ProbeEffect#systematicMovedShare}) and than what walking
     * the frames they spared the walks would have cost, at most the cost budget ({@link #costly}). Measured (docs/sampling.md,
     * *Probes that do not pay*): on a recursive interpreter in JavaScript the probes made the
     * program 1.4 (unordered) and 1.8 (ordered) times slower.
     * Any thread, once the probes are attached.
     */
    public void onCostlyProbes(long callsPerSecond, java.util.function.Consumer<String> action) {
        costlyCallsPerSecond = callsPerSecond;
        onCostly = action;
    }

    /**
     * A first resort of the costly-probes judge ({@link #onCostlyProbes}): when a window is costly and
     * at least {@value #LEAF_SHARE_PERCENT} % of the busiest thread's counted calls were enters of
     * internal leaf roots ({@link SampledThread#countedLeafEnters()}), {@code sleep} is called
     * once, on the drain thread and outside the CC-Map's lock, with what the judge saw, instead of
     * counting the window; it returns what it put to sleep, or null for nothing (then the judge
     * goes on as before). The judge then starts its windows again: the probes are switched off
     * only if they stay costly without those calls. Any thread, before the probes are judged.
     */
    public void onCostlyLeaves(java.util.function.Function<String, String> sleep) {
        onCostlyLeaves = sleep;
    }

    /** Share of the busiest thread's counted calls, in percent, from internal leaf roots at which {@link #onCostlyLeaves} acts. */
    static final int LEAF_SHARE_PERCENT = 50;

    /**
     * What the costly-probes judge saw in its last window, for the report while the probes stay;
     * null before a window, or once they were switched off (that note says it then). Any thread.
     *
     * @since 0.4
     */
    public String probeJudgement() {
        return onCostly == null ? null : lastJudgement;
    }

    /**
     * Runs {@code action} once on {@code ccsampler-probes} (ProbeChanges) when {@link
     * System#nanoTime} reaches {@code dueNanos}: the sampler takes the probes it switched off
     * ({@link #onCostlyProbes}) out of the code then. Any thread.
     */
    public void takeOutAt(long dueNanos, Runnable action) {
        takeOutDue = dueNanos;
        takeOut = action;
    }

    /** Length of one window of the costly-probes judge ({@link #onCostlyProbes}). */
    static final long JUDGE_NANOS = 1_000_000_000L;

    /** Windows in a row over the limit that fire {@link #onCostlyProbes}. */
    static final int COSTLY_WINDOWS = 2;

    /** Runs the costly-probes judge once a window. Drain thread, not holding the monitor. */
    private void judgeProbes() {
        java.util.function.Consumer<String> action = onCostly;
        if (action == null) {
            return;
        }
        long now = System.nanoTime();
        if (judgeStart != 0 && now - judgeStart < JUDGE_NANOS) {
            return;
        }
        double fastest = 0;
        double fastestLeaves = 0;
        String who = null;
        double moved;
        double movedRaw;
        double saved;
        double sparedTime;
        double samples;
        synchronized (map) {
            for (Map.Entry<SampledThread, ThreadAccount> e : accounts.entrySet()) {
                long n = e.getKey().countedEnters();
                long leaves = e.getKey().countedLeafEnters();
                ThreadAccount acc = e.getValue();
                if (judgeStart != 0 && acc.judgedEnters >= 0 && n > acc.judgedEnters) {
                    double rate = (n - acc.judgedEnters) * 1e9 / (now - judgeStart);
                    if (rate > fastest) {
                        fastest = rate;
                        fastestLeaves = leaves >= acc.judgedLeafEnters ? (leaves - acc.judgedLeafEnters) * 1e9 / (now - judgeStart) : 0;
                        who = e.getKey().threadName;
                    }
                }
                acc.judgedEnters = n;
                acc.judgedLeafEnters = leaves;
            }
            boolean first = judgeStart == 0;
            if (!first) {
                judged.elapsed(now - judgeStart);
            }
            judgeStart = now;
            if (first) {
                return;
            }
            movedRaw = judged.movedShare();
            moved = judged.systematicMovedShare(MOVED_NOISE_SD);
            saved = judged.savedShare();
            sparedTime = judged.sparedTimeShare();
            samples = judged.samples();
            judged.decay(JUDGE_DECAY);
        }
        double cost = fastest * NANOS_PER_CALL / 1e9;
        lastJudgement = String.format(java.util.Locale.ROOT,
                        "now: the root probes count %.1f million calls a second%s (at %d ns a call about %.1f %% of its time); lately they moved %s and spared the walks %.0f %% of the frames (%s)",
                        fastest / 1e6, who == null ? "" : " on thread " + who, NANOS_PER_CALL, 100 * cost, moved(movedRaw, moved), 100 * saved, sparedTime(sparedTime));
        boolean costly = costly(fastest, costlyCallsPerSecond, samples, moved, sparedTime, deepBudget);
        java.util.function.Function<String, String> sleep = onCostlyLeaves;
        if (costly && sleep != null && fastestLeaves * 100 >= LEAF_SHARE_PERCENT * fastest) {
            onCostlyLeaves = null;
            String slept = sleep.apply(String.format(java.util.Locale.ROOT, "they made %.1f of the %.1f million calls a second the root probes counted on thread %s (at %d ns a call about %.0f %% of its time)",
                            fastestLeaves / 1e6, fastest / 1e6, who, NANOS_PER_CALL, 100 * cost));
            if (slept != null) {
                costlyWindows = 0; // judged again from here, without those calls
                return;
            }
        }
        costlyWindows = costlyWindows(costlyWindows, costly, fastest < costlyCallsPerSecond);
        if (costlyWindows >= COSTLY_WINDOWS) {
            onCostly = null;
            action.accept(String.format(java.util.Locale.ROOT,
                            "thread %s's root probes counted %.1f million calls a second (at %d ns a call about %.0f %% of its time%s), and lately they moved %s and spared the walks %.0f %% of the frames (%s)",
                            who, fastest / 1e6, NANOS_PER_CALL, 100 * cost,
                            cost > COST_CEILING ? String.format(java.util.Locale.ROOT, ", more than the %.0f %% they may cost whatever they buy", 100 * COST_CEILING) : "",
                            moved(movedRaw, moved), 100 * saved, sparedTime(sparedTime)));
        }
    }

    /** The judge's words for the ticks the placements moved ({@link ProbeEffect#movedShare}, {@link ProbeEffect#systematicMovedShare}). */
    private static String moved(double raw, double beyondChance) {
        return String.format(java.util.Locale.ROOT, "%.1f %% of the ticks to another function (%.1f %% beyond what moves at random would)", 100 * raw, 100 * beyondChance);
    }

    /**
     * How many standard deviations of random moves a function's change must exceed to count as
     * moved for the judge ({@link ProbeEffect#systematicMovedShare}). A tick is placed where the
     * thread was when the clock asked, and the thread polls tens of microseconds later, so on
     * call-dense code most placements name another function than the poll by chance alone, in
     * both directions, and over the few hundred samples a judgement rests on the raw share reads
     * that chance: on {@code tools/workloads/py-octane.py} 5-13 % moved, of which 0.0-3.7 % beyond
     * two standard deviations, so the judge kept probes that made its call-dense phase about 1.4
     * times slower for 12 s (docs/sampling.md, *Moves by chance*).
     */
    static final double MOVED_NOISE_SD = 2;

    /**
     * The judge's run of costly windows after one more window: one longer when the window was
     * costly, unchanged when its busiest thread counted fewer calls than the limit (the probes
     * cost little there, whatever they buy, and a program whose call-dense phase alternates with
     * flat ones would otherwise never show two costly windows in a row: on {@code py-octane.py}
     * the probes counted 7-9 million calls a second in its rewriting phase and nearly none in
     * the two phases after it, and stayed 12 s, to the end of the run), else none.
     */
    static int costlyWindows(int run, boolean costly, boolean belowLimit) {
        return costly ? run + 1 : belowLimit ? run : 0;
    }

    /** The judge's words for what the spared frames were worth ({@link ProbeEffect#sparedTimeShare}). */
    private static String sparedTime(double share) {
        return String.format(java.util.Locale.ROOT, "walking them would have taken about %.1f %% of the time", 100 * share);
    }

    /**
     * The judge's rule for one window: whether probes that counted {@code callsPerSecond} on the
     * busiest thread cost more than they may. Never below {@code limit} calls a second. Above it,
     * when their estimated cost ({@value #NANOS_PER_CALL} ns a call) is more than {@link
     * #COST_CEILING} of the thread's time, whatever they buy; else when it is more than {@link
     * #COST_PER_EFFECT} times the share of ticks they moved to another function beyond chance
     * ({@code moved}, judged over at least {@link #JUDGE_SAMPLES} recent samples) and more than {@link
     * #COST_PER_EFFECT} times what the frames the marks spared the walks would have cost to walk
     * ({@code sparedTime}, a share of the time, {@link ProbeEffect#sparedTimeShare}), counted at most
     * up to the cost budget ({@code budget}): without the marks the budget thins the walks, so
     * they never cost more than it. Until 2026-12-03 the probes stayed whatever they cost (up to
     * the ceiling) when the marks spared half of the frames or more; on a program of four kernels
     * whose one deep phase was a small part of its time, they counted 16 million calls a second,
     * spared 86 % of the frames, and the program ran 1.22–1.24 times as long as with no profiler,
     * where without the probes it ran 0.94–1.07 times as long, its split no further off
     * (docs/sampling.md, *Spared frames priced in time*).
     */
    static boolean costly(double callsPerSecond, long limit, double samples, double moved, double sparedTime, double budget) {
        if (callsPerSecond < limit) {
            return false;
        }
        double cost = callsPerSecond * NANOS_PER_CALL / 1e9;
        double walks = budget > 0 ? Math.min(sparedTime, budget) : sparedTime;
        return cost > COST_CEILING || samples >= JUDGE_SAMPLES && cost > COST_PER_EFFECT * moved && cost > COST_PER_EFFECT * walks;
    }

    /**
     * The most the probes may cost, as a share of the busiest thread's time at {@value
     * #NANOS_PER_CALL} ns a call (20 million calls a second), whatever they buy. On a Richards-like
     * scheduler ({@code tools/workloads/oo-scheduler.js}) they counted 60–75 million calls a
     * second and moved a third of the ticks, so the rule of {@link #COST_PER_EFFECT} kept them,
     * and in steady state the program ran 1.85 (10 ms) and 2.06 (1 ms) times as long as without a
     * profiler, where {@code --cpusampler} ran 1.09–1.24 times (docs/sampling.md, *A ceiling on
     * what they cost*). {@code three-phase.js}'s probes, which
     * its split needs, count about 12 million.
     */
    static final double COST_CEILING = 0.2;

    /**
     * What a counted call costs with the probes attached, in nanoseconds, for the judge: 9 to 19 ns
     * measured on a recursive interpreter in JavaScript, about 11 on {@code three-phase.js}'s
     * call-dense phase (docs/sampling.md, *Probes that do not pay*).
     */
    static final long NANOS_PER_CALL = 10;

    /**
     * How many times the share of ticks the probes move to another function their estimated cost
     * may be before they are switched off: they stay while, say, 10 % of the time buys a 5-point change
     * of the profile.
     */
    static final double COST_PER_EFFECT = 2;

    /** Recent samples (decayed) before what the probes buy is judged. */
    static final int JUDGE_SAMPLES = 20;

    /** Weight of a window's effect in the next window's (about three windows count). */
    static final double JUDGE_DECAY = 0.7;

    /** What fires {@link #onLateSamples} (before it fires), or null. For tests. */
    String lateSamplesSeen() {
        return lateReason;
    }

    /**
     * Frames with at least this many frames above them are a deep stack's hosts, whose roots
     * {@link #onDeepStacks} names: the frames above them are walked anyway.
     */
    static final int HOST_BELOW = 8;

    /**
     * The names of the roots of the thread's frames that have {@value #HOST_BELOW} frames or more
     * above them, but for those named before ({@link #deepNamesSent}, to which they are added).
     * Holding the monitor.
     */
    private java.util.Set<String> rootNamesHosting(ThreadAccount acc, int total) {
        java.util.Set<String> names = new java.util.HashSet<>();
        for (int pos = 0; pos < total - HOST_BELOW; pos++) {
            if (acc.stackTargets[pos] instanceof RootCallTarget rc) {
                String name = rc.getRootNode().getName();
                if (deepNamesSent.add(name)) {
                    names.add(name);
                }
            }
        }
        return java.util.Collections.unmodifiableSet(names);
    }

    /**
     * From now on {@link #onLateSamples} fires also once {@value #LATE_TRIGGER} samples (of any
     * thread) in compiled code ran a whole period or more before their poll: while the root probes
     * are in the deep stacks' roots alone, the clock reads no top frame, and the waited ticks of a
     * loop that does not poll in a root without a probe go to wherever the thread polls next (on
     * {@code deep-descents.js}, under a cost budget that leaves about four walks a second there, to
     * the next phase's frames). Every root's probe, which the rule then attaches, costs no more
     * than the probes did before they went into the deep stacks' roots alone, so the rule need not
     * wait for the evidence it waits for otherwise (20 samples, or a tenth of the thread's time).
     * Not on the first such sample: one came 2 s after the attachment on {@code awfy-phases.js} at
     * 1 ms, whose probes in every root then cost it ×1.36 of no profiler against ×1.03. Any thread.
     */
    public void lateSamplesEagerly() {
        synchronized (map) {
            lateSinceEager = 0;
            eagerLate = true;
        }
    }

    /** The thread whose deep, thinned stacks fire {@link #onDeepStacks} (before it fires), or null. For tests. */
    String deepStacksSeen() {
        return deepThread;
    }

    /** Late samples a thread must have had before {@link #onLateSamples} fires. */
    public static final int LATE_TRIGGER = 4;

    /** Share of a thread's recent time, in percent, spent waiting for polls that fires {@link #onLateSamples}. */
    public static final int WAITED_SHARE_PERCENT = 10;

    /**
     * Average wait for a poll, over a thread's recent samples taken in compiled code (the part of
     * each wait the thread ran), that fires {@link #onLateSamples} at any period: half a
     * millisecond. Compiled code whose inlined callees run counted loops waited 0.9–1.0 ms at the
     * median; the compiled code of call-dense programs (a parser, a scheduler, a Markdown renderer)
     * ran 0.06–0.23 ms on average before its polls (docs/sampling.md, *Waits in code that does not
     * poll*).
     */
    static final long SLOW_POLL_NANOS = 500_000;

    /** Samples in compiled code a thread must have had before {@link #SLOW_POLL_NANOS} is judged. */
    static final int SLOW_POLL_SAMPLES = 20;

    /**
     * Per-sample decay of the average wait of {@link #SLOW_POLL_NANOS}: about the last 20 samples
     * in compiled code. A program's compiled code settles in seconds (a last-tier compilation
     * replaces a first-tier one that polled more often: {@code known-split.js} waited 0.3 ms at the
     * median in its first-tier second and 1.1 ms after), and a longer memory attached the probes
     * seconds after that.
     */
    static final double SLOW_POLL_DECAY = 0.95;

    /** Per-sample decay of a thread's recent waited and total ticks (a window of about 100 samples). */
    static final double RECENT_DECAY = 0.99;

    /** The probed roots by identity hash, to name the returned frame a late sample is placed on. Any thread, before sampling. */
    public void setRootHashes(RootHashes h) {
        rootHashes = h;
    }

    /**
     * Adds a guest thread's ring to the set drained and gives the thread an (empty) tree, from the
     * next drain or snapshot on. Any thread; takes no lock.
     *
     * @since 0.1
     */
    public void register(SampledThread t) {
        // the account's base counters are read now, on the registering thread, as before; the CC-Map
        // part waits for the next holder of its monitor (adoptPending). The registering thread is
        // often the guest thread entering a new context, and the drain can hold the monitor for
        // hundreds of ms while it prunes a CC-Map at its cap: a program that ran each iteration in
        // a fresh context on a 5 000-deep recursion waited 376-790 ms at each of them (JFR's
        // jdk.JavaMonitorEnter; docs/performance.md, *Steady state inside each process*)
        pending.add(new Pending(t, new ThreadAccount(t)));
    }

    /**
     * A polyglot context closed: from the next drain or snapshot on, its threads' trees are folded
     * into each thread's tree of closed contexts ({@link CCMap#foldContext}), unless that is
     * switched off ({@link #setFoldClosedContexts}). Any thread; takes no lock (the closing thread
     * is often a guest thread between two iterations, and the drain can hold the monitor long).
     *
     * @param contextId the context's id, as in {@link SampledThread#contextId}; ignored when negative
     * @since 0.5
     */
    public void contextClosed(int contextId) {
        if (contextId >= 0 && foldClosedContexts) {
            closedContexts.add(contextId);
        }
    }

    /**
     * Whether the trees of a context that closes are folded into its threads' trees of closed
     * contexts ({@code --ccsampler.FoldClosedContexts}, default on); off, each (context, thread)
     * keeps a tree of its own until the cap prunes it. Contexts already folded stay folded. Any
     * thread.
     *
     * @since 0.5
     */
    public void setFoldClosedContexts(boolean on) {
        foldClosedContexts = on;
    }

    /** A thread registered and not yet adopted: its account was made at {@link #register}. */
    private record Pending(SampledThread thread, ThreadAccount account) {
    }

    /**
     * Makes the registered threads live: their accounts, their (empty) trees, and their rings
     * drained from now on. Holding the CC-Map monitor, at the start of every public method that
     * reads the threads, so that none sees a thread registered before it was called missing.
     */
    private void adoptPending() {
        Pending p;
        while ((p = pending.poll()) != null) {
            SampledThread t = p.thread();
            accounts.put(t, p.account());
            map.touchThread(t.contextId, t.thread.threadId(), t.threadName);
            live.add(t);
        }
        Integer closed;
        boolean folded = false;
        while ((closed = closedContexts.poll()) != null) {
            map.foldContext(closed);
            folded = true;
        }
        if (folded) {
            foldRetired();
        }
    }

    /**
     * Makes the rows of retired threads whose contexts were folded one row per thread, as their
     * trees are: so what is kept per closed context does not grow with the contexts a thread ran.
     * Holding the CC-Map monitor.
     */
    private void foldRetired() {
        List<Retired> keep = new ArrayList<>(retired.size());
        Map<Long, Retired> closed = new java.util.LinkedHashMap<>();
        for (Retired r : retired) {
            if (map.treeContext(r.contextId) == CCMap.CLOSED_CONTEXTS) {
                Retired asClosed = new Retired(CCMap.CLOSED_CONTEXTS, r.threadId, r.accounting, r.mismatches, r.beforeFirstPoll, r.initTicks, r.initLate);
                closed.merge(r.threadId, asClosed, Retired::plus);
            } else {
                keep.add(r);
            }
        }
        retired.clear();
        retired.addAll(keep);
        retired.addAll(closed.values());
    }

    /**
     * Where failures are reported, once each: a sample the drain could not apply (it is counted as
     * failed and the drain goes on), a failure of the drain loop, a stack walk that threw on a guest
     * thread, a thread's full ring. Any thread.
     *
     * @since 0.2
     */
    public void setFaultLog(FaultLog log) {
        faults = log;
        probeChanges.setFaultLog(log);
    }

    /**
     * Starts the daemon thread {@code ccsampler-drain}, which drains every few periods (1 to 20 ms);
     * does nothing when it runs already.
     *
     * @since 0.1
     */
    public synchronized void start() {
        if (running) {
            return;
        }
        running = true;
        Thread t = new Thread(this::loop, "ccsampler-drain");
        t.setDaemon(true);
        thread = t;
        t.start();
    }

    /**
     * Stops the drain thread and waits for it; then drains what is left on the calling thread.
     *
     * @since 0.1
     */
    public void stop() {
        Thread t;
        synchronized (this) {
            running = false;
            t = thread;
            thread = null;
        }
        if (t != null) {
            LockSupport.unpark(t);
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        probeChanges.stop();
        burstChanging = false;
        drainOnce();
    }

    private void loop() {
        while (running) {
            try {
                drainOnce();
                scheduleBurstProbes();
                // the rules that attach or wake probes ask ccsampler-probes to, and the drain goes
                // on meanwhile (ProbeChanges: an attachment may take a second or more)
                java.util.function.BiConsumer<String, java.util.Set<String>> deep = onDeep;
                String who = deepPending;
                if (deep != null && who != null) {
                    java.util.Set<String> names = deepNames;
                    deepPending = null;
                    probeChanges.ask(() -> deep.accept(who, names));
                }
                java.util.function.Consumer<String> late = onLate;
                String why = lateReason;
                if (late != null && why != null) {
                    onLate = null;
                    probeChanges.ask(() -> late.accept(why));
                }
                judgeProbes();
                Runnable out = takeOut;
                if (out != null && System.nanoTime() - takeOutDue >= 0) {
                    takeOut = null;
                    probeChanges.ask(out);
                }
                java.util.function.Consumer<int[]> hosting = onHosting;
                if (hosting != null) {
                    int[] seen = takeHosting();
                    if (seen != null) {
                        probeChanges.ask(() -> hosting.accept(seen));
                    }
                }
            } catch (RuntimeException | Error e) {
                // a bug of ours outside any one sample: report it once and keep draining, so that
                // the rings do not fill and every sample is still counted
                FaultLog f = faults;
                if (f != null) {
                    f.once(FaultLog.Kind.DRAIN_LOOP, () -> "The drain loop failed (" + FaultLog.describe(e)
                                    + "); it goes on draining at its next round. Further failures of the loop are not reported.");
                }
            }
            // drain often enough that a ring cannot fill between two drains at the current period
            long p = periodNanos;
            long pause = Math.max(1_000_000L, Math.min(20_000_000L, p * 8));
            LockSupport.parkNanos(pause);
        }
    }

    /**
     * Drains every ring completely, resolves requests that can no longer be performed, and retires
     * threads that ended once their ring is empty. Holds the CC-Map monitor while it applies.
     *
     * @return the number of samples applied
     * @since 0.1
     */
    public int drainOnce() {
        int n = 0;
        synchronized (map) {
            adoptPending();
            for (SampledThread t : live) {
                ThreadAccount acc = accounts.get(t);
                SampleRecord r;
                while ((r = t.ring.peek()) != null) {
                    long applied = acc.taken + acc.late;
                    try {
                        FaultInjection.at(FaultInjection.Point.DRAIN);
                        apply(t, acc, r);
                        n++;
                    } catch (RuntimeException | Error e) {
                        failedToApply(t, acc, r, applied, e);
                    }
                    t.ring.release();
                }
                BurstState bs = t.burstState();
                if (bs != null) {
                    drainBursts(t, acc, bs);
                }
                reportThreadFaults(t);
                t.abandonIfUnperformable();
                t.forgetResolvedRequest();
                // in this order: see RequestLedger.holding
                if (t.isEnded() && !t.ledger.clockBusy() && t.outstandingSince() == 0 && !t.ledger.holding() && t.ring.peek() == null) {
                    retire(t, acc);
                }
            }
            PeriodTuner tu = tuner;
            if (tu != null) {
                tu.check(System.nanoTime());
            }
        }
        return n;
    }

    /**
     * A record that {@link #apply} threw on: counted once, as failed unless apply had already
     * counted it (then it stays counted as applied), and reported once. Holding the CC-Map monitor.
     */
    private void failedToApply(SampledThread t, ThreadAccount acc, SampleRecord r, long appliedBefore, Throwable e) {
        long weight = Math.max(1, r.weight);
        if (acc.taken + acc.late == appliedBefore) {
            acc.failedInDrain += weight;
        }
        FaultLog f = faults;
        if (f != null) {
            f.once(FaultLog.Kind.DRAIN, () -> "The drain could not apply a sample of thread '" + t.threadName + "' (" + FaultLog.describe(e) + "): the sample ("
                            + weight + (weight == 1 ? " tick" : " ticks") + ") is left out of the profile and counted as failed; the drain goes on, and every further sample it cannot apply is counted the same way, not reported.");
        }
    }

    /** Reports, once each, the first full ring and the first failed walk seen on any thread. Holding the CC-Map monitor. */
    private void reportThreadFaults(SampledThread t) {
        FaultLog f = faults;
        if (f == null) {
            return;
        }
        if (!ringReported && t.ledger.dropped() > 0) {
            ringReported = true;
            f.once(FaultLog.Kind.RING, () -> "The sample buffer of thread '" + t.threadName + "' was full (" + t.ring.capacity()
                            + " samples): samples taken while a buffer is full are dropped and counted as dropped. Raise --ccsampler.BufferSize. Further drops are not reported.");
        }
        Throwable w = t.walkFailure();
        if (!walkReported && w != null) {
            walkReported = true;
            f.once(FaultLog.Kind.CAPTURE, () -> "A stack walk failed on thread '" + t.threadName + "' (" + FaultLog.describe(w)
                            + "): that sample is lost and its ticks are counted as failed; the thread is sampled as before. Further failed walks are counted, not reported.");
        }
    }

    /**
     * Releases everything of an ended thread but its counters and its tree in the CC-Map: the
     * accounting is frozen as after a stop (the thread will never carry its pending ticks, so they
     * are skipped), its latency buckets go into {@link #retiredLatency}, and nothing here refers to
     * the {@code SampledThread} (and so to its {@code Thread}, ring and stack arrays) any more.
     * Drain thread, holding the map's monitor.
     */
    private void retire(SampledThread t, ThreadAccount acc) {
        BurstState bs = t.burstState();
        if (bs != null) {
            drainBursts(t, acc, bs); // a burst the thread flushed as it ended, after this round took its bursts
            bs.abandon(); // a burst still running on the ended thread
            retiredBursts = retiredBursts.plus(burstTotals(bs, acc));
        }
        live.remove(t);
        accounts.remove(t);
        Accounting a = acc.accounting(t, true);
        retiredLatency.add(a.latency());
        a = new Accounting(a.requested(), a.taken(), a.late(), a.dropped(), a.failed(), a.skipped(), a.truncated(), a.latencyP50Nanos(), a.latencyP99Nanos(),
                        a.latencyMaxNanos(), a.inFlight(), a.samples(), a.idle(), a.framesWalked(), a.frames(), a.deferred(), 0, LatencyHistogram.EMPTY);
        retired.add(new Retired(t.contextId, t.thread.threadId(), a, acc.mismatches, acc.beforeFirstPoll(t), acc.initTicks, acc.initLate));
        if (map.treeContext(t.contextId) == CCMap.CLOSED_CONTEXTS) {
            foldRetired(); // its context was folded before the thread's ring was empty
        }
    }

    private void apply(SampledThread t, ThreadAccount acc, SampleRecord r) {
        long weight = Math.max(1, r.weight);
        long latency = Math.max(0, r.captureNanos - r.submitNanos);
        acc.latency.record(latency, 1);
        acc.maxLatency = Math.max(acc.maxLatency, latency);
        long periods = latency / Math.max(1, periodNanos);
        // What of the wait was code that does not poll, which the probes of WaitedTicks=top are
        // for (docs/sampling.md, *Waits in code that does not poll*): the part the thread ran (one
        // descheduled, or stopped for a garbage collection or another VM safepoint, resumes where
        // the tick found it; the whole wait where CPU time is not measured), and none of it when
        // the poll came at an interpreted frame: interpreted guest code polls at every call and
        // loop back-edge, so such a wait was host work (parsing, class loading, a builtin in
        // Java) that the probes place no better than the poll does
        boolean interpretedTop = r.depth > 0 && r.tiers[0] == FrameTier.INTERPRETED;
        long ran = interpretedTop ? 0 : r.waitCpuNanos >= 0 ? Math.min(latency, r.waitCpuNanos) : latency;
        long ranPeriods = ran / Math.max(1, periodNanos);
        boolean first = !acc.applied; // its request may have waited for the thread's first poll
        acc.applied = true;
        // a sample of a language's context initialization (one synthetic frame) waited in the
        // language's start-up, where the probes could tell nothing: it does not attach them
        boolean initialization = r.depth == 1 && r.reused == 0 && r.targets[0] instanceof dev.ccsampler.capture.ContextInitialization.Frame;
        // the ticks the request stood for when it was sent (the gap the cost budget left before it,
        // a deferral's carry), without those it waited for its poll: these are in the weight of a
        // placed sample, and of one the ledger carried them to (WaitedTicks=sample, or top before
        // the root probes), and in no sample else (skipped, or gone on to the next request)
        long own = r.places > 0 || t.waitsInWeight() ? Math.max(1, weight - periods) : weight;
        if (r.places == 0 && !first && !initialization) {
            // A thread's first poll may have waited for the language's start-up, which ran no guest
            // code: not time in code that does not poll, which is what the probes would be attached for
            acc.recentWaited = acc.recentWaited * RECENT_DECAY + ranPeriods;
            acc.recentTicks = acc.recentTicks * RECENT_DECAY + periods + own;
            if (!interpretedTop) { // the average wait is of polls in compiled code
                acc.recentLatency = acc.recentLatency * SLOW_POLL_DECAY + ran;
                acc.recentSamples = acc.recentSamples * SLOW_POLL_DECAY + 1;
                acc.compiledSamples++;
            }
            // polls that come late within the period: the sample is taken where the thread next
            // polls, and in compiled code that inlines its callees that is after they returned (a
            // counted loop in an inlined function polls nowhere); the tick then goes to the caller.
            // Seen: known-split.js, compiled, 10 ms, polls 0.9 ms late at the median, none a whole
            // period late for seconds: half of the time went to `iteration`, which does nothing.
            if (onLate != null && lateReason == null && acc.compiledSamples >= SLOW_POLL_SAMPLES && acc.recentLatency >= SLOW_POLL_NANOS * acc.recentSamples) {
                // acted on by the drain loop, outside the map's lock
                lateReason = String.format(java.util.Locale.ROOT, "thread %s's recent samples in compiled code ran %.2f ms on average before a safepoint poll", t.threadName,
                                acc.recentLatency / acc.recentSamples / 1e6);
            }
        }
        if (initialization) {
            acc.initTicks += weight;
            if (latency > periodNanos) {
                acc.initLate += weight;
            }
        }
        if (ran > periodNanos && !initialization) {
            acc.lateSamples++;
            if (onLate != null && lateReason == null && acc.lateSamples >= LATE_TRIGGER && acc.recentTicks > 0
                            && acc.recentWaited * 100 >= WAITED_SHARE_PERCENT * acc.recentTicks) {
                // acted on by the drain loop, outside the map's lock
                lateReason = "thread " + t.threadName + " spent " + WAITED_SHARE_PERCENT + " % or more of its recent time running while it waited for safepoints";
            }
            if (onLate != null && lateReason == null && eagerLate && !interpretedTop && ++lateSinceEager >= LATE_TRIGGER) {
                lateReason = LATE_TRIGGER + " samples in compiled code ran a period or more before their safepoint poll while the probes were in the deep stacks' roots alone (the last on thread "
                                + t.threadName + ")";
            }
        }
        if (latency > periodNanos) {
            acc.late += weight;
        } else {
            acc.taken += weight;
        }
        acc.samples++;
        acc.framesWalked += r.depth - r.filled; // frames written from the marks were not walked
        // without marks, "the same activation on top" is approximated by the same top function at
        // the same depth as the thread's previous sample
        boolean repeat = r.marked ? r.topRepeat
                        : r.reused == 0 && r.depth > 0 && r.depth == acc.stackDepth && acc.stackTargets[acc.stackDepth - 1] == r.targets[0];
        // the thread's stack: the reused bottom of the previous one, then the walked frames
        int reused = Math.min(r.reused, acc.stackDepth);
        int total = reused + r.depth;
        acc.ensureStack(total);
        for (int i = 0; i < r.depth; i++) {
            int pos = total - 1 - i;
            acc.stackTargets[pos] = r.targets[i];
            acc.stackNodes[pos] = r.callNodes[i];
            acc.stackTiers[pos] = r.tiers[i];
        }
        for (int i = total; i < acc.stackDepth; i++) {
            acc.stackTargets[i] = null;
            acc.stackNodes[i] = null;
        }
        acc.stackDepth = total;
        acc.frames += total;
        acc.meanDepth += (total - acc.meanDepth) / 16;
        // the ticks the cost budget left unwalked, not those the sample waited for its poll: a deep
        // stack whose samples wait is not thinned
        acc.meanWeight += (own - acc.meanWeight) / 16;
        double costly = THINNED_WEIGHT * deepBudget * periodNanos;
        if (acc.samples > 1 && r.depth >= deepFrames && r.walkNanos >= costly) {
            // a walk the budget affords at most once in THINNED_WEIGHT ticks; a far costlier one is
            // as good as three
            acc.costlyDeepWalks += r.walkNanos >= VERY_COSTLY * costly ? COSTLY_DEEP_WALKS : 1;
        } else {
            acc.costlyDeepWalks = 0; // in a row: a deep stack now and then is not a deep program
        }
        boolean firstDeep = deepThread == null;
        // after the first call, walks of deep stacks that are costly again: roots without a probe
        // below them, if any (the probes went into the roots of the first deep stacks alone)
        if (onDeep != null && deepPending == null && (acc.costlyDeepWalks >= COSTLY_DEEP_WALKS
                        || firstDeep && acc.meanDepth >= deepFrames && acc.meanWeight >= THINNED_WEIGHT && acc.samples >= 8)) {
            acc.costlyDeepWalks = 0;
            java.util.Set<String> names = rootNamesHosting(acc, total);
            if (firstDeep || !names.isEmpty()) {
                deepNames = names;
                deepThread = firstDeep ? t.threadName : deepThread;
                deepPending = t.threadName; // acted on by the drain loop, outside the map's lock
            }
        }
        if (r.checkDepth >= 0) {
            verifiedWalks++;
            if (!sameStack(acc, r)) {
                verifiedDiffering++;
                if (acc.mismatches++ == 0) {
                    // test switch only: say once per thread where the stacks part, for the test's log
                    String where = t.threadName + ": " + difference(acc, r);
                    System.err.println("[ccsampler] VerifyIncremental: " + where);
                    if (firstDifference == null) {
                        firstDifference = where;
                    }
                }
            }
        }
        int limit = stackLimit;
        int from = 0;
        if (total > limit) {
            from = total - limit;
        }
        if (r.truncated || from > 0) {
            acc.truncated++;
        }
        int depth = total - from;
        int room = depth;
        for (int k = 0; k < r.places; k++) {
            room = Math.max(room, depth + r.placeChainLength[k]); // a placement's returned frames
        }
        if (methodBuf.length < room) {
            methodBuf = new int[room];
            siteBuf = new int[room];
            tierBuf = new byte[room];
        }
        long walkedWeight = weight;
        for (int k = 0; k < r.places; k++) {
            walkedWeight -= r.placeTicks[k];
        }
        int n = path(acc, from, total);
        int pollTop = n == 0 ? -1 : methodBuf[n - 1];
        boolean judging = onCostly != null;
        if (judging) {
            judged.sample(pollTop, weight, total, r.depth - r.filled, r.walkNanos);
            if (walkedWeight > 0) {
                judged.placed(pollTop, walkedWeight);
            }
        }
        if (r.burstSeq != 0) {
            keepBurstBase(acc, r.burstSeq, from, total);
        }
        noteSleepersHosting(acc, r, total);
        if (walkedWeight > 0) {
            map.apply(t.contextId, t.thread.threadId(), t.threadName, n, methodBuf, siteBuf, tierBuf, walkedWeight);
        }
        PeriodTuner tu = tuner;
        if (tu != null) {
            tu.observe(n == 0 ? -1 : methodBuf[n - 1], n < 2 ? -1 : methodBuf[n - 2], weight, repeat);
        }
        BurstSchedule sch = burstSchedule;
        if (sch != null) {
            sch.sample(n == 0 ? -1 : methodBuf[n - 1], weight);
        }
        if (r.places > 0) {
            boolean counted = r.truncated || from > 0;
            for (int k = 0; k < r.places; k++) {
                int end = Math.max(from, total - r.placeDrop[k]); // an empty prefix: the returned frames alone
                if (!counted && end - from + r.placeChainLength[k] > limit) {
                    acc.truncated++; // the placement is cut at the limit (placedPath)
                    counted = true;
                }
                int np = placedPath(acc, r, k, from, end, limit);
                if (judging) {
                    judged.placed(np == 0 ? -1 : methodBuf[np - 1], r.placeTicks[k]);
                }
                map.apply(t.contextId, t.thread.threadId(), t.threadName, np, methodBuf, siteBuf, tierBuf, r.placeTicks[k]);
            }
        }
    }

    /**
     * Fills the path buffers with the visible frames of the thread's merged stack at positions
     * {@code from..end-1} (bottom-up), each with its call site in its caller; returns how many.
     * Holding the monitor.
     */
    private int path(ThreadAccount acc, int from, int end) {
        int n = 0;
        int callerPos = -1;
        for (int pos = from; pos < end; pos++) {
            Object target = acc.stackTargets[pos];
            if (target == null) {
                continue;
            }
            int m = methodId(target);
            if (!visible.get(m)) {
                continue;
            }
            int site = -1;
            if (callerPos >= 0) {
                site = callSiteId(methodBuf[n - 1], acc.stackNodes[callerPos]);
            }
            methodBuf[n] = m;
            siteBuf[n] = site;
            tierBuf[n] = acc.stackTiers[pos];
            n++;
            callerPos = pos;
        }
        return n;
    }

    /**
     * The path of placement {@code k} of a late sample ({@link SampleRecord#places}): the merged
     * stack without its top {@code placeDrop} frames (positions {@code from..end-1}), then the returned frames by their roots'
     * hashes, as far as they can still be named (each with its edge's only call site seen, else an
     * unknown one). At most {@code limit} frames, like every stack ({@code StackLimit}): the outer
     * ones are cut, of the prefix first, then of the returned frames. Before 2026-11-27 (seventh
     * session) a placement could pass it: a deep recursion's waited ticks whose top frame had
     * returned 4 000 frames down by the capture made a 5 003-deep context at a limit of 1 000.
     * Holding the monitor.
     */
    private int placedPath(ThreadAccount acc, SampleRecord r, int k, int from, int end, int limit) {
        int chain = r.placeChainLength[k];
        int start = from;
        int skip = 0;
        if (end - from + chain > limit) {
            start = Math.min(end, end + chain - limit);
            skip = Math.max(0, chain - limit);
        }
        int n = path(acc, start, end);
        RootHashes h = rootHashes;
        for (int j = skip; j < chain && h != null; j++) {
            Object returned = h.target(r.placeChain[r.placeChainStart[k] + j]);
            if (returned == null) {
                break; // unloaded, or a hash two roots share: the placement ends at its caller
            }
            int m = methodId(returned);
            if (!visible.get(m)) {
                continue;
            }
            // the call node is not known: the edge's only call site seen so far, else an unknown one
            int site = n == 0 ? -1 : map.siteOfEdge(methodBuf[n - 1], m);
            siteBuf[n] = site >= 0 || n == 0 ? site : callSiteId(methodBuf[n - 1], null);
            methodBuf[n] = m;
            // it ran a period or more without polling: compiled code. Inside its compiled
            // caller's unit as far as we can tell, else its own compilation
            tierBuf[n] = n == 0 || tierBuf[n - 1] == FrameTier.INTERPRETED ? FrameTier.LAST : FrameTier.INLINED;
            n++;
        }
        return n;
    }

    // ---- bursts -------------------------------------------------------------------------------

    private int[] baseMethodBuf = new int[64];
    private Object[] baseNodeBuf = new Object[64];
    // the replay's frame stack, bottom-up: every frame, hidden ones included
    private int[] rMethods = new int[64];
    private Object[] rNodes = new Object[64];
    private CCMap.ContextRef[] rRefs = new CCMap.ContextRef[64];
    /** Position of the nearest visible frame at or below each frame, -1 when none. */
    private int[] rVisible = new int[64];

    /** Keeps the merged stack of a record that a burst follows (frames {@code from..total}). Holding the monitor. */
    private void keepBurstBase(ThreadAccount acc, long seq, int from, int total) {
        if (baseMethodBuf.length < total) {
            baseMethodBuf = new int[total];
            baseNodeBuf = new Object[total];
        }
        int k = 0;
        for (int pos = from; pos < total; pos++) {
            Object target = acc.stackTargets[pos];
            if (target == null) {
                continue;
            }
            baseMethodBuf[k] = methodId(target);
            baseNodeBuf[k] = acc.stackNodes[pos];
            k++;
        }
        acc.keepBase(seq, k, baseMethodBuf, baseNodeBuf);
        java.util.Arrays.fill(baseNodeBuf, 0, k, null);
    }

    /**
     * Replays the thread's finished bursts whose base record was applied, and hands their buffers
     * back. A burst whose record is not applied yet waits in the account; one whose record never
     * was (dropped, failed) is left out and counted. Holding the monitor.
     */
    private void drainBursts(SampledThread t, ThreadAccount acc, BurstState bs) {
        Thread me = Thread.currentThread();
        if (me == thread) {
            bs.drainedBy(me); // the guest wakes the drain when it hands over a burst
        }
        for (int round = 0; round < 2; round++) {
            BurstBuffer b = acc.heldBurst;
            acc.heldBurst = null;
            if (b == null) {
                b = bs.takeReady();
                if (b == null) {
                    return;
                }
            }
            int slot = (int) (b.seq() & (ThreadAccount.BASES - 1));
            long lastApplied = 0;
            for (long q : acc.baseSeq) {
                lastApplied = Math.max(lastApplied, q);
            }
            if (b.seq() > lastApplied && acc.baseSeq[slot] != b.seq()) {
                acc.heldBurst = b; // its record is still in the ring
                return;
            }
            if (acc.baseSeq[slot] == b.seq()) {
                try {
                    replay(t, acc, slot, b);
                    acc.burstsApplied++;
                    BurstSchedule sch = burstSchedule;
                    if (sch != null) {
                        sch.burstApplied();
                    }
                } catch (RuntimeException e) {
                    acc.burstsWithoutBase++; // a burst the drain cannot apply is left out, like one without base
                }
            } else {
                acc.burstsWithoutBase++;
            }
            bs.giveBack(b);
        }
    }

    /**
     * The burst counters of every thread so far, live and ended; null when no thread had a burst
     * state (bursting off). Any thread.
     *
     * @since 0.3
     */
    public BurstTotals burstTotals() {
        synchronized (map) {
            adoptPending();
            BurstTotals sum = retiredBursts;
            boolean any = sum != BurstTotals.NONE;
            for (SampledThread t : live) {
                BurstState bs = t.burstState();
                ThreadAccount acc = accounts.get(t);
                if (bs != null && acc != null) {
                    sum = sum.plus(burstTotals(bs, acc));
                    any = true;
                }
            }
            return any ? sum : null;
        }
    }

    private static BurstTotals burstTotals(BurstState bs, ThreadAccount acc) {
        return new BurstTotals(bs.bursts(), bs.skippedByHistory(), bs.busy(), bs.droppedBursts(), acc.burstsApplied, acc.burstsWithoutBase, acc.burstEvents,
                        bs.walkedEnters(), bs.cachedEnters(), bs.sampledSiteEnters(), bs.detachedWalks(), bs.missedReturns());
    }

    /**
     * Adds a burst's calls to the CC-Map: the base stack is rebuilt as a cursor path, then every
     * enter moves down and counts one weighted call of the new context, every return moves up.
     * An exit that does not match the top frame pops to the nearest frame of its method (an event
     * was missed), or is ignored when there is none. Holding the monitor.
     */
    private void replay(SampledThread t, ThreadAccount acc, int slot, BurstBuffer b) {
        CCMap.ContextRef root = map.threadRootOf(t.contextId, t.thread.threadId(), t.threadName);
        int n = 0;
        int baseCount = acc.baseCount[slot];
        int[] bm = acc.baseMethods[slot];
        Object[] bn = acc.baseNodes[slot];
        for (int i = 0; i < baseCount; i++) {
            n = push(root, n, bm[i], 0);
            rNodes[n - 1] = bn[i];
        }
        long w = b.weight();
        int events = b.count();
        BurstSchedule sch = burstSchedule;
        for (int i = 0; i < events; i++) {
            byte kind = b.kind(i);
            int m = methodId(b.target(i));
            if (kind == BurstBuffer.RETURN) {
                int k = n - 1;
                while (k >= 0 && rMethods[k] != m) {
                    k--;
                }
                if (k >= 0) {
                    n = k;
                }
            } else {
                if (n > 0 && kind == BurstBuffer.ENTER) {
                    rNodes[n - 1] = b.callNode(i);
                }
                if (sch != null && kind == BurstBuffer.ENTER) {
                    sch.call(m, w);
                }
                n = push(root, n, m, kind == BurstBuffer.ENTER ? w : 0);
            }
        }
        acc.burstEvents += events;
        // the whole array: the replay may have gone deeper than where it ended (a call and its return)
        java.util.Arrays.fill(rRefs, null);
        java.util.Arrays.fill(rNodes, 0, rNodes.length, null);
        map.applyCap();
    }

    /** Pushes frame {@code n} of the replay; counts {@code calls} when it is visible. Returns the new depth. */
    private int push(CCMap.ContextRef root, int n, int m, long calls) {
        if (n == rMethods.length) {
            int c = n * 2;
            rMethods = java.util.Arrays.copyOf(rMethods, c);
            rNodes = java.util.Arrays.copyOf(rNodes, c);
            rRefs = java.util.Arrays.copyOf(rRefs, c);
            rVisible = java.util.Arrays.copyOf(rVisible, c);
        }
        int below = n > 0 ? rVisible[n - 1] : -1;
        rMethods[n] = m;
        rNodes[n] = null;
        if (visible.get(m)) {
            CCMap.ContextRef parent = below >= 0 ? rRefs[below] : root;
            int site = below >= 0 ? callSiteId(rMethods[below], rNodes[below]) : -1;
            rRefs[n] = map.callInto(parent, site, m, calls);
            rVisible[n] = n;
        } else {
            rRefs[n] = null;
            rVisible[n] = below;
        }
        return n + 1;
    }

    private static String difference(ThreadAccount acc, SampleRecord r) {
        int n = Math.min(r.checkDepth, acc.stackDepth);
        int i = 0;
        while (i < n && r.checkTargets[i] == acc.stackTargets[acc.stackDepth - 1 - i] && r.checkNodes[i] == acc.stackNodes[acc.stackDepth - 1 - i]) {
            i++;
        }
        String at = i < n ? " first differs at frame " + i + " from the top: " + r.checkTargets[i] + " / " + r.checkNodes[i] + " vs merged " +
                        acc.stackTargets[acc.stackDepth - 1 - i] + " / " + acc.stackNodes[acc.stackDepth - 1 - i] : "";
        return "full walk " + r.checkDepth + " frames, merged " + acc.stackDepth + " (" + r.depth + " walked + " + r.reused + " reused);" + at;
    }

    /** Whether the merged stack equals the record's full check walk (targets and call nodes, top-down). */
    private static boolean sameStack(ThreadAccount acc, SampleRecord r) {
        if (r.checkDepth != acc.stackDepth) {
            return false;
        }
        for (int i = 0; i < r.checkDepth; i++) {
            int pos = acc.stackDepth - 1 - i;
            if (r.checkTargets[i] != acc.stackTargets[pos] || r.checkNodes[i] != acc.stackNodes[pos]) {
                return false;
            }
        }
        return true;
    }

    /**
     * With the {@code VerifyIncremental} test switch, what the checks found since the last {@link
     * #clear()}: how many incremental walks were checked against a full one, how many differed, and
     * where the first one did; null when no walk was checked. Any thread.
     */
    public String verificationSummary() {
        synchronized (map) {
            if (verifiedWalks == 0) {
                return null;
            }
            return "VerifyIncremental: " + verifiedDiffering + " of " + verifiedWalks + " incremental walks differed from a full walk of the same stack"
                            + (firstDifference == null ? "" : "; the first, on thread " + firstDifference);
        }
    }

    /**
     * Incremental records that differed from their full check walk, over all threads; only counted
     * with the {@code VerifyIncremental} test switch. Any thread.
     *
     * @since 0.1
     */
    public long incrementalMismatches() {
        synchronized (map) {
            adoptPending();
            long m = 0;
            for (ThreadAccount a : accounts.values()) {
                m += a.mismatches;
            }
            for (Retired r : retired) {
                m += r.mismatches;
            }
            return m;
        }
    }

    /**
     * Of the skipped ticks, over all threads, those that passed before a thread's first safepoint
     * poll (language start-up and parsing run no guest code). Any thread.
     *
     * @since 0.3
     */
    public long beforeFirstPollTicks() {
        synchronized (map) {
            adoptPending();
            long n = 0;
            for (Map.Entry<SampledThread, ThreadAccount> e : accounts.entrySet()) {
                n += e.getValue().beforeFirstPoll(e.getKey());
            }
            for (Retired r : retired) {
                n += r.beforeFirstPoll;
            }
            return n;
        }
    }

    /**
     * Over all threads, the ticks of samples of a language's context initialization (one synthetic
     * frame each) and, of those, the ticks of late ones: the language's start-up waits for its own
     * parser, which polls no safepoint, not for the program's compiled loops. Any thread.
     *
     * @return {ticks, late ticks}
     * @since 0.4
     */
    public long[] initializationTicks() {
        synchronized (map) {
            adoptPending();
            long[] n = new long[2];
            for (ThreadAccount a : accounts.values()) {
                n[0] += a.initTicks;
                n[1] += a.initLate;
            }
            for (Retired r : retired) {
                n[0] += r.initTicks;
                n[1] += r.initLate;
            }
            return n;
        }
    }

    private int methodId(Object target) {
        Integer id = methodIds.get(target);
        if (id != null) {
            return id;
        }
        RootNode root = target instanceof RootCallTarget rct ? rct.getRootNode() : null;
        String language = "<none>";
        String name = "<unknown>";
        String source = "<unknown>";
        String path = null;
        int line = 0;
        int column = 0;
        int endLine = 0;
        boolean internal = true;
        String position = "";
        if (target instanceof dev.ccsampler.capture.ContextInitialization.Frame init) {
            // a sample taken while the thread initialized a language context (SampleContextInitialization=false)
            language = init.languageId();
            name = init.name();
            source = "<" + language + ">";
            internal = false;
        } else if (root != null) {
            if (root.getLanguageInfo() != null) {
                language = root.getLanguageInfo().getId();
            }
            String n = root.getName();
            if (n != null && !n.isEmpty()) {
                name = n;
            }
            SourceSection ss = root.getSourceSection();
            internal = root.isInternal() || ss == null;
            if (ss != null) {
                Source src = ss.getSource();
                source = src.getName();
                path = src.getPath();
                internal |= src.isInternal();
                if (ss.isAvailable()) {
                    line = ss.getStartLine();
                    column = ss.getStartColumn();
                    endLine = ss.getEndLine();
                    position = ss.getCharIndex() + ":" + ss.getCharLength();
                }
            }
        }
        String key = language + '\0' + name + '\0' + source + '\0' + path + '\0' + position;
        int mid = map.internMethod(key, new MethodInfo(-1, language, name, source, path, line, column, endLine, internal));
        while (visible.size() <= mid) {
            visible.add(Boolean.TRUE);
        }
        visible.set(mid, filter.shows(map.methodInfo(mid)));
        methodIds.put(target, mid);
        return mid;
    }

    private int callSiteId(int callerMethod, Object callNode) {
        if (callNode == null) {
            return map.internCallSite(callerMethod, -1, -1, 0, 0);
        }
        Integer cached = callSiteIds.get(callNode);
        if (cached != null) {
            return cached;
        }
        int charIndex = -1;
        int charLength = -1;
        int line = 0;
        int column = 0;
        if (callNode instanceof Node node) {
            SourceSection ss = node.getEncapsulatingSourceSection();
            if (ss != null && ss.isAvailable()) {
                charIndex = ss.getCharIndex();
                charLength = ss.getCharLength();
                line = ss.getStartLine();
                column = ss.getStartColumn();
            }
        }
        int id = map.internCallSite(callerMethod, charIndex, charLength, line, column);
        // the same node object is always in the same caller, so the cache needs no caller in its key
        callSiteIds.put(callNode, id);
        return id;
    }

    /**
     * Takes a consistent snapshot. Any thread; waits for the current batch to finish.
     *
     * @param meta how and when the profile was taken
     * @param stopped whether sampling has stopped (then no request is in flight)
     * @return the snapshot, with each thread's accounting
     * @since 0.1
     */
    public ProfileSnapshot snapshot(ProfileSnapshot.Meta meta, boolean stopped) {
        synchronized (map) {
            adoptPending();
            if (!stopped) {
                extrapolateForLiveSnapshot();
            }
            Map<Long, Accounting> byKey = new java.util.HashMap<>();
            for (Retired r : retired) {
                byKey.merge(((long) map.treeContext(r.contextId) << 48) ^ r.threadId, r.accounting, Accounting::plus);
            }
            for (SampledThread t : live) {
                long key = ((long) map.treeContext(t.contextId) << 48) ^ t.thread.threadId();
                Accounting a = accounts.get(t).accounting(t, stopped);
                byKey.merge(key, a, Accounting::plus);
            }
            ProfileSnapshot s = map.snapshot(meta, (ctx, tid) -> byKey.getOrDefault(((long) ctx << 48) ^ tid, Accounting.EMPTY));
            return new ProfileSnapshot(s.meta(), s.methods(), s.methodStats(), s.callSites(), s.threads(), retiredLatency.snapshot());
        }
    }

    /**
     * Accounting summed over every thread seen since the last {@link #clear()}. Any thread.
     *
     * @param stopped whether sampling has stopped (then no request is in flight)
     * @since 0.1
     */
    public Accounting accounting(boolean stopped) {
        synchronized (map) {
            adoptPending();
            Accounting a = Accounting.EMPTY;
            for (Map.Entry<SampledThread, ThreadAccount> e : accounts.entrySet()) {
                a = a.plus(e.getValue().accounting(e.getKey(), stopped));
            }
            for (Retired r : retired) {
                a = a.plus(r.accounting);
            }
            return a.withLatencyOf(retiredLatency.snapshot()).withPruned(map.prunedTicks());
        }
    }

    /**
     * Forgets all samples and counters and the threads that have ended; live threads start from
     * zero. Any thread.
     *
     * @since 0.1
     */
    public void clear() {
        synchronized (map) {
            adoptPending();
            map.clear();
            methodIds.clear();
            callSiteIds.clear();
            visible.clear();
            retired.clear();
            retiredLatency = new LatencyHistogram.Recorder();
            verifiedWalks = 0;
            verifiedDiffering = 0;
            firstDifference = null;
            accounts.keySet().retainAll(live);
            for (SampledThread t : live) {
                // counters restart from the thread's current values; a request in flight across the
                // clear can make the first record after it off by one
                ThreadAccount fresh = new ThreadAccount(t);
                fresh.keepStackOf(accounts.get(t)); // the thread's next record may build on it
                accounts.put(t, fresh);
                map.touchThread(t.contextId, t.thread.threadId(), t.threadName);
            }
        }
    }

    /**
     * The frame filter in force. Any thread.
     *
     * @since 0.3
     */
    public FrameFilter filter() {
        return filter;
    }

    /**
     * Changes the frame filter: decides again for every method seen so far and for new ones, for
     * samples drained from now on. Any thread.
     *
     * @since 0.1
     */
    public void setFilter(FrameFilter f) {
        synchronized (map) {
            filter = f;
            for (int i = 0; i < visible.size(); i++) {
                visible.set(i, f.shows(map.methodInfo(i)));
            }
        }
    }

    /**
     * The registered threads not yet retired (a thread retires once it ended and its ring is empty).
     * A live, thread-safe view.
     *
     * @since 0.1
     */
    public List<SampledThread> liveThreads() {
        return live;
    }
}
