package dev.ccsampler.drain;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The costly-probes judge's rule for one window ({@link Drainer#costly}). */
class ProbeJudgeTest {

    private static final long LIMIT = 2_000_000;
    /** The default cost budget, 3 % of a thread's time. */
    private static final double BUDGET = 0.03;

    @Test
    void probesThatMoveTicksStayWhileTheyCostLessThanTheCeiling() {
        // three-phase.js: 12 million calls a second (about 12 % at 10 ns), a quarter of the ticks moved
        assertFalse(Drainer.costly(12e6, LIMIT, 200, 0.26, 0.02, BUDGET));
        // the same cost buying a 5-point change goes
        assertTrue(Drainer.costly(12e6, LIMIT, 200, 0.05, 0.02, BUDGET));
    }

    @Test
    void aboveTheCeilingTheyGoWhateverTheyBuy() {
        // oo-scheduler.js: 75 million calls a second, a third of the ticks moved, few frames spared:
        // the rule of twice the effect alone kept them (75 % < 2 x 36 %)
        assertTrue(Drainer.costly(75e6, LIMIT, 200, 0.362, 0.02, BUDGET));
        // and so when the marks spare the walks most of the frames, or too few samples tell what they buy
        assertTrue(Drainer.costly(30e6, LIMIT, 200, 0.30, 0.9, BUDGET));
        assertTrue(Drainer.costly(30e6, LIMIT, 3, 0.30, 0.0, BUDGET));
        // at the ceiling, not above it, the effect still decides
        double atCeiling = Drainer.COST_CEILING * 1e9 / Drainer.NANOS_PER_CALL;
        assertFalse(Drainer.costly(atCeiling, LIMIT, 200, 0.15, 0.0, BUDGET));
    }

    @Test
    void belowTheLimitOfCallsNothingGoes() {
        assertFalse(Drainer.costly(LIMIT - 1, LIMIT, 200, 0.0, 0.0, BUDGET));
        assertFalse(Drainer.costly(0, LIMIT, 0, 0.0, 0.0, BUDGET));
        // a limit above the ceiling's rate leaves the ceiling nothing to decide
        assertFalse(Drainer.costly(30e6, 40_000_000, 200, 0.0, 0.0, BUDGET));
    }

    @Test
    void withFewSamplesTheEffectRuleWaits() {
        assertFalse(Drainer.costly(10e6, LIMIT, Drainer.JUDGE_SAMPLES - 1, 0.0, 0.0, BUDGET));
        assertTrue(Drainer.costly(10e6, LIMIT, Drainer.JUDGE_SAMPLES, 0.0, 0.0, BUDGET));
    }

    @Test
    void sparedFramesKeepTheProbesWhileWalkingThemWouldCostAsMuchUpToTheBudget() {
        // 5 million calls (about 5 %) sparing walks 4 % of the time: the probes stay
        assertFalse(Drainer.costly(5e6, LIMIT, 200, 0.0, 0.04, BUDGET));
        // the same calls sparing 1 % go
        assertTrue(Drainer.costly(5e6, LIMIT, 200, 0.0, 0.01, BUDGET));
        // four kernels, one deep phase among them: 16.4 million calls a second, 4 % of the ticks moved,
        // 86 % of the frames spared but about 1 % of the time; they stayed until 2026-12-03
        assertTrue(Drainer.costly(16.4e6, LIMIT, 200, 0.04, 0.01, BUDGET));
        // frames that would take half the time to walk count only up to the budget, which thins
        // full walks to it without the marks
        assertTrue(Drainer.costly(10e6, LIMIT, 200, 0.0, 0.5, BUDGET));
        assertFalse(Drainer.costly(10e6, LIMIT, 200, 0.0, 0.5, 0.10));
        // or the moved ticks keep them, as before
        assertFalse(Drainer.costly(10e6, LIMIT, 200, 0.06, 0.0, BUDGET));
    }

    @Test
    void windowsOfFewCallsNeitherCountNorBreakARunOfCostlyOnes() {
        // py-octane.py: costly, then two windows of the flat phases, then costly again: fired
        int run = Drainer.costlyWindows(0, true, false);
        run = Drainer.costlyWindows(run, false, true);
        run = Drainer.costlyWindows(run, false, true);
        assertEquals(1, run);
        run = Drainer.costlyWindows(run, true, false);
        assertTrue(run >= Drainer.COSTLY_WINDOWS);
        // a window of many calls in which the probes paid their way breaks the run
        assertEquals(0, Drainer.costlyWindows(1, false, false));
    }
}
