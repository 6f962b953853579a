package dev.ccsampler.burst;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * When the burst probes are detached and attached again, on made-up streams of calls and samples
 * ({@link BurstSchedule}); checks every 500 ms of a made-up clock.
 */
class BurstScheduleTest {

    static final long MS = 1_000_000L;

    /** One check interval: {@code bursts} bursts of calls f : g = 3 : 1, and time samples on {@code leaves}. */
    private static BurstSchedule.Action interval(BurstSchedule s, long now, boolean attached, int bursts, int... leaves) {
        for (int b = 0; b < bursts; b++) {
            s.call(1, 3);
            s.call(2, 1);
            s.burstApplied();
        }
        for (int leaf : leaves) {
            s.sample(leaf, 1);
        }
        return s.check(now, attached);
    }

    private static int[] samples(int n, int leaf) {
        int[] a = new int[n];
        java.util.Arrays.fill(a, leaf);
        return a;
    }

    @Test
    void detachesOnceTheCallsHoldStillForTwoChecksAfterTwoSeconds() {
        BurstSchedule s = new BurstSchedule(0);
        int detachedAt = -1;
        for (int k = 1; k <= 10 && detachedAt < 0; k++) {
            if (interval(s, k * 500 * MS, true, 10, samples(50, 1)) == BurstSchedule.Action.DETACH) {
                detachedAt = k;
            }
        }
        // steady from the first check, but not before 2 s attached
        assertEquals(4, detachedAt, "detached at check " + detachedAt);
        assertTrue(s.reason().startsWith("the calls per function moved 0.000 (< 0.05) over two 500 ms checks, after 40 bursts"), s.reason());
    }

    @Test
    void callsThatKeepChangingKeepTheProbes() {
        BurstSchedule s = new BurstSchedule(0);
        for (int k = 1; k <= 20; k++) {
            s.call(k, 1000); // a new callee every interval: the distribution keeps moving
            assertEquals(BurstSchedule.Action.NONE, interval(s, k * 500 * MS, true, 10, samples(50, 1)), "check " + k);
        }
    }

    @Test
    void tooFewBurstsKeepTheProbes() {
        BurstSchedule s = new BurstSchedule(0);
        for (int k = 1; k <= 8; k++) {
            assertEquals(BurstSchedule.Action.NONE, interval(s, k * 500 * MS, true, k == 1 ? 10 : 0, samples(50, 1)), "check " + k);
        }
        assertEquals(BurstSchedule.Action.DETACH, interval(s, 9 * 500 * MS, true, 10, samples(50, 1)));
    }

    @Test
    void newFunctionsBringThemBack() {
        BurstSchedule s = new BurstSchedule(0);
        long t = 0;
        BurstSchedule.Action a = BurstSchedule.Action.NONE;
        while (a != BurstSchedule.Action.DETACH) {
            t += 500 * MS;
            a = interval(s, t, true, 10, samples(50, 1));
        }
        s.detached(t);
        for (int k = 0; k < 10; k++) {
            t += 500 * MS;
            assertEquals(BurstSchedule.Action.NONE, interval(s, t, false, 0, samples(50, 1)), "the same function on top: no shift");
        }
        int[] phase2 = samples(50, 7);
        phase2[0] = 1;
        t += 500 * MS;
        assertEquals(BurstSchedule.Action.ATTACH, interval(s, t, false, 0, phase2));
        assertTrue(s.reason().startsWith("the time profile shifted: 98% of the last 50 samples in functions with under 1% of the recent profile"), s.reason());
        s.attached(t);
        t += 500 * MS;
        assertEquals(BurstSchedule.Action.NONE, interval(s, t, true, 10, phase2), "the calls must converge anew, for 2 s");
    }

    /** The detached stretch is worth its length over the two intervals the frozen calls were counted in. */
    @Test
    void theDetachedStretchIsWeighedAgainstTheTwoIntervalsBeforeIt() {
        BurstSchedule s = new BurstSchedule(0);
        long t = 0;
        while (interval(s, t += 500 * MS, true, 10, samples(50, 1)) != BurstSchedule.Action.DETACH) {
            // attached until the calls converge
        }
        assertEquals(1_000 * MS, s.rateNanos(), "the two 500 ms intervals before the detaching check");
        s.detached(t);
        assertEquals(3.0, s.stretchFactor(t + 3_000 * MS), 1e-9);
        assertEquals(3.5, s.stretchFactor(t + 3_500 * MS), 1e-9, "the whole stretch so far, however often asked");
    }

    /**
     * A warm-up in other functions (here 4 s of 95 % in function 5) is not in the profile the shift
     * test compares with: that starts from the samples of the quiet checks before detaching. Against
     * a profile that forgets with a half-life of 2 s the steady state read 1.22 away at the first
     * check after detaching (above the threshold of 1.2: the probes came back), against the whole
     * run's profile it would read about 1.5.
     */
    @Test
    void theWarmUpFadesFromTheProfileAShiftIsMeasuredAgainst() {
        BurstSchedule s = new BurstSchedule(0);
        long t = 0;
        int[] warm = samples(200, 5);
        for (int i = 0; i < 10; i++) {
            warm[i] = 1;
        }
        for (int k = 0; k < 8; k++) {
            t += 500 * MS;
            s.call(100 + k, 1000); // calls still changing: no detach in the warm-up
            assertEquals(BurstSchedule.Action.NONE, interval(s, t, true, 10, warm));
        }
        BurstSchedule.Action a = BurstSchedule.Action.NONE;
        int checks = 0;
        while (a != BurstSchedule.Action.DETACH) {
            t += 500 * MS;
            a = interval(s, t, true, 10, samples(200, 1));
            checks++;
        }
        assertEquals(2, checks, "two quiet checks after the warm-up");
        s.detached(t);
        for (int k = 0; k < 10; k++) {
            t += 500 * MS;
            BurstSchedule.Action b = interval(s, t, false, 0, samples(200, 1));
            assertEquals(BurstSchedule.Action.NONE, b, () -> "check after detaching: " + s.reason());
        }
    }

    /**
     * A program that cycles through four phases, each 1.5 s long (function 10, 11, 12, 13), whose
     * calls converge at once: the first detachment's recent profile holds one phase, so the next
     * phase reads as a shift and the probes come back. They must not come and go with every phase:
     * each return doubles the time they stay and the recent profile's memory, so over 120 s they
     * come back a handful of times, not at every phase (here once; 40 times without the back-off).
     */
    @Test
    void aCycleOfPhasesBacksTheProbesOff() {
        BurstSchedule s = new BurstSchedule(0);
        boolean attached = true;
        int returns = 0;
        for (int k = 1; k <= 240; k++) {
            long t = k * 500 * MS;
            int leaf = 10 + (k / 3) % 4;
            BurstSchedule.Action a = interval(s, t, attached, attached ? 10 : 0, samples(50, leaf));
            if (a == BurstSchedule.Action.DETACH) {
                attached = false;
                s.detached(t);
            } else if (a == BurstSchedule.Action.ATTACH) {
                attached = true;
                returns++;
                s.attached(t);
            }
        }
        assertTrue(returns >= 1, "the first detachment saw one phase: the next one is a shift");
        assertTrue(returns <= 5, "the probes came back " + returns + " times in 120 s");
        assertTrue(!attached, "the probes should have left again for good: " + s.reason());
    }
}
