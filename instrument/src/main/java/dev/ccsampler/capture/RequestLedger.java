package dev.ccsampler.capture;

import dev.ccsampler.fault.FaultInjection;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The books of one sampled thread, kept in clock ticks: every tick at which the thread was live
 * and not idle ends in exactly one of taken, late, dropped, failed or skipped. This is what makes
 * {@code requested = taken + late + dropped + failed + skipped} hold per thread.
 *
 * <h2>Where a tick goes</h2>
 * <ol>
 * <li>The clock counts it ({@link #tick}) and puts it into the <em>unsent</em> ticks, which the
 * next request carries as its weight. While a request is outstanding the {@link Waited} policy
 * decides: into the <em>carry</em>, which the late capture takes; into the unsent ticks; into
 * the waited-skipped ticks, carried by nothing; or ({@link Waited#TOP}) into the unsent ticks
 * until a tick the clock's selection chose, which puts them into one of {@value #TOP_SLOTS} <em>top
 * slots</em>, by the thread's top frame at that tick, for the late capture to take and place (into the
 * carry while the thread has no root probes to tell its top frame).</li>
 * <li>A request ends exactly once, decided by a compare-and-set on {@code outstanding}: captured
 * (its weight goes into the sample record; the drain counts it taken or late), dropped on a full
 * ring, failed (walk threw, or abandoned because it can never be performed), or deferred by a
 * partial safepoint (its weight goes back into the carry, for the thread's next capture).</li>
 * <li>While the guest walks for a claimed request ({@link #beginCapture} to {@link #endCapture})
 * the ticks go to that sample: the thread is at the stack it walks, running the walk, and its own
 * timing of the code it is in counts that time. Given to the next request instead, a deep stack's
 * costly walks went mostly to whatever the next sample found (a program working in an 8 000-deep
 * recursion for a quarter of its time read about 7 points low at 10 ms, 2026-11-27).</li>
 * <li>What is still unsent or carried when sampling stops is skipped, with the waited-skipped
 * ticks.</li>
 * </ol>
 *
 * <h2>Writers</h2>
 * <ul>
 * <li>clock thread: {@code ticks}, {@code requests}, {@code idle}, {@code unsent},
 * {@code waitedSkipped}, {@code beforeFirstPoll}, setting {@code outstanding} and
 * {@code outstandingWeight};</li>
 * <li>guest thread: {@code dropped*}, {@code walkFailed*}, {@code deferred}, {@code polled};</li>
 * <li>clock or drain (whoever wins the abandon CAS): {@code abandoned*}, atomically;</li>
 * <li>{@code resolving}: every claim and every abandon, atomically.</li>
 * <li>{@code carry}: added to by the clock and by deferrals, taken by captures and sends, all
 * atomically.</li>
 * <li>{@code capturing}: the guest; {@code during}: added to by the clock, taken by the guest,
 * atomically.</li>
 * <li>{@code slotTicks}: added to by the clock, taken by claims, abandons and the next request,
 * atomically; {@code slotTops} written by the clock (slot 0, the request's own top, before the
 * request is published, like its weight; the others with release when first used), read by the
 * guest's claim; {@code claimedTops} and {@code claimedTicks} by the guest only.</li>
 * </ul>
 * Progress: every operation is wait-free (one CAS attempt, no retry loop). Memory ordering follows
 * the naming in {@code dev.ccsampler.queue}'s package comment.
 */
public final class RequestLedger {

    private static final VarHandle TICKS;
    private static final VarHandle REQUESTS;
    private static final VarHandle IDLE;
    private static final VarHandle UNSENT;
    private static final VarHandle OUTSTANDING;
    private static final VarHandle OUTSTANDING_WEIGHT;
    private static final VarHandle CARRY;
    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(long[].class);
    private static final VarHandle WAITED_SKIPPED;
    private static final VarHandle DROPPED;
    private static final VarHandle DROPPED_TICKS;
    private static final VarHandle WALK_FAILED;
    private static final VarHandle WALK_FAILED_TICKS;
    private static final VarHandle DEFERRED;
    private static final VarHandle ABANDONED;
    private static final VarHandle ABANDONED_TICKS;
    private static final VarHandle CAPTURING;
    private static final VarHandle RESOLVING;
    private static final VarHandle POLLED;
    private static final VarHandle CLOCK_BUSY;
    private static final VarHandle BEFORE_FIRST_POLL;
    private static final VarHandle DURING;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            TICKS = l.findVarHandle(RequestLedger.class, "ticks", long.class);
            REQUESTS = l.findVarHandle(RequestLedger.class, "requests", long.class);
            IDLE = l.findVarHandle(RequestLedger.class, "idle", long.class);
            UNSENT = l.findVarHandle(RequestLedger.class, "unsent", long.class);
            OUTSTANDING = l.findVarHandle(RequestLedger.class, "outstanding", long.class);
            OUTSTANDING_WEIGHT = l.findVarHandle(RequestLedger.class, "outstandingWeight", long.class);
            CARRY = l.findVarHandle(RequestLedger.class, "carry", long.class);
            WAITED_SKIPPED = l.findVarHandle(RequestLedger.class, "waitedSkipped", long.class);
            DROPPED = l.findVarHandle(RequestLedger.class, "dropped", long.class);
            DROPPED_TICKS = l.findVarHandle(RequestLedger.class, "droppedTicks", long.class);
            WALK_FAILED = l.findVarHandle(RequestLedger.class, "walkFailed", long.class);
            WALK_FAILED_TICKS = l.findVarHandle(RequestLedger.class, "walkFailedTicks", long.class);
            DEFERRED = l.findVarHandle(RequestLedger.class, "deferred", long.class);
            ABANDONED = l.findVarHandle(RequestLedger.class, "abandoned", long.class);
            ABANDONED_TICKS = l.findVarHandle(RequestLedger.class, "abandonedTicks", long.class);
            CAPTURING = l.findVarHandle(RequestLedger.class, "capturing", int.class);
            RESOLVING = l.findVarHandle(RequestLedger.class, "resolving", int.class);
            POLLED = l.findVarHandle(RequestLedger.class, "polled", boolean.class);
            CLOCK_BUSY = l.findVarHandle(RequestLedger.class, "clockBusy", boolean.class);
            BEFORE_FIRST_POLL = l.findVarHandle(RequestLedger.class, "beforeFirstPoll", long.class);
            DURING = l.findVarHandle(RequestLedger.class, "during", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    // clock-written
    private long ticks;
    private long requests;
    private long idle;
    private long unsent;
    /** Ticks that passed while a request was outstanding and that the policy carries by no sample. */
    private long waitedSkipped;
    /**
     * Of the waited-skipped ticks, those that passed before the thread's first safepoint poll:
     * language start-up, parsing, host code the guest called before any loop or return. No guest
     * frame was known to put them on (the interpreter polls at every loop edge and return).
     */
    private long beforeFirstPoll;
    /**
     * True while the clock counts a tick of this thread and, when it sends a request, until the
     * request is out ({@link #clockEnter}): the drain does not freeze an ended thread's books then.
     */
    private boolean clockBusy;
    /** Submit time of the request not yet resolved, 0 when none. Set by the clock, cleared by one CAS. */
    private volatile long outstanding;
    /** Ticks the outstanding request stands for; written by the clock before {@code outstanding}. */
    private long outstandingWeight;

    @SuppressWarnings("unused") private long p00, p01, p02, p03, p04, p05, p06, p07;
    // shared, atomic
    /**
     * {@link Waited#TOP}: the top frames ({@link CallDepth#top()}) seen while the outstanding
     * request waited, slot 0 the one when it was sent, and the waited ticks seen with each.
     */
    private final long[] slotTops = new long[TOP_SLOTS];
    private final long[] slotTicks = new long[TOP_SLOTS];
    /** Per slot, the newest generation ({@link CallDepth#generation}) its top frame had at its ticks. */
    private final long[] slotGens = new long[TOP_SLOTS];
    private long carry;
    /** Ticks that passed while the guest walked for a claimed request, for that sample. */
    private long during;
    private long abandoned;
    private long abandonedTicks;
    /**
     * Resolutions under way (see {@link #holding}): a guest's claim from just before its
     * compare-and-set until {@link #settled}, an {@link #abandon} from just before its
     * compare-and-set until its ticks are counted as failed. Atomically, by each party.
     */
    private int resolving;
    @SuppressWarnings("unused") private long p10, p11, p12, p13, p14, p15, p16, p17;
    // guest-written
    private long dropped;
    private long droppedTicks;
    private long walkFailed;
    private long walkFailedTicks;
    private long deferred;
    /** 1 from {@link #beginCapture} to {@link #endCapture}. */
    private int capturing;
    /**
     * When the walk under way began ({@link System#nanoTime()}), 0 when not known: written before
     * {@link #capturing} is set, read by the clock after it reads it set.
     */
    private long captureStart;
    /** Whether the thread has reached a safepoint poll for one of our requests (set once, by {@link #claim}). */
    private boolean polled;
    /** What the last successful {@link #claim} took from the top slots (guest only). */
    private final long[] claimedTops = new long[TOP_SLOTS];
    private final long[] claimedTicks = new long[TOP_SLOTS];
    private final long[] claimedGens = new long[TOP_SLOTS];
    @SuppressWarnings("unused") private long p20, p21, p22, p23, p24, p25, p26, p27;

    /** Where a tick goes that passes while the thread's request is outstanding (waiting for a safepoint). */
    public enum Waited {
        /** To that request's sample, taken late at the poll that ends the wait. */
        SAMPLE,
        /** To the thread's next request, like a tick that was not chosen. */
        NEXT,
        /** To no sample: counted as skipped, as a profiler that never waits would see it. */
        SKIP,
        /**
         * To the late sample, by the thread's top counted frame at that tick (read by the clock
         * from the root probes' {@link CallDepth}): the capture places each group of ticks, and the
         * request's own weight with the top when it was sent, on the stack that frame had, rather
         * than on the stack where the poll came. While no root probe is attached ({@link
         * #NO_PROBES}) the waited ticks go to the late sample, as under {@link #SAMPLE}; with the
         * probes, a waited tick without a known top, or with a fifth distinct one, is skipped.
         */
        TOP
    }

    private final Waited waited;

    /**
     * The top frame {@link Waited#TOP} gets from a thread none of whose root probes is attached
     * (not yet, or switched off for good): its waited ticks then go to the late sample, as under
     * {@link Waited#SAMPLE}. Before 2026-11-28 they were skipped, lost to the profile: on {@code
     * poll-late.pace}, half of whose time is a builtin that does not poll, half of the ticks.
     */
    public static final long NO_PROBES = -1L;

    /** Distinct top frames one request's waited ticks are kept apart by ({@link Waited#TOP}); ticks with a further one are skipped. */
    public static final int TOP_SLOTS = 4;

    /** @param waited where ticks that pass while a request is outstanding go */
    public RequestLedger(Waited waited) {
        this.waited = waited;
    }

    /** Where waited ticks go in this ledger. */
    public Waited waited() {
        return waited;
    }

    /** A ledger that counts waited ticks as skipped. */
    public RequestLedger() {
        this(Waited.SKIP);
    }

    // ---- clock thread -----------------------------------------------------------------------

    /**
     * Counts one clock tick of a live thread, worth {@code units} ticks of the profile's unit (more
     * than one while the period is a multiple of it). An idle thread's tick is counted as idle and
     * carried by no sample. Otherwise it waits in the carry while a request is outstanding, else in
     * the unsent ticks. Clock thread only.
     *
     * @return true when no request is outstanding, so one may be sent now
     */
    public boolean tick(boolean idleNow, long units) {
        return tick(idleNow, units, 0L, 0L);
    }

    /**
     * {@link #tick(boolean, long)} with the thread's top counted frame now ({@link CallDepth#top()},
     * 0 when unknown) and its generation ({@link CallDepth#generation}), for the {@link Waited#TOP}
     * policy. Clock thread only.
     */
    public boolean tick(boolean idleNow, long units, long topNow, long genNow) {
        return tick(idleNow, units, topNow, genNow, false);
    }

    /**
     * {@link #tick(boolean, long, long, long)} that also says whether the thread is initializing a
     * language context ({@link ContextInitialization}): under {@link Waited#TOP} a tick that waits
     * then goes to the request's sample, as under {@link Waited#SAMPLE}. Such a sample is one frame
     * for the whole initialization, the frame that is on top throughout, where the clock reads no
     * top frame and would skip the tick. Clock thread only.
     */
    public boolean tick(boolean idleNow, long units, long topNow, long genNow, boolean initializing) {
        return tick(idleNow, units, topNow, genNow, initializing, true);
    }

    /**
     * {@link #tick(boolean, long, long, long, boolean)} that also says whether the clock's
     * selection chose this tick ({@code ThreadSchedule}), which matters only while a request waits
     * under {@link Waited#TOP}: there the selection keeps running (see {@link #inSelection}), a
     * waited tick joins the unsent ticks like a tick that was not chosen, and a chosen one puts
     * all unsent ticks into the top slot of the frame on top now. So the ticks a late sample's
     * slots carry are those of gaps that ended at chosen ticks, each on the frame that was on
     * top at its end, as a request's own weight is; the rest wait for the next chosen tick.
     *
     * <p>Why not every waited tick on the frame on top at that tick: that is exact for the
     * waited ticks, but then the gap that the next request carries starts where the wait ended,
     * at the poll; where the code that made the thread wait is a loop that does not poll, that
     * is the loop's end, the same place in the program at every late sample, and the code that
     * comes right after it got the first ticks of every such gap while the next sample fell
     * anywhere. A program that alternates a compiled loop without polls with deep recursions read the
     * recursions 2.6 points low on average at 1 ms that way, 0.8 since (docs/sampling.md). With the gaps bounded by
     * chosen ticks only, every gap starts and ends at a tick the selection chose, which does not
     * look at the program. A tick during a walk is still the walk's ({@link #beginCapture}). Clock
     * thread only.
     */
    public boolean tick(boolean idleNow, long units, long topNow, long genNow, boolean initializing, boolean chosen) {
        return tick(idleNow, units, topNow, genNow, initializing, chosen, 0L, 0L);
    }

    /**
     * {@link #tick(boolean, long, long, long, boolean, boolean)} for a wake at {@code nowNanos} that
     * counts the ticks since the clock's previous wake for this thread at {@code sinceNanos} (0:
     * not known). Where the wake lands during a walk that began after that previous wake, only the
     * part of the ticks after the walk began is the walk's; the part before it passed while the
     * request waited for the poll, and goes where a waited tick that was not chosen goes (the
     * unsent ticks under {@link Waited#TOP} and {@link Waited#NEXT}, the late sample, which is this
     * walk's, under {@link Waited#SAMPLE}, skipped under {@link Waited#SKIP}), split in proportion
     * to the time. Before, the whole batch went to the walk's stack, which is where the thread's
     * poll was: a place the program chooses, not the clock. Clock thread only.
     */
    public boolean tick(boolean idleNow, long units, long topNow, long genNow, boolean initializing, boolean chosen, long sinceNanos, long nowNanos) {
        if (idleNow) {
            IDLE.setRelease(this, idle + units); // release: single writer, read by the drain
            return false;
        }
        TICKS.setRelease(this, ticks + units); // release: single writer
        if ((int) CAPTURING.getAcquire(this) != 0) {
            long before = ticksBeforeCapture(units, sinceNanos, nowNanos); // after the acquire: this walk's start
            if (before > 0) {
                Waited policy = initializing && waited == Waited.TOP ? Waited.SAMPLE : waited;
                switch (policy) {
                    case TOP, NEXT -> UNSENT.setRelease(this, unsent + before);
                    case SKIP -> skipWaited(before);
                    case SAMPLE -> before = 0;
                }
            }
            DURING.getAndAdd(this, units - before); // atomic: the capture may be taking them now
            return false;
        }
        if ((long) OUTSTANDING.getAcquire(this) != 0) { // acquire: pairs with the resolving CAS
            // during a language's initialization its one frame is on top throughout: the sample's
            Waited policy = initializing && waited == Waited.TOP ? Waited.SAMPLE : waited;
            switch (policy) {
                case SAMPLE -> CARRY.getAndAdd(this, units); // atomic: the late capture may be taking the carry now
                case NEXT -> UNSENT.setRelease(this, unsent + units);
                case SKIP -> skipWaited(units);
                case TOP -> {
                    long gap = unsent + units;
                    if (!chosen) {
                        UNSENT.setRelease(this, gap); // the gap goes on to the next chosen tick
                        return false;
                    }
                    UNSENT.setRelease(this, 0L);
                    if (topNow == NO_PROBES) {
                        // no probe tells the top frame: the late sample carries them, as under
                        // SAMPLE; but not before the thread's first poll, where no guest code ran
                        // (a language's start-up, parsing): no stack had those
                        if ((boolean) POLLED.getOpaque(this)) {
                            CARRY.getAndAdd(this, gap); // atomic: the late capture may be taking the carry now
                        } else {
                            skipWaited(gap);
                        }
                        return false;
                    }
                    int i = topNow == 0 ? -1 : slotFor(topNow);
                    if (i >= 0) {
                        if (genNow > (long) SLOT.getOpaque(slotGens, i)) {
                            SLOT.setRelease(slotGens, i, genNow); // before its ticks, for the claim
                        }
                        SLOT.getAndAdd(slotTicks, i, gap); // atomic: the capture may be taking it now
                    } else {
                        skipWaited(gap);
                    }
                }
            }
            return false;
        }
        UNSENT.setRelease(this, unsent + units);
        return true;
    }

    /**
     * Whether the clock's selection runs at this tick: while no walk runs, and either no request
     * is outstanding or one waits under {@link Waited#TOP} (outside a language's initialization,
     * whose ticks go to its sample). A racy read, a hint: a tick chosen where the ledger then
     * finds a walk has started goes to the walk, and one not chosen where a request has just been
     * claimed waits in the unsent ticks, as any tick not chosen. Clock thread.
     */
    public boolean inSelection(boolean initializing) {
        if ((int) CAPTURING.getAcquire(this) != 0) {
            return false;
        }
        return (long) OUTSTANDING.getAcquire(this) == 0 || (waited == Waited.TOP && !initializing);
    }

    private void skipWaited(long units) {
        WAITED_SKIPPED.setRelease(this, waitedSkipped + units); // release: single writer, read by the drain
        if (!(boolean) POLLED.getOpaque(this)) {
            BEFORE_FIRST_POLL.setRelease(this, beforeFirstPoll + units);
        }
    }

    /**
     * The clock starts counting a tick of this thread. It must check that the thread has not ended
     * <em>after</em> this call, and call {@link #clockExit} when the tick's ticks are where they
     * go (in a request already sent, or in the unsent ticks). With the drain's {@link #clockBusy}
     * read after it saw the thread ended (all volatile, so in one total order), either the clock
     * sees the end and counts nothing, or the drain sees it busy and waits, or it sees every count
     * of the finished tick: an ended thread's books are never frozen between a tick's {@code
     * ticks} and where that tick went (seen once in 1 000 churned threads: requested 1, all else 0).
     * Clock thread only.
     */
    public void clockEnter() {
        CLOCK_BUSY.setVolatile(this, true);
    }

    /** See {@link #clockEnter}. Clock thread only. */
    public void clockExit() {
        CLOCK_BUSY.setVolatile(this, false);
    }

    /** See {@link #clockEnter}. Any thread. */
    public boolean clockBusy() {
        return (boolean) CLOCK_BUSY.getVolatile(this);
    }

    /** The top slot of {@code top}, taking a free one if needed; -1 when all are taken. Clock thread. */
    private int slotFor(long top) {
        for (int i = 0; i < TOP_SLOTS; i++) {
            long t = (long) SLOT.getOpaque(slotTops, i);
            if (t == top) {
                return i;
            }
            if (t == 0) {
                SLOT.setRelease(slotGens, i, 0L);
                SLOT.setRelease(slotTops, i, top); // release: before its ticks, for the claim
                return i;
            }
        }
        return -1;
    }

    /** Takes every tick still in the top slots and empties them (ticks a claim raced with). */
    private long drainSlots() {
        long w = 0;
        for (int i = 0; i < TOP_SLOTS; i++) {
            w += (long) SLOT.getAndSet(slotTicks, i, 0L); // atomic: see slotTicks
        }
        return w;
    }

    /**
     * Starts a request that carries every unsent tick and whatever the carry holds. Clock thread
     * only, after {@link #tick} returned true.
     *
     * @return the request's weight in ticks
     */
    public long beginRequest(long submitNanos) {
        return beginRequest(submitNanos, 0L, 0L);
    }

    /**
     * {@link #beginRequest(long)} with the thread's top counted frame now ({@link CallDepth#top()},
     * 0 when unknown) and its generation: the frame the {@link Waited#TOP} policy places the
     * request's own weight on. Clock thread only.
     */
    public long beginRequest(long submitNanos, long topNow, long genNow) {
        long w = unsent + (long) CARRY.getAndSet(this, 0L) + drainSlots(); // atomic: a deferral may be adding
        UNSENT.setRelease(this, 0L);
        OUTSTANDING_WEIGHT.set(this, w); // plain: published by the release below
        SLOT.setRelease(slotGens, 0, genNow);
        SLOT.setRelease(slotTops, 0, Math.max(0L, topNow)); // published by the release below, like the weight; NO_PROBES: none
        for (int i = 1; i < TOP_SLOTS; i++) {
            SLOT.setRelease(slotTops, i, 0L);
            SLOT.setRelease(slotGens, i, 0L);
        }
        OUTSTANDING.setRelease(this, submitNanos); // release: the weight is visible before the request is
        REQUESTS.setRelease(this, requests + 1);
        return w;
    }

    // ---- guest thread -----------------------------------------------------------------------

    /**
     * Claims the request submitted at {@code submitNanos} for capture. Runs on the guest thread.
     *
     * A successful claim must be followed by {@link #settled} once the ticks it returned are
     * counted (published in a record, dropped, failed or deferred).
     *
     * @return the ticks it stands for (its weight plus the carry), or -1 when it was already
     *         resolved (abandoned and counted as failed)
     */
    public long claim(long submitNanos) {
        return claim(submitNanos, true);
    }

    /**
     * {@link #claim(long)}, where {@code atPoll} says whether the thread is at a safepoint poll of
     * guest code. The end of a language context's initialization is not one (no guest code ran):
     * the ticks that pass after it and before the thread's first poll stay start-up ticks. Guest
     * thread.
     */
    public long claim(long submitNanos, boolean atPoll) {
        if (atPoll && !polled) {
            POLLED.setOpaque(this, true); // the clock only needs to see it eventually
        }
        // atomic, before the CAS: a drain that sees the request gone then sees this too (holding)
        RESOLVING.getAndAdd(this, 1);
        if ((long) OUTSTANDING.getAcquire(this) != submitNanos) { // acquire: see its weight
            RESOLVING.getAndAdd(this, -1);
            return -1;
        }
        // read before the CAS: the clock writes a new weight only after a CAS has cleared the
        // request, and if that CAS is not ours ours fails
        long w = (long) OUTSTANDING_WEIGHT.get(this);
        if (!OUTSTANDING.compareAndSet(this, submitNanos, 0L)) {
            RESOLVING.getAndAdd(this, -1);
            return -1;
        }
        long t = 0;
        for (int i = 0; i < TOP_SLOTS; i++) {
            // the top before its ticks: a slot the clock is just taking may show ticks without a
            // top (they go unplaced) but never a top without its earlier ticks
            claimedTops[i] = (long) SLOT.getAcquire(slotTops, i);
            claimedGens[i] = (long) SLOT.getAcquire(slotGens, i);
            long ti = (long) SLOT.getAndSet(slotTicks, i, 0L); // atomic: the clock may be adding
            claimedTicks[i] = ti;
            t += ti;
        }
        return w + t + (long) CARRY.getAndSet(this, 0L); // atomic: the clock may be adding
    }

    /**
     * The thread ended a language context's initialization: until its next poll it runs no guest
     * code (it parses the program it is about to run), so the ticks that wait meanwhile count as
     * before a first poll again, skipped, where a language that polls while it initializes
     * (GraalPy, TruffleRuby) had them go to the program's first frame. Guest thread.
     */
    public void initializationEnded() {
        POLLED.setOpaque(this, false); // the clock only needs to see it eventually
    }

    /**
     * Top frame ({@link CallDepth#top()}) of top slot {@code i} in the last successful {@link
     * #claim}: slot 0 is the top when the request was sent; 0 when unknown. Guest thread, right
     * after a claim.
     */
    public long claimedTop(int i) {
        return claimedTops[i];
    }

    /**
     * The newest generation ({@link CallDepth#generation}) the frame of top slot {@code i} had at
     * the slot's ticks, in the last successful {@link #claim}; 0 when unknown. Guest thread.
     */
    public long claimedGeneration(int i) {
        return claimedGens[i];
    }

    /**
     * Of the ticks the last {@link #claim} returned, those that passed while the request waited
     * with {@link #claimedTop(int)} on top ({@link Waited#TOP}). Guest thread, right after a claim.
     */
    public long claimedTicks(int i) {
        return claimedTicks[i];
    }

    /**
     * The guest starts walking for the request it claimed: until {@link #endCapture} the clock's
     * ticks go to this sample, and no request is sent. Guest thread, after a successful claim.
     */
    public void beginCapture() {
        beginCapture(0L);
    }

    /** {@link #beginCapture()} for a walk that began at {@code startNanos} ({@link System#nanoTime()}). Guest thread. */
    public void beginCapture(long startNanos) {
        captureStart = startNanos; // plain: published by the release below
        CAPTURING.setRelease(this, 1);
    }

    /**
     * Of {@code units} ticks counted at {@code nowNanos} for the time since {@code sinceNanos},
     * those before the walk under way began, in proportion to the time; 0 when a time is not known
     * or the walk began before {@code sinceNanos}. Clock thread, after reading {@link #capturing} set.
     */
    private long ticksBeforeCapture(long units, long sinceNanos, long nowNanos) {
        long start = captureStart;
        if (start == 0 || sinceNanos == 0 || start <= sinceNanos || nowNanos <= sinceNanos) {
            return 0;
        }
        if (start >= nowNanos) {
            return units;
        }
        return Math.max(0, Math.min(units, Math.round((double) units * (start - sinceNanos) / (nowNanos - sinceNanos))));
    }

    /**
     * The walk is over: returns the ticks that passed during it (and any a racing tick left from
     * an earlier capture), which the sample carries on the stack it walked. Guest thread.
     */
    public long endCapture() {
        CAPTURING.setRelease(this, 0);
        return (long) DURING.getAndSet(this, 0L); // atomic: the clock may be adding
    }

    /** A claimed request whose sample could not be stored: the ring was full. Guest thread. */
    public void dropped(long weight) {
        DROPPED.setRelease(this, dropped + 1);
        DROPPED_TICKS.setRelease(this, droppedTicks + weight);
    }

    /** A claimed request whose walk threw. Guest thread. */
    public void walkFailed(long weight) {
        WALK_FAILED.setRelease(this, walkFailed + 1);
        WALK_FAILED_TICKS.setRelease(this, walkFailedTicks + weight);
    }

    /**
     * A claimed request that is not walked where it was performed (a partial safepoint chose not
     * to, or the thread switched contexts since it was sent): its ticks go to this thread's next
     * capture. Guest thread.
     */
    public void deferred(long weight) {
        CARRY.getAndAdd(this, weight); // atomic: the clock adds too
        DEFERRED.setRelease(this, deferred + 1);
    }

    /**
     * The ticks of the last successful {@link #claim} are counted: in a published record, or as
     * dropped, failed or deferred. Guest thread, after everything of the capture that counts.
     */
    public void settled() {
        RESOLVING.getAndAdd(this, -1); // atomic: after the record's publication, for holding()
    }

    /**
     * Whether some party holds the ticks of a resolved request that are in no counter yet: the
     * guest from just before its claim to {@link #settled}, or an {@link #abandon} from just
     * before its compare-and-set until it has counted them as failed. An ended thread's books must
     * not be frozen then, since the request is no longer outstanding and its ticks are not yet in
     * a record or in the failed count. With the reads in this order, {@code outstandingSince() ==
     * 0}, then {@code !holding()}, then an empty ring, nothing can be missed: each compare-and-set
     * comes after its mark, and the publication or the count before the mark is cleared. Any
     * thread.
     */
    public boolean holding() {
        return (int) RESOLVING.getVolatile(this) != 0;
    }

    // ---- clock or drain ---------------------------------------------------------------------

    /**
     * Resolves a request that will never be performed, counting it as failed. The CAS makes exactly
     * one party count it; a capture racing with it either wins or sees the request gone.
     *
     * @return true when this call resolved it
     */
    public boolean abandon(long submitNanos) {
        if ((long) OUTSTANDING.getAcquire(this) != submitNanos) {
            return false;
        }
        long w = (long) OUTSTANDING_WEIGHT.get(this); // read before the CAS, as in claim
        // atomic, before the CAS: a drain that sees the request gone then sees the abandon under
        // way (holding) until its ticks are counted. Without it the drain could retire an ended
        // thread between the clock's CAS and its count: books one request short, failed 0
        RESOLVING.getAndAdd(this, 1);
        try {
            if (OUTSTANDING.compareAndSet(this, submitNanos, 0L)) {
                FaultInjection.at(FaultInjection.Point.ABANDON); // test only: holds the race open
                ABANDONED.getAndAdd(this, 1L); // atomic: two possible writers, rare
                ABANDONED_TICKS.getAndAdd(this, w + drainSlots());
                return true;
            }
            return false;
        } finally {
            RESOLVING.getAndAdd(this, -1);
        }
    }

    // ---- readers (any thread; exact once the clock has stopped and requests are resolved) ----

    /** Submit time of the outstanding request, 0 when none. */
    public long outstandingSince() {
        return (long) OUTSTANDING.getAcquire(this);
    }

    /** Whether a walk is running now. Any thread. */
    public boolean capturing() {
        return (int) CAPTURING.getAcquire(this) != 0;
    }

    /** Ticks at which the thread was live and not idle. */
    public long ticks() {
        return (long) TICKS.getAcquire(this);
    }

    /** Requests sent (walk attempts). */
    public long requests() {
        return (long) REQUESTS.getAcquire(this);
    }

    /** Ticks at which the thread was parked or blocked and not sampled. */
    public long idleTicks() {
        return (long) IDLE.getAcquire(this);
    }

    /** Ticks of samples dropped on a full ring. */
    public long droppedTicks() {
        return (long) DROPPED_TICKS.getAcquire(this);
    }

    /** Samples dropped on a full ring. */
    public long dropped() {
        return (long) DROPPED.getAcquire(this);
    }

    /** Ticks of requests that produced no sample: walks that threw, requests never performed. */
    public long failedTicks() {
        return (long) WALK_FAILED_TICKS.getAcquire(this) + (long) ABANDONED_TICKS.getVolatile(this);
    }

    /** Requests that produced no sample. */
    public long failed() {
        return (long) WALK_FAILED.getAcquire(this) + (long) ABANDONED.getVolatile(this);
    }

    /** Requests a partial safepoint passed over. */
    public long deferred() {
        return (long) DEFERRED.getAcquire(this);
    }

    /** Ticks counted but carried by no request yet: unsent, carried, and those of a capture under way. */
    public long pendingTicks() {
        long s = 0;
        for (int i = 0; i < TOP_SLOTS; i++) {
            s += (long) SLOT.getVolatile(slotTicks, i);
        }
        return (long) UNSENT.getAcquire(this) + (long) CARRY.getVolatile(this) + (long) DURING.getVolatile(this) + s;
    }

    /** Ticks that passed while a request was outstanding and that no sample carries (policy {@link Waited#SKIP}). */
    public long waitedSkippedTicks() {
        return (long) WAITED_SKIPPED.getAcquire(this);
    }

    /**
     * Of the {@link #waitedSkippedTicks()}, those that passed before the thread's first safepoint
     * poll (language start-up and parsing run no guest code, so nothing polls).
     */
    public long beforeFirstPollTicks() {
        return (long) BEFORE_FIRST_POLL.getAcquire(this);
    }

    /** Weight of the outstanding request, 0 when none. Racy, for in-flight figures only. */
    public long outstandingTicks() {
        return outstandingSince() == 0 ? 0 : (long) OUTSTANDING_WEIGHT.getOpaque(this);
    }
}
