package dev.ccsampler.trigger;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code SteadyState}'s decisions on a synthetic stream of samples and checks, no clock involved. */
class PeriodTunerTest {

    private static final long MS = 1_000_000L;

    /** Feeds {@code seconds} of samples in {@code method} at {@code perCheck} samples per 250-ms check, from {@code fromNanos}; returns the time after. */
    private static long feed(PeriodTuner t, int method, long fromNanos, double seconds, int perCheck) {
        return feed(t, method, -1, 1, fromNanos, (int) Math.round(seconds * 1000 / PeriodTuner.CHECK_MILLIS), perCheck);
    }

    /** Feeds {@code checks} checks of {@code perCheck} samples of {@code weight} ticks in {@code method} called from {@code caller}; returns the time after. */
    private static long feed(PeriodTuner t, int method, int caller, long weight, long fromNanos, int checks, int perCheck) {
        long now = fromNanos;
        for (int k = 0; k < checks; k++) {
            for (int i = 0; i < perCheck; i++) {
                t.observe(method, caller, weight, false);
            }
            now += PeriodTuner.CHECK_MILLIS * MS;
            t.check(now);
        }
        return now;
    }

    private static long count(List<String> events, String what) {
        return events.stream().filter(e -> e.contains(what)).count();
    }

    @Test
    void aPhaseChangeRestartsTheProfileTheNextSteadyStateIsJudgedOn() {
        // 4 s of one function at the full rate (1 ms: 250 samples a check), then the self time
        // moves to another function for good (as when compiled code takes over, or a second phase
        // begins), sampled at the slowed rate. Before the phase restart the old profile dominated
        // the shares: the rate slowed again at once, the next window was again far from the old
        // profile, and the period went back and forth at every other check for seconds.
        List<Long> periods = new ArrayList<>();
        PeriodTuner t = new PeriodTuner(1 * MS, false, 1 * MS, 100 * MS, true, periods::add, 0);
        long now = feed(t, 1, 0, 4, 250);
        assertEquals(List.of(4 * MS), periods, () -> "the first phase converges and the rate slows: " + t.events());
        now = feed(t, 2, now, 4, 62);
        List<String> events = t.events();
        assertEquals(1, count(events, "phase change"), () -> "one phase change, then the new phase converges: " + events);
        assertEquals(2, count(events, "steady state"), () -> "slowed again once the new phase has converged: " + events);
        assertEquals(4 * MS, periods.get(periods.size() - 1), () -> "slowed at the end: " + periods);
    }

    @Test
    void aPhaseThatChangesOnlyTheCallerOfTheTopFunctionIsAPhaseChange() {
        // steady-two-phase.js at 10 ms: both phases run `work` (method 1), called from `alpha` (2)
        // and then from `omega` (3); slowed to 40 ms a 250-ms window holds about six samples
        List<Long> periods = new ArrayList<>();
        PeriodTuner t = new PeriodTuner(10 * MS, false, 1 * MS, 100 * MS, true, periods::add, 0);
        long now = feed(t, 1, 2, 1, 0, 24, 25);
        assertEquals(List.of(40 * MS), periods, () -> "the first phase converges and the rate slows: " + t.events());
        feed(t, 1, 3, 4, now, 2, 6);
        assertEquals(List.of(40 * MS, 10 * MS), periods, () -> "the new caller is a phase change within a check: " + t.events());
        assertTrue(t.events().get(t.events().size() - 1).contains("called from functions with under 1% of the profile's callers"), () -> t.events().toString());
    }

    @Test
    void aSteadyProgramIsSlowedOnceAndStaysSlowed() {
        List<Long> periods = new ArrayList<>();
        PeriodTuner t = new PeriodTuner(10 * MS, false, 1 * MS, 100 * MS, true, periods::add, 0);
        long now = 0;
        for (int k = 0; k < 40; k++) {
            // two functions in a fixed 3 : 1 ratio, 25 samples a check at 10 ms
            for (int i = 0; i < 25; i++) {
                t.observe(i % 4 == 0 ? 2 : 1, 3, 1, false);
            }
            now += PeriodTuner.CHECK_MILLIS * MS;
            t.check(now);
        }
        assertEquals(List.of(40 * MS), periods, () -> "slowed once: " + t.events());
        assertTrue(t.events().stream().noneMatch(e -> e.contains("phase change")), () -> "no phase change: " + t.events());
    }
}
