package dev.ccsampler.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The capture cost estimate the clock's budget divides by, fed with made-up walk costs and times. */
class CaptureCostTest {

    private static final long MS = 1_000_000L;
    private static final long US = 1_000L;

    @Test
    void firstWalkIsLeftOutAndTheCheapestWarmUpWalkStartsTheEstimate() {
        CaptureCost c = new CaptureCost();
        c.walked(1 * MS, 300 * MS); // cold: class and frame-walk initialisation
        assertEquals(0, c.nanos(), "the first walk is not counted");
        assertEquals(1 * MS, c.lastNanos());
        c.walked(10 * MS, 2 * MS);
        c.walked(20 * MS, 80 * US);
        c.walked(30 * MS, 1 * MS);
        assertEquals(80 * US, c.nanos(), "the cheapest of the warm-up walks");
    }

    /**
     * Incremental walks make costs bimodal: a few frames most of the time, the whole deep stack
     * after it unwound. The budget needs their mean; with one walk's rise capped at 4 times the
     * estimate (before), the rare full walks hardly counted and the estimate stayed near the cheap
     * walks, 8 times below the mean here.
     */
    @Test
    void rareExpensiveWalksCountInTheMean() {
        CaptureCost c = new CaptureCost();
        long t = 0;
        // 20 s of walks every 20 ms: 50 µs each, and every 25th a full walk of 25 ms
        for (int i = 0; i < 1000; i++) {
            t += 20 * MS;
            c.walked(t, i % 25 == 24 ? 25 * MS : 50 * US);
        }
        double mean = (24 * 50 * US + 25 * MS) / 25.0; // 1.05 ms
        assertTrue(c.nanos() > mean / 2 && c.nanos() < mean * 2, () -> "estimate " + c.nanos() + " ns, mean walk " + mean + " ns");
    }

    @Test
    void oneGcPauseInsideAWalkMovesTheEstimateByItsWeightInTime() {
        CaptureCost c = new CaptureCost();
        long t = 0;
        for (int i = 0; i < 200; i++) {
            t += 10 * MS;
            c.walked(t, 40 * US);
        }
        assertEquals(40 * US, c.nanos(), 1 * US);
        t += 10 * MS;
        c.walked(t, 500 * MS); // a 500 ms pause inside one walk, 10 ms after the previous walk
        // capped at 1024 × 40 µs = 41 ms, weighted by 10 ms / 1 s: about +0.4 ms, not +500 ms
        assertTrue(c.nanos() < 1 * MS, () -> "estimate after the pause: " + c.nanos() + " ns");
        for (int i = 0; i < 300; i++) {
            t += 10 * MS;
            c.walked(t, 40 * US);
        }
        assertTrue(c.nanos() < 100 * US, () -> "three seconds later (0.99^300 of the rise left): " + c.nanos() + " ns");
    }

    @Test
    void statesOfOneThreadInSeveralContextsShareTheEstimate() {
        CaptureCost shared = new CaptureCost();
        SampledThread first = new SampledThread(Thread.currentThread(), 1, 16, 64);
        first.shareCost(shared);
        shared.walked(1 * MS, 5 * MS);
        shared.walked(2 * MS, 7 * MS);
        SampledThread second = new SampledThread(Thread.currentThread(), 2, 16, 64);
        assertEquals(0, second.captureCostNanos(), "a state of its own starts without an estimate");
        second.shareCost(shared);
        assertEquals(7 * MS, second.captureCostNanos(), "a later context's state starts from the thread's estimate");
        assertEquals(2 * MS, second.lastCaptureNanos());
    }
}
