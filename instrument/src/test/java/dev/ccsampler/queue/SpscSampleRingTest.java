package dev.ccsampler.queue;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The ring under one producer and one consumer.
 * <p>
 * Acceptable outcomes: every published record is consumed exactly once, in publication order, with
 * the fields the producer wrote; a claim on a full ring returns null (counted as a drop). Forbidden:
 * a record consumed twice or never, out of order, torn (fields of two different samples), or a full
 * ring overwriting an unconsumed record.
 */
class SpscSampleRingTest {

    @Test
    void capacityIsAPowerOfTwoAtLeastAsked() {
        assertEquals(2, new SpscSampleRing(2, 1).capacity());
        assertEquals(8, new SpscSampleRing(5, 1).capacity());
        assertEquals(128, new SpscSampleRing(128, 1).capacity());
    }

    @Test
    void fullRingRefusesInsteadOfOverwriting() {
        SpscSampleRing ring = new SpscSampleRing(4, 2);
        for (int i = 0; i < 4; i++) {
            SampleRecord r = ring.claim();
            assertNotNull(r);
            r.submitNanos = i;
            ring.publish();
        }
        assertNull(ring.claim(), "a full ring must refuse");
        assertEquals(0, ring.peek().submitNanos);
        ring.release();
        SampleRecord r = ring.claim();
        assertNotNull(r);
        r.submitNanos = 4;
        ring.publish();
        for (int i = 1; i <= 4; i++) {
            assertEquals(i, ring.peek().submitNanos);
            ring.release();
        }
        assertNull(ring.peek());
    }

    @Test
    void releaseWithoutRecordIsRejected() {
        SpscSampleRing ring = new SpscSampleRing(4, 2);
        IllegalStateException e = assertThrows(IllegalStateException.class, ring::release);
        assertTrue(e.getMessage().contains("only the consumer"));
    }

    @Test
    void claimWithoutPublishReturnsTheSameSlot() {
        SpscSampleRing ring = new SpscSampleRing(4, 2);
        assertSame(ring.claim(), ring.claim());
        assertNull(ring.peek(), "an unpublished record is invisible");
    }

    @Test
    void slotsGrowOnlyForDeeperStacks() {
        SampleRecord r = new SampleRecord(4);
        Object[] before = r.targets;
        r.ensureCapacity(4);
        assertSame(before, r.targets);
        r.ensureCapacity(5);
        assertTrue(r.targets.length >= 8);
    }

    @Test
    void stressOneProducerOneConsumer() throws Exception {
        SpscSampleRing ring = new SpscSampleRing(16, 4);
        long n = 2_000_000;
        AtomicLong dropped = new AtomicLong();
        Thread producer = new Thread(() -> {
            for (long i = 0; i < n; i++) {
                SampleRecord r = ring.claim();
                if (r == null) {
                    dropped.incrementAndGet();
                    continue;
                }
                r.submitNanos = i;
                r.captureNanos = i * 3;
                r.depth = (int) (i % 4) + 1;
                for (int d = 0; d < r.depth; d++) {
                    r.tiers[d] = (byte) (i & 3);
                }
                ring.publish();
            }
        });
        producer.start();
        long consumed = 0;
        long last = -1;
        while (producer.isAlive() || ring.peek() != null) {
            SampleRecord r = ring.peek();
            if (r == null) {
                Thread.onSpinWait();
                continue;
            }
            long i = r.submitNanos;
            assertTrue(i > last, "out of order or duplicated: " + i + " after " + last);
            assertEquals(i * 3, r.captureNanos, "torn record");
            assertEquals((int) (i % 4) + 1, r.depth, "torn record");
            assertEquals((byte) (i & 3), r.tiers[r.depth - 1], "torn record");
            last = i;
            consumed++;
            ring.release();
        }
        producer.join();
        assertEquals(n, consumed + dropped.get(), "every record is consumed or counted as dropped");
    }
}
