package dev.ccsampler;

import com.oracle.truffle.api.ContextThreadLocal;
import com.oracle.truffle.api.Truffle;
import com.oracle.truffle.api.TruffleContext;
import com.oracle.truffle.api.instrumentation.ContextsListener;
import com.oracle.truffle.api.instrumentation.EventBinding;
import com.oracle.truffle.api.instrumentation.ThreadsActivationListener;
import com.oracle.truffle.api.instrumentation.ThreadsListener;
import com.oracle.truffle.api.instrumentation.TruffleInstrument;
import com.oracle.truffle.api.nodes.LanguageInfo;
import dev.ccsampler.burst.BurstProbe;
import dev.ccsampler.burst.BurstSchedule;
import dev.ccsampler.burst.BurstSettings;
import dev.ccsampler.burst.BurstState;
import dev.ccsampler.burst.TrivialRoots;
import dev.ccsampler.capture.CallDepth;
import dev.ccsampler.capture.CallDepthProbe;
import dev.ccsampler.capture.CaptureCost;
import dev.ccsampler.capture.DormantProbes;
import dev.ccsampler.capture.EnteredContexts;
import dev.ccsampler.capture.RootEvents;
import dev.ccsampler.capture.RootHashes;
import dev.ccsampler.capture.SampledThread;
import dev.ccsampler.ccmap.Accounting;
import dev.ccsampler.ccmap.live.CCMap;
import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.drain.Drainer;
import dev.ccsampler.drain.WildcardFilter;
import dev.ccsampler.impl.SamplerAccess;
import dev.ccsampler.drain.FrameFilter;
import dev.ccsampler.fault.FaultInjection;
import dev.ccsampler.fault.FaultLog;
import dev.ccsampler.feedback.FeedbackController;
import dev.ccsampler.report.Format;
import dev.ccsampler.report.ReportOptions;
import dev.ccsampler.trigger.PeriodTuner;
import dev.ccsampler.trigger.SamplingClock;
import dev.ccsampler.trigger.SamplingSettings;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.Instrument;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The ccsampler service of one polyglot engine: start and stop collecting, change the period while
 * stopped, take consistent snapshots while guests run, clear, read the accounting, and write any
 * output format from a snapshot. Found with {@link #find(Engine)}, in the spirit of GraalVM's
 * {@code CPUSampler.find}. The instrument's options ({@code --ccsampler.Period} ...) set its initial
 * state; with {@code --ccsampler} on, it collects from engine creation and the instrument writes the
 * output when the engine closes. The example below matches the README's embedding section:
 *
 * <pre>{@code
 * try (Engine engine = Engine.create()) {
 *     CCSampler sampler = CCSampler.find(engine);
 *     sampler.setPeriod(Duration.ofMillis(1));       // only while stopped
 *     sampler.setCollecting(true);
 *     try (Context c = Context.newBuilder("js").engine(engine).build()) {
 *         c.eval("js", program);
 *         ProfileSnapshot live = sampler.takeSnapshot();   // consistent, guests keep running
 *     }
 *     sampler.setCollecting(false);
 *     ProfileSnapshot s = sampler.takeSnapshot();
 *     System.out.println(s.accounting().summaryLine());
 *     CCSampler.write(s, Format.FLAMEGRAPH, ReportOptions.DEFAULT, Path.of("profile.html"));
 *     sampler.clear();
 * }
 * }</pre>
 *
 * <p>Thread-safe: every method may be called from any thread.
 * {@link #setCollecting(boolean) setCollecting(false)} and {@link #close()} wait briefly for samples
 * already requested.
 *
 * @since 0.1
 */
public final class CCSampler implements AutoCloseable {

    /**
     * Instrument id, also the option group ({@code --ccsampler...}): {@code "ccsampler"}.
     *
     * @since 0.1
     */
    public static final String ID = "ccsampler";

    private final TruffleInstrument.Env env;
    private final CCMap map = new CCMap();
    private final SamplingClock clock;
    private final Drainer drainer;
    /**
     * Each Java thread's capture cost estimate, shared by its states in all contexts of the engine
     * ({@link CaptureCost}). Weak keys: ended threads go. Guarded by itself.
     */
    private final java.util.Map<Thread, CaptureCost> captureCosts = new java.util.WeakHashMap<>();
    /**
     * Each Java thread's memo of the frames its walks saw, shared by its states in all contexts of
     * the engine ({@link dev.ccsampler.capture.EdgeMemo}), read by the thread at its first walk. A
     * thread-local, not a map with weak keys: a guest that keeps its ended threads' objects (a join
     * handle, a pool's list) would keep their memos, about 20 KB each, with a weak-keyed map; a
     * thread's locals go when it ends.
     */
    private final ThreadLocal<dev.ccsampler.capture.EdgeMemo.Shared> edgeMemos = ThreadLocal.withInitial(this::newEdgeMemo);
    /**
     * Every memo {@link #edgeMemos} made, weakly: {@link #close} empties them, since a thread that
     * outlives the engine (a test runner's, a server's) keeps its value until its map happens to
     * drop the stale entry. Guarded by itself.
     */
    private final java.util.List<java.lang.ref.WeakReference<dev.ccsampler.capture.EdgeMemo.Shared>> edgeMemosMade = new java.util.ArrayList<>();
    /** When {@link #edgeMemosMade} is next swept of collected memos. Guarded by it. */
    private int edgeMemosSweepAt = 64;
    /** Which language context each thread is initializing: samples then are one synthetic frame unless asked otherwise. */
    private final dev.ccsampler.capture.ContextInitialization initialization = new dev.ccsampler.capture.ContextInitialization();
    /** The trivial roots the burst probes saw (bursting only): where a burst may start at a return poll. */
    private final TrivialRoots trivialRoots = new TrivialRoots();
    private final int stackLimit;
    private final int bufferSize;
    private final boolean optimizing;
    private final String runtimeName;
    private final ContextThreadLocal<CallDepth> marks;
    /** The probed roots by identity hash: the drain names a returned frame a late sample is placed on. */
    private final RootHashes rootHashes = new RootHashes();
    /**
     * Whether a context existed before this sampler: its context-thread locals were never made, so
     * the call depth marks (and incremental walks) cannot be used in this engine.
     */
    private boolean contextsBeforeUs;
    private boolean attaching;
    private SamplingSettings settings = SamplingSettings.DEFAULTS;
    private EventBinding<?> contextsBinding;
    private EventBinding<?> threadsBinding;
    /** Follows every thread's enters and leaves ({@link EnteredContexts}) once a thread is in two open contexts; null before. */
    private volatile EventBinding<?> entersBinding;
    private final Object entersLock = new Object();
    /** Guarded by {@link #entersLock}. */
    private boolean entersClosed;
    /**
     * Each Java thread's entered contexts, made on that thread at its initialization in a context
     * or its first enter or leave once they are followed; a thread-local for the same reason as
     * {@link #edgeMemos}, and read at every enter and leave then.
     */
    private final ThreadLocal<EnteredContexts> enteredContexts = ThreadLocal.withInitial(EnteredContexts::new);
    private final Object probesLock = new Object();
    private EventBinding<CallDepthProbe> probesBinding;
    /** Whether {@link #takeOutRetiredProbes} disposed {@link #probesBinding}. Guarded by {@code probesLock}. */
    private boolean probesTakenOut;
    /** When the probes were switched off for good ({@link #retireProbes}), 0 before. Guarded by {@code probesLock}. */
    private long retiredNanos;
    /**
     * When probes last went into most of the code: into every root, into the deep stacks' roots,
     * or on standby at the start. Guarded by {@code probesLock}.
     */
    private long attachedNanos;
    /** Whether a context of one of {@link #LATER_TAKE_OUT_LANGUAGES} was created in this engine. */
    private volatile boolean laterTakeOutPays;
    /**
     * Since when the probes of {@link #probesBinding} have been in the code on standby, in the
     * words of the note that starts them counting ("sampling started", "the python context was
     * created"); null when they were attached counting. Guarded by {@code probesLock}.
     */
    private String standbySince;
    /**
     * Where the probes of trivial roots sleep, from the attachment of probes that leave them out
     * (on standby too); the report lists them once the probes count ({@code probesCounting}).
     */
    private volatile DormantProbes dormantProbes;
    /**
     * The names of the roots that the probes went into when a deep stack attached them ({@link
     * #attachNarrowProbes}), with those added since; null when no probe is attached that way, or
     * once every root got one. Guarded by {@code probesLock}.
     */
    private java.util.Set<String> narrowNames;
    /**
     * The bindings of probes woken on roots taken for trivial ({@link #wakeProbes}) and of probes
     * added to the narrow ones ({@link #attachNarrowProbes}, {@link #attachProbes}); guarded by
     * {@code probesLock}.
     */
    private final java.util.List<EventBinding<?>> wokenBindings = new java.util.ArrayList<>();
    /** What makes every language fire root events to the call-depth and burst probes ({@link RootEvents}); guarded by {@code probesLock}. */
    private EventBinding<?> rootEventsBinding;
    /** Bursting: its settings, the per-thread states (null when off) and the probes' binding. */
    private BurstSettings burst = BurstSettings.OFF;
    private ContextThreadLocal<BurstState> bursts;
    /** Guarded by {@link #probesLock} once sampling runs (the burst schedule detaches and attaches it). */
    private EventBinding<?> burstBinding;
    private boolean probesClosed;
    /**
     * Set when the root probes were switched off because they cost too much ({@link #retireProbes}):
     * from then on no walk uses the marks and no probe is attached again in this engine.
     */
    private final java.util.concurrent.atomic.AtomicBoolean marksRetired = new java.util.concurrent.atomic.AtomicBoolean();
    /** Set once every root has its probe (attached, or counting from standby): until then the clock reads no top frame from the marks. */
    private final java.util.concurrent.atomic.AtomicBoolean marksAttached = new java.util.concurrent.atomic.AtomicBoolean();
    /** Set once the root probes count, in every root or in the deep stacks' alone ({@link #attachNarrowProbes}). */
    private final java.util.concurrent.atomic.AtomicBoolean probesCounting = new java.util.concurrent.atomic.AtomicBoolean();
    private volatile PeriodTuner tuner;
    /** Sampling events of the sampler itself (the tuner keeps its own). */
    private final List<String> samplingNotes = new ArrayList<>();
    private final long startNanos = System.nanoTime();
    private boolean collecting;
    private boolean closed;
    private long startEpochMillis;
    /** The feedback stage; idle until {@link #setFeedback} or {@link #loadHints}. */
    private final FeedbackController feedback;
    /** Failures of the sampler's own threads, each reported once on the engine's error stream. */
    private final FaultLog faults;

    CCSampler(TruffleInstrument.Env env, long periodNanos, int stackLimit, int bufferSize, FrameFilter filter, ContextThreadLocal<CallDepth> marks) {
        this.env = env;
        this.marks = marks;
        this.stackLimit = stackLimit;
        this.bufferSize = bufferSize;
        this.clock = new SamplingClock(env, periodNanos);
        this.drainer = new Drainer(map, filter, periodNanos);
        this.drainer.setRootHashes(rootHashes);
        this.drainer.setStackLimit(stackLimit);
        this.runtimeName = Truffle.getRuntime().getName();
        this.optimizing = !runtimeName.toLowerCase(java.util.Locale.ROOT).contains("interpreted");
        this.startEpochMillis = System.currentTimeMillis();
        // the feedback stage reads the CC-Map, not its own hints
        this.feedback = new FeedbackController(env, this::snapshotWithoutHints, clock::liveContexts, runtimeName, optimizing);
        this.faults = new FaultLog(line -> new java.io.PrintStream(env.err(), true).println(line));
        this.clock.setFaultLog(faults);
        this.drainer.setFaultLog(faults);
    }

    static {
        // the instrument (dev.ccsampler.impl, not exported) creates the service through this door;
        // embedders find it with find(Engine)
        SamplerAccess.register(CCSampler::create, (s, what) -> PeriodTuner.note(s.samplingNotes, s.startNanos, what));
    }

    /**
     * Creates the service for an instrument environment, with the trigger and capture settings of
     * the instrument's options, and attaches it to the engine's contexts and threads, not collecting
     * yet. Reached from the instrument through {@link SamplerAccess}.
     *
     * @param marks the instrument's context-thread-local call depth marks (created in its
     *            constructor), or null: walks are then full
     * @param settings how to sample; {@code autoPeriod} starts from its own period
     */
    static CCSampler create(TruffleInstrument.Env env, long periodNanos, int stackLimit, int bufferSize, FrameFilter filter, ContextThreadLocal<CallDepth> marks,
                    SamplingSettings settings, BurstSettings burst, ContextThreadLocal<BurstState> bursts) {
        CCSampler s = new CCSampler(env, settings.autoPeriod() ? settings.autoStartNanos() : periodNanos, stackLimit, bufferSize, filter, marks);
        s.settings = settings;
        if (burst.enabled() && bursts != null) {
            s.burst = burst;
            s.bursts = bursts;
            // before any context: the probes see every root from its first call, so no return is missed
            s.burstBinding = BurstProbe.attach(env.getInstrumenter(), bursts, CallDepthProbe::isTrivial, s.trivialRoots);
            synchronized (s.probesLock) {
                s.attachRootEvents();
            }
            synchronized (s.map) {
                s.map.setCallFloor(true);
            }
            if (burst.detach()) {
                s.drainer.setBurstSchedule(new BurstSchedule(s.startNanos), burst.probes(), s.new BurstProbes());
            }
        }
        s.clock.setBudget(settings.budget());
        s.clock.setThreadsPerTick(settings.threadsPerTick());
        s.clock.setSampleIdle(settings.sampleIdle());
        s.clock.setCpuTime(settings.cpuTime());
        s.initialization.setSampled(settings.sampleContextInitialization());
        if (settings.autoPeriod()) {
            s.clock.setTickUnitNanos(settings.minPeriodNanos());
        }
        s.attach();
        return s;
    }

    private void attach() {
        attaching = true;
        contextsBinding = env.getInstrumenter().attachContextsListener(new ContextsListener() {
            @Override
            public void onContextCreated(TruffleContext context) {
                if (attaching) {
                    contextsBeforeUs = true;
                }
                clock.context(context);
            }

            @Override
            public void onLanguageContextCreate(TruffleContext context, LanguageInfo language) {
                initialization.enter(language); // creation runs no guest code, but its ticks are start-up too
            }

            @Override
            public void onLanguageContextCreated(TruffleContext context, LanguageInfo language) {
                initialization.exit();
                if (LATER_TAKE_OUT_LANGUAGES.contains(language.getId())) {
                    laterTakeOutPays = true;
                }
                if (STANDBY_LANGUAGES.contains(language.getId()) && settings.incremental() == SamplingSettings.Incremental.AUTO && !settings.autoPeriod()
                                && attachStandbyProbes("the " + language.getId() + " context was created")) {
                    PeriodTuner.note(samplingNotes, startNanos, "root probes in the code on standby from the start of the " + language.getId()
                                    + " context, counting nothing until a rule of Incremental=auto needs them: attached then, they would send every root "
                                    + language.getName() + " had compiled through the interpreter and the compiler again");
                }
            }

            @Override
            public void onLanguageContextCreateFailed(TruffleContext context, LanguageInfo language) {
                initialization.exit();
            }

            @Override
            public void onLanguageContextInitialize(TruffleContext context, LanguageInfo language) {
                initialization.enter(language); // on the initializing thread
            }

            @Override
            public void onLanguageContextInitialized(TruffleContext context, LanguageInfo language) {
                clock.initializationEnds(context); // before the frame is forgotten: it takes the waiting ticks
                initialization.exit();
            }

            @Override
            public void onLanguageContextInitializeFailed(TruffleContext context, LanguageInfo language) {
                clock.initializationEnds(context);
                initialization.exit();
            }

            @Override
            public void onLanguageContextFinalized(TruffleContext context, LanguageInfo language) {
            }

            @Override
            public void onLanguageContextDisposed(TruffleContext context, LanguageInfo language) {
            }

            @Override
            public void onContextClosed(TruffleContext context) {
                if (entersBinding != null) {
                    enteredContexts.get().closed(context); // on the closing thread
                }
                drainer.contextClosed(clock.contextClosed(context));
            }
        }, true);
        attaching = false;
        threadsBinding = env.getInstrumenter().attachThreadsListener(new ThreadsListener() {
            @Override
            public void onThreadInitialized(TruffleContext context, Thread thread) {
                SamplingClock.ContextEntry e = clock.context(context);
                SamplingSettings st = settings;
                SampledThread t = new SampledThread(thread, e.id(), bufferSize, stackLimit, incremental() ? marks : null, st.verifyIncremental(), st.waited(), bursts);
                if (!st.writeKnownFrames()) {
                    t.writeNoKnownFrames();
                }
                if (st.incremental() == SamplingSettings.Incremental.OFF) {
                    t.walkFully();
                }
                synchronized (captureCosts) {
                    t.shareCost(captureCosts.computeIfAbsent(thread, k -> new CaptureCost()));
                }
                t.shareMemo(edgeMemos::get);
                t.registerMarks(context);
                if (thread == Thread.currentThread()) {
                    enteredContexts.get().join(t, context, CCSampler.this::followEnters);
                }
                t.whenUnperformed(outsideThreads);
                t.useTrivialRoots(trivialRoots);
                t.useContextInitialization(initialization);
                t.retireMarksWhen(marksRetired);
                t.attachedMarksWhen(marksAttached);
                drainer.register(t);
                clock.addThread(e, t);
            }

            @Override
            public void onThreadDisposed(TruffleContext context, Thread thread) {
                clock.removeThread(context, thread);
            }
        }, true);
    }

    /**
     * Attaches the enter and leave notifications ({@link EnteredContexts}) if they are not yet: a
     * thread has states in two open contexts. From then on every enter and leave of the engine's
     * contexts costs a thread-local lookup (about 25 ns a host-to-guest call). False once closed.
     */
    private boolean followEnters() {
        synchronized (entersLock) { // not this object's lock: a guest thread's enter waits for it
            if (entersBinding != null || entersClosed) {
                return entersBinding != null;
            }
            entersBinding = env.getInstrumenter().attachThreadsActivationListener(new ThreadsActivationListener() {
                @Override
                public void onEnterThread(TruffleContext context) {
                    entered(context);
                }

                @Override
                public void onLeaveThread(TruffleContext context) {
                    left(context);
                }
            });
            return true;
        }
    }

    /**
     * Learns which threads run outside their context between calls ({@link EnteredContexts},
     * <em>counting</em>): told of their unperformed requests by the drain or the clock, asked by the
     * clock since when the enters and leaves are counted.
     */
    private final class OutsideThreads implements SampledThread.Unperformed {
        /** When the enter and leave notifications were attached for counting, 0 before. */
        private volatile long countingSince;

        /**
         * A live thread's request came back unperformed: the thread was outside its context when
         * it was sent, or left before its next poll. The second such request of a thread attaches
         * the enter and leave notifications (the first may be a context closing under its
         * request, and a thread's context closes once); from then on the clock asks such a thread
         * alone, learns from Truffle's answers when it is outside ({@link SampledThread#closeBracket}),
         * and does not tick it there.
         */
        @Override
        public void unperformed(SampledThread t) {
            if (t.unperformed() >= 2 && countingSince == 0 && followEnters()) {
                synchronized (entersLock) {
                    if (countingSince == 0) {
                        countingSince = System.nanoTime();
                        PeriodTuner.note(samplingNotes, startNanos, "enters and leaves followed: requests to thread '" + t.thread.getName()
                                        + "' came back unperformed (it runs outside the context between calls, e.g. host code or a fiber switch); its ticks there are no longer counted");
                    }
                }
            }
        }

        @Override
        public boolean countingSince(long nanos) {
            long since = countingSince;
            return since != 0 && nanos - since > 0;
        }
    }

    private final OutsideThreads outsideThreads = new OutsideThreads();

    @com.oracle.truffle.api.CompilerDirectives.TruffleBoundary
    private void entered(TruffleContext context) {
        enteredContexts.get().entered(context);
    }

    @com.oracle.truffle.api.CompilerDirectives.TruffleBoundary
    private void left(TruffleContext context) {
        enteredContexts.get().left(context);
    }

    /** A Java thread's memo, made at its first walk in this engine, on that thread. */
    private dev.ccsampler.capture.EdgeMemo.Shared newEdgeMemo() {
        dev.ccsampler.capture.EdgeMemo.Shared m = new dev.ccsampler.capture.EdgeMemo.Shared();
        synchronized (edgeMemosMade) {
            if (edgeMemosMade.size() >= edgeMemosSweepAt) {
                edgeMemosMade.removeIf(r -> r.get() == null); // ended threads' memos
                edgeMemosSweepAt = Math.max(64, 2 * edgeMemosMade.size());
            }
            edgeMemosMade.add(new java.lang.ref.WeakReference<>(m));
        }
        return m;
    }

    /** Whether walks may be incremental in this engine: asked for, and the marks can be used. */
    private boolean incremental() {
        return settings.incremental() != SamplingSettings.Incremental.OFF && marks != null && !contextsBeforeUs && !marksRetired.get();
    }

    /** Once, for the first root-probe binding (call depth or burst). Holds {@code probesLock}. */
    private void attachRootEvents() {
        if (rootEventsBinding == null) {
            rootEventsBinding = RootEvents.attachFor(env.getInstrumenter());
        }
    }

    /**
     * Detaches and attaches the burst probes for the drain's {@link BurstSchedule}: disposing the
     * binding takes every root's probe out (and invalidates the code they were compiled into), and
     * attaching it again puts them back. {@code ccsampler-probes}, when the schedule asks.
     */
    private final class BurstProbes implements Drainer.BurstProbeControl {
        @Override
        public void detach(String why) {
            synchronized (probesLock) {
                if (probesClosed || burstBinding == null) {
                    return;
                }
                burstBinding.dispose();
                burstBinding = null;
            }
            PeriodTuner.note(samplingNotes, startNanos, "burst probes detached: " + why);
        }

        @Override
        public void attach(String why) {
            synchronized (probesLock) {
                if (probesClosed || burstBinding != null) {
                    return;
                }
                burstBinding = BurstProbe.attach(env.getInstrumenter(), bursts, CallDepthProbe::isTrivial, trivialRoots);
            }
            PeriodTuner.note(samplingNotes, startNanos, "burst probes attached again: " + why);
        }
    }

    /**
     * Makes the root probes count, once: from then on walks can stop at unchanged frames. Probes on
     * standby ({@link #attachStandbyProbes}) start counting; else they are attached now. Any thread;
     * {@code ccsampler-probes} calls it when a rule of the drain loop asks ({@link
     * dev.ccsampler.drain.Drainer}), so it takes its own lock, never this object's (a stop holds
     * that while it waits for the drain thread and for that one).
     *
     * @param trivialAsleep whether a rule of {@code Incremental=auto} asks: then trivial roots
     *            ({@link CallDepthProbe#isTrivial}) get no probe, for good ({@link DormantProbes})
     */
    private void attachProbes(String why, boolean trivialAsleep) {
        clock.setMeasureWaitCpu(false); // the late-samples rule has fired, or no longer matters
        boolean wasStandby;
        synchronized (probesLock) {
            if (probesClosed || !incremental()) {
                return;
            }
            if (probesBinding != null && narrowNames != null) {
                // the deep stacks' roots have theirs: the others get one now, each counting only
                // the frames it saw enter (their frames may be above counted ones)
                java.util.Set<String> probed = java.util.Collections.unmodifiableSet(new java.util.HashSet<>(narrowNames));
                narrowNames = null;
                wokenBindings.add(CallDepthProbe.attachMore(env.getInstrumenter(), marks, rootHashes, generations(), n -> !probed.contains(n), probesBinding.getElement()));
                attachedNanos = System.nanoTime();
                marksAttached.set(true); // every root has its probe now: the clock reads the top frame from the marks
                PeriodTuner.note(samplingNotes, startNanos, "root probes added to every other root: " + why);
                return;
            }
            if (probesBinding == null) {
                // kept until close: frames entered while attached must see their return probes
                dormantProbes = trivialAsleep ? new DormantProbes() : null;
                probesBinding = CallDepthProbe.attach(env.getInstrumenter(), marks, rootHashes, generations(), dormantProbes, true);
                attachedNanos = System.nanoTime();
                attachRootEvents();
                wasStandby = false;
            } else if (probesBinding.getElement().startCounting()) {
                wasStandby = true;
            } else {
                return; // counting already, or retired
            }
            DormantProbes d = dormantProbes;
            if (d != null) {
                drainer.onSleepersHosting(SamplingSettings.Incremental.DEEP_FRAMES, d, this::wakeProbes);
            }
            marksAttached.set(true);
            probesCounting.set(true);
            PeriodTuner.note(samplingNotes, startNanos, (trivialAsleep ? "incremental walks on (the probes of trivial roots asleep): " : "incremental walks on: ") + why
                            + (wasStandby ? "; the root probes, on standby since " + standbySince + ", count from now (no code recompiled)"
                                            : trivialAsleep && System.nanoTime() - startNanos > LATE_ATTACH_NANOS ? "; " + LATE_HINT : ""));
            judgeProbes();
        }
    }

    private static final String LATE_HINT = "code compiled before runs through the interpreter again to take them in (--ccsampler.Incremental=standby has them in the code from the start, at a cost in steady state)";

    /** Once the probes count by a rule of {@code auto}: they are switched off again when they cost more than they may. Holding {@code probesLock}. */
    private void judgeProbes() {
        if (settings.incremental().byRules() && !settings.autoPeriod()) {
            drainer.onCostlyLeaves(this::sleepLeaves);
            drainer.onCostlyProbes(COSTLY_PROBE_CALLS, this::retireProbes);
        }
    }

    /**
     * The deep-stack rule of {@code Incremental=auto} fired ({@link Drainer#onDeepStacks}): the
     * probes go into the roots named, those of the deep stack's frames, alone, or are added to
     * them when the rule fires again on a deep stack of other roots. Attaching a probe invalidates
     * the compiled code of its root and of the code that inlined it: probing every root, as before
     * 2026-12-04, made a program whose deep phase came after others compile all of them again,
     * and their probes then cost their call-dense code for as long as the probes stayed
     * ({@code tools/workloads/awfy-phases.js}: Towers ran three times as long). The frames of the
     * other roots are uncounted ones, walked as those of builtins without a probe are. Under
     * {@code standby}, with probes on every root already, or when no name is known: as {@link
     * #attachProbes}. {@code ccsampler-probes} calls it, while the drain thread goes on.
     */
    private void attachNarrowProbes(String why, String threadName, java.util.Set<String> names) {
        boolean first;
        java.util.Set<String> added;
        synchronized (probesLock) {
            if (probesClosed || !incremental()) {
                return;
            }
            if (standbySince != null || probesBinding == null && names.isEmpty()) {
                first = true;
                added = null;
            } else if (probesBinding == null) {
                dormantProbes = new DormantProbes();
                narrowNames = new java.util.HashSet<>(names);
                probesBinding = CallDepthProbe.attachNarrow(env.getInstrumenter(), marks, rootHashes, generations(), dormantProbes, names);
                attachedNanos = System.nanoTime();
                attachRootEvents();
                drainer.onSleepersHosting(SamplingSettings.Incremental.DEEP_FRAMES, dormantProbes, this::wakeProbes);
                // not marksAttached: a frame without a probe may be above the counted one on top,
                // so the clock reads no top frame and waited ticks go with the sample that carries
                // them, as before the probes; the late-samples rule still sees them, and probes
                // every other root when it fires (attachProbes)
                probesCounting.set(true);
                drainer.lateSamplesEagerly();
                PeriodTuner.note(samplingNotes, startNanos, "incremental walks on (the probes of trivial roots asleep): " + why + "; the probes go into the roots of its deep stack's frames alone, "
                                + names(names) + ", the other roots keep their compiled code and run without one"
                                + (System.nanoTime() - startNanos > LATE_ATTACH_NANOS ? "; in those roots " + LATE_HINT : ""));
                judgeProbes();
                return;
            } else if (narrowNames != null && !marksRetired.get()) {
                java.util.Set<String> more = new java.util.HashSet<>(names);
                more.removeAll(narrowNames);
                if (more.isEmpty()) {
                    return;
                }
                narrowNames.addAll(more);
                wokenBindings.add(CallDepthProbe.attachMore(env.getInstrumenter(), marks, rootHashes, generations(), more::contains, probesBinding.getElement()));
                attachedNanos = System.nanoTime();
                first = false;
                added = more;
            } else {
                return; // every root has its probe, or the probes were switched off
            }
        }
        if (first) {
            attachProbes(why, true);
        } else {
            PeriodTuner.note(samplingNotes, startNanos, "root probes added to the roots of thread " + threadName + "'s deep stack that had none, " + names(added)
                            + ": its walks were costly again");
        }
    }

    /** "N root names: a, b, ..." for the notes, sorted. */
    private static String names(java.util.Set<String> names) {
        java.util.List<String> sorted = new java.util.ArrayList<>();
        for (String n : names) {
            sorted.add(n == null ? "(no name)" : n.isEmpty() ? "(empty name)" : n);
        }
        java.util.Collections.sort(sorted);
        return listed(new StringBuilder().append(sorted.size()).append(sorted.size() == 1 ? " root name: " : " root names: "), sorted).toString();
    }

    /** Appends the first eight items, comma-separated, and ", ..." when there are more. */
    private static StringBuilder listed(StringBuilder b, Iterable<String> items) {
        int i = 0;
        for (String item : items) {
            if (i++ == 8) {
                return b.append(", ...");
            }
            b.append(i > 1 ? ", " : "").append(item);
        }
        return b;
    }

    /**
     * Puts the probes of internal leaf roots to sleep ({@link CallDepthProbe#sleepLeaves}) when
     * they make most of the calls that make the probes costly ({@link Drainer#onCostlyLeaves}): the
     * judge then goes on with the rest. Returns what slept, or null. The drain thread calls it.
     */
    private String sleepLeaves(String seen) {
        String slept;
        synchronized (probesLock) {
            if (probesClosed || probesBinding == null || marksRetired.get()) {
                return null;
            }
            slept = probesBinding.getElement().sleepLeaves();
        }
        if (slept != null) {
            PeriodTuner.note(samplingNotes, startNanos, "the root probes of " + slept + " sleep from now on: " + seen
                            + "; builtins whose trees show no call and no loop, their self time in code that does not poll goes to their callers; the other probes stay, judged again");
        }
        return slept;
    }

    /**
     * From how long after the sampler started a rule's attachment of the probes is called late in
     * the report, with the hint of {@code Incremental=standby}: by then a program has usually
     * compiled its hot code, which attaching invalidates.
     */
    private static final long LATE_ATTACH_NANOS = 3_000_000_000L;

    /**
     * Attaches the root probes on standby (trivial roots left out, as a rule would): in the trees
     * from the first call, each reading one field and returning, until a rule makes them count
     * ({@link #attachProbes}). Attaching them when the rule fires instead ({@code auto})
     * invalidates every compiled root, and a program that had compiled most of its code ran it
     * through the interpreter and both tiers again (GraalPy's {@code py-parse-phases.py}: ×1.39 of
     * no profiler against ×0.95). Not the default in every language: the untaken counting path
     * compiled into every probed root cost {@code richards.js} about a third in steady state, and
     * the wrappers a call-dense program's warm-up about a tenth (docs/sampling.md, <em>Probes on
     * standby</em>). Called when sampling starts under {@code Incremental=standby}, and under
     * {@code auto} when a context of one of {@link #STANDBY_LANGUAGES} is created. Whether they
     * were attached now ({@code since} then names when in the note that makes them count); not when
     * probes are in the code already or cannot be.
     */
    private boolean attachStandbyProbes(String since) {
        synchronized (probesLock) {
            if (probesClosed || !incremental() || probesBinding != null) {
                return false;
            }
            dormantProbes = new DormantProbes();
            probesBinding = CallDepthProbe.attach(env.getInstrumenter(), marks, rootHashes, generations(), dormantProbes, false);
            attachedNanos = System.nanoTime();
            standbySince = since;
            attachRootEvents();
            return true;
        }
    }

    /** The value of {@code --ccsampler.Incremental}, as the notes name it ({@code auto}, {@code standby}). */
    private String incrementalValue() {
        return settings.incremental().name().toLowerCase(java.util.Locale.ROOT);
    }

    /** Whether the clock reads the top frame from another thread ({@code WaitedTicks=top}): the probes then store generations. */
    private boolean generations() {
        return settings.waited() == dev.ccsampler.capture.RequestLedger.Waited.TOP;
    }

    /**
     * Wakes the probes of roots that were judged trivial but whose frames a walk saw below a deep
     * stack ({@link Drainer#onSleepersHosting}, {@link DormantProbes}): a binding for those roots
     * alone, whose probes count only the frames they saw enter. {@code ccsampler-probes} calls it.
     */
    private void wakeProbes(int[] hashes) {
        java.util.Set<String> labels = new java.util.LinkedHashSet<>();
        synchronized (probesLock) {
            DormantProbes d = dormantProbes;
            if (probesClosed || probesBinding == null || d == null) {
                return;
            }
            java.util.Set<String> names = new java.util.HashSet<>();
            for (int h : hashes) {
                String[] ln = d.wake(h);
                if (ln != null) {
                    labels.add(ln[0]);
                    names.add(ln[1]);
                }
            }
            if (labels.isEmpty()) {
                return;
            }
            wokenBindings.add(CallDepthProbe.attachWoken(env.getInstrumenter(), marks, rootHashes, generations(), labels, names, probesBinding.getElement()));
        }
        StringBuilder b = new StringBuilder("root probes woken on ").append(labels.size()).append(labels.size() == 1 ? " root" : " roots")
                        .append(" taken for trivial whose frames were seen below a deep stack (a call their tree does not show, such as a builtin or a method that runs a block): ");
        PeriodTuner.note(samplingNotes, startNanos, listed(b, labels).toString());
    }

    /** Disposes the woken roots' probes with the main ones. Holding {@code probesLock}. */
    private void disposeWoken() {
        for (EventBinding<?> b : wokenBindings) {
            b.dispose();
        }
        wokenBindings.clear();
    }

    /**
     * Root enters a second on one thread from which the probes that {@code Incremental=auto}
     * attached are judged against what they buy, and switched off for good when they cost more
     * ({@link Drainer#onCostlyProbes}): 2 million calls at about 10 ns each are 2 % of the thread's
     * time, what sampling at 10 ms may cost in all.
     */
    static final long COSTLY_PROBE_CALLS = 2_000_000;

    /**
     * How long the probes stay in the code after they were switched off for good, at the least,
     * when they had been in it from early on, in an engine that ran one of {@link
     * #LATER_TAKE_OUT_LANGUAGES} ({@link #takeOutDueNanos}); at the most as long again as the run
     * before that.
     */
    static final long TAKE_OUT_AFTER_NANOS = 10_000_000_000L;

    /**
     * The languages in whose engines probes switched off for good that had been in the code from
     * early on are taken out of it some time after the switch ({@link #takeOutDueNanos}): there a
     * switched-off probe costs a call about what a counting one does (GraalPy about 11 ns:
     * {@code py-octane.py}'s rounds 1.15 times as long as without a profiler; TruffleRuby a
     * call-dense evaluator's rounds 1.2-1.5 times), and the rent soon pays for the
     * recompilation. Elsewhere such probes stay in place: on GraalJS the rent is about a tenth of
     * the time of call-dense code ({@code five-phase.js}: 7 ms a round over its mutual recursion's
     * 20 million calls), and under {@code Incremental=standby} a take-out 10 s after the switch made 200
     * rounds 36.6 / 36.8 s against 34.4 / 34.9 in place (docs/sampling.md, <em>Switched-off probes
     * taken out at once</em>).
     */
    static final java.util.Set<String> LATER_TAKE_OUT_LANGUAGES = java.util.Set.of("python", "ruby");

    /**
     * The languages in whose engines {@code Incremental=auto} puts the root probes into the code on
     * standby when their context is created ({@link #attachStandbyProbes}), as {@code
     * Incremental=standby} does everywhere: a rule of {@code auto} fires in most GraalPy programs
     * (compiled loops that poll late, deep stacks), seconds into a warm-up that GraalPy spends
     * mostly compiling on a 2-core machine, and attaching the probes then sent everything compiled
     * through the interpreter and the compiler again, even when the probes went into a deep stack's
     * roots alone. Measured (docs/sampling.md, <em>GraalPy's probes on standby from its context's
     * start</em>): twelve GraalPy programs of 2-20 s at 10 ms, two processes each, the twelve
     * together ×1.11 of no profiler against ×1.16 attached by the rule; ×0.89-1.20 against
     * ×1.00-1.45 on the six where the rule's attachment cost most, the same errors of their
     * splits. Where no rule fires the probes cost their rent for nothing: a 4-s run of {@code
     * nbody-words.py} ×1.35 against ×1.07, and {@code py-codegen.py}, whose every round compiles
     * new functions with {@code exec}, each of them instrumented, ×1.16 / 1.53 at 10 / 1 ms
     * against ×1.00 / 1.17. TruffleRuby, measured the same way, gained less than its noise.
     */
    static final java.util.Set<String> STANDBY_LANGUAGES = java.util.Set.of("python");

    /**
     * Probes switched off for good that had been in the code for this share of the run or less,
     * in percent, are taken out of it at once, in every language ({@link #takeOutDueNanos}).
     */
    static final int YOUNG_PROBES_PERCENT = 75;

    /**
     * When probes switched off for good at {@code retired} are to be taken out of the code
     * ({@link #takeOutRetiredProbes}), {@code attached} being when they last went into most of it
     * and {@code start} when sampling started. At once when they came into code that had run
     * without them for the first quarter of the run or more ({@link #YOUNG_PROBES_PERCENT}): their
     * attachment sent that code through the interpreter and the compiler again, and taking them
     * out soon after costs little more. Measured: {@code five-phase.js} on GraalJS, the probes in
     * the code 0.3-2.4 s of 8.6-10.5, 200 rounds 1.6 s shorter (medians) than with them switched off
     * in place; {@code py-octane.py} on GraalPy, 3.1-7.1 s of 8.9-13.5, and {@code
     * rb-costly-probes.rb} on TruffleRuby, 6.1 s of 9.8, 4-5 s shorter than with them taken out
     * 10 s after the switch (docs/sampling.md, <em>Switched-off probes taken out at once</em>). Else, in the code
     * from (nearly) the start (under {@code Incremental=standby}, or attached in the first
     * seconds), and only where {@code laterPays} (an engine that ran one of {@link
     * #LATER_TAKE_OUT_LANGUAGES}; elsewhere never, empty), once the run has gone on after the switch
     * as long as it had before it, {@link #TAKE_OUT_AFTER_NANOS} at the least: taking out probes from code compiled and warm recompiles
     * all of it, which costs more than the switched-off probes over a short rest of the run
     * ({@code five-phase.js} under {@code standby}, 20 rounds: 13.8-14.0 s taken out at once
     * against 12.5-12.9 in place; 200 rounds: 35.2-35.9 s against 35.8-35.9 taken out 10 s
     * later). So those pay rent until the rent paid is about what the recompilation costs, which
     * grows with the code compiled by then, and so with the run's length (the rule of the
     * ski-rental problem): a short program ends before, a long one pays the recompilation once.
     * Either way: a switched-off probe still costs every call of the code it was compiled into
     * (a field read and a branch at every enter and return): {@code py-octane.py}'s rounds after
     * the switch ran 1.15 times as long as without a profiler, {@code five-phase.js}'s 1.10
     * times (its mutual recursion 1.35 times), and as fast as without a profiler but for the
     * full walks once the probes were out (1.01-1.04).
     */
    static java.util.OptionalLong takeOutDueNanos(long start, long attached, long retired, boolean laterPays) {
        if ((retired - attached) * 100 <= YOUNG_PROBES_PERCENT * (retired - start)) {
            return java.util.OptionalLong.of(retired);
        }
        return laterPays ? java.util.OptionalLong.of(retired + Math.max(retired - start, TAKE_OUT_AFTER_NANOS)) : java.util.OptionalLong.empty();
    }

    /**
     * Takes the probes that were switched off for good ({@link #retireProbes}) out of the code,
     * when {@link #takeOutDueNanos} says: on {@code ccsampler-probes}, when the drain loop finds it
     * due. GraalPy's root-event binding, which bursts share, stays.
     */
    private void takeOutRetiredProbes() {
        double off;
        synchronized (probesLock) {
            if (probesClosed || probesBinding == null || probesTakenOut) {
                return;
            }
            probesTakenOut = true;
            probesBinding.dispose();
            disposeWoken();
            off = (System.nanoTime() - retiredNanos) / 1e9;
        }
        PeriodTuner.note(samplingNotes, startNanos, String.format(java.util.Locale.ROOT, "root probes taken out of the code, %.1f s after they were switched off: "
                        + "the code they were compiled into runs through the interpreter and is compiled again without them", off));
    }

    /**
     * Switches the root probes off for good because they cost too much ({@link #COSTLY_PROBE_CALLS}):
     * the capture and the clock stop using the marks first, then every probe, the woken ones too,
     * returns at once from then on ({@link CallDepthProbe#retire}: one field read a call). The
     * bindings are disposed, which takes the probes out of the compiled code, at once when they
     * went into it lately, else some time later ({@link #takeOutDueNanos}): disposing a binding
     * invalidates the compiled code of every root it instrumented, and recompiling code that had
     * long been compiled cost a call-dense program more than the switched-off probes over a short
     * rest of the run. The one that makes GraalPy fire root events stays. Walks are full from then
     * on, and waited ticks stay with the sample that carried them, as with {@code
     * WaitedTicks=sample}. The drain thread calls it.
     */
    private void retireProbes(String why) {
        java.util.OptionalLong due;
        double in;
        double at;
        boolean now;
        synchronized (probesLock) {
            if (probesClosed || probesBinding == null || marksRetired.getAndSet(true)) {
                return;
            }
            probesBinding.getElement().retire();
            retiredNanos = System.nanoTime();
            drainer.onSleepersHosting(Integer.MAX_VALUE, null, null);
            dormantProbes = null; // no probe is left to sleep: the report says no more that some do
            due = takeOutDueNanos(startNanos, attachedNanos, retiredNanos, laterTakeOutPays);
            if (due.isPresent()) {
                drainer.takeOutAt(due.getAsLong(), this::takeOutRetiredProbes);
            }
            in = (retiredNanos - attachedNanos) / 1e9;
            at = due.isPresent() ? (due.getAsLong() - startNanos) / 1e9 : 0;
            now = due.isPresent() && due.getAsLong() == retiredNanos;
        }
        String after;
        if (now) {
            after = String.format(java.util.Locale.ROOT, "they were in the code for %.1f s, and are taken out of it now", in);
        } else if (due.isPresent()) {
            after = String.format(java.util.Locale.ROOT, "they were in the code for %.1f s, and stay in it, switched off, until %.1f s: "
                            + "recompiling what was compiled with them costs more than they do over a short rest of the run", in, at);
        } else {
            after = String.format(java.util.Locale.ROOT, "they were in the code for %.1f s, and stay in it, switched off: "
                            + "recompiling what was compiled with them would cost more than they do (in GraalPy's and TruffleRuby's engines they leave later)", in);
        }
        PeriodTuner.note(samplingNotes, startNanos, "root probes switched off for good: " + why
                        + "; walks are full and waited ticks stay where the thread polled (--ccsampler.Incremental=true keeps the probes); " + after);
    }

    /**
     * Finds the sampler of an engine. The instrument is created on first lookup; later lookups
     * return the same instance.
     *
     * @return the engine's sampler
     * @throws IllegalStateException when the ccsampler instrument is not on the class or module path
     * @since 0.1
     */
    public static CCSampler find(Engine engine) {
        Instrument instrument = engine.getInstruments().get(ID);
        if (instrument == null) {
            throw new IllegalStateException("The ccsampler instrument is not installed in this engine: put ccsampler-instrument on the class or module path.");
        }
        return instrument.lookup(CCSampler.class);
    }

    /**
     * Starts or stops collecting; does nothing when already in that state. Stopping waits for
     * requests still on their way to guest threads (two periods, at least 50 ms and at most 500 ms),
     * counts those that never arrive as failed, and drains every ring, so that afterwards the
     * {@link Accounting} balances exactly.
     *
     * @throws IllegalStateException when starting a closed sampler (stopping one does nothing)
     * @since 0.1
     */
    public synchronized void setCollecting(boolean on) {
        if (closed && !on) {
            return; // a closed sampler has stopped already; the engine's own shutdown stops it again
        }
        checkOpen();
        if (on == collecting) {
            return;
        }
        if (on) {
            if (map.contextNodeCount() == 0) {
                startEpochMillis = System.currentTimeMillis();
            }
            if (settings.incremental() == SamplingSettings.Incremental.ON) {
                attachProbes("--ccsampler.Incremental=true", false);
            } else if (settings.incremental().byRules() && settings.autoPeriod()) {
                attachProbes("Period=auto sees the same activation on top through them (Incremental=" + incrementalValue() + ")", false);
            } else if (settings.incremental().byRules() && incremental()) {
                if (settings.incremental() == SamplingSettings.Incremental.STANDBY) {
                    attachStandbyProbes("sampling started");
                }
                if (settings.waited() == dev.ccsampler.capture.RequestLedger.Waited.TOP) {
                    clock.setMeasureWaitCpu(true); // until the probes are attached
                    drainer.onLateSamples(seen -> attachProbes(seen
                                    + " (in code that does not poll, like compiled counted loops): the probes show which frame was on top while it waited (WaitedTicks=top)", true));
                }
                drainer.onDeepStacks(SamplingSettings.Incremental.DEEP_FRAMES, settings.budget(), (threadName, names) -> attachNarrowProbes(
                                "thread " + threadName + "'s stacks are " + SamplingSettings.Incremental.DEEP_FRAMES + " frames deep or more and the cost budget leaves it under one walk in "
                                                + Drainer.THINNED_WEIGHT + " ticks (Incremental=" + incrementalValue() + ")", threadName, names));
            }
            if ((settings.autoPeriod() || settings.steadyState()) && tuner == null) {
                PeriodTuner t = new PeriodTuner(clock.periodNanos(), settings.autoPeriod(), settings.minPeriodNanos(), settings.maxPeriodNanos(), settings.steadyState(),
                                p -> {
                                    clock.tunePeriodNanos(p);
                                    drainer.setPeriodNanos(p);
                                }, System.nanoTime());
                tuner = t;
                drainer.setTuner(t);
            }
            drainer.start();
            clock.start();
        } else {
            clock.stop();
            clock.flushBurstsOfCurrentThread();
            resolveOutstanding();
            drainer.stop();
            String extrapolated = drainer.finishBurstSchedule();
            if (extrapolated != null) {
                PeriodTuner.note(samplingNotes, startNanos, "sampling stopped with the burst probes detached: " + extrapolated);
            }
        }
        collecting = on;
    }

    /**
     * After the clock stopped, waits a little for requests still on their way to guest threads,
     * then gives up on them (counted as failed): a thread blocked outside any safepoint for longer
     * than this would otherwise keep the books open forever.
     */
    private void resolveOutstanding() {
        // two periods, at least 50 ms, at most 500 ms: a thread that reaches no safepoint for that
        // long is blocked in the host, and a long period must not make an engine close wait minutes
        long deadline = System.nanoTime() + Math.min(500_000_000L, Math.max(50_000_000L, 2 * clock.periodNanos()));
        while (System.nanoTime() < deadline) {
            drainer.drainOnce();
            boolean any = false;
            for (SampledThread t : drainer.liveThreads()) {
                any |= t.outstandingSince() != 0 || t.ledger.holding(); // a capture under way publishes soon
            }
            if (!any) {
                return;
            }
            java.util.concurrent.locks.LockSupport.parkNanos(1_000_000L);
        }
        for (SampledThread t : drainer.liveThreads()) {
            long since = t.outstandingSince();
            if (since != 0) {
                t.abandonRequest(since);
            }
        }
    }

    /**
     * Whether guest code can be compiled: false on Truffle's fallback runtime, where the profile
     * shows interpreter behaviour.
     *
     * @since 0.1
     */
    public boolean isOptimizingRuntime() {
        return optimizing;
    }

    /**
     * Whether samples are being collected: after {@link #setCollecting(boolean) setCollecting(true)}
     * until {@code setCollecting(false)} or {@link #close()}.
     *
     * @since 0.1
     */
    public synchronized boolean isCollecting() {
        return collecting;
    }

    /**
     * Changes the sampling period, the interval between two samples of each guest thread; only
     * while not collecting.
     *
     * @throws IllegalStateException while collecting, or when closed
     * @throws IllegalArgumentException outside 100µs..60s
     * @since 0.1
     */
    public synchronized void setPeriod(Duration period) {
        checkOpen();
        if (collecting) {
            throw new IllegalStateException("Stop collecting before changing the period.");
        }
        long ns = period.toNanos();
        if (ns < 100_000 || ns > 60_000_000_000L) {
            throw new IllegalArgumentException("Invalid period " + period + ": use 100us to 60s.");
        }
        clock.setPeriodNanos(ns);
        drainer.setPeriodNanos(ns);
        tuner = null;
        drainer.setTuner(null);
    }

    /**
     * The sampling period: the interval between two samples of each guest thread.
     *
     * @since 0.1
     */
    public Duration getPeriod() {
        return Duration.ofNanos(clock.periodNanos());
    }

    /**
     * Delays the first sample after each {@link #setCollecting(boolean) start}, to skip start-up;
     * {@link Duration#ZERO} samples at once.
     *
     * @since 0.1
     */
    public synchronized void setDelay(Duration delay) {
        clock.setDelayNanos(delay.toNanos());
    }

    /**
     * Whether the code a language runs to initialize its context (TruffleRuby's core library,
     * GraalPy's Python library) is walked like any other ({@code SampleContextInitialization});
     * by default a sample taken then is one frame, {@code <context initialization (<language>)>}.
     * Applies to samples taken from now on.
     *
     * @since 0.4
     */
    public void setSampleContextInitialization(boolean on) {
        initialization.setSampled(on);
    }

    /**
     * See {@link #setSampleContextInitialization(boolean)}.
     *
     * @since 0.4
     */
    public boolean isSampleContextInitialization() {
        return initialization.sampled();
    }

    /**
     * Replaces the frame filter, with the patterns of the {@code FilterRootName},
     * {@code FilterFile} and {@code FilterLanguage} options ({@code *} and {@code ?} wildcards,
     * comma-separated alternatives; {@code "*"} keeps everything) and {@code SampleInternal}. It
     * decides again for every method, including those already seen, and applies to samples
     * drained from now on; samples already applied keep their frames.
     *
     * @throws IllegalArgumentException for a malformed pattern
     * @since 0.1
     */
    public void setFilter(String rootNames, String files, String languages, boolean internal) {
        drainer.setFilter(new FrameFilter(WildcardFilter.compile(rootNames), WildcardFilter.compile(files), WildcardFilter.compile(languages), internal));
    }

    /**
     * Caps the calling-context nodes of the CC-Map over all threads ({@code --ccsampler.MaxContextNodes}):
     * above the cap the coldest nodes are pruned (their ticks folded into their callers, so every
     * total stays, and counted as {@link Accounting#pruned() pruned}). Any thread.
     *
     * @param nodes the cap, at least 1
     * @throws IllegalArgumentException when {@code nodes} is below 1
     * @since 0.2
     */
    public void setMaxContextNodes(int nodes) {
        synchronized (map) {
            map.setMaxContextNodes(nodes);
        }
    }

    /**
     * Whether the calling context trees of a polyglot context that closes are folded into its
     * threads' trees of closed contexts ({@code --ccsampler.FoldClosedContexts}, default on): a
     * snapshot then shows, per thread, one tree with {@link dev.ccsampler.ccmap.ThreadProfile#context()} {@code -1} for
     * every context of it that closed, besides a tree per context still open. A thread that runs
     * one program in fresh contexts one after another keeps one tree instead of one per context
     * (which filled {@link #setMaxContextNodes the cap} and was pruned). Off, every (context,
     * thread) keeps its own tree; contexts folded before stay folded. Any thread.
     *
     * @since 0.5
     */
    public void setFoldClosedContexts(boolean on) {
        drainer.setFoldClosedContexts(on);
    }

    /**
     * Calling-context nodes in the CC-Map now, over all threads (after pruning). Any thread.
     *
     * @since 0.2
     */
    public int getContextNodeCount() {
        return map.contextNodeCount();
    }

    /**
     * Frames kept per sample ({@code --ccsampler.StackLimit}); deeper stacks lose their outermost
     * frames and count as {@link Accounting#truncated() truncated}.
     *
     * @since 0.1
     */
    public int getStackLimit() {
        return stackLimit;
    }

    /**
     * A consistent copy of everything collected so far, taken without stopping guest threads: the
     * drain applies whole samples under the CC-Map's lock, and the copy is made under the same lock.
     * While collecting, requests not yet resolved appear as {@link Accounting#inFlight()}. The
     * snapshot carries the profile-quality warnings in {@link ProfileSnapshot.Meta#warnings()} and
     * the compiler-feedback hints so far in {@link ProfileSnapshot#hints()}.
     *
     * @since 0.1
     */
    public ProfileSnapshot takeSnapshot() {
        ProfileSnapshot s = snapshotWithoutHints();
        List<dev.ccsampler.ccmap.CompilerHint> hints = feedback.hints();
        return hints.isEmpty() ? s : s.withHints(hints);
    }

    private ProfileSnapshot snapshotWithoutHints() {
        boolean stopped;
        synchronized (this) {
            stopped = !collecting;
        }
        drainer.drainOnce();
        PeriodTuner t = tuner;
        List<String> sampling = new ArrayList<>();
        synchronized (samplingNotes) {
            sampling.addAll(samplingNotes);
        }
        if (t != null) {
            sampling.addAll(t.events());
        }
        String judged = drainer.probeJudgement();
        if (judged != null) {
            sampling.add(judged);
        }
        DormantProbes d = probesCounting.get() ? dormantProbes : null; // on standby nothing is asleep yet
        String asleep = d == null ? null : d.summary();
        if (asleep != null) {
            sampling.add(asleep);
        }
        dev.ccsampler.burst.BurstTotals bursts = drainer.burstTotals();
        if (bursts != null) {
            sampling.add(bursts.summary());
        }
        String cpuTime = clock.cpuTimeSummary();
        if (cpuTime != null) {
            sampling.add(cpuTime);
        }
        String verified = drainer.verificationSummary(); // the VerifyIncremental test switch only
        if (verified != null) {
            sampling.add(verified);
        }
        long beforeFirstPoll = drainer.beforeFirstPollTicks();
        if (beforeFirstPoll > 0) {
            sampling.add(beforeFirstPoll + " skipped ticks (" + Accounting.formatNanos(beforeFirstPoll * clock.tickUnitNanos())
                            + " of thread time) passed before a thread's first safepoint poll: language start-up and parsing run no guest code, so no stack had them");
        }
        sampling = List.copyOf(sampling);
        ProfileSnapshot.Meta meta = new ProfileSnapshot.Meta(clock.tickUnitNanos(), startEpochMillis, System.currentTimeMillis(), runtimeName, optimizing,
                        stackLimit, List.of(), sampling);
        ProfileSnapshot s = drainer.snapshot(meta, stopped);
        List<String> warnings = new ArrayList<>(faults.lines());
        warnings.addAll(warnings(s, clock.overruns(), beforeFirstPoll, drainer.initializationTicks(), drainer.filter()));
        if (bursts != null && bursts.dropped() > 0) {
            warnings.add(bursts.dropped() + " of " + bursts.started() + " bursts were dropped because the drain had not taken the thread's previous ones yet (the drain was busy, attaching probes for instance, or the machine was): "
                            + "their calls are missing from the call counts. A longer --ccsampler.Period gives the drain more time.");
        }
        if (settings.incremental() == SamplingSettings.Incremental.ON && contextsBeforeUs) {
            warnings.add("Stack walks were full, not incremental: the sampler was created after a context of this engine. Look it up with CCSampler.find(engine) before building the first context, or pass a --ccsampler option to the engine.");
        }
        return new ProfileSnapshot(new ProfileSnapshot.Meta(meta.periodNanos(), meta.startEpochMillis(), meta.endEpochMillis(), runtimeName, optimizing,
                        stackLimit, List.copyOf(warnings), sampling), s.methods(), s.methodStats(), s.callSites(), s.threads(), s.endedLatency());
    }

    /** Samples from which the "each sample stood for" warning judges the walks. */
    static final int THINNED_WARNING_SAMPLES = 20;

    /**
     * Profile-quality warnings, each naming the option that would fix it.
     *
     * @param beforeFirstPoll skipped ticks that passed before a thread's first safepoint poll: a
     *            sampling note, not a warning (no option changes them)
     * @param initialization ticks of samples of a language's context initialization, and of those
     *            the late ones ({@link dev.ccsampler.drain.Drainer#initializationTicks()}): not
     *            counted in the late-sample warning
     * @param filter the frame filter in force, to say which option shows the hidden frames
     */
    static List<String> warnings(ProfileSnapshot s, long overruns, long beforeFirstPoll, long[] initialization, dev.ccsampler.drain.FrameFilter filter) {
        List<String> w = new ArrayList<>();
        Accounting a = s.accounting();
        if (!s.meta().optimizing()) {
            w.add("Guest code ran on Truffle's fallback runtime (no compilation): the profile shows interpreter behaviour. Run on a JDK with JVMCI (bin/ccsampler finds one).");
        }
        if (a.truncated() > 0) {
            w.add(a.truncated() + " samples were cut at " + s.meta().stackLimit() + " frames: raise --ccsampler.StackLimit to see their outer frames.");
        }
        if (a.dropped() > 0) {
            w.add(a.dropped() + " samples were dropped because a thread's buffer was full: raise --ccsampler.BufferSize.");
        }
        // not the samples of a language's context initialization: its start-up waits for its own
        // parser, and no option of ours changes that. What is left of a short script may be a few
        // ticks of its exit: too few to judge a share by
        long captured = a.taken() + a.late() - initialization[0];
        long late = a.late() - initialization[1];
        boolean enough = initialization[0] == 0 || captured >= 100;
        if (captured > 0 && enough && late * 10 > captured) {
            w.add(String.format("%.0f%% of samples were late (p99 latency %s): compiled loops poll safepoints rarely, so a sample lands at the next poll; a longer --ccsampler.Period makes the delay a smaller share.",
                            100.0 * late / captured, Accounting.formatNanos(a.latencyP99Nanos())));
        }
        long skipped = Math.max(0, a.skipped() - beforeFirstPoll);
        if (a.requested() > 0 && skipped * 5 > a.requested()) {
            w.add(String.format("%.0f%% of ticks are in no sample: they passed while a request waited for a safepoint and no frame on top was known for them (before the root probes were attached, with --ccsampler.WaitedTicks=skip, or with --ccsampler.Incremental=false), or after the last sample.",
                            100.0 * skipped / a.requested()));
        }
        if (a.requested() > 0 && a.failed() * 10 > a.requested()) {
            // requests that can never be performed: their ticks are real guest time, on no stack
            w.add(String.format("%.0f%% of ticks are in no sample because their request was never performed (failed): the thread ended, left its context or the context closed, "
                            + "or sampling stopped, before the thread's next safepoint poll (code that does not poll, like a compiled counted loop, keeps a request waiting), or the walk threw (reported apart).",
                            100.0 * a.failed() / a.requested()));
        }
        long noVisibleFrame = 0;
        for (dev.ccsampler.ccmap.ThreadProfile t : s.threads()) {
            noVisibleFrame += t.root().self();
        }
        long applied = a.taken() + a.late();
        if (applied > 0 && noVisibleFrame * 10 > applied) {
            List<String> show = new ArrayList<>();
            if (!filter.sampleInternal()) {
                show.add(" --ccsampler.SampleInternal=true shows the internal frames.");
            }
            if (!filter.rootName().matchesAll() || !filter.file().matchesAll() || !filter.language().matchesAll()) {
                show.add(" --ccsampler.FilterRootName, FilterFile and FilterLanguage hide the others.");
            }
            w.add(String.format("%.0f%% of ticks had no visible frame (the <no visible frame> row): the thread ran only hidden frames, "
                            + "such as a language's start-up and its library written in the language itself, or host code outside any guest call.%s",
                            100.0 * noVisibleFrame / applied, String.join("", show)));
        }
        if (a.requested() > 0 && a.samples() < 100) {
            w.add("Only " + a.samples() + " samples: lower --ccsampler.Period or profile a longer run for a stable profile.");
        }
        // a handful of samples says nothing of the walks' cost: a short script's one sample may
        // carry the ticks of its whole start-up, waited for its first poll
        if (a.samples() >= THINNED_WARNING_SAMPLES && a.applied() > 20 * a.samples()) {
            w.add(String.format("Each sample stood for %.0f ticks on average: walks were expensive (deep stacks, or --ccsampler.Incremental=false) and the capture budget thinned them out, "
                            + "or requests waited long for safepoint polls (see the late samples); the shares stay unbiased but noisier. Raise --ccsampler.CostBudget or --ccsampler.Period.",
                            (double) a.applied() / a.samples()));
        }
        if (a.pruned() > 0) {
            w.add(String.format("%.1f%% of ticks lost part of their calling context to the CC-Map's memory cap (they count in a caller's self time; per-function totals are exact): raise --ccsampler.MaxContextNodes.",
                            100.0 * a.pruned() / Math.max(1, a.applied())));
        }
        if (overruns > 0) {
            w.add("The sampling clock missed " + overruns + " ticks (the machine was busy): raise --ccsampler.Period.");
        }
        return List.copyOf(w);
    }

    /**
     * Forgets everything collected so far: samples, methods and accounting. Threads still alive
     * stay registered and count from zero; collecting goes on if it was on.
     *
     * @since 0.1
     */
    public void clear() {
        drainer.clear();
    }

    /**
     * Incremental walks that differed from a full walk of the same stack; counted only with the
     * {@code --ccsampler.VerifyIncremental} test switch, and 0 whenever incremental walks are right.
     *
     * @since 0.1
     */
    public long getIncrementalMismatches() {
        return drainer.incrementalMismatches();
    }

    /**
     * Accounting summed over every thread seen since the last {@link #clear()}.
     *
     * @since 0.1
     */
    public Accounting getAccounting() {
        boolean stopped;
        synchronized (this) {
            stopped = !collecting;
        }
        return drainer.accounting(stopped);
    }

    /**
     * Writes a snapshot in a format to a stream, merging all threads first when
     * {@link ReportOptions#summariseThreads()} is set. Does not close {@code out}. Needs no
     * sampler: also works on a snapshot read back with {@link dev.ccsampler.report.JsonProfileReader}.
     *
     * @since 0.1
     */
    public static void write(ProfileSnapshot snapshot, Format format, ReportOptions options, OutputStream out) throws IOException {
        ProfileSnapshot s = options.summariseThreads() ? snapshot.mergeThreads() : snapshot;
        format.reporter().write(s, options, out);
    }

    /**
     * Writes a snapshot in a format to a file, replacing it if it exists; see
     * {@link #write(ProfileSnapshot, Format, ReportOptions, OutputStream)}. The profile is written
     * to a new file in the same directory and moved over {@code file} once complete, so a write that
     * fails leaves {@code file} as it was; what is no regular file ({@code /dev/stdout}, a pipe), or
     * lies in a directory where no file can be made, is written in place.
     *
     * @since 0.1
     */
    public static void write(ProfileSnapshot snapshot, Format format, ReportOptions options, Path file) throws IOException {
        // a new file next to it, moved over it once complete: a failed write (a full disk, a bug in
        // a reporter) leaves whatever the file held before. Not for what is no regular file
        // (/dev/stdout, a pipe), nor where no file can be made next to it: written in place there.
        Path abs = Files.exists(file) ? file.toRealPath() : file.toAbsolutePath(); // a symbolic link stays one
        OutputStream direct = null;
        Path tmp = abs.resolveSibling("." + abs.getFileName() + ".ccsampler-" + Long.toHexString(System.nanoTime()) + ".tmp");
        OutputStream out;
        if (Files.exists(abs) && !Files.isRegularFile(abs)) {
            out = direct = Files.newOutputStream(abs);
        } else {
            try {
                out = Files.newOutputStream(tmp, java.nio.file.StandardOpenOption.CREATE_NEW, java.nio.file.StandardOpenOption.WRITE);
            } catch (IOException e) {
                out = direct = Files.newOutputStream(abs);
            }
        }
        try {
            try (OutputStream o = FaultInjection.wrap(FaultInjection.Point.REPORT, new java.io.BufferedOutputStream(out))) {
                write(snapshot, format, options, o);
            }
            if (direct == null) {
                try {
                    Files.move(tmp, abs, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
                } catch (java.nio.file.AtomicMoveNotSupportedException e) {
                    Files.move(tmp, abs, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                }
            }
        } finally {
            if (direct == null) {
                Files.deleteIfExists(tmp);
            }
        }
    }

    /**
     * Stops collecting and detaches from the engine; later calls to {@link #setCollecting(boolean)}
     * and {@link #setPeriod(Duration)} throw {@link IllegalStateException}. Snapshots can still be
     * taken. Calling it again does nothing.
     *
     * @since 0.1
     */
    @Override
    public void close() {
        // outside this object's lock: the feedback thread's last round takes a snapshot, which takes it
        feedback.close();
        synchronized (this) {
            if (closed) {
                return;
            }
            setCollecting(false);
            if (contextsBinding != null) {
                contextsBinding.dispose();
            }
            synchronized (probesLock) {
                probesClosed = true;
                if (probesBinding != null && !probesTakenOut) {
                    probesBinding.dispose();
                }
                disposeWoken();
                if (rootEventsBinding != null) {
                    rootEventsBinding.dispose();
                }
                if (burstBinding != null) {
                    burstBinding.dispose();
                    burstBinding = null;
                }
            }
            synchronized (entersLock) {
                entersClosed = true;
                if (entersBinding != null) {
                    entersBinding.dispose();
                }
            }
            if (threadsBinding != null) {
                threadsBinding.dispose();
            }
            synchronized (edgeMemosMade) {
                for (java.lang.ref.WeakReference<dev.ccsampler.capture.EdgeMemo.Shared> r : edgeMemosMade) {
                    dev.ccsampler.capture.EdgeMemo.Shared m = r.get();
                    if (m != null) {
                        m.release();
                    }
                }
                edgeMemosMade.clear();
            }
            closed = true;
        }
    }

    /**
     * Sets what the compiler-feedback stage does: {@link FeedbackMode#ADVISE} proposes hints from
     * the CC-Map, {@link FeedbackMode#APPLY} also applies them, {@link FeedbackMode#OFF} stops both.
     * May be called at any time, also while guests run; leaving {@code APPLY} stops further actions
     * (splits and compilations already done stay). Hints come from samples, so collect while feedback
     * is on. On the fallback runtime feedback stays off and a line on the engine's error stream says
     * so. See docs/feedback.md.
     *
     * @since 0.2
     */
    public void setFeedback(FeedbackMode mode) {
        if (mode != FeedbackMode.OFF && !optimizing) {
            new java.io.PrintStream(env.err(), true).println("[ccsampler] compiler feedback needs the optimizing runtime (this is " + runtimeName
                            + "): --ccsampler.Feedback=" + mode.id() + " is ignored; the profile is collected as usual.");
            return;
        }
        feedback.setMode(mode);
    }

    /**
     * Sets how many compiler hints of each kind (compile, split, inline) are applied and saved:
     * those whose root or call edge has the largest share of samples in this run, ranked in the
     * hints file; {@link #loadHints(Path)} afterwards applies the first {@code n} of each kind by
     * saved rank. The same as {@code --ccsampler.MaxHintsPerKind} (default 8).
     *
     * @throws IllegalArgumentException when {@code n} is below 1
     * @since 0.3
     */
    public void setMaxHintsPerKind(int n) {
        feedback.setMaxHintsPerKind(n);
    }

    /**
     * How many compiler hints of each kind are applied and saved.
     *
     * @since 0.3
     */
    public int getMaxHintsPerKind() {
        return feedback.maxHintsPerKind();
    }

    /**
     * The compiler-feedback mode; {@link FeedbackMode#OFF} on the fallback runtime.
     *
     * @since 0.2
     */
    public FeedbackMode getFeedback() {
        return feedback.mode();
    }

    /**
     * Loads hints saved by an earlier run ({@link #saveHints(Path)}); in {@link FeedbackMode#APPLY}
     * they are applied as soon as their functions have run. Hints are matched by language, function
     * name, source name, source section and a hash of the source's content; a hint whose source
     * changed is reported stale, one whose function never runs unmatched.
     *
     * @throws IllegalArgumentException when the file cannot be read or is not a valid hints file;
     *             the message names the file and the bad entry, and no hint of the file is used
     * @since 0.2
     */
    public void loadHints(Path file) {
        if (!optimizing) {
            new java.io.PrintStream(env.err(), true).println("[ccsampler] compiler feedback needs the optimizing runtime (this is " + runtimeName + "): hints in " + file + " are ignored.");
            return;
        }
        String error = feedback.load(file);
        if (error != null) {
            throw new IllegalArgumentException(error);
        }
    }

    /**
     * Saves every hint of this run, with its reason, evidence, action and observed outcome, as JSON
     * (schema in docs/json-schema.md), for {@link #loadHints(Path)} in a later run.
     *
     * @since 0.2
     */
    public void saveHints(Path file) throws IOException {
        feedback.save(file);
    }

    /**
     * Writes the hints report: every hint with its rule, evidence, action and outcome (with its
     * roots' compilations, deoptimizations and invalidations since the hint), as text or as the
     * JSON of {@link #saveHints(Path)}. Does not close {@code out}.
     *
     * @since 0.2
     */
    public void writeHints(OutputStream out, boolean json) throws IOException {
        feedback.write(out, json);
    }

    /**
     * One line about compiler feedback: the mode and the hints by state.
     *
     * @since 0.2
     */
    public String feedbackSummary() {
        return feedback.summary();
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("This CCSampler is closed.");
        }
    }
}
