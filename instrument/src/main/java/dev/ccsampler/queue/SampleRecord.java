package dev.ccsampler.queue;

/**
 * One captured stack, written by a guest thread into a preallocated ring slot and read by the drain
 * thread. Frames are stored innermost first: index 0 is the top of the stack.
 *
 * <p>For frame {@code i > 0}, {@code callNodes[i]} is the call node in frame {@code i} that called
 * frame {@code i - 1} (Truffle's {@code FrameInstance.getCallNode()}); {@code callNodes[0]} is
 * whatever the runtime reports for the top frame and is not used.
 *
 * <p>Single writer (the owning guest thread, while the slot is claimed), single reader (the drain
 * thread, after the slot is published). Publication ordering is provided by the ring.
 */
public final class SampleRecord {

    /** {@code RootCallTarget} per frame. */
    public Object[] targets;
    /** Call node (a Truffle {@code Node}, possibly null) per frame. */
    public Object[] callNodes;
    /** {@link dev.ccsampler.ccmap.Tier} ordinal per frame. */
    public byte[] tiers;
    /** Number of valid frames. */
    public int depth;
    /** Whether the walk stopped at the stack limit. */
    public boolean truncated;
    /** {@code System.nanoTime()} when the trigger submitted the request. */
    public long submitNanos;
    /** {@code System.nanoTime()} when the guest thread started the walk. */
    public long captureNanos;

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

    /** Drops references so captured code can be collected. Runs on the drain thread. */
    void clear() {
        java.util.Arrays.fill(targets, 0, depth, null);
        java.util.Arrays.fill(callNodes, 0, depth, null);
        depth = 0;
        truncated = false;
    }
}
