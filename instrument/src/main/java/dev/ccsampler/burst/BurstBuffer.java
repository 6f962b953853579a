package dev.ccsampler.burst;

import java.util.Arrays;

/**
 * The events of one burst: root enters (with the call node that made the call), returns and
 * resumes, in the order they happened on one guest thread, plus the weight its call counts get
 * and the sequence number of the sample record it follows.
 *
 * <p>Single writer, single reader, one at a time: the owning guest thread fills it while it is its
 * {@code current} buffer; after the hand-off only the drain thread reads it, until it hands it
 * back cleared. Preallocated: filling it allocates nothing.
 *
 * @since 0.3
 */
public final class BurstBuffer {

    /** A root was entered: a new call. */
    public static final byte ENTER = 1;
    /** A root returned, threw, unwound or yielded. */
    public static final byte RETURN = 2;
    /** A suspended root resumed: not a new call. */
    public static final byte RESUME = 3;

    /** {@code RootCallTarget} of the root per event. */
    final Object[] targets;
    /** For {@link #ENTER}: the call node in the caller's frame that made the call, or null. */
    final Object[] nodes;
    final byte[] kinds;
    int count;
    /** Sequence number of the sample record this burst follows (the record's {@code burstSeq}). */
    long seq;
    /** What every call this burst counts stands for: the ticks of its signature's walks since its last burst, this walk's included. */
    long weight;

    BurstBuffer(int capacity) {
        targets = new Object[capacity];
        nodes = new Object[capacity];
        kinds = new byte[capacity];
    }

    /** Events recorded. Drain thread, after the hand-off. */
    public int count() {
        return count;
    }

    /** Kind of event {@code i}: {@link #ENTER}, {@link #RETURN} or {@link #RESUME}. Drain thread. */
    public byte kind(int i) {
        return kinds[i];
    }

    /** Call target of event {@code i}. Drain thread. */
    public Object target(int i) {
        return targets[i];
    }

    /** Call node of the caller for an enter event, or null. Drain thread. */
    public Object callNode(int i) {
        return nodes[i];
    }

    /** Sequence number of the sample record the burst follows. Drain thread. */
    public long seq() {
        return seq;
    }

    /** Weight of each call counted from this burst. Drain thread. */
    public long weight() {
        return weight;
    }

    /** Drops the references so guest code can be collected. Drain thread, before handing it back. */
    void clear() {
        Arrays.fill(targets, 0, count, null);
        Arrays.fill(nodes, 0, count, null);
        count = 0;
    }
}
