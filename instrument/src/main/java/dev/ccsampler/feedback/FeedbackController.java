package dev.ccsampler.feedback;

import com.oracle.truffle.api.TruffleContext;
import com.oracle.truffle.api.instrumentation.TruffleInstrument;
import com.oracle.truffle.api.nodes.RootNode;
import dev.ccsampler.FeedbackMode;
import dev.ccsampler.ccmap.CallSiteInfo;
import dev.ccsampler.ccmap.MethodInfo;
import dev.ccsampler.ccmap.MethodStats;
import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.ccmap.ThreadProfile;
import dev.ccsampler.ccmap.Tier;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

/**
 * The feedback stage of one engine: owns the {@code ccsampler-feedback} thread, which every
 * {@link #ROUND_NANOS} to {@link #MAX_ROUND_NANOS} ({@link #nextPeriod}) takes a CC-Map snapshot, asks the {@link Advisor}, logs new hints, applies them
 * through the {@link Actuator} in {@code apply} mode, applies loaded hints once their roots run,
 * and observes outcomes. The mode can change at any time; leaving {@code apply} stops further
 * actions (a split or a queued compile cannot be undone).
 *
 * <p>Internal: public only for {@code dev.ccsampler.CCSampler}. Threading: every public method may
 * be called from any thread; the mode is a volatile field, the log is guarded by its own monitor,
 * and the rest of the state belongs to the feedback thread (or to the thread that closes, after the
 * feedback thread has ended).
 *
 * @since 0.2
 */
public final class FeedbackController {

    /** Shortest time between two advisor rounds: 200 ms. */
    static final long ROUND_NANOS = 200_000_000L;
    /** Longest time between two advisor rounds: 2 s. */
    static final long MAX_ROUND_NANOS = 2_000_000_000L;
    /**
     * The time between two rounds is at least this many times the last round's duration, so the
     * feedback thread keeps to 1 % of a core: a round of a large profile (a snapshot of every
     * context tree, the advisor's walks) takes several milliseconds, and on a 2-core machine the
     * guest and the one compiler thread need the rest (docs/feedback.md, "How it runs").
     */
    static final int ROUND_COST_FACTOR = 100;
    /** Rounds a loaded split or inline hint waits for its call site to run before it is reported unmatched: 50 (10 s). */
    static final int MAX_WAIT_ROUNDS = 50;
    /**
     * Rounds a submitted action may stay unperformed before the hint is submitted again: 5 (1 s).
     * The contexts it went to may have closed first (a program that runs each iteration in a fresh
     * context), and then no thread ever performs it.
     */
    static final int RESUBMIT_ROUNDS = 5;
    /**
     * Default of {@code --ccsampler.MaxHintsPerKind}: hints of each kind applied and saved, the
     * largest shares of samples first (docs/feedback.md, Measurement).
     *
     * @since 0.3
     */
    public static final int DEFAULT_MAX_HINTS_PER_KIND = 8;

    private final TruffleInstrument.Env env;
    private final Supplier<ProfileSnapshot> snapshots;
    /** The engine's live contexts, from the sampling clock, which tracks them already. */
    private final Supplier<List<TruffleContext>> contexts;
    private final String runtimeName;
    private final boolean optimizing;
    private final RootRegistry registry = new RootRegistry();
    private final Actuator actuator;
    private final HintLog log = new HintLog();
    /** Self samples per root, recent rounds weighing most: what compile hints rank by. */
    private final RecentSelf recent = new RecentSelf();
    /** The last round's snapshot, threads merged; null before the first round. */
    private ProfileSnapshot lastSnapshot;
    /** When {@link #recent} was last updated; 0 before the first round. */
    private long lastRoundNanos;
    /** Time between rounds now, set from the last round's duration; read by the reports. */
    private volatile long periodNanos = ROUND_NANOS;
    /** Rounds run by the feedback thread, and their summed duration; feedback thread, read by the reports. */
    private volatile long rounds;
    private volatile long roundsNanos;
    private final long startNanos = System.nanoTime();
    /** The wall clock at {@link #startNanos}: compiler events carry wall-clock times. */
    private final long startEpochMs = System.currentTimeMillis();
    /** The compiler's events; null until feedback starts. */
    private volatile CompilerEvents events;
    private volatile FeedbackMode mode = FeedbackMode.OFF;
    private volatile int maxPerKind = DEFAULT_MAX_HINTS_PER_KIND;
    /** How the action of a hint held back by the cap starts. */
    private static final String OVER_CAP = "not applied: ";
    /** Per loaded file, how many of its hints were beyond the cap and not loaded; guarded by this. */
    private final List<String> loadNotes = new java.util.ArrayList<>();
    private volatile boolean running;
    private Thread thread;
    private boolean attached;
    private int seq;

    /**
     * Creates the stage, idle until {@link #setMode} or {@link #load}.
     *
     * @param env the instrument's environment (for thread-local actions and listeners)
     * @param snapshots where CC-Map snapshots come from
     * @param contexts the engine's live contexts (where hints are applied)
     * @param runtimeName the Truffle runtime's name, for the reports
     * @param optimizing whether the runtime compiles (false on the fallback runtime: no compiler events)
     * @since 0.2
     */
    public FeedbackController(TruffleInstrument.Env env, Supplier<ProfileSnapshot> snapshots, Supplier<List<TruffleContext>> contexts, String runtimeName,
                    boolean optimizing) {
        this.env = env;
        this.contexts = contexts;
        this.snapshots = snapshots;
        this.runtimeName = runtimeName;
        this.optimizing = optimizing;
        this.actuator = new Actuator(env);
    }

    /**
     * Changes the mode; starts the feedback thread on the first mode other than off. Any thread.
     *
     * @since 0.2
     */
    public synchronized void setMode(FeedbackMode m) {
        mode = m;
        if (m != FeedbackMode.OFF) {
            start();
        }
    }

    /**
     * Sets how many hints of each kind (compile, split, inline) are applied and saved: the ones with
     * the largest share of samples. Applies to files loaded afterwards, to hints applied from the
     * next round on, and to every save. Any thread.
     *
     * @throws IllegalArgumentException when {@code n} is below 1
     * @since 0.3
     */
    public void setMaxHintsPerKind(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("Invalid value " + n + " for ccsampler.MaxHintsPerKind: use a whole number from 1.");
        }
        maxPerKind = n;
    }

    /**
     * How many hints of each kind are applied and saved. Any thread.
     *
     * @since 0.3
     */
    public int maxHintsPerKind() {
        return maxPerKind;
    }

    /**
     * The current mode. Any thread.
     *
     * @since 0.2
     */
    public FeedbackMode mode() {
        return mode;
    }

    /**
     * Loads hints saved by an earlier run; they are applied (in apply mode) when their roots run.
     * Any thread.
     *
     * @return null, or the error (naming the file and the entry) when the file was rejected; then
     *         no hint of it is used
     * @since 0.2
     */
    public String load(Path file) {
        List<HintsFile.Saved> saved;
        try {
            saved = HintsFile.read(file);
        } catch (HintsFile.BadHintsFile e) {
            return e.getMessage();
        }
        int max = maxPerKind;
        List<HintsFile.Saved> top = HintsFile.top(saved, max);
        synchronized (this) {
            if (top.size() < saved.size()) {
                loadNotes.add((saved.size() - top.size()) + " of the " + saved.size() + " hints in " + file + " were beyond MaxHintsPerKind=" + max + " and not loaded");
            }
            for (HintsFile.Saved s : top) { // compile hints first, each kind in saved rank order: the order they are applied in
                Hint h = new Hint(++seq, s.kind(), s.target(), s.caller(), s.siteLine(), s.siteColumn(), s.reason(), s.evidence(), "file " + file, elapsedMs(),
                                Hint.State.PENDING);
                log.add(h);
            }
            start();
        }
        return null;
    }

    private void start() {
        if (!attached) {
            attached = true;
            registry.attach(env);
            events = CompilerEvents.start(optimizing, runtimeName);
        }
        if (!running) {
            running = true;
            thread = new Thread(this::loop, "ccsampler-feedback");
            thread.setDaemon(true);
            thread.start();
        }
    }

    private void loop() {
        while (running) {
            LockSupport.parkNanos(periodNanos);
            if (!running) {
                break;
            }
            try {
                long t0 = System.nanoTime();
                round();
                long took = System.nanoTime() - t0;
                rounds++;
                roundsNanos += took;
                periodNanos = nextPeriod(took);
            } catch (RuntimeException e) {
                // a failed round must not end feedback (nor the guest): the next round starts afresh
                new java.io.PrintStream(env.err(), true).println("[ccsampler] feedback round failed: " + e);
            }
        }
    }

    /** The time to the next round after one that took {@code tookNanos}: {@link #ROUND_COST_FACTOR} times that, within bounds. */
    static long nextPeriod(long tookNanos) {
        return Math.max(ROUND_NANOS, Math.min(MAX_ROUND_NANOS, tookNanos * ROUND_COST_FACTOR));
    }

    /** One advisor round. Feedback thread (or a test). */
    void round() {
        ProfileSnapshot snap = snapshots.get();
        ProfileSnapshot s = snap.threads().size() == 1 ? snap : snap.mergeThreads();
        Map<String, Integer> ids = new HashMap<>();
        for (MethodInfo m : s.methods()) {
            ids.put(RootKey.methodKey(m.language(), m.name(), m.source(), m.line(), m.column()), m.id());
        }
        long now = System.nanoTime();
        recent.update(s, lastRoundNanos == 0 ? ROUND_NANOS : now - lastRoundNanos);
        lastRoundNanos = now;
        lastSnapshot = s;
        FeedbackMode m = mode;
        if (m != FeedbackMode.OFF) {
            for (Advisor.Proposal p : Advisor.advise(s)) {
                propose(s, p, m);
            }
        }
        score(s, ids, log, recent);
        List<Hint> all = log.list();
        if (mode == FeedbackMode.APPLY) {
            applyRanked(all, s, ids);
        }
        for (Hint h : all) {
            Hint.State st;
            synchronized (log) {
                st = h.state;
            }
            if (st == Hint.State.APPLIED) {
                observe(h, s, ids);
            }
        }
        countEvents();
    }

    /**
     * Applies what may be applied, kind by kind: loaded hints first (they were capped when loaded,
     * and keep their slots while they wait for their roots), in file order, which is saved rank
     * order; then the advisor's hints by rank, while fewer than {@link #maxPerKind} of the kind have
     * been applied, submitted, failed or are loaded and waiting. Feedback thread.
     */
    private void applyRanked(List<Hint> all, ProfileSnapshot s, Map<String, Integer> ids) {
        int max = maxPerKind;
        for (Hint.Kind k : Hint.Kind.values()) {
            List<Hint> loaded = new java.util.ArrayList<>();
            List<Hint> advised = new java.util.ArrayList<>();
            int taken = 0;
            synchronized (log) {
                for (Hint h : all) {
                    if (h.kind != k) {
                        continue;
                    }
                    boolean fromFile = h.origin.startsWith("file ");
                    if (h.state == Hint.State.SUBMITTED && ++h.submittedRounds > RESUBMIT_ROUNDS) {
                        h.state = Hint.State.PENDING; // its action was never performed: submit it again below
                    }
                    switch (h.state) {
                        case APPLIED, SUBMITTED, FAILED -> taken++;
                        case PENDING, ADVISED -> {
                            if (h.state == Hint.State.ADVISED) {
                                h.state = Hint.State.PENDING; // advised earlier, apply switched on since
                                h.action = "";
                            }
                            (fromFile ? loaded : advised).add(h);
                        }
                        default -> {
                        }
                    }
                }
                taken += loaded.size();
                advised.sort(java.util.Comparator.comparingInt((Hint h) -> h.rank).thenComparingInt(h -> h.seq));
            }
            for (Hint h : loaded) {
                tryApply(h, s, ids);
            }
            for (Hint h : advised) {
                if (taken >= max) {
                    synchronized (log) {
                        h.action = OVER_CAP + max + " " + k.id() + " hint" + (max == 1 ? " was" : "s were") + " applied or loaded already (--ccsampler.MaxHintsPerKind=" + max
                                        + "); rank " + h.rank + " of " + h.rankOf;
                    }
                    continue;
                }
                synchronized (log) {
                    if (h.action.startsWith(OVER_CAP)) {
                        h.action = ""; // a place came free (a loaded hint went stale or unmatched)
                    }
                }
                tryApply(h, s, ids);
                synchronized (log) {
                    if (h.state != Hint.State.PENDING) {
                        taken++;
                    }
                }
            }
        }
    }

    /**
     * Sets every hint's {@link Hint#score}, the share of all samples in {@code s} that ran its root's
     * own code (compile: self samples) or passed through its call edge (split, inline), 0 when they
     * have none, and ranks the log. {@code ids}: method ids of {@code s} by
     * {@link RootKey#methodKey}. Feedback thread, the closing thread, or a test.
     */
    static void score(ProfileSnapshot s, Map<String, Integer> ids, HintLog log) {
        score(s, ids, log, null);
    }

    /**
     * As {@link #score(ProfileSnapshot, Map, HintLog)}, but compile hints score by {@code recent}
     * (their root's share of recent self samples, {@link RecentSelf}) once it has samples.
     */
    static void score(ProfileSnapshot s, Map<String, Integer> ids, HintLog log, RecentSelf recent) {
        long all = s.totalSamples();
        if (all == 0) {
            return;
        }
        Map<Long, Long> edges = null; // (call site << 32 | callee) -> samples, built when a split or inline hint needs it
        for (Hint h : log.list()) {
            long samples = 0;
            Integer target = ids.get(h.target.methodKey());
            if (h.kind == Hint.Kind.COMPILE && recent != null && recent.total() > 0) {
                synchronized (log) {
                    h.score = recent.share(h.target.methodKey());
                }
                continue;
            }
            if (target != null && h.kind == Hint.Kind.COMPILE) {
                // self, not total: the roots most often on the stack are a program's outer loops (a parser's
                // parse, parseStatement ...), called a few times and compiled by OSR; what compiled code saves is
                // the time a root spends in its own code
                samples = s.methodStats().get(target).selfSum();
            } else if (target != null) {
                Integer caller = ids.get(h.caller.methodKey());
                if (caller != null) {
                    if (edges == null) {
                        edges = edgeSamples(s);
                    }
                    for (CallSiteInfo site : s.callSites()) {
                        if (site.caller() == caller && site.line() == h.siteLine && site.column() == h.siteColumn) {
                            samples += edges.getOrDefault(((long) site.id() << 32) | target, 0L);
                        }
                    }
                }
            }
            synchronized (log) {
                h.score = 100.0 * samples / all;
            }
        }
        log.rank();
    }

    /**
     * Samples per call edge, (call site << 32 | callee) -> samples with the edge on the stack, summed
     * over contexts, each sample once: in a recursion (a recursive-descent parser's
     * parseExpression -> ... -> parseExpression) the same edge is on one stack several times, and
     * only its outermost node counts, since its total holds the inner ones' samples already.
     */
    static Map<Long, Long> edgeSamples(ProfileSnapshot s) {
        Map<Long, Long> r = new HashMap<>();
        Map<Long, Integer> open = new HashMap<>(); // edges on the path from the root to the node visited
        java.util.ArrayDeque<Object> work = new java.util.ArrayDeque<>();
        for (ThreadProfile t : s.threads()) {
            work.push(t.root());
            while (!work.isEmpty()) {
                Object o = work.pop();
                if (o instanceof Long leave) {
                    open.computeIfPresent(leave, (k, v) -> v == 1 ? null : v - 1);
                    continue;
                }
                dev.ccsampler.ccmap.ContextNode n = (dev.ccsampler.ccmap.ContextNode) o;
                if (n.method() >= 0 && n.callSite() >= 0) {
                    long edge = ((long) n.callSite() << 32) | n.method();
                    if (!open.containsKey(edge)) {
                        r.merge(edge, n.total(), Long::sum);
                    }
                    open.merge(edge, 1, Integer::sum);
                    work.push(edge);
                }
                for (int i = n.children().size() - 1; i >= 0; i--) {
                    work.push(n.children().get(i));
                }
            }
        }
        return r;
    }

    /** Brings every hint's compiler-event counts up to date. Feedback thread, or the closing thread. */
    private void countEvents() {
        CompilerEvents e = events;
        if (e == null || e.unavailableReason() != null) {
            return;
        }
        for (Hint h : log.list()) {
            CompilerEvents.Counts c = new CompilerEvents.Counts(0, 0, 0);
            for (String k : h.eventKeys()) {
                c = c.plus(e.since(k, startEpochMs + h.proposedAtMs));
            }
            synchronized (log) {
                h.compiler = c;
            }
        }
    }

    /** Null when compiler events are counted; otherwise why not. Any thread. */
    private String eventsUnavailable() {
        CompilerEvents e = events;
        if (e != null) {
            return e.unavailableReason();
        }
        return optimizing ? "compiler feedback did not run" : "the " + runtimeName + " runtime compiles nothing";
    }

    /**
     * Every hint so far with its state, evidence, outcome and compiler events, for a profile
     * snapshot. Any thread.
     *
     * @since 0.2
     */
    public List<dev.ccsampler.ccmap.CompilerHint> hints() {
        return log.records(eventsUnavailable());
    }

    private void propose(ProfileSnapshot s, Advisor.Proposal p, FeedbackMode m) {
        RootKey target = registry.key(methodKey(s.method(p.target())));
        RootKey caller = p.caller() < 0 ? null : registry.key(methodKey(s.method(p.caller())));
        if (target == null || (p.caller() >= 0 && caller == null)) {
            return; // not loaded through the registry (internal, or gone): nothing could take the hint
        }
        Hint probe = new Hint(0, p.kind(), target, caller, p.siteLine(), p.siteColumn(), p.reason(), p.evidence(), "advisor", elapsedMs(),
                        m == FeedbackMode.APPLY ? Hint.State.PENDING : Hint.State.ADVISED);
        if (log.contains(probe.identity())) {
            return;
        }
        Hint h;
        synchronized (this) {
            h = new Hint(++seq, probe.kind, target, caller, probe.siteLine, probe.siteColumn, probe.reason, probe.evidence, probe.origin, probe.proposedAtMs, probe.state);
        }
        if (h.state == Hint.State.ADVISED) {
            h.action = "none (mode advise)";
        }
        log.add(h);
    }

    private static String methodKey(MethodInfo m) {
        return RootKey.methodKey(m.language(), m.name(), m.source(), m.line(), m.column());
    }

    /** Applies a pending hint if its roots (and call nodes) are there. Feedback thread. */
    private void tryApply(Hint h, ProfileSnapshot s, Map<String, Integer> ids) {
        boolean[] stale = {false};
        RootKey rootKey = h.kind == Hint.Kind.COMPILE ? h.target : h.caller;
        List<RootNode> roots = registry.match(rootKey, stale);
        if (roots.isEmpty()) {
            if (stale[0]) {
                synchronized (log) {
                    h.state = Hint.State.STALE;
                    h.action = "none: " + rootKey.label() + " is in this run, but its source changed since the hint was saved";
                }
            }
            return;
        }
        if (h.kind == Hint.Kind.COMPILE) {
            // ask once the root has run a little: compiling an uninitialised AST only deoptimizes
            Integer id = ids.get(h.target.methodKey());
            if (id == null || s.methodStats().get(id).totalSum() == 0) {
                return;
            }
        } else if (h.kind != Hint.Kind.COMPILE && ++h.waitedRounds > MAX_WAIT_ROUNDS) {
            synchronized (log) {
                h.state = Hint.State.UNMATCHED;
                h.action = "none: the call site never ran with a direct call to " + h.target.label();
            }
            return;
        }
        synchronized (log) {
            h.state = Hint.State.SUBMITTED;
            h.submittedRounds = 0;
        }
        boolean taken = actuator.submit(contexts.get(), () -> perform(h, roots));
        if (!taken) {
            synchronized (log) {
                h.state = Hint.State.PENDING;
            }
        }
    }

    /** Guest thread, inside the thread-local action. */
    private void perform(Hint h, List<RootNode> roots) {
        synchronized (log) {
            if (h.state != Hint.State.SUBMITTED) {
                return; // submitted again after a late first action ran, or done already: pull the lever once
            }
        }
        if (mode != FeedbackMode.APPLY) {
            synchronized (log) {
                h.state = Hint.State.PENDING; // apply was switched off after the action was submitted
            }
            return;
        }
        try {
            if (h.kind == Hint.Kind.COMPILE) {
                String text = Actuator.compileEarly(roots);
                synchronized (log) {
                    h.action = text;
                    h.appliedAtMs = elapsedMs();
                    h.state = Hint.State.APPLIED;
                }
                return;
            }
            boolean[] failed = {false};
            String[] text = {null};
            boolean found = Actuator.atCallSite(roots, h.siteLine, h.siteColumn, h.target, h.kind == Hint.Kind.SPLIT, t -> text[0] = t, failed);
            synchronized (log) {
                if (!found) {
                    h.state = Hint.State.PENDING; // the call site has not made a direct call yet: retry next round
                    return;
                }
                h.action = text[0];
                h.appliedAtMs = elapsedMs();
                h.state = failed[0] ? Hint.State.FAILED : Hint.State.APPLIED;
                if (h.kind == Hint.Kind.INLINE) {
                    h.outcome = "Truffle 25.0.1 Community Edition: no inlining policy reads the forced flag (docs/feedback.md)";
                }
            }
        } catch (RuntimeException e) {
            synchronized (log) {
                h.state = Hint.State.FAILED;
                h.action = "failed: " + e;
            }
        }
    }

    /** Records what the samples show since the hint was applied. Feedback thread. */
    private void observe(Hint h, ProfileSnapshot s, Map<String, Integer> ids) {
        long[] now = tiersNow(h, s, ids);
        if (now == null) {
            return;
        }
        synchronized (log) {
            if (h.baseline == null) {
                h.baseline = now;
                return;
            }
            long[] d = new long[Tier.COUNT];
            long sum = 0;
            for (int i = 0; i < Tier.COUNT; i++) {
                d[i] = Math.max(0, now[i] - h.baseline[i]);
                sum += d[i];
            }
            if (sum == 0) {
                return;
            }
            String split = String.format("since the hint: %d samples, %.0f%% interpreted, %.0f%% first tier, %.0f%% last tier, %.0f%% inlined", sum,
                            100.0 * d[0] / sum, 100.0 * d[1] / sum, 100.0 * d[2] / sum, 100.0 * d[3] / sum);
            String prefix = "";
            if (h.kind == Hint.Kind.COMPILE) {
                boolean compiled = d[Tier.FIRST.ordinal()] + d[Tier.LAST.ordinal()] + d[Tier.INLINED.ordinal()] > 0;
                if (compiled && h.seenCompiledAtMs < 0) {
                    h.seenCompiledAtMs = elapsedMs();
                }
                String tier = d[Tier.LAST.ordinal()] > 0 ? "last tier" : "first tier";
                prefix = compiled ? "compiled (" + tier + " seen), first seen compiled +" + (h.seenCompiledAtMs - h.appliedAtMs) + "ms after the hint; " : "not seen compiled yet; ";
            } else if (h.kind == Hint.Kind.INLINE) {
                prefix = (d[Tier.INLINED.ordinal()] * 2 >= sum ? "inlined; " : "not inlined (Truffle 25.0.1 CE ignores forceInlining, docs/feedback.md); ");
            }
            h.outcome = prefix + split + " (observed +" + elapsedMs() + "ms)";
        }
    }

    /** Tier totals of the hint's root (compile) or of its edge's contexts (split, inline). */
    private static long[] tiersNow(Hint h, ProfileSnapshot s, Map<String, Integer> ids) {
        Integer target = ids.get(h.target.methodKey());
        if (target == null) {
            return null;
        }
        if (h.kind == Hint.Kind.COMPILE) {
            MethodStats st = s.methodStats().get(target);
            return st.total().clone();
        }
        Integer caller = ids.get(h.caller.methodKey());
        if (caller == null) {
            return null;
        }
        long[] r = new long[Tier.COUNT];
        for (ThreadProfile t : s.threads()) {
            ProfileSnapshot.forEachNode(t.root(), n -> {
                if (n.method() == target && n.callSite() >= 0) {
                    CallSiteInfo site = s.callSites().get(n.callSite());
                    if (site.caller() == caller && site.line() == h.siteLine && site.column() == h.siteColumn) {
                        for (int i = 0; i < Tier.COUNT; i++) {
                            r[i] += n.totalByTier()[i];
                        }
                    }
                }
            });
        }
        return r;
    }

    /**
     * Writes the hints report: text, or the JSON of the hints file. Any thread.
     *
     * @since 0.2
     */
    public void write(OutputStream out, boolean json) throws IOException {
        int max = maxPerKind;
        if (json) {
            log.writeJson(runtimeName, mode.id(), eventsUnavailable(), max, out);
        } else {
            CompilerEvents e = events;
            long dropped = e == null ? 0 : e.dropped();
            String notes;
            synchronized (this) {
                notes = loadNotes.isEmpty() ? "" : "; " + String.join("; ", loadNotes);
            }
            long n = rounds;
            String cost = n == 0 ? "" : String.format(java.util.Locale.ROOT, "; %d advisor rounds of %.1f ms on average, every %d ms at the end (at least %d times a round's duration)", n,
                            roundsNanos / 1e6 / n, periodNanos / 1_000_000, ROUND_COST_FACTOR);
            log.writeText("mode " + mode.id() + " on " + runtimeName + ", at most " + max + " hints of each kind applied and saved (MaxHintsPerKind)" + notes + cost
                            + (dropped == 0 ? "" : "; " + dropped + " compiler events over the " + CompilerEvents.MAX_EVENTS + " kept were not counted"), eventsUnavailable(),
                            e != null && e.viaListener() ? "Truffle's runtime listener" : "JFR", max, out);
        }
    }

    /**
     * Saves the hints, with their evidence and outcomes, for a later run's {@link #load}. Any
     * thread.
     *
     * @since 0.2
     */
    public void save(Path file) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (OutputStream out = Files.newOutputStream(tmp)) {
            write(out, true);
        }
        Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }

    /**
     * One line: mode and hint counts by state. Any thread.
     *
     * @since 0.2
     */
    public String summary() {
        return "mode " + mode.id() + ", " + log.summary();
    }

    /**
     * Stops the feedback thread after one last observation, detaches the listeners and marks loaded
     * hints that never found their root as unmatched. Any thread; idempotent.
     *
     * @since 0.2
     */
    public void close() {
        Thread t;
        synchronized (this) {
            t = thread;
            thread = null;
            running = false;
        }
        if (t != null) {
            LockSupport.unpark(t);
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            CompilerEvents e = events;
            if (e != null) {
                e.close(); // delivers the events recorded so far: the last round counts them all
            }
            try {
                round();
                planWarmUp();
            } catch (RuntimeException x) {
                // the engine is closing: keep the log as it is
            }
        }
        synchronized (log) {
            for (Hint h : log.list()) {
                if (h.state == Hint.State.PENDING && h.action.startsWith(OVER_CAP)) {
                    h.state = Hint.State.ADVISED; // held back by the cap to the end: logged, never applied, and the action says why
                } else if (h.state == Hint.State.PENDING || h.state == Hint.State.SUBMITTED) {
                    if (h.origin.startsWith("file ")) {
                        h.state = Hint.State.UNMATCHED;
                        h.action = "none: no root matching " + (h.kind == Hint.Kind.COMPILE ? h.target.label() : h.caller.label()) + " ran long enough in this run";
                    }
                }
            }
        }
        registry.detach();
    }

    /**
     * The warm-up plan, at the end of a run: a compile hint for every root that ran at least
     * {@link #WARM_UP_SHARE} percent of the recent self samples ({@link RecentSelf}), whatever its
     * tier, unless it has a compile hint already or is an entry root or internal. Saved with the
     * others (ranked with them by recent self samples, capped by {@code MaxHintsPerKind}), they tell
     * a later run which roots to compile first: in the run that loads them every root starts
     * interpreted, and on a machine with one compiler thread the compile queue's order decides when
     * the steady state's roots are compiled (docs/feedback.md). Closing thread, after the feedback
     * thread ended.
     */
    private void planWarmUp() {
        ProfileSnapshot s = lastSnapshot;
        if (s == null || recent.total() <= 0) {
            return;
        }
        java.util.Set<Integer> entry = Advisor.entryRoots(s);
        Map<String, MethodInfo> byKey = new HashMap<>();
        Map<String, Integer> ids = new HashMap<>();
        for (MethodInfo m : s.methods()) {
            byKey.put(methodKey(m), m);
            ids.put(methodKey(m), m.id());
        }
        for (String key : recent.top(WARM_UP_SHARE)) {
            MethodInfo m = byKey.get(key);
            if (m == null || m.internal() || entry.contains(m.id()) || recent.weight(key) < WARM_UP_MIN_SAMPLES) {
                continue;
            }
            RootKey target = registry.key(key);
            if (target == null) {
                continue;
            }
            double share = recent.share(key);
            MethodStats st = s.methodStats().get(m.id());
            Hint probe = new Hint(0, Hint.Kind.COMPILE, target, null, 0, 0, "", Hint.Evidence.NONE, "", 0, Hint.State.ADVISED);
            if (log.contains(probe.identity())) {
                continue;
            }
            String reason = String.format(java.util.Locale.ROOT, "%.1f%% of the recent samples (half-life %d s) ran in %s's own code (%s over the run): compile it first in the next run",
                            share, RecentSelf.HALF_LIFE_NANOS / 1_000_000_000L, m.name(), mostlyIn(st));
            Hint h;
            synchronized (this) {
                h = new Hint(++seq, Hint.Kind.COMPILE, target, null, 0, 0, reason, new Hint.Evidence(st.selfSum(), 100.0 * st.selfSum() / Math.max(1, s.totalSamples()), 0, List.of()),
                                "warm-up plan", elapsedMs(), Hint.State.ADVISED);
            }
            h.action = "none in this run: saved for the next (--ccsampler.SaveHints)";
            log.add(h);
        }
        score(s, ids, log, recent);
    }

    /** The tier most of a root's own samples ran in, in words. */
    private static String mostlyIn(MethodStats st) {
        long[] self = st.self();
        int best = 0;
        for (int i = 1; i < self.length; i++) {
            if (self[i] > self[best]) {
                best = i;
            }
        }
        return "mostly " + Tier.values()[best].label();
    }

    /** Least share of the recent self samples for a root in the warm-up plan: 2 %. */
    static final double WARM_UP_SHARE = 2.0;
    /** Least weighted recent self samples for a root in the warm-up plan: 10. */
    static final double WARM_UP_MIN_SAMPLES = 10;

    private long elapsedMs() {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }
}
