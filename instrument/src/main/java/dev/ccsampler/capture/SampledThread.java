package dev.ccsampler.capture;

import com.oracle.truffle.api.Truffle;
import com.oracle.truffle.api.frame.FrameInstance;
import com.oracle.truffle.api.frame.FrameInstanceVisitor;
import dev.ccsampler.ccmap.Tier;
import dev.ccsampler.queue.SampleRecord;
import dev.ccsampler.queue.SpscSampleRing;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Everything the profiler keeps for one guest thread in one polyglot context: its ring, its
 * outstanding request and its counters. Each field has one writer, named in its comment:
 * <ul>
 * <li>the clock thread (trigger): {@code requested}, {@code skipped}, setting {@code outstanding};</li>
 * <li>the guest thread (capture): {@code dropped}, {@code walkFailed}, clearing {@code outstanding};</li>
 * <li>the drain thread: everything in {@link dev.ccsampler.drain.ThreadAccount}.</li>
 * </ul>
 * Cross-thread reads go through {@code VarHandle}s (see {@code dev.ccsampler.queue} for the naming
 * convention). The guest-written counters are padded away from the clock-written ones.
 */
public final class SampledThread implements FrameInstanceVisitor<Object> {

    private static final VarHandle REQUESTED;
    private static final VarHandle SKIPPED;
    private static final VarHandle OUTSTANDING;
    private static final VarHandle DROPPED;
    private static final VarHandle WALK_FAILED;
    private static final VarHandle ENDED;
    private static final VarHandle ABANDONED;
    private static final VarHandle LAST_WALK;
    private static final VarHandle LAST_END;

    /**
     * A thread is not asked again until the time since its last walk ended is at least this many
     * times that walk's duration, which bounds the capture cost to about 1 / (1 + THROTTLE) of the
     * thread's time however deep its stack is. Throttled ticks count as skipped.
     */
    public static final int DEFAULT_THROTTLE = 10;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            REQUESTED = l.findVarHandle(SampledThread.class, "requested", long.class);
            SKIPPED = l.findVarHandle(SampledThread.class, "skipped", long.class);
            OUTSTANDING = l.findVarHandle(SampledThread.class, "outstanding", long.class);
            DROPPED = l.findVarHandle(SampledThread.class, "dropped", long.class);
            WALK_FAILED = l.findVarHandle(SampledThread.class, "walkFailed", long.class);
            ENDED = l.findVarHandle(SampledThread.class, "ended", boolean.class);
            ABANDONED = l.findVarHandle(SampledThread.class, "abandoned", long.class);
            LAST_WALK = l.findVarHandle(SampledThread.class, "lastWalkNanos", long.class);
            LAST_END = l.findVarHandle(SampledThread.class, "lastEndNanos", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The guest thread. */
    public final Thread thread;
    /** Dense id of the polyglot context. */
    public final int contextId;
    /** Thread name when first seen. */
    public final String threadName;
    /** This thread's ring; the guest produces, the drain consumes. */
    public final SpscSampleRing ring;
    private final int stackLimit;
    private final int throttle;

    // clock-written
    private long requested;
    private long skipped;
    /** Submit time of the request not yet performed, 0 when none. Set by the clock, cleared by the guest. */
    private volatile long outstanding;
    @SuppressWarnings("unused") private long p00, p01, p02, p03, p04, p05, p06, p07;
    // guest-written
    private long dropped;
    private long walkFailed;
    /** The record being filled by the current walk (guest thread only). */
    private SampleRecord current;
    /** Duration of the last walk and when it ended (guest writes, clock reads). */
    private long lastWalkNanos;
    private long lastEndNanos;
    @SuppressWarnings("unused") private long p10, p11, p12, p13, p14, p15, p16, p17;
    /** Set when the thread left its context for good (by whoever learns it first). */
    private volatile boolean ended;
    /** Requests that were never performed; incremented by whoever wins the abandon CAS (clock or drain). */
    private volatile long abandoned;
    /** The clock's last submission that included this thread (clock writes, drain reads). */
    private volatile PendingRequest pending;

    /** A submission: its time and the future Truffle returned for it. */
    public record PendingRequest(long submitNanos, java.util.concurrent.Future<?> future) {
    }

    public SampledThread(Thread thread, int contextId, int ringCapacity, int stackLimit) {
        this(thread, contextId, ringCapacity, stackLimit, DEFAULT_THROTTLE);
    }

    /**
     * @param throttle see {@link #DEFAULT_THROTTLE}; 0 disables throttling (for measurements of the
     *            capture itself)
     */
    public SampledThread(Thread thread, int contextId, int ringCapacity, int stackLimit, int throttle) {
        this.throttle = throttle;
        this.thread = thread;
        this.contextId = contextId;
        this.threadName = thread.getName();
        this.stackLimit = stackLimit;
        this.ring = new SpscSampleRing(ringCapacity, Math.min(stackLimit, 64));
    }

    // ---- clock thread -----------------------------------------------------------------------

    /**
     * Called by the clock before submitting a request for this thread. Returns false, and counts a
     * skipped tick, when the previous request is still outstanding (the clock never piles requests
     * onto a slow thread, and never waits for it), or when the thread's last stack walk was so long
     * that another one now would take more than about 1 / (1 + {@link #DEFAULT_THROTTLE}) of its time.
     * Clock thread only.
     */
    public boolean beginRequest(long submitNanos) {
        if ((long) OUTSTANDING.getAcquire(this) != 0 // acquire: pairs with the guest's release when it captured
                        || throttle > 0 && submitNanos - (long) LAST_END.getOpaque(this) < throttle * (long) LAST_WALK.getOpaque(this)) { // racy read, benign: a hint
            SKIPPED.setRelease(this, skipped + 1); // release: single writer, published for the drain
            return false;
        }
        OUTSTANDING.setRelease(this, submitNanos); // release: ordered before the submit that the guest will see
        REQUESTED.setRelease(this, requested + 1); // release: single writer
        return true;
    }

    /** Submit time of the outstanding request, 0 when none. Any thread. */
    public long outstandingSince() {
        return (long) OUTSTANDING.getAcquire(this); // acquire: pairs with both writers' releases
    }

    /** Remembers the submission that included this thread. Clock thread only. */
    public void setPending(PendingRequest p) {
        pending = p;
    }

    /**
     * Resolves a request that will never be performed, counting it as failed. Called by the clock
     * (submission rejected), or by the drain (its future completed without this thread performing
     * it, or the thread ended). The CAS makes exactly one party count it, and a capture racing with
     * it either wins (and its sample is applied) or sees the request gone and does nothing.
     *
     * @return true when this call resolved it
     */
    public boolean abandonRequest(long submitNanos) {
        if (OUTSTANDING.compareAndSet(this, submitNanos, 0L)) {
            ABANDONED.getAndAdd(this, 1L); // atomic: two possible writers, rare
            return true;
        }
        return false;
    }

    /**
     * Abandons the outstanding request when it can no longer be performed: the thread ended, or
     * the submission's future is done and this thread did not perform it. Drain thread.
     */
    public boolean abandonIfUnperformable() {
        long since = outstandingSince();
        if (since == 0) {
            return false;
        }
        PendingRequest p = pending;
        boolean dead = isEnded() || (p != null && p.submitNanos == since && p.future != null && p.future.isDone());
        return dead && abandonRequest(since);
    }

    // ---- guest thread -----------------------------------------------------------------------

    /**
     * Takes one sample of the current thread's guest stack. Runs on the guest thread, inside
     * {@code ThreadLocalAction.perform}: no lock, no allocation in steady state (a slot's arrays grow
     * only when the stack is deeper than any seen before in it).
     */
    public void capture(long submitNanos) {
        // CAS first: from here on this request is ours; an abandon racing with us fails, so the
        // request is counted exactly once (as dropped, failed or applied)
        if (!OUTSTANDING.compareAndSet(this, submitNanos, 0L)) {
            return; // already abandoned and counted as failed
        }
        SampleRecord r = ring.claim();
        if (r == null) {
            DROPPED.setRelease(this, dropped + 1); // release: single writer, read by the drain
            return;
        }
        r.submitNanos = submitNanos;
        r.captureNanos = System.nanoTime();
        r.depth = 0;
        r.truncated = false;
        current = r;
        try {
            Truffle.getRuntime().iterateFrames(this);
        } catch (Throwable t) {
            // the slot stays unpublished and is reused by the next claim
            current = null;
            WALK_FAILED.setRelease(this, walkFailed + 1); // release: single writer
            return;
        }
        current = null;
        long end = System.nanoTime();
        LAST_WALK.setOpaque(this, end - r.captureNanos); // opaque: a hint for the clock's throttle
        LAST_END.setOpaque(this, end);
        ring.publish();
    }

    /** Records one frame. Runs on the guest thread. */
    @Override
    public Object visitFrame(FrameInstance frame) {
        SampleRecord r = current;
        int d = r.depth;
        if (d == r.targets.length) {
            r.ensureCapacity(d + 1);
        }
        r.targets[d] = frame.getCallTarget();
        r.callNodes[d] = frame.getCallNode();
        r.tiers[d] = (byte) Tier.ordinalOf(frame.getCompilationTier(), frame.isCompilationRoot());
        r.depth = d + 1;
        if (d + 1 >= stackLimit) {
            r.truncated = true;
            return frame; // non-null stops the walk
        }
        return null;
    }

    // ---- any thread -------------------------------------------------------------------------

    /** Marks the thread as gone; its ring is drained and then released by the drain thread. */
    public void markEnded() {
        ENDED.setVolatile(this, true);
    }

    /** Whether {@link #markEnded()} was called. */
    public boolean isEnded() {
        return (boolean) ENDED.getVolatile(this);
    }

    /** Requests sent. Racy read of a single-writer counter: exact once the clock has stopped. */
    public long requested() {
        return (long) REQUESTED.getAcquire(this);
    }

    /** Ticks skipped. */
    public long skipped() {
        return (long) SKIPPED.getAcquire(this);
    }

    /** Samples dropped on a full ring. */
    public long dropped() {
        return (long) DROPPED.getAcquire(this);
    }

    /** Requests that produced no sample: walks that threw plus requests never performed. */
    public long failed() {
        return (long) WALK_FAILED.getAcquire(this) + abandoned;
    }
}
