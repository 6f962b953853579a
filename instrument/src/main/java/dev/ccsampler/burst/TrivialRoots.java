package dev.ccsampler.burst;

import java.util.Arrays;

/**
 * The identity hashes of the trivial roots the burst probes were made for (no loop, no call, a few
 * dozen nodes: {@code CallDepthProbe.isTrivial}). A compiled trivial root on top of a walk whose
 * thread polled at that root's node is, in all likelihood, at its return poll: it polls nowhere
 * else but on slow paths. The burst then starts with its return ({@link BurstState#decide}).
 *
 * <h2>Assumptions and guarantees</h2>
 * <ul>
 * <li>Added to when probes are made (not on a guest's fast path), under this object's lock, copy
 * on write; read lock-free and without allocation on guest threads inside a capture.</li>
 * <li>Identity hashes are not unique: a root that shares its hash with a trivial one is taken for
 * trivial, which can only misplace the base of one burst.</li>
 * <li>At most {@link #MAX} hashes; later trivial roots are not kept.</li>
 * </ul>
 */
public final class TrivialRoots {

    /** The most hashes kept. */
    static final int MAX = 4096;

    /** Sorted; replaced, never changed in place. */
    private volatile int[] hashes = new int[0];

    /** Adds a trivial root's identity hash. Any thread. */
    public synchronized void add(int hash) {
        if (hashes.length < MAX) {
            hashes = withHash(hashes, hash);
        }
    }

    /**
     * A sorted array of hashes with {@code hash} added: {@code a} itself when it holds it already,
     * else a new array (copy on write, for readers that take no lock).
     */
    public static int[] withHash(int[] a, int hash) {
        int i = Arrays.binarySearch(a, hash);
        if (i >= 0) {
            return a;
        }
        int at = -i - 1;
        int[] b = new int[a.length + 1];
        System.arraycopy(a, 0, b, 0, at);
        b[at] = hash;
        System.arraycopy(a, at, b, at + 1, a.length - at);
        return b;
    }

    /** Whether {@code hash} is a trivial root's. Any thread; no allocation. */
    public boolean contains(int hash) {
        return Arrays.binarySearch(hashes, hash) >= 0;
    }
}
