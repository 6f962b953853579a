package dev.ccsampler.capture;

import com.oracle.truffle.api.ContextThreadLocal;
import com.oracle.truffle.api.RootCallTarget;
import com.oracle.truffle.api.nodes.Node;
import dev.ccsampler.burst.BurstState;
import dev.ccsampler.burst.TrivialRoots;
import dev.ccsampler.fault.FaultInjection;
import dev.ccsampler.queue.SampleRecord;
import dev.ccsampler.queue.SpscSampleRing;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One guest thread in one polyglot context, as the sampler sees it: its ring, its books
 * ({@link RequestLedger}) and its stack recorder. The clock's own per-thread state (when to ask
 * next) lives in the trigger stage; this class is what a sample passes through on the guest
 * thread, from {@link #capture} to the ring.
 *
 * <p>Threads: {@link #capture} runs on the guest thread; the clock and the drain use the ledger
 * and the ring through their own documented sides.
 */
public final class SampledThread {

    private static final VarHandle ENDED;
    private static final VarHandle PENDING;
    private static final VarHandle UNPERFORMED;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            ENDED = l.findVarHandle(SampledThread.class, "ended", boolean.class);
            PENDING = l.findVarHandle(SampledThread.class, "pending", PendingRequest.class);
            UNPERFORMED = l.findVarHandle(SampledThread.class, "unperformedRequests", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** How many times in a row a partial safepoint may pass a thread over before it is walked anyway. */
    public static final int MAX_DEFERRALS = 2;

    /** The guest thread. */
    public final Thread thread;
    /** Dense id of the polyglot context. */
    public final int contextId;
    /** Thread name when first seen. */
    public final String threadName;
    /** This thread's ring; the guest produces, the drain consumes. */
    public final SpscSampleRing ring;
    /** This thread's books in ticks. */
    public final RequestLedger ledger;
    private final StackRecorder recorder;
    private final ContextThreadLocal<CallDepth> marks;
    private final boolean verify;
    /** The burst states of the engine, or null when bursting is off. */
    private final ContextThreadLocal<BurstState> bursts;
    /** This thread's burst state, once its first capture looked it up (guest writes once, the drain reads). */
    private volatile BurstState burst;
    /** Clock thread only: the generation of the frame {@link #topNow()} read last. */
    private long topGen;
    /** This thread's call depth marks, once its first capture looked them up (guest writes, the clock reads). */
    private volatile CallDepth marksSeen;
    /** Set once the marks may no longer be used ({@link #retireMarksWhen}); null when they never retire. */
    private AtomicBoolean marksRetired;
    private AtomicBoolean marksAttached;
    /** Guest thread only: partial-safepoint deferrals in a row. */
    private int deferralsInARow;
    /**
     * Guest thread only: where the ticks of deferred requests go (passed over by a partial
     * safepoint, or performed after a context switch; {@link
     * RequestLedger.Waited#TOP}): each claim's top slots, its own weight on slot 0's top, as {@link
     * #placeAll} would have placed them. Their ticks are in the carry, so in the next claim's weight,
     * and that capture places them on the frames the clock saw, as far as those are still on the
     * stack or known. Until 2026-11-28 a deferral passed the ticks on unplaced, so they landed
     * wherever the thread was at its next capture: a thread that polled late (in a counted loop)
     * was the one passed over, and eight threads on two cores gave such a loop 0–5 points less
     * (2.4 on average).
     */
    private final long[] deferredTops = new long[DEFERRED_SLOTS];
    private final long[] deferredGens = new long[DEFERRED_SLOTS];
    private final long[] deferredTicks = new long[DEFERRED_SLOTS];
    private int deferredSlots;
    private static final int DEFERRED_SLOTS = RequestLedger.TOP_SLOTS * MAX_DEFERRALS;
    /** What a capture costs this Java thread: shared by its states in the engine's contexts. */
    private CaptureCost cost = new CaptureCost();
    /** Where the thread initializes a language context, or null: always walk. */
    private ContextInitialization initialization;
    /** The trivial roots the burst probes saw, or null (bursting off). */
    private TrivialRoots trivialRoots;
    private volatile boolean ended;
    /** The first exception a walk of this thread threw (guest writes once, the drain reports it). */
    private volatile Throwable walkFailure;
    /**
     * The clock's last submission that included this thread, while it is outstanding (clock
     * writes, drain reads and forgets it once resolved: {@link #forgetResolvedRequest}).
     */
    private volatile PendingRequest pending;
    /** The Java thread's entered contexts, or null when not followed ({@link #followEnters}). */
    private volatile EnteredContexts entered;
    private com.oracle.truffle.api.TruffleContext enteredContext;
    /** {@link EnteredContexts#switches()} when the outstanding request was sent (clock writes before the submission). */
    private long requestSwitches;
    /** The Java thread's enters and leaves, followed or counted ({@link EnteredContexts}); set at the thread's join. */
    private volatile EnteredContexts record;
    /** {@link EnteredContexts#count()} just before the last request was sent. Clock thread only. */
    private long requestCount;
    /** Requests that came back unperformed while the thread lived ({@link #unperformed}). */
    @SuppressWarnings("unused") private int unperformedRequests;

    /** A submission: its time and the future Truffle returned for it. */
    public record PendingRequest(long submitNanos, java.util.concurrent.Future<?> future) {
    }

    /**
     * @param marks the call depth marks of incremental walks, or null for full walks
     * @param verify test switch: check every incremental walk against a full one
     */
    public SampledThread(Thread thread, int contextId, int ringCapacity, int stackLimit, ContextThreadLocal<CallDepth> marks, boolean verify, RequestLedger.Waited waited) {
        this(thread, contextId, ringCapacity, stackLimit, marks, verify, waited, null);
    }

    /**
     * @param bursts the per-thread burst states when bursting is on, else null
     * @see #SampledThread(Thread, int, int, int, ContextThreadLocal, boolean, RequestLedger.Waited)
     */
    public SampledThread(Thread thread, int contextId, int ringCapacity, int stackLimit, ContextThreadLocal<CallDepth> marks, boolean verify, RequestLedger.Waited waited,
                    ContextThreadLocal<BurstState> bursts) {
        this.bursts = bursts;
        this.ledger = new RequestLedger(waited);
        this.thread = thread;
        this.contextId = contextId;
        this.threadName = thread.getName();
        this.ring = new SpscSampleRing(ringCapacity, Math.min(stackLimit, 64));
        this.recorder = new StackRecorder(stackLimit);
        this.marks = marks;
        this.verify = verify;
    }

    /** Walks every frame above the stop the marks give ({@code WriteKnownFrames=false}); before the thread's first capture. */
    public void writeNoKnownFrames() {
        recorder.setFill(false);
    }

    /** A thread with full walks, for tools and benchmarks. */
    public SampledThread(Thread thread, int contextId, int ringCapacity, int stackLimit) {
        this(thread, contextId, ringCapacity, stackLimit, null, false, RequestLedger.Waited.SKIP);
        walkFully();
    }

    /**
     * Makes every walk a full one: no stop at an activation the last stack had either
     * ({@code Incremental=false}, tools and benchmarks). Before the thread's first capture.
     */
    public void walkFully() {
        recorder.setSameActivationStops(false);
        recorder.setFill(false);
    }

    /**
     * Uses {@code trivial}, the trivial roots the burst probes saw: a compiled trivial root on top
     * that polled at its own root node is taken to be at its return poll (bursting only).
     */
    public void useTrivialRoots(TrivialRoots trivial) {
        trivialRoots = trivial;
    }

    /**
     * Takes a sample as one synthetic frame while the thread initializes a language context
     * ({@link ContextInitialization#current()}). Before the thread's first capture.
     */
    public void useContextInitialization(ContextInitialization init) {
        initialization = init;
    }

    private boolean trivialTop(SampleRecord r) {
        TrivialRoots t = trivialRoots;
        return t != null && r.depth > 0 && r.targets[0] instanceof RootCallTarget top && t.contains(System.identityHashCode(top.getRootNode()));
    }

    /**
     * Shares {@code shared}, the cost estimate of this Java thread's states in the engine's other
     * contexts ({@link CaptureCost}). Before the thread's first capture.
     */
    public void shareCost(CaptureCost shared) {
        cost = shared;
    }

    /**
     * Shares the memo of what this Java thread's walks saw in the engine's other contexts ({@link
     * EdgeMemo}): a context's first walks can write frames the earlier contexts' walks saw. {@code
     * shared} gives the current thread's memo; it is called on this thread, at its first walk.
     * Before the thread's first capture.
     */
    public void shareMemo(java.util.function.Supplier<EdgeMemo.Shared> shared) {
        recorder.shareMemo(shared);
    }

    /**
     * Makes this state's call depth marks known to the Java thread's states in the engine's other
     * contexts at once ({@link StackRecorder#registerMarks}). Only on the thread itself (Truffle
     * notifies a thread's initialization in a context on that thread, inside its first enter);
     * elsewhere (a listener attached late, replaying threads already initialized) the first walk
     * registers them. After {@link #shareMemo}.
     */
    public void registerMarks(com.oracle.truffle.api.TruffleContext context) {
        if (marks == null || thread != Thread.currentThread()) {
            return;
        }
        CallDepth m;
        try {
            m = marks.get(context, thread);
        } catch (IllegalStateException e) {
            return; // not initialized in that context yet: the first walk registers them
        }
        recorder.registerMarks(m);
    }

    /**
     * This state's context, and {@code record}, the Java thread's enters and leaves, for {@link
     * EnteredContexts}. On the thread itself, before its first tick.
     */
    void inContext(com.oracle.truffle.api.TruffleContext context, EnteredContexts record) {
        enteredContext = context;
        this.record = record;
    }

    /** This state's context as {@link #inContext} gave it, or null. */
    com.oracle.truffle.api.TruffleContext context() {
        return enteredContext;
    }

    /**
     * Samples this state only while its context is the innermost one the thread has entered, as
     * {@code entered}, the Java thread's record, tells ({@link EnteredContexts#join}). On the thread
     * itself. A state that does not follow one is sampled whenever the thread is alive.
     */
    void followEnters(EnteredContexts entered) {
        this.entered = entered;
    }

    /**
     * Whether the thread runs in this state's context now, as far as the clock can tell: always
     * true when its enters are not followed. Clock thread (a racy read, benign: a tick of the
     * moment before or after a switch).
     */
    public boolean inContextNow() {
        EnteredContexts e = entered;
        if (e != null) {
            return e.top() == enteredContext;
        }
        EnteredContexts r = record;
        return r == null || r.countedInside(enteredContext);
    }

    /**
     * The guest thread's CPU time when the clock sent its request, or -1 when not measured. Written
     * by the clock before {@link RequestLedger#beginRequest} (whose release publishes it), read by
     * the capture after its claim.
     */
    private long cpuAtRequest = -1;

    /**
     * Notes the guest thread's CPU time for the request about to be sent, when {@code measure}
     * (while the probes of {@code WaitedTicks=top} are not attached yet: {@link ThreadCpuClock}).
     * Clock thread, before {@link RequestLedger#beginRequest}.
     */
    public void noteRequestCpu(boolean measure) {
        cpuAtRequest = measure ? ThreadCpuClock.of(thread) : -1;
    }

    /**
     * Notes the thread's context switches so far for the request about to be sent: a request
     * performed after a switch is not walked ({@link #capture}); and, where the thread's enters
     * and leaves are counted, the count, which opens the bracket {@link #closeBracket} closes.
     * Clock thread, before the submission (which publishes it).
     */
    public void noteSwitches() {
        EnteredContexts e = entered;
        requestSwitches = e == null ? 0 : e.switches();
        EnteredContexts r = record;
        requestCount = r == null ? 0 : r.count();
    }

    /**
     * Closes the bracket {@link #noteSwitches} opened around the submission of a request to this
     * thread alone ({@link #countedAlone()}): when Truffle completed it at once (the future is done
     * as the submission returns: the thread was not active in the context) and the thread's count
     * of enters and leaves did not change meanwhile, the thread was entered zero times at that
     * count ({@link EnteredContexts#learnOutside}). A request completed later, unperformed, is no
     * such evidence: Truffle also completes a thread's request when the thread leaves the context
     * before its next poll. Clock thread, right after the submission.
     */
    public void closeBracket(java.util.concurrent.Future<?> f, long submitNanos) {
        EnteredContexts r = record;
        Unperformed u = onUnperformed;
        if (r != null && entered == null && f != null && f.isDone() && ledger.outstandingSince() == submitNanos && r.count() == requestCount && u != null && u.countingSince(submitNanos)) {
            r.learnOutside(enteredContext, requestCount);
        }
    }

    /**
     * Whether the clock sends this thread its next request alone, so that {@link #closeBracket}
     * can tell whether it is outside its context: its enters and leaves are counted, not followed,
     * two or more of its requests came back unperformed while it lived, and its record has no base
     * yet or one of its requests came back unperformed since the last was sent (the base may be
     * wrong). Otherwise it is asked with the others: a submission takes the context's lock and
     * sends every thread's next enter and leave through Truffle's slow path. Clock thread.
     */
    public boolean countedAlone() {
        EnteredContexts r = record;
        int n = (int) UNPERFORMED.getAcquire(this);
        boolean alone = entered == null && r != null && n >= 2 && (!r.baseKnown() || n != unperformedAtSend);
        unperformedAtSend = n;
        return alone;
    }

    /** {@link #unperformedRequests} when the clock last asked {@link #countedAlone()}. Clock thread only. */
    private int unperformedAtSend;

    /**
     * Counts a request of this live thread that came back unperformed ({@link
     * #abandonIfUnperformable}): the thread was outside the context when it was sent, or left it
     * before its next poll. Returns how many did so far. Drain or clock thread, the one that
     * abandoned the request.
     */
    public int unperformed() {
        return (int) UNPERFORMED.getAndAdd(this, 1) + 1;
    }

    /**
     * Whether the thread switched contexts since the request was sent. Then the action may run
     * at a poll of another context, which Truffle entered this state's context for (its own
     * enter is a switch too), and a walk would give the other context's stack; or the thread
     * left and came back, and the walk would give where it came back, not where the tick found
     * it. Either way the sample would be in the wrong place. Guest thread.
     */
    private boolean switchedSinceRequest() {
        EnteredContexts e = entered;
        return e != null && e.switches() != requestSwitches;
    }

    // ---- guest thread -----------------------------------------------------------------------

    /**
     * Takes one sample of the current thread's guest stack for the request submitted at
     * {@code submitNanos}. Runs on the guest thread, inside {@code ThreadLocalAction.perform}: no
     * lock, no allocation in steady state.
     *
     * @param tick the tick's partial-safepoint gate, or null to walk whatever arrives
     */
    public void capture(long submitNanos, TickGate tick) {
        capture(submitNanos, tick, null);
    }

    /**
     * {@link #capture(long, TickGate)} at a known poll location: the node the guest thread polled
     * at ({@code ThreadLocalAction.Access.getLocation()}), which tells a recursive return's frame
     * from its caller (see {@link StackRecorder}).
     */
    public void capture(long submitNanos, TickGate tick, Node location) {
        long weight = ledger.claim(submitNanos);
        if (weight < 0) {
            return; // already abandoned and counted as failed
        }
        try {
            captureClaimed(submitNanos, tick, location, weight);
        } finally {
            ledger.settled(); // the claimed ticks are counted, or published in the record
        }
    }

    /**
     * The calling thread is about to end a language context's initialization ({@link
     * ContextInitialization#current()} still gives it): a request that waits now is taken here, as
     * the initialization's one synthetic frame with every tick it carries. A language that runs
     * no guest code while it initializes (GraalJS sets its realm up in Java) reaches no poll
     * there; the request then waited for the program's first poll, and all of the start-up's
     * ticks went to the first guest frame (a script of one loop read 580 ms of {@code :program}
     * self time). The request's action, when Truffle runs it later, finds it resolved. Guest
     * thread, from the contexts listener; nothing is walked, so no poll is needed.
     */
    public void initializationEnds() {
        if (thread != Thread.currentThread() || initialization == null || initialization.current() == null) {
            return;
        }
        try {
            long submitNanos = ledger.outstandingSince();
            if (submitNanos == 0) {
                return;
            }
            long weight = ledger.claim(submitNanos, false);
            if (weight < 0) {
                return; // resolved meanwhile (the clock abandoned it)
            }
            try {
                captureClaimed(submitNanos, null, null, weight);
            } finally {
                ledger.settled();
            }
        } finally {
            ledger.initializationEnded();
        }
    }

    /** {@link #capture(long, TickGate, Node)} once the request is claimed for {@code weight} ticks. */
    private void captureClaimed(long submitNanos, TickGate tick, Node location, long weight) {
        if (switchedSinceRequest()) {
            defer(weight); // performed in the wrong place (see there)
            return;
        }
        if (tick != null && !tick.admit() && deferralsInARow < MAX_DEFERRALS) {
            deferralsInARow++;
            defer(weight);
            return;
        }
        deferralsInARow = 0;
        try {
            captureAdmitted(submitNanos, location, weight);
        } finally {
            deferredSlots = 0; // placed by this capture, or left with its walked stack
        }
    }

    /**
     * A claimed request not walked here (a partial safepoint passed it over, or the thread
     * switched contexts since it was sent): its ticks go to this state's next capture, on the tops
     * the clock saw when probes give them ({@link #deferredTops}).
     */
    private void defer(long weight) {
        if (ledger.waited() == RequestLedger.Waited.TOP) {
            keepDeferredTops(weight);
        }
        ledger.deferred(weight);
    }

    /** Notes the top slots of a deferred claim ({@link #deferredTops}). */
    private void keepDeferredTops(long weight) {
        long rest = weight - deferredSum();
        for (int i = 0; i < RequestLedger.TOP_SLOTS; i++) {
            rest -= ledger.claimedTicks(i);
        }
        if (rest < 0) {
            deferredSlots = 0; // not what was kept: place nothing of it
            return;
        }
        for (int i = 0; i < RequestLedger.TOP_SLOTS && deferredSlots < DEFERRED_SLOTS; i++) {
            long ticks = ledger.claimedTicks(i) + (i == 0 ? rest : 0);
            long top = ledger.claimedTop(i);
            long gen = ledger.claimedGeneration(i);
            if (ticks > 0 && top != 0 && gen != 0) {
                deferredTops[deferredSlots] = top;
                deferredGens[deferredSlots] = gen;
                deferredTicks[deferredSlots] = ticks;
                deferredSlots++;
            }
        }
    }

    private long deferredSum() {
        long sum = 0;
        for (int i = 0; i < deferredSlots; i++) {
            sum += deferredTicks[i];
        }
        return sum;
    }

    /** {@link #captureClaimed} once the partial safepoint admitted it. */
    private void captureAdmitted(long submitNanos, Node location, long weight) {
        SampleRecord r = ring.claim();
        if (r == null) {
            ledger.dropped(weight);
            return;
        }
        long start = System.nanoTime();
        r.submitNanos = submitNanos;
        r.captureNanos = start;
        long cpu = cpuAtRequest;
        long cpuNow = cpu < 0 ? -1 : ThreadCpuClock.current(); // -1 also on a virtual thread
        r.waitCpuNanos = cpuNow < 0 ? -1 : Math.max(0, cpuNow - cpu);
        r.weight = weight;
        r.places = 0;
        CallDepth m = currentMarks();
        ContextInitialization.Frame init = initialization == null ? null : initialization.current();
        ledger.beginCapture(start);
        try {
            if (init == null) {
                recorder.walk(r, m, verify, location);
            } else {
                initializationSample(r, init);
            }
            if (init == null && m != null && !r.truncated && ledger.waited() == RequestLedger.Waited.TOP) {
                placeAll(r, m, weight);
            }
            FaultInjection.at(FaultInjection.Point.CAPTURE); // test only: the thread failing or ending mid-walk
        } catch (Throwable t) {
            // the slot stays unpublished and is reused by the next claim
            recorder.invalidate();
            ledger.walkFailed(weight + ledger.endCapture());
            if (walkFailure == null) {
                walkFailure = t; // no allocation: the exception exists; the drain reports it once
            }
            return;
        }
        // the ticks of the walk itself go on the walked stack, not to a placement
        r.weight += ledger.endCapture();
        long took = System.nanoTime() - start;
        r.walkNanos = took;
        if (init == null) {
            cost.walked(start, took); // a synthetic sample says nothing of what walks cost
        }
        BurstState b = bursts == null || init != null ? null : currentBurst();
        if (b != null) {
            r.burstSeq = decideBurst(b, r, weight);
        }
        ring.publish();
        if (init == null) {
            recorder.published(m);
        } else {
            recorder.invalidate(); // the next walk is full: nothing was walked to build on
        }
        if (b != null) {
            b.arm(); // the burst starts when the action returns to guest code
        }
    }

    /**
     * Places a late sample's ticks on the stacks the thread had while they passed ({@link
     * RequestLedger.Waited#TOP}). The clock read the top counted frame at the request and at each
     * waited tick and kept the ticks apart by it, with the newest generation ({@link CallDepth})
     * that frame had at them; the poll came later, maybe in a callee of that frame or after it
     * returned. Per top slot, with {@code j} the frame's counted index, {@code r0} its root,
     * {@code g0} that generation and {@code c} the counted frames now, the frames now on the stack
     * whose generation is at most {@code g0} are the ones that were there at the tick:
     * <ul>
     * <li>counted frame {@code j} is one of them: the counted frames above it are dropped (and
     * what is above those), uncounted ones right on top of it stay;</li>
     * <li>else it returned: it is put back by its hash on the newest of them ({@link #base}), with
     * the frames between as the marks' arrays still hold them when nothing was entered at those
     * depths since the tick (generations at most {@code g0});</li>
     * <li>when those frames were overwritten (the caller returned too and another call runs at its
     * depth), or the walk cannot tell where the base frame is ({@link #base} unknown), the slot's
     * ticks stay with the walked stack: no calling context is made up.</li>
     * </ul>
     * Approximations, said in docs/sampling.md: the ticks of one slot (one root at one depth) go
     * to its newest activation seen at them; uncounted frames (builtins without probes) between
     * the base frame and the frame put back are taken as they are now. Guest thread, inside the capture; no allocation but when a
     * chain is longer than any before in this ring slot.
     *
     * @param weight the ticks the request stands for: slot 0 also carries those not waited
     */
    private void placeAll(SampleRecord r, CallDepth m, long weight) {
        long waitedTicks = 0;
        for (int i = 0; i < RequestLedger.TOP_SLOTS; i++) {
            waitedTicks += ledger.claimedTicks(i);
        }
        long deferred = deferredSum();
        if (deferred > weight - waitedTicks) {
            deferredSlots = 0; // the carry went elsewhere (a request abandoned meanwhile): place none
            deferred = 0;
        }
        long rest = weight - waitedTicks - deferred;
        int used = 0;
        for (int i = 0; i < RequestLedger.TOP_SLOTS + deferredSlots && r.places < SampleRecord.MAX_PLACES; i++) {
            boolean own = i < RequestLedger.TOP_SLOTS;
            int d = i - RequestLedger.TOP_SLOTS;
            long ticks = own ? ledger.claimedTicks(i) + (i == 0 ? rest : 0) : deferredTicks[d];
            long top = own ? ledger.claimedTop(i) : deferredTops[d];
            long g0 = own ? ledger.claimedGeneration(i) : deferredGens[d];
            used = place(r, m, top, g0, ticks, used);
        }
    }

    /**
     * Places {@code ticks} that passed with {@code top} on top (generation {@code g0}) on the
     * walked stack, as {@link #placeAll} says; returns the place chain's length so far ({@code
     * used} plus this place's).
     */
    private int place(SampleRecord r, CallDepth m, long top, long g0, long ticks, int used) {
        int c = m.depth();
        int[] roots = m.roots();
        long[] gens = m.generations();
        int total = r.depth + r.reused;
        if (ticks <= 0 || top == 0) {
            return used;
        }
        int d0 = CallDepth.topDepth(top);
        int r0 = CallDepth.topRoot(top);
        int j = d0 - 1; // the frame's counted index
        if (j < 0 || j >= roots.length || j >= gens.length || g0 == 0) {
            return used;
        }
        // the frames now on the stack that were there at the tick: generations at most g0
        // (they grow with depth along the stack, so a binary search finds the first newer one)
        int same = firstNewer(gens, Math.min(c, j + 1), g0);
        int base;
        int chainFrom = -1; // -1: the chain is r0 alone
        int chain;
        if (same > j) {
            // the frame is still there: the counted frames above it are dropped. Frames without
            // a probe right above it stay: the clock could not see them, so they may well have
            // been on top (a language whose roots are not tagged, a builtin)
            if (recorder.positionOf(j) < 0) {
                base = UNKNOWN;
            } else if (j + 1 < c) {
                int p = recorder.positionOf(j + 1);
                base = p < 0 ? UNKNOWN : p - 1;
            } else {
                base = total - 1;
            }
            chain = 0;
        } else if (same == j) {
            // it returned, its callers are all still there: put it back on its caller
            base = base(j, c, total);
            chain = 1;
        } else {
            // it returned with callers of its own: put them back on the newest frame that was
            // there at the tick as the marks still hold them, when nothing was entered at those
            // depths since (generations at most g0); else its callers are not known, and no
            // calling context is made up: the ticks stay with the walked stack
            boolean intact = same == c && roots[j] == r0;
            for (int q = same; intact && q <= j; q++) {
                intact = gens[q] <= g0;
            }
            if (!intact) {
                return used;
            }
            base = base(same, c, total);
            chainFrom = same;
            chain = j - same + 1;
        }
        if (base == UNKNOWN || base < -1 || (base == total - 1 && chain == 0)) {
            return used; // not placeable, or placed where it was walked
        }
        int k = r.places;
        r.ensureChainCapacity(used + chain);
        if (chainFrom >= 0) {
            System.arraycopy(roots, chainFrom, r.placeChain, used, chain);
        } else if (chain == 1) {
            r.placeChain[used] = r0;
        }
        r.placeChainStart[k] = used;
        used += chain;
        r.placeTicks[k] = ticks;
        r.placeDrop[k] = total - 1 - base;
        r.placeChainLength[k] = chain;
        r.places = k + 1;
        return used;
    }

    private static final int UNKNOWN = Integer.MIN_VALUE;

    /** The record of a sample taken while the thread initializes a language context: its one synthetic frame. */
    private static void initializationSample(SampleRecord r, ContextInitialization.Frame init) {
        r.ensureCapacity(1);
        r.resetFrames();
        r.depth = 1;
        r.targets[0] = init;
        r.callNodes[0] = null;
        r.tiers[0] = FrameTier.INTERPRETED;
    }

    /** The first index below {@code n} whose generation is above {@code g}, or {@code n}; {@code gens[0..n)} ascends. */
    static int firstNewer(long[] gens, int n, long g) {
        int lo = 0;
        int hi = n;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (gens[mid] <= g) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /**
     * Bottom-up position in the walked stack (walked plus reused) of the frame that counted frame
     * {@code j} sits on, -1 for none (it is the bottom), {@link #UNKNOWN} when the walk cannot
     * tell: for {@code j < c}, the frame below it; for {@code j == c} (no such frame now), the top
     * frame (below a returned one still on top), which is the top counted frame or an uncounted
     * frame above it that the clock could not see and that may well have been the caller (a
     * function of a language whose roots carry no probe, calling a builtin that has one: GraalPy);
     * after a recursive return, whose top frame is the caller or the returned frame, the top frame.
     */
    private int base(int j, int c, int total) {
        if (j < c) {
            int p = recorder.positionOf(j);
            return p < 0 ? UNKNOWN : p - 1;
        }
        if (j > c) {
            return UNKNOWN;
        }
        if (recorder.ambiguousTop()) {
            return total - 1;
        }
        if (c >= 1 && recorder.positionOf(c - 1) < 0) {
            return UNKNOWN;
        }
        return recorder.returnedOnTop() ? total - 2 : total - 1;
    }

    /** Number of walked frames (from the top) that make a context's signature for the burst history. */
    static final int SIGNATURE_FRAMES = 8;

    /**
     * Whether the walk in {@code r} is followed by a burst: the context's signature is a hash of
     * the call targets and call nodes of its top {@value #SIGNATURE_FRAMES} walked frames (identity
     * hashes: no allocation). Runs on the guest thread inside the capture.
     */
    private long decideBurst(BurstState b, SampleRecord r, long weight) {
        if (recorder.ambiguousTop()) {
            return 0; // a recursive return: the top frame may be the returned one or its caller
        }
        int sig = 1;
        int n = Math.min(r.depth, SIGNATURE_FRAMES);
        for (int i = 0; i < n; i++) {
            sig = sig * 31 + System.identityHashCode(r.targets[i]);
            if (i > 0) {
                sig = sig * 31 + System.identityHashCode(r.callNodes[i]);
            }
        }
        // a top frame that had already returned (the walk saw it, or a compiled trivial root
        // polled at its own node, which it does nowhere else but on slow paths): its return first
        boolean returned = recorder.topReturned() || recorder.topCompiledAtItsRoot() && trivialTop(r);
        int first = returned ? 1 : 0;
        return b.decide(sig, weight, returned ? r.targets[0] : null, r.targets, first, Math.max(0, Math.min(r.depth, first + SIGNATURE_FRAMES) - first));
    }

    private BurstState currentBurst() {
        BurstState b = burst;
        if (b == null) {
            try {
                b = bursts.get();
            } catch (RuntimeException e) {
                return null; // not entered in a context that has the local
            }
            burst = b;
        }
        return b;
    }

    /** This thread's burst state, or null before its first capture or with bursting off. Any thread. */
    public BurstState burstState() {
        return burst;
    }

    private CallDepth currentMarks() {
        if (marks == null || marksRetired()) {
            return null;
        }
        CallDepth m;
        try {
            m = marks.get();
        } catch (RuntimeException e) {
            return null; // not entered in a context that has the local: walk fully
        }
        if (marksSeen != m) {
            marksSeen = m; // once per thread: the clock reads the top frame through it
        }
        return m;
    }

    /**
     * Makes the capture and the clock stop using the call depth marks for good once {@code retired}
     * is set: the root probes are then switched off, and frames entered before that return unseen, so
     * the marks no longer describe the stack ({@code CCSampler}'s costly-probes rule). Before the
     * thread's first capture.
     */
    public void retireMarksWhen(AtomicBoolean retired) {
        marksRetired = retired;
    }

    /**
     * Makes the clock read the top frame from the marks only once {@code attached} is set: until
     * then no root probe keeps them ({@code Incremental=auto} attaches the probes when it sees
     * the need). Without this call the marks count as attached. Before the thread's first tick.
     */
    public void attachedMarksWhen(AtomicBoolean attached) {
        marksAttached = attached;
    }

    /**
     * Whether a late sample's weight holds the ticks its request waited for the poll: under
     * {@link RequestLedger.Waited#SAMPLE}, and under {@link RequestLedger.Waited#TOP} while no root
     * probe tells the top frame ({@link #topNow} answers {@link RequestLedger#NO_PROBES}), when the
     * ledger carries them to the late sample. (A placed sample's weight holds them too.) Any
     * thread: a racy hint.
     */
    public boolean waitsInWeight() {
        RequestLedger.Waited w = ledger.waited();
        return w == RequestLedger.Waited.SAMPLE || w == RequestLedger.Waited.TOP && (marksRetired() || !marksAttached());
    }

    private boolean marksAttached() {
        AtomicBoolean a = marksAttached;
        return a == null || a.get();
    }

    private boolean marksRetired() {
        AtomicBoolean r = marksRetired;
        return r != null && r.get();
    }

    /**
     * The root enters this thread's marks have counted, 0 before its first capture or once the marks
     * are retired. Any thread: a racy read of a count the guest had at some recent moment ({@link
     * CallDepth#enters()}); it starts again from 0 when the thread enters another context.
     */
    public long countedEnters() {
        CallDepth m = marksSeen;
        return m == null || marksRetired() ? 0 : m.enters();
    }

    /** Of {@link #countedEnters()}, those of internal leaf roots ({@link CallDepth#leafEnters()}). Any thread. */
    public long countedLeafEnters() {
        CallDepth m = marksSeen;
        return m == null || marksRetired() ? 0 : m.leafEnters();
    }

    // ---- clock thread -----------------------------------------------------------------------

    /** Remembers the submission that included this thread. Clock thread only. */
    public void setPending(PendingRequest p) {
        pending = p;
    }

    /**
     * The thread's top counted frame now ({@link CallDepth#top()}) when the ledger's policy is
     * {@link RequestLedger.Waited#TOP} and the thread's marks are known, else 0; {@link
     * RequestLedger#NO_PROBES} while no root probe keeps the marks (not attached yet, or switched off
     * for good). Clock thread: a racy read of another thread's state, a hint.
     */
    public long topNow() {
        if (ledger.waited() != RequestLedger.Waited.TOP) {
            return 0;
        }
        if (marksRetired() || !marksAttached()) {
            topGen = 0;
            return RequestLedger.NO_PROBES; // the waited ticks go to the late sample
        }
        CallDepth m = marksSeen;
        long t = m == null ? 0 : m.top();
        topGen = t == 0 ? 0 : m.generation(CallDepth.topDepth(t));
        return t;
    }

    /**
     * Whether the thread is initializing a language context, whose samples are one synthetic frame
     * ({@link ContextInitialization}): the ticks a request waits there belong to that frame. Clock
     * thread.
     */
    public boolean initializingNow() {
        ContextInitialization i = initialization;
        return i != null && i.initializing(thread);
    }

    /** The generation of the frame the last {@link #topNow()} returned, 0 when unknown. Clock thread only. */
    public long topGenerationNow() {
        return topGen;
    }

    /** When the thread's last published capture started ({@link System#nanoTime()}), 0 before the first. Racy read, benign: a hint. */
    public long lastCaptureNanos() {
        return cost.lastNanos();
    }

    /** Smoothed cost of one capture on this thread, 0 before the first. Racy read, benign: a hint. */
    public long captureCostNanos() {
        return cost.nanos();
    }

    // ---- drain thread -----------------------------------------------------------------------

    /**
     * Abandons the outstanding request when it can no longer be performed: the thread ended, or
     * the submission's future is done and this thread did not perform it. Drain or clock thread.
     */
    public boolean abandonIfUnperformable() {
        long since = ledger.outstandingSince();
        if (since == 0) {
            return false;
        }
        PendingRequest p = pending;
        boolean ended = isEnded();
        boolean dead = ended || (p != null && p.submitNanos == since && p.future != null && p.future.isDone());
        if (!dead || !ledger.abandon(since)) {
            return false;
        }
        Unperformed u = onUnperformed;
        if (!ended && u != null) {
            u.unperformed(this);
        }
        return true;
    }

    /** Told of every request of a live thread that came back unperformed ({@link #abandonIfUnperformable}). */
    public interface Unperformed {
        /** A request of {@code thread} came back unperformed. Drain or clock thread. */
        void unperformed(SampledThread thread);

        /** Whether every enter and leave was counted since before {@code nanos} ({@link EnteredContexts}). Any thread. */
        boolean countingSince(long nanos);
    }

    private Unperformed onUnperformed;

    /** Tells {@code u} of this thread's requests that come back unperformed. Before its first tick. */
    public void whenUnperformed(Unperformed u) {
        onUnperformed = u;
    }

    // ---- any thread -------------------------------------------------------------------------

    /** The first exception a stack walk of this thread threw, or null. */
    public Throwable walkFailure() {
        return walkFailure;
    }

    /**
     * Forgets the clock's last submission once it is no longer outstanding. Truffle's future
     * holds the request's action, and the action the states of every thread the tick asked: kept,
     * a live thread's last request would keep the threads that ended since (their rings and
     * recorders) reachable for as long as it is not asked again. Drain thread.
     */
    public void forgetResolvedRequest() {
        PendingRequest p = pending;
        if (p != null && ledger.outstandingSince() != p.submitNanos) {
            PENDING.compareAndSet(this, p, null); // a newer submission set meanwhile stays
        }
    }

    /** Whether a submission is remembered (tests). */
    boolean remembersRequest() {
        return pending != null;
    }

    /**
     * Hands this thread's running burst to the drain when the calling thread is this thread (a
     * burst's buffer is written by its own thread only); nothing otherwise. Called as the thread
     * leaves its context for good and when sampling stops.
     */
    public void flushBurst() {
        BurstState b = burst;
        if (b != null && Thread.currentThread() == thread) {
            b.flush();
        }
    }

    /** Marks the thread as gone; its ring is drained and then released by the drain thread. */
    public void markEnded() {
        ENDED.setVolatile(this, true);
    }

    /** Whether {@link #markEnded()} was called. */
    public boolean isEnded() {
        return (boolean) ENDED.getVolatile(this);
    }

    /** Submit time of the outstanding request, 0 when none. */
    public long outstandingSince() {
        return ledger.outstandingSince();
    }

    /** Resolves the outstanding request submitted at {@code submitNanos} as failed; see {@link RequestLedger#abandon}. */
    public boolean abandonRequest(long submitNanos) {
        return ledger.abandon(submitNanos);
    }
}
