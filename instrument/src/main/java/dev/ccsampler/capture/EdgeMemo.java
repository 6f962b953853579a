package dev.ccsampler.capture;

/**
 * What the walks of one thread saw of each pair of counted frames that sat right on top of each
 * other (caller and callee, by their roots' identity hashes as the {@link CallDepth} marks keep
 * them): the caller frame's call target, the call node it called the callee through, and its tier,
 * as long as every walk that saw the pair saw the same call node and no frame between the two.
 * A pair seen once with another call node, or with an uncounted frame between (a builtin without a
 * probe, another language's frame), is marked and never used again.
 *
 * <p>With it a walk need not visit the frames the marks already name: below the top few frames, a
 * run of counted frames whose every pair is known is written from here instead of walked ({@link
 * StackRecorder}). A walk costs the VM 2–9 µs a guest frame; this costs a hash probe.
 *
 * <p>Assumptions: single thread (the owning guest thread, inside the capture). Fixed capacity,
 * allocated once, at a thread's first walk with marks: when full, new pairs are not kept (those
 * frames are walked). Holds the call targets and call nodes it saw strongly, as the thread's last
 * sample record does, for as long as the thread is sampled.
 */
final class EdgeMemo {

    /** Slots, a power of two; three quarters of them are used at most (18–26 KB a thread in all, with compressed or full references). */
    static final int CAPACITY = 1024;
    private static final int MAX_SIZE = CAPACITY * 3 / 4;

    private final long[] keys = new long[CAPACITY];
    private final Object[] targets = new Object[CAPACITY];
    private final Object[] nodes = new Object[CAPACITY];
    private final byte[] tiers = new byte[CAPACITY];
    private final boolean[] conflicted = new boolean[CAPACITY];
    private int size;

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

    /**
     * A walk saw counted frame {@code caller} right below counted frame {@code callee}, with
     * nothing between: the caller frame's call target, call node and tier.
     */
    void adjacent(int caller, int callee, Object callerTarget, Object callerNode, byte callerTier) {
        int i = slot(key(caller, callee), true);
        if (i < 0 || conflicted[i]) {
            return;
        }
        if (targets[i] == null) {
            targets[i] = callerTarget;
            nodes[i] = callerNode;
        } else if (targets[i] != callerTarget || nodes[i] != callerNode) {
            forget(i); // called through another call node, or another target with the same hash
            return;
        }
        tiers[i] = callerTier; // the newest tier seen
    }

    /** A walk saw counted frame {@code caller} below counted frame {@code callee} with other frames between. */
    void notAdjacent(int caller, int callee) {
        int i = slot(key(caller, callee), true);
        if (i >= 0) {
            forget(i);
        }
    }

    private void forget(int i) {
        conflicted[i] = true;
        targets[i] = null;
        nodes[i] = null;
    }

    /** The slot of a pair whose caller frame can be written from here, or -1. */
    int known(int caller, int callee) {
        int i = slot(key(caller, callee), false);
        return i >= 0 && !conflicted[i] && targets[i] != null ? i : -1;
    }

    Object target(int slot) {
        return targets[slot];
    }

    Object node(int slot) {
        return nodes[slot];
    }

    byte tier(int slot) {
        return tiers[slot];
    }
}
