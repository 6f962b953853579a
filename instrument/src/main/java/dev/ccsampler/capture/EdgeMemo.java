package dev.ccsampler.capture;

import java.lang.ref.WeakReference;

/**
 * What the walks of one Java thread saw of each pair of counted frames that sat right on top of
 * each other (caller and callee, by their roots' identity hashes as the {@link CallDepth} marks keep
 * them): the caller frame's call target, the call node it called the callee through, and its tier,
 * as long as every walk that saw the pair saw the same call node and no frame between the two.
 * A pair seen once with another call node, or with an uncounted frame between (a builtin without a
 * probe, another language's frame), is marked and never used again. Walks note only what they see
 * below their top few counted frames, where pairs are written: a callee that its caller calls from
 * another line only near the top of the stack (a leaf, a parser's right operand) would otherwise
 * make the pair of a recursion through the first line a conflict. What they see near their top
 * another way than kept makes the walk in progress walk further down before it writes ({@link
 * #nearTop}); a pair whose callee is their top frame is not looked at at all.
 *
 * <p>With it a walk need not visit the frames the marks already name: below the top few frames, a
 * run of counted frames whose every pair is known is written from here instead of walked ({@link
 * StackRecorder}). A walk costs the VM 2–9 µs a guest frame; this costs a hash probe.
 *
 * <p>It also keeps, per root, how many full walks found that root's frame as counted frame 0 with
 * no guest frame below it at all ({@link #outermost}), and whether one found frames below it: a
 * context's first walk may then write its whole stack from here.
 *
 * <p>One memo serves a Java thread in every context of the engine ({@link Shared}): contexts that
 * share code (a shared engine, {@code ContextPolicy.SHARED}) share their roots and call nodes, so
 * what one context's walks saw holds in the next one; contexts with their own code have their own
 * roots, whose pairs are simply new. The targets and call nodes are held weakly, so that the memo
 * of a thread that outlives many contexts keeps none of their code alive; a pair whose target or
 * node was collected is not known. When the memo is full it is emptied at the next walk and fills
 * again.
 *
 * <p>Assumptions: single thread (the owning guest thread, inside the capture; a Java thread runs
 * one capture at a time, whichever context it is in). Fixed capacity, allocated once, at the
 * thread's first walk with marks; learning a pair allocates its two weak references, reading
 * allocates nothing.
 */
public final class EdgeMemo {

    /** Slots, a power of two; three quarters of them are used at most. */
    static final int CAPACITY = 1024;
    private static final int MAX_SIZE = CAPACITY * 3 / 4;
    /** Stands for "nothing below" as the caller of a pair: no identity hash is negative. */
    static final int OUTERMOST = -2;
    private static final Object NOTHING_BELOW = new Object();
    private static final WeakReference<Object> NOTHING_BELOW_REF = new WeakReference<>(NOTHING_BELOW);

    private final long[] keys = new long[CAPACITY];
    private final WeakReference<?>[] targets = new WeakReference<?>[CAPACITY];
    /** Null where the caller called without a call node. */
    private final WeakReference<?>[] nodes = new WeakReference<?>[CAPACITY];
    private final byte[] tiers = new byte[CAPACITY];
    /** Walks that saw the pair as it is kept, up to 127. */
    private final byte[] seen = new byte[CAPACITY];
    private final boolean[] conflicted = new boolean[CAPACITY];
    private int size;
    /** Kept pairs forgotten so far (a walk saw them through another call node or with a frame between). */
    private long forgotten;
    /** Kept pairs a walk saw another way among its top frames ({@link #nearTop}), so far. */
    private long disagreed;

    /**
     * The memo of one Java thread, made at its first walk with marks, shared by the thread's
     * states in all contexts of the engine. Thread-safety: as the memo.
     */
    public static final class Shared {
        /**
         * The most marks looked at; with more, other contexts are taken to be active (the rules that
         * need them not are then off: walks are longer, never wrong). A closed context's marks stay
         * in the list until the collector clears them (they have no frame, so they never count),
         * which for a thread that runs a context per request can be hundreds between collections.
         */
        static final int MAX_MARKS = 1024;
        private volatile EdgeMemo memo;
        /** The marks of the thread's states in the engine's contexts, weakly: a closed context's go. */
        private final java.util.ArrayList<WeakReference<CallDepth>> marks = new java.util.ArrayList<>();

        EdgeMemo get() {
            if (memo == null) {
                memo = new EdgeMemo();
            }
            return memo;
        }

        /**
         * Lets the memo go: its sampler closed. A thread that outlives the engine keeps this object
         * until its thread-local map drops the stale entry, which may be never; an empty one is a
         * few bytes. Any thread; a walk still running keeps the memo it took.
         */
        public void release() {
            memo = null;
        }

        /** A state of this thread in another context walks with {@code m}; once per state. */
        void register(CallDepth m) {
            marks.removeIf(r -> r.get() == null);
            for (WeakReference<CallDepth> r : marks) {
                if (r.get() == m) {
                    return;
                }
            }
            marks.add(new WeakReference<>(m));
        }

        /**
         * Whether counted frames of another context are on this thread's stack now (that context
         * called into this one): then there are guest frames below this context's counted frame 0,
         * whatever full walks found before. Also true when too many contexts are kept to tell.
         */
        boolean othersActive(CallDepth mine) {
            if (marks.size() > MAX_MARKS) {
                return true;
            }
            for (int i = 0; i < marks.size(); i++) {
                CallDepth m = marks.get(i).get();
                if (m != null && m != mine && m.depth() > 0) {
                    return true;
                }
            }
            return false;
        }
    }

    private static long key(int caller, int callee) {
        return ((long) caller << 32) | (callee & 0xffffffffL);
    }

    /**
     * The slot of a pair, or -1 when it is not kept; with {@code take}, a new pair takes a free
     * slot unless the memo is full.
     */
    private int slot(long key, boolean take) {
        if (key == 0) {
            return -1;
        }
        int i = (int) (mix(key) & (CAPACITY - 1));
        for (int n = 0; n < CAPACITY; n++) {
            long k = keys[i];
            if (k == key) {
                return i;
            }
            if (k == 0) {
                if (!take || size >= MAX_SIZE) {
                    return -1;
                }
                size++;
                keys[i] = key;
                return i;
            }
            i = (i + 1) & (CAPACITY - 1);
        }
        return -1;
    }

    private static long mix(long k) {
        k *= 0x9E3779B97F4A7C15L;
        return k ^ (k >>> 29);
    }

    /** How many pairs were forgotten so far: a walk that wrote frames compares it before and after. */
    long forgotten() {
        return forgotten;
    }

    /** How many times so far a walk saw a kept pair near its top another way ({@link #nearTop}): a walk that wrote frames compares it before and after. */
    long disagreed() {
        return disagreed;
    }

    /** Whether no new pair can be kept: the next walk empties the memo ({@link #clear}). */
    boolean full() {
        return size >= MAX_SIZE;
    }

    /** Forgets every pair. */
    void clear() {
        java.util.Arrays.fill(keys, 0L);
        java.util.Arrays.fill(targets, null);
        java.util.Arrays.fill(nodes, null);
        java.util.Arrays.fill(tiers, (byte) 0);
        java.util.Arrays.fill(seen, (byte) 0);
        java.util.Arrays.fill(conflicted, false);
        size = 0;
    }

    /**
     * A walk saw counted frame {@code caller} right below counted frame {@code callee}, with
     * nothing between: the caller frame's call target, call node and tier.
     */
    void adjacent(int caller, int callee, Object callerTarget, Object callerNode, byte callerTier) {
        int i = slot(key(caller, callee), true);
        if (i < 0 || conflicted[i] || callerTarget == null) {
            return;
        }
        WeakReference<?> t = targets[i];
        WeakReference<?> n = nodes[i];
        Object kept = t == null ? null : t.get();
        boolean nodeGone = n != null && n.get() == null;
        if (kept == null || nodeGone) {
            // new, or what it kept was collected (that root or node is gone): keep this
            targets[i] = callerTarget == NOTHING_BELOW ? NOTHING_BELOW_REF : new WeakReference<>(callerTarget);
            nodes[i] = callerNode == null ? null : new WeakReference<>(callerNode);
            seen[i] = 0;
        } else if (kept != callerTarget || (n == null ? null : n.get()) != callerNode) {
            forget(i); // called through another call node, or another target with the same hash
            return;
        }
        tiers[i] = callerTier; // the newest tier seen
        if (seen[i] < Byte.MAX_VALUE) {
            seen[i]++;
        }
    }

    /**
     * A walk saw counted frame {@code caller} below counted frame {@code callee} among its top
     * counted frames, where no pair is ever written ({@code StackRecorder#WALK_TOP}): neither kept
     * nor a conflict, since a caller may call the callee from another line there alone (a
     * parser's right operand, a few calls deep, beside a recursion through its left one). But when
     * the pair is kept and this saw it another way (another call node or target, or {@code
     * adjacentFrames} false: other frames between), {@link #disagreed} counts it: the walk in
     * progress must not write the pair below, for the caller may have started to call through
     * that line where it recurses (a phase change), and is walked again, further down, which
     * keeps or forgets the pair by what it finds below the top ({@code StackRecorder#walk}).
     */
    void nearTop(int caller, int callee, Object callerTarget, Object callerNode, boolean adjacentFrames) {
        int i = slot(key(caller, callee), false);
        if (i < 0 || conflicted[i] || targets[i] == null) {
            return;
        }
        WeakReference<?> n = nodes[i];
        if (!adjacentFrames || targets[i].get() != callerTarget || (n == null ? null : n.get()) != callerNode) {
            disagreed++;
        }
    }

    /** A walk saw counted frame {@code caller} below counted frame {@code callee} with other frames between. */
    void notAdjacent(int caller, int callee) {
        int i = slot(key(caller, callee), true);
        if (i >= 0) {
            forget(i);
        }
    }

    private void forget(int i) {
        if (!conflicted[i] && targets[i] != null) {
            forgotten++; // a pair that could have been written
        }
        conflicted[i] = true;
        targets[i] = null;
        nodes[i] = null;
    }

    /**
     * The slot of a pair kept with one call node, or -1. What it kept may have been collected since
     * (its root or node is gone): {@link #target} then answers null, and the frame cannot be
     * written. The reader checks that once, as it reads ({@code StackRecorder}).
     */
    int known(int caller, int callee) {
        int i = slot(key(caller, callee), false);
        return i >= 0 && !conflicted[i] && targets[i] != null ? i : -1;
    }

    /** The caller's call target of a kept pair, or null when it was collected. */
    Object target(int slot) {
        WeakReference<?> t = targets[slot];
        return t == null ? null : t.get();
    }

    /** The caller's call node of a known pair (null also where it called without one). */
    Object node(int slot) {
        WeakReference<?> n = nodes[slot];
        return n == null ? null : n.get();
    }

    /** Whether the caller of a known pair called through a call node. */
    boolean hasNode(int slot) {
        return nodes[slot] != null;
    }

    byte tier(int slot) {
        return tiers[slot];
    }

    /**
     * A full walk found the frame of {@code root} as counted frame 0 with {@code below} guest
     * frames under it: with none, one more walk that vouches for it; with some, never again.
     */
    void outermost(int root, int below) {
        if (below == 0) {
            adjacent(OUTERMOST, root, NOTHING_BELOW, null, (byte) 0);
        } else {
            notAdjacent(OUTERMOST, root);
        }
    }

    /** Whether the memo keeps {@code root} as outermost or ruled out: then a frame below it must be told. */
    boolean outermostKept(int root) {
        return slot(key(OUTERMOST, root), false) >= 0;
    }

    /** In how many full walks the frame of {@code root} was counted frame 0 with nothing below, and never with something below. */
    int outermostSeen(int root) {
        int i = known(OUTERMOST, root);
        return i < 0 ? 0 : seen[i];
    }
}
