package dev.ccsampler.queue;

/**
 * One captured stack, written by a guest thread into a preallocated ring slot and read by the drain
 * thread. A walk may be incremental: the record then holds only the frames that changed since the
 * thread's previous published record, and {@link #reused} says how many frames at the bottom of
 * that previous stack are still there, unchanged, below them.
 *
 * <p>Frames are stored innermost first: index 0 is the top of the stack. For frame {@code i > 0},
 * {@code callNodes[i]} is the call node in frame {@code i} that called frame {@code i - 1}
 * (Truffle's {@code FrameInstance.getCallNode()}); {@code callNodes[0]} is whatever the runtime
 * reports for the top frame and is not used. The frame below the last walked one is the previous
 * stack's frame at bottom-up position {@code reused - 1}.
 *
 * <p>Single writer (the owning guest thread, while the slot is claimed), single reader (the drain
 * thread, after the slot is published). Publication ordering is provided by the ring.
 */
public final class SampleRecord {

    /** {@code RootCallTarget} per walked frame. */
    public Object[] targets;
    /** Call node (a Truffle {@code Node}, possibly null) per walked frame. */
    public Object[] callNodes;
    /** Tier byte per walked frame: the constants of {@code dev.ccsampler.capture.FrameTier}. */
    public byte[] tiers;
    /** Number of walked frames. */
    public int depth;
    /**
     * Of the {@link #depth} frames, those written from what earlier walks saw of the same pairs of
     * counted frames instead of walked (the last ones, below the walked part).
     */
    public int filled;
    /** Frames at the bottom of the thread's previous record that are unchanged below the walked ones. */
    public int reused;
    /** Whether the walk stopped at the stack limit (the outer frames are unknown). */
    public boolean truncated;
    /** Whether the activation on top of the stack is the one the previous sample saw on top. */
    public boolean topRepeat;
    /**
     * Whether the walk had call depth marks (probes attached and counting); without them
     * {@link #topRepeat} is unknown and the drain approximates it.
     */
    public boolean marked;
    /**
     * Most placements one record holds: the top slots of the {@code TOP} policy of waited ticks
     * (4), and those of the up to two requests a partial safepoint passed over before it.
     */
    public static final int MAX_PLACES = 12;
    /**
     * Placements of a late sample ({@code WaitedTicks=top}): {@code places} groups of its ticks
     * that go not to the walked stack but to the stack the thread had when they passed. Group
     * {@code i} stands for {@code placeTicks[i]} of the {@link #weight}; its stack is the walked
     * one without its top {@code placeDrop[i]} frames, then {@code placeChainLength[i]} returned
     * frames, known by their roots' identity hashes in {@code placeChain} from index
     * {@code placeChainStart[i]}, outermost first (their call sites are not known). The rest of
     * the weight goes to the walked stack, which stays as walked: the next record builds on it.
     */
    public int places;
    public final long[] placeTicks = new long[MAX_PLACES];
    public final int[] placeDrop = new int[MAX_PLACES];
    public final int[] placeChainStart = new int[MAX_PLACES];
    public final int[] placeChainLength = new int[MAX_PLACES];
    /** Grows like the frame arrays: only when a chain is longer than any before in this slot. */
    public int[] placeChain = new int[16];

    /** Makes room for {@code n} chain entries. Guest thread. */
    public void ensureChainCapacity(int n) {
        if (n > placeChain.length) {
            placeChain = java.util.Arrays.copyOf(placeChain, Math.max(n, placeChain.length * 2));
        }
    }
    /** Clock ticks this sample stands for (at least 1). */
    public long weight;
    /** {@code System.nanoTime()} when the trigger submitted the request. */
    public long submitNanos;
    /** {@code System.nanoTime()} when the guest thread started the walk. */
    public long captureNanos;
    /**
     * CPU time the guest thread used between the request's submission and this capture, in
     * nanoseconds; -1 when not measured ({@code dev.ccsampler.capture.ThreadCpuClock}). A wait for
     * the poll longer than this was time the thread did not run.
     */
    public long waitCpuNanos = -1;
    /** Nanoseconds the capture took on the guest thread. */
    public long walkNanos;
    /**
     * Test switch ({@code VerifyIncremental}): a full walk taken right after an incremental one, for
     * the drain to compare; {@code checkDepth} is -1 when there is none.
     */
    public Object[] checkTargets;
    /** Call nodes of the full check walk. */
    public Object[] checkNodes;
    /** Frames of the full check walk, -1 when none. */
    public int checkDepth = -1;
    /**
     * Sequence number of the burst that follows this walk on its thread ({@code dev.ccsampler.burst}),
     * 0 when none: the drain keeps this record's stack as the burst's base.
     */
    public long burstSeq;

    SampleRecord(int initialFrames) {
        targets = new Object[initialFrames];
        callNodes = new Object[initialFrames];
        tiers = new byte[initialFrames];
    }

    /**
     * Makes room for at least {@code frames} frames. Allocates only when the stack is deeper than
     * any seen before in this slot, so the steady state allocates nothing. Runs on the guest thread.
     */
    public void ensureCapacity(int frames) {
        if (frames > targets.length) {
            int n = Math.max(frames, targets.length * 2);
            targets = java.util.Arrays.copyOf(targets, n);
            callNodes = java.util.Arrays.copyOf(callNodes, n);
            tiers = java.util.Arrays.copyOf(tiers, n);
        }
    }

    /** Resets what a capture fills (no frame yet, nothing reused or checked), before it fills them. Guest thread. */
    public void resetFrames() {
        depth = 0;
        filled = 0;
        reused = 0;
        truncated = false;
        topRepeat = false;
        checkDepth = -1;
        marked = false;
    }

    /** Drops references so captured code can be collected. Runs on the drain thread. */
    void clear() {
        java.util.Arrays.fill(targets, 0, depth, null);
        java.util.Arrays.fill(callNodes, 0, depth, null);
        if (checkDepth > 0) {
            java.util.Arrays.fill(checkTargets, 0, checkDepth, null);
            java.util.Arrays.fill(checkNodes, 0, checkDepth, null);
        }
        checkDepth = -1;
        depth = 0;
        reused = 0;
        truncated = false;
        topRepeat = false;
        marked = false;
        burstSeq = 0;
    }
}
