package dev.ccsampler.tools.bench;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The arithmetic of {@code bench --feedback}: steady state, time to it, peak, and the guest output filter. */
class FeedbackBenchTest {

    @Test
    void steadyStateIsTheFirstIterationAfterWhichTheRollingMedianStaysInTheBand() {
        // final median (last third) = 100; rolling medians of 5 from index 6 on: 104, 103, 100, ... (in the band);
        // at index 5 the window {400, 300, 200, 104, 100} has median 200
        long[] it = {500, 400, 300, 200, 104, 100, 103, 100, 100, 100, 100, 100};
        assertEquals(6, FeedbackBench.steadyIndex(it));
    }

    @Test
    void neverSettlingGivesTheLastIteration() {
        long[] it = {100, 200, 100, 200, 100, 200, 100, 300, 100, 300, 100, 300};
        assertEquals(it.length - 1, FeedbackBench.steadyIndex(it));
    }

    @Test
    void timeToSteadyAndPeak() {
        long[] it = {50, 10, 10, 10, 10, 10};
        int s = FeedbackBench.steadyIndex(it);
        assertEquals(2, s); // window ending at 2: {50, 10, 10} -> 10; at 1: {50, 10} -> 30
        assertEquals(70, FeedbackBench.timeToSteady(it));
        assertEquals(10, FeedbackBench.peak(it));
    }

    @Test
    void guestOutputDropsRunnerEngineAndTruffleLogNoteLines() {
        List<String> log = List.of("CCSBENCH iter 0 5", "[To redirect Truffle log output to a file use one of the following options:",
                        "* '--log.file=<path>' if the option is passed using a guest language launcher.", "* Configure logging using the polyglot embedding API.]",
                        "hello", "[engine] opt done work", "[ccsampler] compiler feedback: mode apply", "world");
        assertEquals(List.of("hello", "world"), FeedbackBench.guestOutput(log));
    }

    @Test
    void guestOutputDropsACompilationLoggedAfterTheEngineClosed() {
        // seen once in 147 processes: a compilation finished after the engine's log handler closed
        List<String> log = List.of("hello", "java.util.logging.ErrorManager: 0: ",
                        "java.lang.RuntimeException: java.lang.AssertionError: The log handler is closed.",
                        "\tat com.oracle.truffle.polyglot.PolyglotLoggers$AbstractLogHandler.checkClosed(PolyglotLoggers.java:310)",
                        "\tat java.base/java.lang.Thread.run(Thread.java:1474)", "world", "\tat a guest line after the block stays");
        assertEquals(List.of("hello", "world", "\tat a guest line after the block stays"), FeedbackBench.guestOutput(log));
    }

    @Test
    void theRollingWindowGrowsWithTheRun() {
        assertEquals(5, FeedbackBench.window(15));
        assertEquals(100, FeedbackBench.window(2000));
        // 2 000 iterations alternating 2 and 7 ms after a warm-up: a window of 5 has a median of 2 or 7 (never within 5 %
        // of the final 2 for long), a window of 100 settles once half of it are 2 ms iterations: 75 after the warm-up
        long[] it = new long[2000];
        for (int i = 0; i < it.length; i++) {
            it[i] = i < 200 ? 50 : (i % 3 == 0 ? 7 : 2);
        }
        int s = FeedbackBench.steadyIndex(it);
        assertEquals(275, s, 2);
    }

    @Test
    void compilationsAndInvalidationsCountUntilTheLastIterationEnded() {
        // TraceCompilation lines as Truffle 25.0.1 logs them (shortened); closing the engine disposed the probes and
        // invalidated two roots after the runner's end mark: not the run's
        String done = "[engine] opt done   engine=1  id=398   f |Tier 1|Time  13( 8+5 )ms|UTC 2026-11-26T17:02:52.180|Src a.js:1";
        String inval = "[engine] opt inval. engine=1  id=260   g |UTC 2026-11-26T17:02:55.%03d|Src a.js:9 0x2d|Reason Instruments unchanged";
        long end = java.time.Instant.parse("2026-11-26T17:02:55.648Z").toEpochMilli();
        List<String> log = List.of(done, String.format(inval, 100), "CCSBENCH iter 0 5", "CCSBENCH end " + end, String.format(inval, 702), String.format(inval, 719),
                        "CCSBENCH exit 0");
        assertArrayEquals(new long[]{1, 1}, FeedbackBench.compilations(log));
        assertArrayEquals(new long[]{1, 3}, FeedbackBench.compilations(log.stream().filter(l -> !l.startsWith("CCSBENCH end")).toList()), "no end mark: all of them");
        assertEquals(end + 54, FeedbackBench.loggedAt(String.format(inval, 702)));
        assertEquals(0, FeedbackBench.loggedAt("[engine] opt done no time"));
    }

    @Test
    void theCapsComparedAreConfigurationsBetweenTheDefaultAndAdvise() {
        List<FeedbackBench.Config> c = FeedbackBench.configs(List.of(1000000, 4));
        assertEquals(List.of("plain", "hints", "hints-max1000000", "hints-max4", "advise"), c.stream().map(FeedbackBench.Config::id).toList());
        assertEquals(java.util.Map.of("ccsampler.MaxHintsPerKind", "4"), c.get(3).options());
        assertEquals(List.of(false, true, true, true, false), c.stream().map(FeedbackBench.Config::loadsHints).toList());
        assertEquals(List.of("plain", "hints", "advise"), FeedbackBench.configs(List.of()).stream().map(FeedbackBench.Config::id).toList());
    }

    @Test
    void enoughIterationsForTheSteadyStateRule() {
        // a rolling window, and a final median over the last third that is at least a window
        assertEquals(3 * FeedbackBench.WINDOW, FeedbackBench.MIN_ITERATIONS);
    }
}
