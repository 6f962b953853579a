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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
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
        // sampling alone: 100 samples in the known functions, largest p(1 - p) at p = 0.6 → sqrt(0.24 / 100)
        assertEquals(100 * Math.sqrt(0.24 / 100), BenchRow.splitNoise(t, Map.of("alpha", 60.0, "beta", 30.0, "gamma", 10.0)), 1e-9);
        assertTrue(Double.isNaN(BenchRow.splitNoise(new Cct(Cct.Kind.SAMPLES), Map.of("alpha", 100.0))));
    }

    /**
     * The run-to-run noise figure: near 1 for large profiles of a skewed split, lower for small ones
     * of the same split, and NaN without two functions; the same every time (seeded).
     */
    @Test
    void runToRunNoiseFallsWithFewerSamples() {
        Cct big = split(6000, 3000, 1000);
        Cct small = split(30, 15, 5);
        double rBig = BenchRow.runToRunNoise(big, big);
        double rSmall = BenchRow.runToRunNoise(small, small);
        assertTrue(rBig > 0.999, "big: " + rBig);
        assertTrue(rSmall < rBig && rSmall > 0.5, "small: " + rSmall);
        assertEquals(rSmall, BenchRow.runToRunNoise(small, small));
        // the sample counts given (ccsampler's walks) decide, not the ticks the profiles hold
        assertEquals(rSmall, BenchRow.runToRunNoise(big, big, 50, 50), 0.05);
        assertTrue(BenchRow.runToRunNoise(big, big, 50, 50) < rBig);
        // three even functions: all their spread is noise, so the figure is far below 1 at any size
        assertTrue(BenchRow.runToRunNoise(split(5000, 5000, 5000), split(5000, 5000, 5000)) < 0.9);
        Cct one = new Cct(Cct.Kind.SAMPLES);
        one.add(List.of(Frame.of("main", "k.js", 1)), 100);
        assertTrue(Double.isNaN(BenchRow.runToRunNoise(one, one)));
        assertTrue(Double.isNaN(BenchRow.runToRunNoise(new Cct(Cct.Kind.SAMPLES), big)));
    }

    private static Cct split(long alpha, long beta, long gamma) {
        Cct t = new Cct(Cct.Kind.SAMPLES);
        t.add(List.of(Frame.of("main", "k.js", 1), Frame.of("alpha", "k.js", 2)), alpha);
        t.add(List.of(Frame.of("main", "k.js", 1), Frame.of("beta", "k.js", 3)), beta);
        if (gamma > 0) {
            t.add(List.of(Frame.of("main", "k.js", 1), Frame.of("gamma", "k.js", 4)), gamma);
        }
        return t;
    }

    /** split-check's noise column: the largest binomial standard error of a phase's share at the run's sample count. */
    @Test
    void splitCheckNoiseIsTheLargestStandardErrorOfAShare() {
        var r = new SplitCheckCommand.Result(1000, Map.of("a", 50.0, "b", 40.0, "c", 10.0), Map.of("a", 52.0, "b", 38.0, "c", 10.0), 100);
        assertEquals(5.0, r.noise(), 1e-9); // sqrt(0.5 * 0.5 / 100)
        assertEquals(2.0, r.maxError(), 1e-9);
        assertTrue(Double.isNaN(new SplitCheckCommand.Result(1000, Map.of("a", 100.0), Map.of(), 0).noise()));
        // each run's line gives every phase's error with its sign, in the program's order, so a bias shows across runs
        var ordered = new java.util.LinkedHashMap<String, Double>();
        ordered.put("tokenize", 40.0);
        ordered.put("parse", 20.0);
        ordered.put("gone", 5.0);
        assertEquals("tokenize +2.5, parse -1.0, gone -5.0", new SplitCheckCommand.Result(1000, ordered, Map.of("tokenize", 42.5, "parse", 19.0), 100).deltas());
        // across runs: the phase with the largest mean signed error, and the standard error of that mean
        var runs = List.of(new SplitCheckCommand.Result(1000, ordered, Map.of("tokenize", 41.0, "parse", 20.0, "gone", 5.0), 100),
                        new SplitCheckCommand.Result(1000, ordered, Map.of("tokenize", 43.0, "parse", 19.0, "gone", 5.0), 100),
                        new SplitCheckCommand.Result(1000, ordered, Map.of("tokenize", 42.0, "parse", 21.0, "gone", 5.0), 100));
        assertEquals("tokenize +2.0 ± 0.6", SplitCheckCommand.bias(runs)); // errors 1, 3, 2: sd 1, s.e. 1/sqrt(3)
        assertEquals("-", SplitCheckCommand.bias(runs.subList(0, 2)));
    }

    /**
     * split-check's {@code --run-option} goes to every run, the one without a profiler and
     * --cpusampler's too (a polyglot program needs {@code --polyglot} under each, or the runs
     * compare different programs), before the configuration's own options; {@code --extra} only to
     * ccsampler's. A run that fails because the program evaluates another language says which
     * option it needs.
     */
    @Test
    void splitCheckRunOptionsGoToEveryRun(@TempDir Path dir) throws IOException {
        Path repo = Path.of("/repo"), program = Path.of("/p/poly.js"), profile = dir.resolve("p.json");
        List<String> run = List.of("--polyglot", "--vm.Xss16m"), extra = List.of("--ccsampler.CostBudget=5");
        for (var c : SplitCheckCommand.CONFIGS) {
            List<String> cmd = SplitCheckCommand.command(repo, c, run, extra, profile, program);
            assertEquals(List.of("/repo/bin/ccsampler", "run", "--polyglot", "--vm.Xss16m"), cmd.subList(0, 4), c.label());
            assertEquals(c.options(), cmd.subList(4, 4 + c.options().size()), c.label());
            assertEquals(program.toString(), cmd.get(cmd.size() - 1), c.label());
            assertEquals(c.format() == dev.ccsampler.tools.compare.ProfileFormat.CCSAMPLER, cmd.containsAll(extra), c.label());
            assertEquals(c.format() != null, cmd.stream().anyMatch(a -> a.endsWith("OutputFile=" + profile)), c.label());
        }
        assertEquals(List.of("/repo/bin/ccsampler", "run", "/p/poly.js"), SplitCheckCommand.command(repo, SplitCheckCommand.CONFIGS.get(0), List.of(), extra, profile, program));

        Path log = Files.writeString(dir.resolve("run.log"), "Error: No language for id python found. Supported languages are: [js]\n");
        var e = assertThrows(IOException.class, () -> SplitCheckCommand.read(program, SplitCheckCommand.CONFIGS.get(0), log, profile, 1));
        assertTrue(e.getMessage().contains("poly.js under none exited 1") && e.getMessage().contains("--run-option=--polyglot") && e.getMessage().contains(log.toString()), e.getMessage());
        Path other = Files.writeString(dir.resolve("other.log"), "SyntaxError: x\n");
        e = assertThrows(IOException.class, () -> SplitCheckCommand.read(program, SplitCheckCommand.CONFIGS.get(0), other, profile, 1));
        assertFalse(e.getMessage().contains("--polyglot"), e.getMessage());
    }

    /**
     * split-check looks for a phase's function in the program's own file first: TruffleRuby names
     * code evaluated from a string after the method that evaluates it, and that must not stand for
     * the phase; a phase found nowhere in the file is looked for in every source.
     */
    @Test
    void splitCheckPrefersThePhaseFunctionsOfTheProgramsOwnFile() {
        var eval = Frame.of("codegen", "(eval)", 1);
        var method = Frame.of("Object#codegen", "/repo/tools/workloads/rb-codegen.rb", 5);
        var hot = Frame.of("hot", "lib.rb", 3);
        var main = Frame.of("<main>", "rb-codegen.rb", 1);
        var of = SplitCheckCommand.phaseFunctions(java.util.Set.of("codegen", "hot"), java.util.Set.of(eval, method, hot, main), "rb-codegen.rb");
        assertEquals("codegen", SplitCheckCommand.phaseOf(of, method));
        assertEquals(null, SplitCheckCommand.phaseOf(of, eval));
        assertEquals("hot", SplitCheckCommand.phaseOf(of, hot)); // not in the program's file: found in any source
        assertEquals(null, SplitCheckCommand.phaseOf(of, main));
        // a program whose phase functions carry exactly the phase's name keeps them
        var own = Frame.of("codegen", "js-codegen.js", 2);
        var of2 = SplitCheckCommand.phaseFunctions(java.util.Set.of("codegen"), java.util.Set.of(own, eval), "js-codegen.js");
        assertEquals("codegen", SplitCheckCommand.phaseOf(of2, own));
        assertEquals(null, SplitCheckCommand.phaseOf(of2, eval));
    }

    /** split-check finds a phase under its own name, else under the name qualified the way Ruby, JS or Python print it. */
    @Test
    void splitCheckPhasesMatchQualifiedFunctionNames() {
        var of = SplitCheckCommand.phaseNames(java.util.Set.of("trees", "pool", "render", "gone"),
                        java.util.Set.of("Object#trees", "Pool::pool", "render", "Scene.render", "subtrees", "<main>"));
        assertEquals(Map.of("Object#trees", "trees", "Pool::pool", "pool", "render", "render"), of);
    }

    /** A run that timed its known-split functions is judged against that timing, not the construction. */
    @Test
    void theSplitTruthIsTheRunsOwnTimingWhenItHasEveryFunction() {
        Map<String, Double> construction = new java.util.LinkedHashMap<>();
        construction.put("alpha", 60.0);
        construction.put("beta", 30.0);
        construction.put("gamma", 10.0);
        Workload w = new Workload("ks", "js", "ks.js", 10, 0, 2, construction, List.of());
        GuestRun timed = new GuestRun(w, ProfilerConfig.NONE, 0, new long[]{1}, 0, null, null, 0, Map.of("alpha", 500L, "beta", 300L, "gamma", 200L));
        assertEquals(Map.of("alpha", 500.0, "beta", 300.0, "gamma", 200.0), timed.splitTruth());
        Cct t = new Cct(Cct.Kind.SAMPLES);
        t.add(List.of(Frame.of("alpha", "k.js", 2)), 50);
        t.add(List.of(Frame.of("beta", "k.js", 3)), 30);
        t.add(List.of(Frame.of("gamma", "k.js", 4)), 20);
        assertEquals(0.0, BenchRow.splitError(t, timed.splitTruth()), 1e-9);
        assertEquals(10.0, BenchRow.splitError(t, construction), 1e-9);
        // a timing that misses a function, or none at all: the construction
        GuestRun partial = new GuestRun(w, ProfilerConfig.NONE, 0, new long[]{1}, 0, null, null, 0, Map.of("alpha", 500L, "beta", 300L));
        assertEquals(construction, partial.splitTruth());
        assertEquals(construction, new GuestRun(w, ProfilerConfig.NONE, 0, new long[]{1}, 0, null, null, 0).splitTruth());
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
    void steadyStateOfTwoAlternatingSpeedsDoesNotJumpBetweenThem() {
        // known-split.rb's steady iterations alternate between about 2.4 and 6.5 ms; whether the slow
        // ones are 11 or 13 of 24, the steady figure must stay near the mean, not jump from one mode
        // to the other as a median does; a lone pause of 42 ms is left out
        Workload w = new Workload("w", "ruby", "w.rb", 72, 0, 5, Map.of(), List.of());
        double[] steady = new double[2];
        for (int k = 0; k < 2; k++) {
            int slow = k == 0 ? 11 : 13;
            long[] iters = new long[72];
            java.util.Arrays.fill(iters, 0, 48, 500_000_000L); // warm-up: not steady
            for (int i = 0; i < 24; i++) {
                iters[48 + i] = i < slow ? 6_500_000L : 2_400_000L;
            }
            iters[60] = 42_000_000L;
            steady[k] = new GuestRun(w, ProfilerConfig.NONE, 0, iters, 0, null, null, 0).steadyNanos();
        }
        assertEquals(1.0, steady[1] / steady[0], 0.2, "steady " + steady[0] + " / " + steady[1]);
        assertEquals(4.3e6, steady[0], 0.4e6);
        assertEquals(2.4, Stats.median(new double[]{6.5, 2.4, 2.4, 6.5, 2.4}), 1e-9); // what a median gave
        assertEquals(23.0 / 8, Stats.trimmedMean(new double[]{1, 2, 3, 4, 5, 100, -100, 3, 3, 2}, 0.1), 1e-9); // 1 2 2 3 3 3 4 5
        assertTrue(Double.isNaN(Stats.trimmedMean(new double[0], 0.1)));
        assertThrows(IllegalArgumentException.class, () -> Stats.trimmedMean(new double[]{1}, 0.5));
    }

    @Test
    void levelledComparesTheHalvesOfTheLastThird() {
        Workload w = new Workload("w", "js", "w.js", 12, 0, 2, Map.of(), List.of());
        // a warm-up that ends in the middle third leaves the last third steady
        assertTrue(new GuestRun(w, ProfilerConfig.NONE, 0, new long[]{900, 500, 300, 300, 300, 200, 100, 100, 100, 100, 95, 100}, 0, null, null, 0).levelled());
        // still getting faster inside the last third
        assertFalse(new GuestRun(w, ProfilerConfig.NONE, 0, new long[]{900, 500, 300, 200, 200, 200, 200, 200, 200, 200, 100, 100}, 0, null, null, 0).levelled());
    }

    @Test
    void steadyWalksAreTheLastThirdsAndParsed() {
        // the runner reads ccsampler's accounting before the first iteration the bench counts as steady
        Workload w = new Workload("p", "js", "p.js", 15, 0, 0, Map.of(), List.of());
        for (int n : new int[]{1, 2, 3, 6, 15, 100}) {
            long[] iters = new long[n];
            for (int i = 0; i < n; i++) {
                iters[i] = i < GuestRunner.SteadyWalks.steadyFrom(n) ? 1000 : 1; // steady iterations are the fast ones
            }
            assertEquals(1, new GuestRun(w, ProfilerConfig.NONE, 0, iters, 0, null, null, 0).steadyNanos(), "n = " + n);
        }
        assertArrayEquals(new long[]{12, 96, 24000}, GuestRun.parseWalks("CCSBENCH walks 12 96 24000"));
        assertNull(GuestRun.parseWalks("CCSBENCH walks 12 96"));
        assertNull(GuestRun.parseWalks("CCSBENCH walks 12 x 3"));
        GuestRun r = new GuestRun(w, ProfilerConfig.NONE, 0, new long[]{1}, 0, null, null, 0, Map.of(), new long[]{12, 96, 24000});
        assertEquals(0.4, r.steadyWalkedPercent(), 1e-9);
        assertTrue(Double.isNaN(new GuestRun(w, ProfilerConfig.NONE, 0, new long[]{1}, 0, null, null, 0, Map.of(), new long[]{0, 0, 0}).steadyWalkedPercent()));
        assertTrue(Double.isNaN(new GuestRun(w, ProfilerConfig.NONE, 0, new long[]{1}, 0, null, null, 0).steadyWalkedPercent()));
    }

    @Test
    void reportPrintsNaNAsNotApplicableAndJsonAsNull() {
        List<BenchRow> rows = new ArrayList<>();
        rows.add(new BenchRow("w", "cpusampler 10ms", 2, 0, 0, 10, 100, 1.05, 1.2, 1.04, 50, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                        Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, 0.8, 0.9, 0.99, 0.995));
        String md = BenchReport.markdown("h", rows, List.of("a note"));
        assertTrue(md.contains("| w | cpusampler 10ms | 2 | 10.0 | 1.05 | 1.04 |"), md);
        assertTrue(md.contains("n/a"), md);
        assertTrue(md.contains("- a note"), md);
        assertTrue(md.contains("| 0.990 (noise 0.995) |"), md);
        String json = BenchReport.json("h", true, 2, rows, List.of());
        assertTrue(json.contains("\"runToRunNoisePearson\" : 0.995"), json);
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
    void usageErrorsExitTwoAndNameTheOptionOrFile(@TempDir Path dir) throws IOException {
        assertEquals(2, BenchCommand.run(new String[]{"--pairs", "zero"}, System.out, System.err));
        assertEquals(2, BenchCommand.run(new String[]{"--bogus"}, System.out, System.err));
        Path js = Files.writeString(dir.resolve("held-out.js"), "1;");
        assertUsageError("--split", "--split", "alpha=60,beta", js.toString());
        assertUsageError("--split", "--split", "alpha=60,alpha=40", js.toString());
        assertUsageError("--only", "--only", "known-split-js", js.toString());
        assertUsageError("--iterations", "--iterations", "3");
        assertUsageError("missing.js", dir.resolve("missing.js").toString());
        Path txt = Files.writeString(dir.resolve("prog.txt"), "x");
        assertUsageError("--lang", txt.toString());
        assertUsageError("--toggled", "--toggled", "--feedback", js.toString());
        assertUsageError("--toggle-windows", "--toggled", "--toggle-windows", "6", js.toString());
        assertUsageError("--toggle-warm-up", "--toggle-warm-up", "30", js.toString());
        assertUsageError("--iterations", "--toggled", "--iterations", "5", js.toString());
        assertUsageError("--sampler-option", "--sampler-option", "CostBudget=1", js.toString());
        assertUsageError("ccsampler.NoSuchOption", "--sampler-option", "ccsampler.NoSuchOption=1", js.toString());
        assertUsageError("ccsampler.CostBudget", "--sampler-option", "ccsampler.CostBudget=lots", js.toString());
        assertUsageError("--feedback", "--feedback", "--sampler-option", "ccsampler.CostBudget=1", js.toString());
        assertUsageError("ccsampler.Period", "--sampler-option", "ccsampler.Period=5ms", js.toString());
    }

    /** {@code --sampler-option} reaches ccsampler's configurations and no other. */
    @Test
    void samplerOptionsGoToCcsamplerConfigurationsAlone() {
        Map<String, String> lang = Map.of("js.commonjs-require", "true");
        Map<String, String> extra = Map.of("ccsampler.CostBudget", "1");
        for (ProfilerConfig c : ProfilerConfig.values()) {
            Map<String, String> o = BenchCommand.withSamplerOptions(c, lang, extra);
            assertEquals("true", o.get("js.commonjs-require"), c.label());
            assertEquals(c.profiler() == ProfilerConfig.Profiler.CCSAMPLER ? "1" : null, o.get("ccsampler.CostBudget"), c.label());
        }
        assertEquals(lang, BenchCommand.withSamplerOptions(ProfilerConfig.CCSAMPLER_1MS, lang, Map.of()));
    }

    private static void assertUsageError(String named, String... args) {
        var err = new java.io.ByteArrayOutputStream();
        assertEquals(2, BenchCommand.run(args, System.out, new java.io.PrintStream(err, true)), List.of(args).toString());
        assertTrue(err.toString().contains(named), "'" + named + "' in: " + err);
    }

    @Test
    void programFilesBecomeWorkloadsSizedByTheirFirstRun(@TempDir Path dir) {
        Workload w = Workload.program(dir.resolve("held-out.js"), "js", 0, Map.of("f", 70.0, "g", 30.0));
        assertEquals("held-out", w.id());
        assertTrue(w.sizedByFirstRun());
        assertFalse(w.needsNodeModules(), "a program file does not use tools/workloads' npm packages");
        Workload sized = w.withIterations(12);
        assertEquals(12, sized.iterations());
        assertEquals(4, sized.warmupIterations());
        assertEquals(0, w.withIterations(1).warmupIterations());
        assertEquals(5, w.withIterations(100).warmupIterations());
        assertEquals(Map.of("f", 70.0, "g", 30.0), sized.knownSplit());
        assertEquals("js", Workload.languageOf(Path.of("a.mjs")));
        assertEquals("python", Workload.languageOf(Path.of("a.py")));
        assertEquals(null, Workload.languageOf(Path.of("a.txt")));
        assertTrue(new Workload("s", "js", "tools/workloads/x.js", 5, 0, 1, Map.of(), List.of()).needsNodeModules());
    }

    /** GraalVM's --cpusampler at 1 ms sometimes writes a profile with 0 or 1 sample (seen in the quick run of 2026-11-21). */
    @Test
    void aProfileThatHardlySampledGetsANote(@TempDir Path dir) throws IOException {
        Path p = Files.writeString(dir.resolve("one.json"), """
                        {"contexts":[{"period":1,"profile":[{"thread":"Thread[#20,main,5,main]","samples":[{"self_tier_count":[1],"self_hit_count":1,
                        "children":[],"root_name":":program","self_hit_times":[],"tier_count":[1],"hit_count":1,"source_section":{"path":"k.js","start_column":1,
                        "start_line":1,"language":"js","source_name":"k.js","end_line":36,"end_column":11}}]}],"sample_count":1,"gathered_hit_times":false}],
                        "version":"0.5.0","tool":"cpusampler"}""");
        Workload w = new Workload("w", "js", "w.js", 3, 0, 1, Map.of(), List.of());
        GuestRun base = new GuestRun(w, ProfilerConfig.NONE, 0, new long[]{10, 10, 10}, 0, null, null, 2_000_000_000L);
        GuestRun run = new GuestRun(w, ProfilerConfig.CPUSAMPLER_1MS, 0, new long[]{10, 10, 10}, 0, p, null, 2_000_000_000L);
        List<String> notes = new ArrayList<>();
        BenchRow row = BenchRow.of(w, ProfilerConfig.CPUSAMPLER_1MS, List.of(run), List.of(base), null, notes);
        assertEquals(1.0, row.samples());
        assertTrue(notes.stream().anyMatch(n -> n.contains("only 1 sample(s) in one.json")), notes.toString());
    }

    @Test
    void aFailedBaselineIsNotedWithTheGuestsLastErrorLine(@TempDir Path dir) throws IOException {
        Path log = Files.writeString(dir.resolve("boom.none.0.log"), "CCSBENCH start\nError: held-out boom\n    at <js> f(boom.js:1)\nCCSBENCH exit 1\n");
        assertEquals(": Error: held-out boom", BenchCommand.lastError(log));
        assertEquals("", BenchCommand.lastError(Files.writeString(dir.resolve("quiet.log"), "CCSBENCH exit 1\n")));
        assertEquals("", BenchCommand.lastError(dir.resolve("missing.log")));
    }

    @Test
    void programsOfTheSameNameGetDistinctIds(@TempDir Path dir) throws IOException {
        Path a = Files.createDirectories(dir.resolve("a")).resolve("x.js");
        Path b = Files.createDirectories(dir.resolve("b")).resolve("x.js");
        Files.writeString(a, "1;");
        Files.writeString(b, "2;");
        var out = new java.io.ByteArrayOutputStream();
        assertEquals(0, BenchCommand.run(new String[]{"--list", a.toString(), b.toString()}, new java.io.PrintStream(out, true), System.err));
        List<String> ids = out.toString().lines().map(l -> l.split("\\s+")[0]).toList();
        assertEquals(List.of("x", "x-2"), ids, out.toString());
    }

    @Test
    void aSuiteLineMayBeQuickOnlyOrFullOnly(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("w.tsv");
        Files.writeString(f, "q\tjs\tq.js\t0\t30\t5\t-\t-\nf\tjs\tf.js\t12\t0\t5\t-\t-\n");
        List<Workload> suite = Workload.readSuite(f);
        Workload q = suite.get(0);
        Workload full = suite.get(1);
        assertFalse(q.sizedByFirstRun());
        assertTrue(q.runsIn(true));
        assertFalse(q.runsIn(false));
        assertEquals(30, q.iterationsFor(false), "--only in the other mode runs the count it has");
        assertTrue(full.runsIn(false));
        assertFalse(full.runsIn(true));
        assertEquals(12, full.iterationsFor(true));
        Files.writeString(f, "z\tjs\tz.js\t0\t0\t5\t-\t-\n");
        IOException e = assertThrows(IOException.class, () -> Workload.readSuite(f));
        assertTrue(e.getMessage().contains(":1:"), e.getMessage());
    }

    /** The runner in this JVM (fallback or optimizing runtime alike): the iteration protocol, not timing. */
    @Test
    void guestRunnerIteratesFunctionsCallsAndSelfRunningPrograms(@TempDir Path dir) throws IOException {
        Path fn = Files.writeString(dir.resolve("fn.js"), """
                        let n = 0;
                        const it = function () { n++; return n; };
                        it.parts = { a() { return 1; }, b() { return 2; } };
                        it.timed = { a: 1500, b: 2500.4, note: 'not a number' };
                        it;
                        """);
        String log = runGuest("--lang", "js", "--iterations", "4", "--time-parts", "3", fn.toString());
        assertEquals(4, count(log, "CCSBENCH iter "), log);
        assertTrue(log.contains("CCSBENCH timed a 1500\n") && log.contains("CCSBENCH timed b 2500\n"), log);
        assertEquals(2, count(log, "CCSBENCH timed "), log);
        assertEquals(3, count(log, "CCSBENCH part a "), log);
        assertEquals(3, count(log, "CCSBENCH part b "), log);
        assertTrue(log.contains("CCSBENCH exit 0"), log);
        // A script that runs itself: one iteration per fresh context on the shared engine; top-level
        // let declarations would clash if the same context evaluated it twice.
        Path script = Files.writeString(dir.resolve("script.js"), "let total = 0; for (let i = 0; i < 1000; i++) { total += i; } total;");
        log = runGuest("--lang", "js", "--iterations", "3", script.toString());
        assertEquals(3, count(log, "CCSBENCH iter "), log);
        assertTrue(log.contains("CCSBENCH exit 0"), log);
        // A budget stops iterating early, after at least one iteration.
        log = runGuest("--lang", "js", "--iterations", "50", "--budget-ms", "1", script.toString());
        assertTrue(count(log, "CCSBENCH iter ") >= 1 && count(log, "CCSBENCH iter ") < 50, log);
        // A guest error is exit status 1, reported after the engine closed.
        Path bad = Files.writeString(dir.resolve("bad.js"), "throw new Error('boom');");
        log = runGuest("--lang", "js", "--iterations", "2", bad.toString());
        assertTrue(log.contains("CCSBENCH exit 1"), log);
    }

    /**
     * A Ruby lambda cannot carry data members: its {@code timed} is a singleton method returning a
     * hash of function name to nanoseconds, as {@code tools/workloads/known-split.rb} has it.
     */
    @Test
    void guestRunnerReadsTheSplitARubyLambdaTimed(@TempDir Path dir) throws IOException {
        Path rb = Files.writeString(dir.resolve("fn.rb"), """
                        $timed = { 'Object#a' => 1500, 'Object#b' => 2500.4, 'note' => 'not a number' }
                        it = lambda { 1 }
                        it.define_singleton_method(:timed) { $timed }
                        it
                        """);
        String log = runGuest("--lang", "ruby", "--iterations", "2", rb.toString());
        assertEquals(2, count(log, "CCSBENCH iter "), log);
        assertTrue(log.contains("CCSBENCH timed Object#a 1500\n") && log.contains("CCSBENCH timed Object#b 2500\n"), log);
        assertEquals(2, count(log, "CCSBENCH timed "), log);
        assertTrue(log.contains("CCSBENCH exit 0"), log);
    }

    /**
     * {@code --toggle k}: after the first third, sampling off and on every k iterations (off, on,
     * on, off), and one line comparing the two states' medians; refused without ccsampler.
     */
    @Test
    void guestRunnerTogglesSamplingAndComparesTheStates(@TempDir Path dir) throws IOException {
        Path js = Files.writeString(dir.resolve("fn.js"), "(function() { let s = 0; for (let i = 0; i < 20000; i++) { s += i % 7; } return s; })");
        String log = runGuest("--lang", "js", "--iterations", "30", "--toggle", "2", "--option", "ccsampler=true", "--option", "ccsampler.Period=1ms", "--option",
                        "ccsampler.OutputFile=" + dir.resolve("p.txt"), js.toString());
        assertEquals(30, count(log, "CCSBENCH iter "), log);
        // 20 iterations after the warm-up third, in windows of 2: off on on off off on on off off on
        assertTrue(log.matches("(?s).*CCSBENCH toggle on \\d+ off \\d+ ratio [0-9.]+ n 10 10\n.*"), log);
        assertTrue(log.contains("CCSBENCH exit 0"), log);
        assertTrue(Files.size(dir.resolve("p.txt")) > 0, "the run-end profile is written as usual");
        var err = new java.io.ByteArrayOutputStream();
        java.io.PrintStream old = System.err;
        System.setErr(new java.io.PrintStream(err, true));
        try {
            assertEquals(2, GuestRunner.run(new String[]{"--lang", "js", "--iterations", "3", "--toggle", "2", js.toString()}, new java.io.PrintStream(new java.io.ByteArrayOutputStream())));
        } finally {
            System.setErr(old);
        }
        assertTrue(err.toString().contains("--toggle <k> needs"), err.toString());
    }

    /**
     * {@code --toggle-ms}: after the warm-up, windows of wall time in blocks of off, on, on, off,
     * one line per window and per block, the run ending with the last window; the profiler is
     * GraalVM's --cpusampler here (ccsampler's own switch is the test above), and the run-end
     * profile is written as usual. Bad window arguments are refused.
     */
    @Test
    void guestRunnerTogglesTheProfilerInWindowsOfTime(@TempDir Path dir) throws IOException {
        Path js = Files.writeString(dir.resolve("fn.js"), "(function() { let s = 0; for (let i = 0; i < 20000; i++) { s += i % 7; } return s; })");
        String log = runGuest("--lang", "js", "--iterations", "1000000", "--toggle-ms", "150", "--toggle-after-ms", "300", "--toggle-windows", "8", "--option",
                        "cpusampler=true", "--option", "cpusampler.Period=1", "--option", "cpusampler.Output=json", "--option", "cpusampler.OutputFile=" + dir.resolve("c.json"),
                        js.toString());
        assertTrue(log.contains("CCSBENCH exit 0"), log);
        String states = "";
        for (int w = 0; w < 8; w++) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("CCSBENCH window " + w + " (on|off) (\\d+) (\\d+)\n").matcher(log);
            assertTrue(m.find(), "window " + w + " in " + log);
            states += m.group(1) + " ";
            assertTrue(Long.parseLong(m.group(2)) > 0, "iterations in window " + w + ": " + log);
        }
        assertEquals("off on on off off on on off ", states);
        assertEquals(2, count(log, "CCSBENCH toggleblock "), log);
        assertEquals(2, ToggleBench.blocks(List.of(log.split("\n"))).size(), log);
        assertTrue(log.matches("(?s).*CCSBENCH toggle on \\d+ off \\d+ ratio [0-9.]+ n \\d+ \\d+\n.*"), log);
        assertTrue(Files.size(dir.resolve("c.json")) > 0, "the run-end profile is written as usual");
        var err = new java.io.ByteArrayOutputStream();
        java.io.PrintStream old = System.err;
        System.setErr(new java.io.PrintStream(err, true));
        try {
            assertEquals(2, GuestRunner.run(new String[]{"--lang", "js", "--toggle-ms", "100", "--toggle-windows", "6", js.toString()},
                            new java.io.PrintStream(new java.io.ByteArrayOutputStream())));
        } finally {
            System.setErr(old);
        }
        assertTrue(err.toString().contains("a multiple of 4"), err.toString());
    }

    /** What the windows switch: ccsampler's or --cpusampler's sampling, whichever the options enable, or nothing. */
    @Test
    void theWindowsSwitchTheSamplingOfTheProfilerTheOptionsEnable(@TempDir Path dir) {
        try (org.graalvm.polyglot.Engine cc = org.graalvm.polyglot.Engine.newBuilder().option("ccsampler", "true")
                        .option("ccsampler.OutputFile", dir.resolve("cc.txt").toString()).build()) {
            java.util.function.Consumer<Boolean> sw = GuestRunner.switchFor(cc, Map.of("ccsampler", "true"));
            dev.ccsampler.CCSampler s = dev.ccsampler.CCSampler.find(cc);
            assertTrue(s.isCollecting());
            sw.accept(false);
            assertFalse(s.isCollecting());
            sw.accept(true);
            assertTrue(s.isCollecting());
        }
        try (org.graalvm.polyglot.Engine cpu = org.graalvm.polyglot.Engine.newBuilder().option("cpusampler", "true")
                        .option("cpusampler.OutputFile", dir.resolve("cpu.txt").toString()).build()) {
            java.util.function.Consumer<Boolean> sw = GuestRunner.switchFor(cpu, Map.of("cpusampler", "true"));
            com.oracle.truffle.tools.profiler.CPUSampler s = com.oracle.truffle.tools.profiler.CPUSampler.find(cpu);
            assertTrue(s.isCollecting());
            sw.accept(false);
            assertFalse(s.isCollecting());
        }
        GuestRunner.switchFor(null, Map.of()).accept(false); // the placebo: nothing to find, nothing switched
    }

    /** The arithmetic of {@code bench --toggled}: block ratios, their geometric mean, the unsampled iteration, the table. */
    @Test
    void toggledBenchReadsBlocksAndSummarisesThem(@TempDir Path dir) throws IOException {
        // windows off, on, on, off: means 10, 11, 13, 10 ms -> (11 + 13) / 2 / 10 = 1.2
        long[] count = {10, 10, 5, 20};
        long[] sum = {100, 110, 65, 200};
        assertEquals(1.2, GuestRunner.WindowToggle.blockRatio(count, sum, 0), 1e-9);
        assertTrue(Double.isNaN(GuestRunner.WindowToggle.blockRatio(new long[]{1, 0, 1, 1}, new long[]{1, 0, 1, 1}, 0)), "an empty window makes no block");
        assertTrue(Double.isNaN(GuestRunner.WindowToggle.blockRatio(count, sum, 1)), "a block past the windows");
        List<String> lines = List.of("CCSBENCH window 0 off 10 100000000", "CCSBENCH window 1 on 10 110000000", "CCSBENCH window 3 off 30 200000000",
                        "CCSBENCH toggleblock 0 1.2000", "CCSBENCH toggleblock 1 NaN", "CCSBENCH toggleblock 2 0.8000", "CCSBENCH toggleblock x", "other 3");
        assertEquals(List.of(1.2, 0.8), ToggleBench.blocks(lines));
        assertEquals(300.0 / 40, ToggleBench.offIterationMs(lines), 1e-9);
        assertTrue(Double.isNaN(ToggleBench.offIterationMs(List.of("CCSBENCH window 1 on 3 9"))));
        double[] g = ToggleBench.geometricMean(List.of(1.2, 0.8));
        assertEquals(Math.sqrt(1.2 * 0.8), g[0], 1e-9);
        assertTrue(g[1] < g[0] && g[0] < g[2], java.util.Arrays.toString(g));
        // the logs differ by a factor 1.5: the s.e. of the mean log is |ln 1.5| / 2
        assertEquals(Math.exp(Math.log(g[0]) + Math.log(1.5) / 2), g[2], 1e-9);
        assertTrue(Double.isNaN(ToggleBench.geometricMean(List.of(1.1))[0]), "one block gives no spread");
        Workload w = Workload.program(dir.resolve("p.js"), "js", 0, Map.of());
        Path log1 = Files.write(dir.resolve("a.log"), List.of("CCSBENCH iter 0 5", "CCSBENCH window 0 off 2 20000000", "CCSBENCH toggleblock 0 1.0100",
                        "CCSBENCH toggleblock 1 1.0300", "CCSBENCH exit 0"));
        Path log2 = Files.write(dir.resolve("b.log"), List.of("CCSBENCH iter 0 5", "CCSBENCH exit 1"));
        GuestRun ok = new GuestRun(w, ProfilerConfig.CCSAMPLER_10MS, 0, new long[]{5}, 0, null, log1, 1);
        GuestRun failed = new GuestRun(w, ProfilerConfig.CPUSAMPLER_10MS, 0, new long[]{5}, 1, null, log2, 1);
        Path log3 = Files.write(dir.resolve("c.log"), List.of("CCSBENCH window 0 off 1 8000000", "CCSBENCH toggleblock 0 1.0000", "CCSBENCH exit 0"));
        Map<ProfilerConfig, List<GuestRun>> runs = new java.util.LinkedHashMap<>();
        runs.put(ProfilerConfig.NONE, List.of(new GuestRun(w, ProfilerConfig.NONE, 0, new long[]{5}, 0, null, log3, 1)));
        runs.put(ProfilerConfig.CCSAMPLER_10MS, List.of(ok));
        runs.put(ProfilerConfig.CPUSAMPLER_10MS, List.of(failed));
        String table = ToggleBench.table(List.of(new ToggleBench.Result("p", runs)));
        assertTrue(table.contains("| p | ccsampler 10ms | 1 of 1 | 2 | 1.020 | 1.020 (1.010–1.030) | 1.010–1.030 | 10.00 | 1.250 |"), table);
        assertTrue(table.contains("| p | cpusampler 10ms | 0 of 1 | 0 | n/a |"), table);
        assertTrue(table.contains("| p | placebo (no profiler) | 1 of 1 | 1 | 1.000 | n/a | 1.000–1.000 | 8.00 | 1.000 |"), table);
        assertTrue(table.contains("| ccsampler 10ms | 1 | 1.020 |"), table);
    }

    private static String runGuest(String... args) {
        var buf = new java.io.ByteArrayOutputStream();
        GuestRunner.run(args, new java.io.PrintStream(buf, true));
        return buf.toString();
    }

    private static int count(String s, String what) {
        int n = 0;
        for (int i = s.indexOf(what); i >= 0; i = s.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }
}
