package dev.ccsampler.burst;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.Truffle;
import com.oracle.truffle.api.frame.FrameInstance;
import com.oracle.truffle.api.frame.FrameInstanceVisitor;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.LockSupport;

/**
 * One guest thread's bursting in one polyglot context: whether a burst runs, the buffer it fills,
 * the history table that decides whether a walk is followed by a burst, and the hand-off slots
 * to the drain.
 *
 * <h2>Assumptions</h2>
 * <ul>
 * <li>Single writer: {@link #decide}, {@link #arm}, {@link #enter}, {@link #exit}, {@link #resume}
 * and {@link #remaining} run only on the owning guest thread (the probes, and the capture inside a
 * thread-local action on that thread); one instance per context and thread, from a
 * {@code ContextThreadLocal}.</li>
 * <li>{@link #takeReady} and {@link #giveBack} run only on the drain thread.</li>
 * </ul>
 * <h2>Guarantees</h2>
 * <ul>
 * <li>Wait-free on both sides: the guest never blocks on the drain; when the drain has not taken
 * the previous burst yet, the finished one is dropped and counted ({@link #droppedBursts}), and when
 * no buffer is free, no burst starts ({@link #busy}).</li>
 * <li>No allocation after construction: {@link #BUFFERS} buffers per thread, passed back and forth.</li>
 * <li>A burst records at most {@code length} events after the walk it follows (one more when the
 * walked top frame had already returned, recorded as its return first).</li>
 * </ul>
 * Example, RR = 10, one tick a walk: the first walk with signature s is burst with weight 1; walks
 * 2..10 with s are not; walk 11 is burst with weight 10, and so on: over k walks with s the weights
 * add up to about k. A burst weighs the ticks of its signature's walks since its last burst, its
 * own included, and a signature is also due, before its RR-th walk, once those walks stand for RR
 * times 10 ms ({@link BurstSettings#ticksForBurst}): a walk the cost budget thinned stands for
 * several ticks (at 10 ms, five ticks a walk: every second walk is burst, weight 10). Counted in
 * walks alone, the thinned walks of a deep recursion, all with the same top frames, left 25–36
 * bursts in 3.8–5.5 s of a 2 500-deep list program, and its calls went to one caller or another by
 * chance (docs/bursting.md, <em>Octane-style phases</em>). In time, not ticks, so that at 1 ms a
 * parser's walks, thinned to one in six ticks, are not burst five times as often as before: a
 * burst's cost does not shrink with the period.
 *
 * @since 0.3
 */
public final class BurstState implements FrameInstanceVisitor<Object> {

    private static final VarHandle RUNNING;
    private static final VarHandle COUNTED;

    static {
        try {
            RUNNING = MethodHandles.lookup().findStaticVarHandle(BurstState.class, "running", int.class);
            COUNTED = MethodHandles.lookup().findVarHandle(BurstState.class, "counted", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * Bursts running now on any thread of this JVM. Written atomically at a burst's start and end
     * (at most a few hundred times a second); read plainly by the probes on every call: the one load
     * they do while no burst runs anywhere. A thread always sees its own updates, which is all its
     * probes need; another thread's stale value only sends it to its own {@link #remaining()}.
     */
    private static int running;

    /**
     * Whether some thread may have a burst running. Runs on guest threads in guest code; racy read,
     * benign (see {@link #running}).
     */
    public static boolean anyRunning() {
        return running != 0;
    }

    /** History table entries, a power of two (the paper's 2048). */
    static final int TABLE_SIZE = 2048;

    private final int length;
    private final int rr;
    /** Whether the instrument's probes are attached: no burst starts while they are not. */
    private final BurstSwitch probes;
    private final int[] signatures = new int[TABLE_SIZE];
    /** Whether the entry holds a signature. */
    private final boolean[] used = new boolean[TABLE_SIZE];
    /** Ticks of the entry's signature's walks since its last burst (those walks were not burst). */
    private final long[] pendingTicks = new long[TABLE_SIZE];
    /** The entry's signature's walks since its last burst. */
    private final int[] pendingWalks = new int[TABLE_SIZE];
    /** {@link BurstSettings#ticksForBurst}. */
    private final long ticksForBurst;

    /**
     * 1 while this state's burst is counted in {@link #running}. Taken back exactly once, by a
     * compare-and-set: by the guest when its burst ends, or by the drain when the thread ended
     * mid-burst ({@link #abandon}), so that a lost burst cannot keep every thread's probes on their
     * slow path.
     */
    private int counted;

    /** Events left in the running burst, 0 when none runs: the one field the probes read on every call. */
    private int remaining;
    private BurstBuffer current;
    private BurstBuffer prepared;
    private long nextSeq;

    // frame visitor state (the caller's call node and call target for an enter)
    private int frameIndex;
    private Object callerNode;
    private Object callerTarget;

    /**
     * Entries of the call-node cache, a power of two. An enter walks two frames
     * ({@code iterateFrames}) only for its caller's call node, and that walk was the whole cost of a
     * burst on a parser (iterations 153–185 ms with it, 104–136 ms without, plain sampling about
     * 120 ms; docs/bursting.md). The cache maps (caller's call target, callee's call target) to the
     * call node the walks found, per thread; two-way set associative. It holds its call targets and
     * nodes until the context ends: at most this many pairs per thread.
     */
    static final int NODE_CACHE = 4096;
    /** Walked enters of a pair that must agree on one call node before its enters use the cache. */
    static final int CONFIRMATIONS = 8;
    /** One in this many cached enters is still walked, at random. */
    static final int VERIFY = 32;
    /**
     * One in this many enters of a pair that has shown several call nodes is walked, at random; the
     * others take the node the pair's last walk found. A parser calls {@code next()} from many lines
     * of one function, and walking each such enter was most of what a burst cost (esprima: 76 780 of
     * 91 704 walked enters, about 7 µs each; docs/bursting.md, *Sampled call sites*). The calls per
     * caller and callee stay exact; how they divide among that pair's call sites is sampled.
     */
    static final int SITE_WALK = 8;
    private static final int MULTI = -1;
    private final Object[] cacheCaller = new Object[NODE_CACHE];
    private final Object[] cacheCallee = new Object[NODE_CACHE];
    /** The call node of a confirmed pair; for a {@link #MULTI} pair, the one its last walk found. */
    private final Object[] cacheNode = new Object[NODE_CACHE];
    /** Walked enters that agreed (0: empty), or {@link #MULTI}: the pair has shown two call nodes. */
    private final int[] cacheState = new int[NODE_CACHE];
    private int random = 0x9E3779B9;
    private long cachedEnters;
    private long walkedEnters;
    private long sampledSiteEnters;
    private long missedReturns;

    /**
     * The call targets of the frames the running burst knows, bottom to top: the walked top frame,
     * then every root entered (or resumed) and not yet returned. Its top is the caller of the next
     * enter. Empty when a return went below what the burst knew: the next enter walks, and its walk
     * seeds it again.
     */
    private final Object[] shadow = new Object[SHADOW];
    private int shadowDepth;
    static final int SHADOW = 256;

    /**
     * Buffers per thread: the one being filled and up to two finished ones on their way to the
     * drain or back. With two (one in flight), a burst that ended while the drain still held the
     * previous one was dropped whenever the drain was a period late.
     */
    static final int BUFFERS = 3;

    /**
     * Finished bursts for the drain, in {@link #BUFFERS} - 1 slots; release/acquire through the
     * references. The drain replays each against its own base record, so their order does not matter.
     */
    private final AtomicReferenceArray<BurstBuffer> ready = new AtomicReferenceArray<>(BUFFERS - 1);
    /**
     * Buffers the drain handed back, one slot per buffer: all of them can be on their way back at
     * once (the guest finished a burst while the drain held the others, and so has no current
     * buffer until it takes one of these).
     */
    private final AtomicReferenceArray<BurstBuffer> free = new AtomicReferenceArray<>(BUFFERS);
    /**
     * The drain thread to wake when a burst is handed over, or null: without the wake the drain
     * takes a burst at its next round (up to 20 ms later), and a second burst that ends before then
     * is dropped (a third of the bursts on a parser at 10 ms, 2026-11-26).
     */
    private volatile Thread drain;

    // Counters: written by the guest thread only; read by others racily (a report, never a decision).
    private long bursts;
    private long skipped;
    private long detachedWalks;
    private long dropped;
    private long busy;

    /**
     * @param settings the burst length and re-enable ratio
     */
    public BurstState(BurstSettings settings) {
        this.length = settings.length();
        this.rr = settings.reenableRatio();
        this.ticksForBurst = settings.ticksForBurst();
        this.probes = settings.probes();
        // one more slot: the return of a walked top frame that had already returned
        this.current = new BurstBuffer(length + 1);
        for (int i = 1; i < BUFFERS; i++) {
            this.free.set(i, new BurstBuffer(length + 1));
        }
    }

    // ---- guest thread: the probes --------------------------------------------------------------

    /**
     * Events left in the running burst, 0 when none runs. Runs on the guest thread, in guest code:
     * the probes' only work while no burst runs.
     */
    public int remaining() {
        return remaining;
    }

    /**
     * A root was entered during a burst. Guest thread; only called when {@link #remaining()} is
     * positive. The caller's call node comes from the call-node cache when the (caller, callee)
     * pair has shown one node in {@value #CONFIRMATIONS} walks and never another; for a pair that
     * has shown several, from its last walk, except for one enter in {@value #SITE_WALK} at random;
     * else, and for one cached enter in {@value #VERIFY} at random, from a walk of two frames.
     */
    @TruffleBoundary
    public void enter(Object target) {
        Object caller = shadowDepth > 0 ? shadow[shadowDepth - 1] : null;
        int slot = -1;
        if (caller != null) {
            slot = slot(caller, target);
            if (cacheCaller[slot] != caller || cacheCallee[slot] != target) {
                slot = victim(slot, slot ^ 1, caller, target); // two ways: the pair's entry, or the one to replace
            }
            boolean known = cacheCaller[slot] == caller && cacheCallee[slot] == target;
            if (known && cacheState[slot] >= CONFIRMATIONS && !randomOneIn(VERIFY)) {
                cachedEnters++;
                push(target);
                record(BurstBuffer.ENTER, target, cacheNode[slot]);
                return;
            }
            if (known && cacheState[slot] == MULTI && cacheNode[slot] != null && !randomOneIn(SITE_WALK)) {
                sampledSiteEnters++;
                push(target);
                record(BurstBuffer.ENTER, target, cacheNode[slot]);
                return;
            }
        }
        frameIndex = 0;
        callerNode = null;
        callerTarget = null;
        Truffle.getRuntime().iterateFrames(this);
        Object node = callerNode;
        Object walkedCaller = callerTarget;
        callerNode = null;
        callerTarget = null;
        walkedEnters++;
        if (slot >= 0 && walkedCaller != null && walkedCaller != caller) {
            // the walk found another caller: the frames above it returned without their events
            // (they were entered before the probes were attached again, BurstSwitch)
            if (!returnTo(walkedCaller)) {
                return; // the burst filled up with those returns and ended
            }
            if (shadowDepth > 0 && shadow[shadowDepth - 1] == walkedCaller) {
                caller = walkedCaller;
                slot = slot(caller, target);
                if (cacheCaller[slot] != caller || cacheCallee[slot] != target) {
                    slot = victim(slot, slot ^ 1, caller, target);
                }
            }
        }
        if (slot >= 0) {
            learn(slot, caller, target, node);
        } else if (walkedCaller != null) {
            push(walkedCaller); // the walk seeds what the burst knows
        }
        push(target);
        record(BurstBuffer.ENTER, target, node);
    }

    /**
     * Pops the frames above the nearest {@code caller} below the top and records their returns,
     * which the probes did not see, so that the drain's replay pops them too; nothing when the
     * burst does not know {@code caller}. Returns false when the burst ended meanwhile (full).
     */
    private boolean returnTo(Object caller) {
        int k = shadowDepth - 2;
        while (k >= 0 && shadow[k] != caller) {
            k--;
        }
        if (k < 0) {
            return true;
        }
        for (int i = shadowDepth - 1; i > k; i--) {
            Object gone = shadow[i];
            shadow[i] = null;
            shadowDepth = i;
            missedReturns++;
            record(BurstBuffer.RETURN, gone, null);
            if (remaining == 0) {
                return false;
            }
        }
        return true;
    }

    /** A root returned (or threw, unwound, yielded) during a burst. Guest thread. */
    @TruffleBoundary
    public void exit(Object target) {
        pop(target);
        record(BurstBuffer.RETURN, target, null);
    }

    /** A suspended root resumed during a burst. Guest thread. */
    @TruffleBoundary
    public void resume(Object target) {
        push(target);
        record(BurstBuffer.RESUME, target, null);
    }

    /** The call node and call target of frame 1 (the caller of the root being entered, frame 0). Guest thread. */
    @Override
    public Object visitFrame(FrameInstance frame) {
        if (frameIndex++ == 1) {
            callerNode = frame.getCallNode();
            callerTarget = frame.getCallTarget();
            return frame; // non-null stops the walk
        }
        return null;
    }

    private static int slot(Object caller, Object callee) {
        int h = System.identityHashCode(caller) * 31 + System.identityHashCode(callee);
        return (h ^ (h >>> 16)) & (NODE_CACHE - 1);
    }

    /**
     * The entry of the pair among the two ways {@code a} and {@code b}, else the one to replace:
     * an empty one, else the less confirmed one (a pair with several call nodes counts as
     * confirmed: its enters are mostly not walked either). A direct-mapped cache of 1 024 entries
     * thrashed on a parser: most of its walked enters were pairs relearning after another pair had
     * taken their entry.
     */
    private int victim(int a, int b, Object caller, Object callee) {
        if (cacheCaller[b] == caller && cacheCallee[b] == callee) {
            return b;
        }
        if (cacheState[a] == 0) {
            return a;
        }
        if (cacheState[b] == 0) {
            return b;
        }
        return confirmation(cacheState[b]) < confirmation(cacheState[a]) ? b : a;
    }

    private static int confirmation(int state) {
        return state == MULTI ? CONFIRMATIONS : state;
    }

    /** True once in {@code n} calls on average, at random (xorshift); {@code n} a power of two. */
    private boolean randomOneIn(int n) {
        int x = random;
        x ^= x << 13;
        x ^= x >>> 17;
        x ^= x << 5;
        random = x;
        return (x & (n - 1)) == 0;
    }

    /** What a walked enter of the pair in {@code slot} found. */
    private void learn(int slot, Object caller, Object callee, Object node) {
        if (cacheCaller[slot] != caller || cacheCallee[slot] != callee || cacheState[slot] == 0) {
            cacheCaller[slot] = caller; // a new pair, or another pair's slot: start over
            cacheCallee[slot] = callee;
            cacheNode[slot] = node;
            cacheState[slot] = 1;
        } else if (cacheState[slot] == MULTI) {
            cacheNode[slot] = node; // the site the next enters not walked are given
        } else if (cacheNode[slot] == node) {
            cacheState[slot] = Math.min(cacheState[slot] + 1, CONFIRMATIONS);
        } else {
            cacheState[slot] = MULTI; // two call nodes: sampled from now on (SITE_WALK)
            cacheNode[slot] = node;
        }
    }

    private void push(Object target) {
        if (shadowDepth == SHADOW) {
            // keep the top half: a return below it empties the shadow, and the next enter walks
            System.arraycopy(shadow, SHADOW / 2, shadow, 0, SHADOW / 2);
            java.util.Arrays.fill(shadow, SHADOW / 2, SHADOW, null);
            shadowDepth = SHADOW / 2;
        }
        shadow[shadowDepth++] = target;
    }

    /** A return of {@code target}: pops to its nearest frame, as the drain's replay does, or empties the shadow. */
    private void pop(Object target) {
        int k = shadowDepth - 1;
        while (k >= 0 && shadow[k] != target) {
            k--;
        }
        int to = Math.max(k, 0);
        java.util.Arrays.fill(shadow, to, shadowDepth, null);
        shadowDepth = to;
    }

    private void record(byte kind, Object target, Object node) {
        BurstBuffer b = current;
        int i = b.count;
        b.kinds[i] = kind;
        b.targets[i] = target;
        b.nodes[i] = node;
        b.count = i + 1;
        if (--remaining == 0) {
            end();
        }
    }

    // ---- guest thread: the capture -------------------------------------------------------------

    /**
     * Decides whether the walk just taken is followed by a burst. Runs on the guest thread inside
     * the capture, before the walk's record is published; ends a burst still running first.
     *
     * @param signature the walked context's signature
     * @param sampleWeight ticks the walk stands for
     * @param returnedTop the walked top frame's call target when that frame had already returned
     *            (its return becomes the burst's first event), else null
     * @return the sequence number to put in the record (the burst follows it), 0 for no burst
     */
    public long decide(int signature, long sampleWeight, Object returnedTop) {
        return decide(signature, sampleWeight, returnedTop, null, 0, 0);
    }

    /**
     * {@link #decide(int, long, Object)}, knowing the call targets of the frames the walk saw:
     * {@code frames[first]} is the frame that runs when the burst starts (the walked top frame, or
     * the one below it when the top had already returned), the caller of the burst's first enter,
     * and the {@code count - 1} after it are its callers, top-down. They seed what the burst knows
     * of the stack, so that its enters find their callers in the call-node cache.
     */
    public long decide(int signature, long sampleWeight, Object returnedTop, Object[] frames, int first, int count) {
        if (remaining > 0) {
            end();
        }
        if (!probes.isAttached()) {
            detachedWalks++;
            return 0; // no probe would see the burst's calls; the history table is left as it was
        }
        int idx = (signature ^ (signature >>> 11)) & (TABLE_SIZE - 1);
        long ticks = Math.max(1, sampleWeight);
        long w;
        if (!used[idx] || signatures[idx] != signature) {
            used[idx] = true;
            signatures[idx] = signature;
            pendingTicks[idx] = 0;
            pendingWalks[idx] = 0;
            w = ticks;
        } else {
            long pending = pendingTicks[idx] + ticks;
            int walks = pendingWalks[idx] + 1;
            if (walks < rr && pending < ticksForBurst) {
                pendingTicks[idx] = pending;
                pendingWalks[idx] = walks;
                skipped++;
                return 0;
            }
            pendingTicks[idx] = 0;
            pendingWalks[idx] = 0;
            w = pending; // the ticks of this walk and of the ones since the last burst
        }
        BurstBuffer b = current;
        if (b == null) {
            b = takeFree();
            if (b == null) {
                busy++;
                pendingTicks[idx] = w; // still owed a burst: the signature's next walk is burst and carries them
                pendingWalks[idx] = rr;
                return 0;
            }
            current = b;
        }
        b.seq = ++nextSeq;
        b.weight = w;
        if (returnedTop != null) {
            b.kinds[0] = BurstBuffer.RETURN;
            b.targets[0] = returnedTop;
            b.count = 1;
        }
        java.util.Arrays.fill(shadow, 0, shadowDepth, null);
        shadowDepth = 0;
        for (int i = first + Math.min(count, SHADOW) - 1; i >= first; i--) {
            shadow[shadowDepth++] = frames[i];
        }
        prepared = b;
        return b.seq;
    }

    /** Starts the burst {@link #decide} prepared, once its record is published. Guest thread. */
    public void arm() {
        if (prepared != null) {
            prepared = null;
            bursts++;
            remaining = length;
            if (COUNTED.compareAndSet(this, 0, 1)) {
                RUNNING.getAndAdd(1); // atomic: other threads start and end bursts too
            }
        }
    }

    /** Ends the running burst. Guest thread. */
    private void end() {
        remaining = 0;
        uncount();
        finish();
    }

    private void uncount() {
        if (COUNTED.compareAndSet(this, 1, 0)) {
            RUNNING.getAndAdd(-1);
        }
    }

    /**
     * Ends the running burst early and hands what it recorded to the drain: the thread is leaving
     * its context for good, or sampling stops, and no walk will come to end it. Without this the
     * calls a thread makes after its last walk (a main thread that spawns workers and then only
     * joins them and reports) were lost with the burst. Guest thread: only the thread that owns
     * this state, outside any probe.
     */
    public void flush() {
        if (remaining > 0) {
            end();
        }
    }

    /**
     * The thread ended (or left its context for good) with a burst running that it did not
     * {@link #flush}: takes the burst out of the JVM-wide count, so the other threads' probes go
     * back to their fast path. The burst's events are lost. Drain thread, once the thread is retired.
     */
    public void abandon() {
        uncount();
    }

    /** Bursts counted as running on any thread of this JVM (tests). */
    static int runningBursts() {
        return (int) RUNNING.getVolatile();
    }

    /** Hands the current buffer to the drain, or drops its events when the drain has not taken the last one. */
    private void finish() {
        BurstBuffer b = current;
        if (offer(b)) { // release: the events are written before the drain can take it
            current = takeFree(); // may be null until the drain hands one back
            Thread d = drain;
            if (d != null) {
                LockSupport.unpark(d); // no allocation; at most once per burst
            }
        } else {
            dropped++;
            b.clear();
        }
    }

    // ---- drain thread --------------------------------------------------------------------------

    /**
     * Names the thread that drains this state: the guest wakes it whenever it hands over a burst.
     * Drain thread.
     */
    public void drainedBy(Thread t) {
        if (drain != t) {
            drain = t;
        }
    }

    /** Puts a finished burst in a free ready slot; false when every slot is taken. Guest thread. */
    private boolean offer(BurstBuffer b) {
        for (int i = 0; i < ready.length(); i++) {
            if (ready.compareAndSet(i, null, b)) { // release: pairs with the drain's getAndSet
                return true;
            }
        }
        return false;
    }

    /** Takes a finished burst, or null. Drain thread. */
    public BurstBuffer takeReady() {
        for (int i = 0; i < ready.length(); i++) {
            BurstBuffer b = ready.getAndSet(i, null); // acquire: pairs with the guest's compareAndSet
            if (b != null) {
                return b;
            }
        }
        return null;
    }

    /** A buffer the drain handed back, or null. Guest thread. */
    private BurstBuffer takeFree() {
        for (int i = 0; i < free.length(); i++) {
            BurstBuffer b = free.getAndSet(i, null); // acquire: the drain cleared it before handing it back
            if (b != null) {
                return b;
            }
        }
        return null;
    }

    /** Hands a processed buffer back, cleared. Drain thread; only a buffer {@link #takeReady} returned. */
    public void giveBack(BurstBuffer b) {
        b.clear();
        for (int i = 0; i < free.length(); i++) {
            if (free.get(i) == b) {
                throw new IllegalStateException("a burst buffer goes back only to the thread it came from, and only once");
            }
        }
        for (int i = 0; i < free.length(); i++) {
            if (free.compareAndSet(i, null, b)) { // release: cleared before the guest can take it
                return;
            }
        }
        throw new IllegalStateException("a burst buffer goes back only to the thread it came from, and only once");
    }

    // ---- any thread (racy reads of the guest's counters, for reports) --------------------------

    /** Bursts started. Racy read, benign: a report. */
    public long bursts() {
        return bursts;
    }

    /** Walks not followed by a burst because their signature had fewer than RR walks, standing for less than RR × 10 ms, since its last burst. Racy read. */
    public long skippedByHistory() {
        return skipped;
    }

    /** Finished bursts dropped because the drain had not taken the previous one. Racy read. */
    public long droppedBursts() {
        return dropped;
    }

    /** Enters during bursts whose call node came from the cache. Racy read. */
    public long cachedEnters() {
        return cachedEnters;
    }

    /** Enters during bursts that walked two frames for their call node. Racy read. */
    public long walkedEnters() {
        return walkedEnters;
    }

    /**
     * Enters during bursts of a pair with several call sites that took the site of the pair's last
     * walk. Guest-written; racy read.
     */
    public long sampledSiteEnters() {
        return sampledSiteEnters;
    }

    /**
     * Returns that bursts recorded without a probe's event: of frames entered before the probes
     * were attached again, found returned by a walked enter. Racy read.
     */
    public long missedReturns() {
        return missedReturns;
    }

    /** Walks taken while the probes were detached (no burst could follow). Racy read. */
    public long detachedWalks() {
        return detachedWalks;
    }

    /** Walks not followed by a burst because no buffer was free. Racy read. */
    public long busy() {
        return busy;
    }
}
