package dev.ccsampler.queue;

import dev.ccsampler.fault.FaultInjection;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A bounded ring of preallocated {@link SampleRecord}s with exactly one producer (the guest thread
 * that owns it) and one consumer (the drain thread).
 *
 * <h2>Assumptions</h2>
 * <ul>
 * <li>{@link #claim()} and {@link #publish()} are only called by the producer thread, in the order
 * claim, fill, publish (or claim and abandon).</li>
 * <li>{@link #peek()} and {@link #release()} are only called by the consumer thread.</li>
 * </ul>
 * <h2>Guarantees</h2>
 * <ul>
 * <li>All operations are wait-free and allocation-free.</li>
 * <li>A record is visible to the consumer only after {@link #publish()}, with all its fields
 * (release/acquire on the producer index).</li>
 * <li>A slot is reused by the producer only after the consumer has {@link #release() released} it:
 * recycling goes only back to the ring the record came from.</li>
 * <li>When the ring is full {@link #claim()} returns {@code null}: the caller drops the sample and
 * counts it. Nothing is ever overwritten.</li>
 * </ul>
 * Example: the guest thread does {@code r = ring.claim(); if (r == null) dropped++; else { fill(r);
 * ring.publish(); }}; the drain thread does {@code while ((r = ring.peek()) != null) { apply(r);
 * ring.release(); }}.
 *
 * <p>Design: Lamport's ring with cached indices (as in JCTools' SPSC queues): the producer keeps a
 * plain cache of the consumer index and re-reads it only when the ring looks full.
 */
public final class SpscSampleRing {

    private static final VarHandle PRODUCER_INDEX;
    private static final VarHandle CONSUMER_INDEX;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            PRODUCER_INDEX = l.findVarHandle(SpscSampleRing.class, "producerIndex", long.class);
            CONSUMER_INDEX = l.findVarHandle(SpscSampleRing.class, "consumerIndex", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final SampleRecord[] slots;
    private final int mask;

    // producer-owned line
    @SuppressWarnings("unused") private long p00, p01, p02, p03, p04, p05, p06, p07;
    private long producerIndex;
    /** Producer's plain cache of the consumer index. */
    private long consumerIndexCache;
    @SuppressWarnings("unused") private long p10, p11, p12, p13, p14, p15, p16, p17;
    // consumer-owned line
    private long consumerIndex;
    @SuppressWarnings("unused") private long p20, p21, p22, p23, p24, p25, p26, p27;

    /**
     * @param capacity number of slots, rounded up to a power of two
     * @param initialFrames frames preallocated per slot (slots grow on demand on the guest thread)
     */
    public SpscSampleRing(int capacity, int initialFrames) {
        int cap = capacity <= 2 ? 2 : Integer.highestOneBit(capacity - 1) << 1;
        slots = new SampleRecord[cap];
        for (int i = 0; i < cap; i++) {
            slots[i] = new SampleRecord(initialFrames);
        }
        mask = cap - 1;
    }

    /** Number of slots. */
    public int capacity() {
        return slots.length;
    }

    /**
     * Returns the next free record to fill, or {@code null} when the ring is full. Producer only.
     * Wait-free. Calling it twice without {@link #publish()} returns the same record.
     */
    public SampleRecord claim() {
        if (FaultInjection.fires(FaultInjection.Point.RING)) {
            return null; // test only: the ring forced full
        }
        long p = producerIndex; // plain: single writer
        if (p - consumerIndexCache >= slots.length) {
            consumerIndexCache = (long) CONSUMER_INDEX.getAcquire(this); // acquire: the consumer is done with the slot
            if (p - consumerIndexCache >= slots.length) {
                return null;
            }
        }
        return slots[(int) p & mask];
    }

    /** Makes the claimed record visible to the consumer. Producer only. Wait-free. */
    public void publish() {
        PRODUCER_INDEX.setRelease(this, producerIndex + 1); // release: the record is complete before the index moves
    }

    /** The oldest published record, or {@code null} when empty. Consumer only. Wait-free. */
    public SampleRecord peek() {
        long c = consumerIndex; // plain: single writer
        if (c >= (long) PRODUCER_INDEX.getAcquire(this)) { // acquire: see the record's fields
            return null;
        }
        return slots[(int) c & mask];
    }

    /** Clears and hands the record from {@link #peek()} back to the producer. Consumer only. Wait-free. */
    public void release() {
        long c = consumerIndex;
        if (c >= (long) PRODUCER_INDEX.getAcquire(this)) {
            throw new IllegalStateException("release() without a record from peek(): only the consumer may release, once per record");
        }
        slots[(int) c & mask].clear();
        CONSUMER_INDEX.setRelease(this, c + 1); // release: the slot is cleared before the producer may reuse it
    }

    /** Records published and not yet released. Racy read, benign: a hint for the drain's batching. */
    public int size() {
        return (int) ((long) PRODUCER_INDEX.getAcquire(this) - (long) CONSUMER_INDEX.getAcquire(this));
    }
}
