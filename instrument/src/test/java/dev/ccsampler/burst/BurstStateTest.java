package dev.ccsampler.burst;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The history table, the re-enable weights and the buffer hand-off, driven by hand on one
 * thread (the guest side and the drain side alternate; the ordering is the AtomicReferences').
 * Return events only: an enter walks the guest stack, which needs a context (BurstTest covers it).
 */
class BurstStateTest {

    /** Runs one whole burst of returns if the walk is followed by one; returns its weight, 0 for none. */
    private static long walk(BurstState s, int signature, long ticks, int length) {
        long seq = s.decide(signature, ticks, null);
        if (seq == 0) {
            return 0;
        }
        s.arm();
        assertEquals(length, s.remaining());
        for (int i = 0; i < length; i++) {
            s.exit("root");
        }
        assertEquals(0, s.remaining(), "the burst ends after its length");
        BurstBuffer b = s.takeReady();
        assertNotNull(b, "a finished burst is handed to the drain");
        assertEquals(seq, b.seq());
        assertEquals(length, b.count());
        long w = b.weight();
        s.giveBack(b);
        return w;
    }

    /** {@code n} walks of {@code ticks} each with one signature, bursts of 3 events: the bursts and their summed weights. */
    private static long[] walks(BurstState s, int signature, long ticks, int n) {
        long[] burstsAndWeights = new long[2];
        for (int i = 0; i < n; i++) {
            long w = walk(s, signature, ticks, 3);
            burstsAndWeights[0] += w > 0 ? 1 : 0;
            burstsAndWeights[1] += w;
        }
        return burstsAndWeights;
    }

    @Test
    void reenableRatioWeightsAddUpToTheWalks() {
        BurstState s = new BurstState(new BurstSettings(true, 3, 10));
        long[] burstsAndWeights = walks(s, 42, 1, 101);
        // the first walk is new (weight 1), then every 10th of the 100 seen again (weight 10)
        assertEquals(11, burstsAndWeights[0]);
        assertEquals(101, burstsAndWeights[1]);
        assertEquals(90, s.skippedByHistory());
        // a new signature is burst at once with weight 1; the sample's ticks multiply the weight
        assertEquals(4, walk(s, 7, 4, 3));
    }

    /**
     * A signature is also due once its walks stand for RR × 10 ms: at 10 ms, walks the cost budget
     * thinned to one in five ticks are burst every second time at RR = 10, each burst weighing the
     * ticks since the last one, and the weights still add up to the ticks. Counted in walks alone
     * (every tenth, weight 10 times the walk's 5 ticks), a deep recursion's few thinned walks left a
     * few dozen bursts a run. At 1 ms the same walks stand for 5 ms each, and every tenth is burst,
     * as before, weighing the 50 ticks of its ten walks.
     */
    @Test
    void thinnedWalksAreBurstByTheTicksTheyStandFor() {
        BurstState s = new BurstState(new BurstSettings(true, 3, 10));
        long[] burstsAndWeights = walks(s, 42, 5, 21);
        assertEquals(11, burstsAndWeights[0], "the first walk (new), then every second");
        assertEquals(21 * 5, burstsAndWeights[1]);
        assertEquals(10, s.skippedByHistory());
        // walks of 12 ticks each (a slow walker, a long gap) are burst every time, each with its own ticks
        for (int i = 0; i < 3; i++) {
            assertEquals(12, walk(s, 43, 12, 3));
        }

        BurstState fast = new BurstState(new BurstSettings(true, 3, 10, false, new BurstSwitch(), 1_000_000L));
        assertEquals(5, walk(fast, 42, 5, 3), "new: burst at once");
        for (int round = 0; round < 3; round++) {
            for (int i = 0; i < 9; i++) {
                assertEquals(0, walk(fast, 42, 5, 3));
            }
            assertEquals(50, walk(fast, 42, 5, 3), "the tenth walk, weighing the ten walks' ticks");
        }
    }

    @Test
    void everyWalkBurstsWithRatioOne() {
        BurstState s = new BurstState(new BurstSettings(true, 2, 1));
        for (int i = 0; i < 20; i++) {
            assertEquals(1, walk(s, 5, 1, 2));
        }
        assertEquals(20, s.bursts());
    }

    /**
     * Without the wake, the drain took a burst only at its next round (every 20 ms at 10 ms), and a
     * third of a parser's bursts were dropped. The drain here parks without a timeout: only the
     * guest's hand-off can wake it.
     */
    @Test
    void aHandedOverBurstWakesTheDrain() throws InterruptedException {
        BurstState s = new BurstState(new BurstSettings(true, 1, 1));
        java.util.concurrent.CountDownLatch waiting = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.atomic.AtomicReference<BurstBuffer> taken = new java.util.concurrent.atomic.AtomicReference<>();
        Thread drain = new Thread(() -> {
            s.drainedBy(Thread.currentThread());
            waiting.countDown();
            BurstBuffer b;
            while ((b = s.takeReady()) == null) {
                java.util.concurrent.locks.LockSupport.park(); // a spurious return only loops
            }
            taken.set(b);
        }, "test-drain");
        drain.setDaemon(true);
        drain.start();
        waiting.await();
        assertNotEquals(0, s.decide(3, 1, null));
        s.arm();
        s.exit("r"); // the burst ends and is handed over
        drain.join(30_000);
        assertTrue(!drain.isAlive(), "the drain was not woken by the hand-off");
        assertEquals("r", taken.get().target(0));
    }

    @Test
    void aSlowDrainCostsBurstsNeverBlocksTheGuest() {
        BurstState s = new BurstState(new BurstSettings(true, 1, 1));
        for (int i = 1; i < BurstState.BUFFERS; i++) {
            assertNotEquals(0, s.decide(i, 1, null));
            s.arm();
            s.exit("b" + i); // handed off; the guest takes a free buffer
        }
        assertEquals(0, s.droppedBursts(), "a burst is dropped only when every ready slot is taken");
        assertNotEquals(0, s.decide(9, 1, null));
        s.arm();
        s.exit("late"); // the drain has taken none: this one is dropped and counted
        assertEquals(1, s.droppedBursts());
        java.util.Set<Object> seen = new java.util.HashSet<>();
        BurstBuffer b = null;
        for (int i = 1; i < BurstState.BUFFERS; i++) {
            b = s.takeReady();
            seen.add(b.target(0));
        }
        assertEquals(java.util.Set.of("b1", "b2"), seen);
        assertNull(s.takeReady());
        s.giveBack(b);
        BurstBuffer given = b;
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> s.giveBack(given));
        assertTrue(e.getMessage().contains("only to the thread it came from"), e.getMessage());
    }

    /**
     * Every buffer on its way back at once: the guest finished its bursts while the drain held the
     * others, so it has no current buffer; the drain then hands back all of them. With two buffers
     * and one return slot that threw ("goes back only ... once") and made the drain loop report a
     * failure on every program run with Burst=true.
     */
    @Test
    void everyBufferMayGoBackWhileTheGuestHasNone() {
        BurstState s = new BurstState(new BurstSettings(true, 1, 1));
        java.util.List<BurstBuffer> held = new java.util.ArrayList<>();
        for (int i = 0; i < BurstState.BUFFERS; i++) {
            assertNotEquals(0, s.decide(i + 1, 1, null));
            s.arm();
            s.exit("b" + i); // to the drain, which takes it at once and holds it
            held.add(s.takeReady());
        }
        assertEquals(0, s.decide(7, 1, null), "no buffer: no burst");
        assertEquals(1, s.busy());
        for (BurstBuffer b : held) {
            s.giveBack(b);
        }
        assertThrows(IllegalStateException.class, () -> s.giveBack(held.get(0)));
        for (int i = 10; i < 20; i++) { // and bursting goes on with every buffer
            assertNotEquals(0, s.decide(i, 1, null));
            s.arm();
            s.exit("c");
            s.giveBack(s.takeReady());
        }
    }

    @Test
    void aWalkDuringABurstEndsItAndAReturnedTopFrameComesFirst() {
        BurstState s = new BurstState(new BurstSettings(true, 5, 1));
        assertNotEquals(0, s.decide(1, 1, null));
        s.arm();
        s.exit("x");
        long seq = s.decide(2, 1, "top"); // ends the running burst (1 event), prepares the next
        BurstBuffer first = s.takeReady();
        assertEquals(1, first.count());
        s.giveBack(first);
        s.arm();
        assertEquals(5, s.remaining());
        for (int i = 0; i < 5; i++) {
            s.exit("y");
        }
        BurstBuffer second = s.takeReady();
        assertEquals(seq, second.seq());
        assertEquals(6, second.count(), "the returned top frame's return, then the burst's 5 events");
        assertEquals(BurstBuffer.RETURN, second.kind(0));
        assertEquals("top", second.target(0));
    }

    @Test
    void aBurstAbandonedByItsEndedThreadLeavesTheRunningCount() {
        int before = BurstState.runningBursts();
        BurstState s = new BurstState(new BurstSettings(true, 5, 1));
        assertNotEquals(0, s.decide(9, 1, null));
        s.arm();
        assertEquals(before + 1, BurstState.runningBursts(), "a running burst is counted JVM-wide");
        s.abandon(); // the drain retires the ended thread mid-burst
        assertEquals(before, BurstState.runningBursts(), "the other threads' probes go back to their fast path");
        s.abandon();
        for (int i = 0; i < 5; i++) {
            s.exit("root"); // had the thread gone on, its burst ends without counting down twice
        }
        assertEquals(before, BurstState.runningBursts());
    }

    @Test
    void aFlushedBurstIsHandedOverWithWhatItRecorded() {
        int before = BurstState.runningBursts();
        BurstState s = new BurstState(new BurstSettings(true, 5, 1));
        s.flush(); // no burst running: nothing to hand over
        assertNull(s.takeReady());
        long seq = s.decide(4, 1, null);
        assertNotEquals(0, seq);
        s.arm();
        s.exit("a");
        s.exit("b");
        s.flush(); // the thread leaves its context for good two events into its burst
        assertEquals(0, s.remaining());
        assertEquals(before, BurstState.runningBursts(), "a flushed burst no longer runs");
        BurstBuffer b = s.takeReady();
        assertNotNull(b, "the flushed burst goes to the drain");
        assertEquals(seq, b.seq());
        assertEquals(2, b.count());
        s.giveBack(b);
        s.flush();
        assertNull(s.takeReady(), "flushed once");
    }
}
