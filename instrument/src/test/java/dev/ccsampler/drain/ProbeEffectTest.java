package dev.ccsampler.drain;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ProbeEffectTest {

    @Test
    void ticksPlacedWhereTheThreadPolledMoveNothing() {
        ProbeEffect e = new ProbeEffect();
        e.sample(3, 4, 10, 10, -1);
        e.placed(3, 4);
        e.sample(5, 1, 10, 10, -1);
        e.placed(5, 1);
        assertEquals(0, e.movedShare(), 1e-12);
        assertEquals(0, e.savedShare(), 1e-12);
    }

    @Test
    void theMovedShareIsWhatTheProfileOfSelfTimeChangesBy() {
        ProbeEffect e = new ProbeEffect();
        // 10 ticks polled in 1: 6 placed on 1, 4 on 2
        e.sample(1, 10, 20, 5, -1);
        e.placed(1, 6);
        e.placed(2, 4);
        // 10 ticks polled in 2, all placed on 1: across samples the moves to and from 2 cancel out in part
        e.sample(2, 10, 20, 5, -1);
        e.placed(1, 10);
        // polled: 1 → 10, 2 → 10; placed: 1 → 16, 2 → 4: 6 of 20 ticks changed function
        assertEquals(0.3, e.movedShare(), 1e-12);
        assertEquals(0.75, e.savedShare(), 1e-12);
    }

    @Test
    void aSampleWithoutAVisibleFrameCountsToo() {
        ProbeEffect e = new ProbeEffect();
        e.sample(-1, 2, 1, 1, -1);
        e.placed(7, 2);
        assertEquals(1.0, e.movedShare(), 1e-12);
    }

    @Test
    void decayLetsTheRecentSamplesDecide() {
        ProbeEffect e = new ProbeEffect();
        e.sample(1, 100, 10, 10, -1);
        e.placed(2, 100); // all moved, long ago
        e.decay(0.01);
        e.sample(1, 100, 10, 10, -1);
        e.placed(1, 100);
        assertEquals(1.0 / 101, e.movedShare(), 1e-9);
        assertEquals(1.01, e.samples(), 1e-9);
    }

    @Test
    void aFrameCostsTheSlopeOfTheWalksTimesNotTheirFixedCost() {
        ProbeEffect e = new ProbeEffect();
        // 20 us a walk plus 4 us a frame: 10 frames walked of 1 000, then 100 of 1 000
        e.sample(1, 1, 1000, 10, 60_000);
        e.sample(1, 1, 1000, 100, 420_000);
        assertEquals(4_000, e.frameNanos(), 1e-6);
        e.elapsed(1_000_000_000L);
        // 990 + 900 frames spared at 4 us: 7.56 ms of the second
        assertEquals(0.00756, e.sparedTimeShare(), 1e-12);
        // decay weighs time alike
        e.decay(0.5);
        assertEquals(0.00756, e.sparedTimeShare(), 1e-12);
    }

    @Test
    void walksThatDoNotTellASlopeCostTheirMeanPerFrame() {
        ProbeEffect e = new ProbeEffect();
        e.sample(1, 1, 50, 10, 100_000);
        e.sample(1, 1, 50, 10, 140_000);
        assertEquals(12_000, e.frameNanos(), 1e-6);
        // longer walks that took less: no slope, the mean
        ProbeEffect f = new ProbeEffect();
        f.sample(1, 1, 50, 10, 100_000);
        f.sample(1, 1, 50, 30, 50_000);
        assertEquals(150_000.0 / 40, f.frameNanos(), 1e-6);
        // untimed walks count frames but no cost
        ProbeEffect g = new ProbeEffect();
        g.sample(1, 1, 50, 10, -1);
        assertEquals(0, g.frameNanos());
        g.elapsed(1_000_000);
        assertEquals(0, g.sparedTimeShare());
    }

    @Test
    void movesThatGoEitherWayByChanceAreNotCountedAsMoved() {
        // call-dense code: each tick is placed on a function drawn at random from 40, independently
        // of the function the thread polled in (drawn from the same 40): the histograms differ only
        // by chance, and the raw share reads a good part of the ticks
        java.util.Random rnd = new java.util.Random(42);
        ProbeEffect e = new ProbeEffect();
        for (int i = 0; i < 300; i++) {
            e.sample(rnd.nextInt(40), 1, 10, 10, -1);
            e.placed(rnd.nextInt(40), 1);
        }
        assertTrue(e.movedShare() > 0.1, () -> "raw " + e.movedShare());
        assertTrue(e.systematicMovedShare(2) < 0.01, () -> "beyond chance " + e.systematicMovedShare(2));
        // the same ticks with a loop that does not poll: a fifth of them polled in 0 belong to 1
        ProbeEffect f = new ProbeEffect();
        java.util.Random r2 = new java.util.Random(42);
        for (int i = 0; i < 300; i++) {
            int polled = r2.nextInt(40);
            int placed = r2.nextInt(40);
            if (i % 5 == 0) {
                polled = 0;
                placed = 1;
            }
            f.sample(polled, 1, 10, 10, -1);
            f.placed(placed, 1);
        }
        assertTrue(f.systematicMovedShare(2) > 0.12, () -> "beyond chance " + f.systematicMovedShare(2));
        assertTrue(f.systematicMovedShare(2) <= f.movedShare());
    }

    @Test
    void aMoveMadeEverySampleIsNoChance() {
        // all of a sample's ticks go from 1 to 2, every time: nothing moves back
        ProbeEffect e = new ProbeEffect();
        for (int i = 0; i < 50; i++) {
            e.sample(1, 2, 10, 10, -1);
            e.placed(2, 2);
        }
        assertEquals(1.0, e.movedShare(), 1e-12);
        // each function's change is 100 ticks, with a standard deviation of sqrt(50 x 4) under chance
        assertEquals((100 - 2 * Math.sqrt(200)) / 100, e.systematicMovedShare(2), 1e-9);
        // decay keeps the ratio of a change to its deviation for a steady stream of samples apart
        // from the scale: halving everything halves the change and its deviation
        e.decay(0.5);
        assertEquals((100 - 2 * Math.sqrt(200)) / 100, e.systematicMovedShare(2), 1e-9);
    }

    @Test
    void nothingSampledMovedNothing() {
        ProbeEffect e = new ProbeEffect();
        assertEquals(0, e.movedShare());
        assertEquals(0, e.systematicMovedShare(2));
        assertEquals(0, e.savedShare());
        assertEquals(0, e.samples());
        assertEquals(0, e.sparedTimeShare());
    }
}
