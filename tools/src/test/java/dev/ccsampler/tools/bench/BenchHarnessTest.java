package dev.ccsampler.tools.bench;

import dev.ccsampler.tools.compare.Cct;
import dev.ccsampler.tools.compare.Frame;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The harness's arithmetic and parsing; no timing is asserted anywhere. */
class BenchHarnessTest {

    @Test
    void medianOfOddEvenAndEmpty() {
        assertEquals(2.0, Stats.median(new double[]{3, 1, 2}));
        assertEquals(2.5, Stats.median(new double[]{4, 1, 2, 3}));
        assertTrue(Double.isNaN(Stats.median(new double[0])));
        assertEquals(1.5, Stats.median(List.of(1.0, Double.NaN, 2.0)));
    }

    @Test
    void theCommittedSuiteParsesAndHasAtLeastEightWorkloads() throws IOException {
        Path repo = BenchCommand.findRepo(Path.of("").toAbsolutePath());
        List<Workload> suite = Workload.readSuite(repo.resolve("tools/workloads/workloads.tsv"));
        assertTrue(suite.size() >= 8, "suite: " + suite);
        assertTrue(suite.stream().anyMatch(w -> w.quickIterations() > 0), "some workload is in --quick");
        Workload ks = suite.stream().filter(w -> w.id().equals("known-split-js")).findFirst().orElseThrow();
        assertEquals(Map.of("alpha", 60.0, "beta", 30.0, "gamma", 10.0), ks.knownSplit());
    }

    @Test
    void malformedSuiteLineNamesTheLine(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("w.tsv");
        Files.writeString(f, "# comment\nonly\tthree\tfields\n");
        IOException e = assertThrows(IOException.class, () -> Workload.readSuite(f));
        assertTrue(e.getMessage().contains(":2:"), e.getMessage());
    }

    @Test
    void splitErrorIsTheLargestShareErrorAmongKnownFunctions() {
        Cct t = new Cct(Cct.Kind.SAMPLES);
        t.add(List.of(Frame.of("main", "k.js", 1), Frame.of("alpha", "k.js", 2)), 50);
        t.add(List.of(Frame.of("main", "k.js", 1), Frame.of("beta", "k.js", 3)), 40);
        t.add(List.of(Frame.of("main", "k.js", 1), Frame.of("gamma", "k.js", 4)), 10);
        t.add(List.of(Frame.of("main", "k.js", 1)), 900); // not a known function: ignored
        double err = BenchRow.splitError(t, Map.of("alpha", 60.0, "beta", 30.0, "gamma", 10.0));
        assertEquals(10.0, err, 1e-9);
        assertTrue(Double.isNaN(BenchRow.splitError(new Cct(Cct.Kind.SAMPLES), Map.of("alpha", 100.0))));
    }

    @Test
    void warmupAndSteadyAreSplitAtTheWarmupCount() {
        Workload w = new Workload("w", "js", "w.js", 6, 0, 2, Map.of(), List.of());
        GuestRun r = new GuestRun(w, ProfilerConfig.NONE, 0, new long[]{100, 50, 10, 12, 11, 30}, 0, null, null, 0);
        assertEquals(150, r.warmupNanos());
        assertEquals(20.5, r.steadyNanos(), 0.5); // last third: {11, 30}
        GuestRun whole = new GuestRun(new Workload("p", "pace", "p.pace", 1, 0, 0, Map.of(), List.of()), ProfilerConfig.NONE, 0, new long[]{7}, 0, null,
                        null, 0);
        assertEquals(-1, whole.warmupNanos());
        assertEquals(7, whole.steadyNanos());
    }

    @Test
    void levelledComparesTheLastThirdWithTheMiddleThird() {
        Workload w = new Workload("w", "js", "w.js", 9, 0, 2, Map.of(), List.of());
        assertTrue(new GuestRun(w, ProfilerConfig.NONE, 0, new long[]{900, 500, 300, 100, 100, 100, 100, 95, 100}, 0, null, null, 0).levelled());
        assertFalse(new GuestRun(w, ProfilerConfig.NONE, 0, new long[]{900, 500, 300, 200, 200, 200, 100, 100, 100}, 0, null, null, 0).levelled());
    }

    @Test
    void reportPrintsNaNAsNotApplicableAndJsonAsNull() {
        List<BenchRow> rows = new ArrayList<>();
        rows.add(new BenchRow("w", "cpusampler 10ms", 2, 0, 0, 10, 100, 1.05, 1.2, 1.04, 50, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                        0.8, 0.9, 0.99));
        String md = BenchReport.markdown("h", rows, List.of("a note"));
        assertTrue(md.contains("| w | cpusampler 10ms | 2 | 10.0 | 1.05 | 1.04 |"), md);
        assertTrue(md.contains("n/a"), md);
        assertTrue(md.contains("- a note"), md);
        String json = BenchReport.json("h", true, 2, rows, List.of());
        assertTrue(json.contains("\"latencyP50Us\" : null"), json);
        assertFalse(json.contains("NaN"), json);
    }

    @Test
    void configurationsSelectTheirInstrument(@TempDir Path dir) {
        Path p = dir.resolve("p.json");
        assertEquals("100us", ProfilerConfig.CCSAMPLER_100US.options(p).get("ccsampler.Period"));
        assertEquals("1", ProfilerConfig.CPUSAMPLER_1MS.options(p).get("cpusampler.Period"));
        assertEquals(p.toString(), ProfilerConfig.TRACER.options(p).get("cctracer.OutputFile"));
        assertTrue(ProfilerConfig.NONE.options(p).isEmpty());
    }

    @Test
    void usageErrorsExitTwo() {
        assertEquals(2, BenchCommand.run(new String[]{"--pairs", "zero"}, System.out, System.err));
        assertEquals(2, BenchCommand.run(new String[]{"--bogus"}, System.out, System.err));
    }
}
