package dev.ccsampler.crosslang;

import dev.ccsampler.CCSampler;
import dev.ccsampler.FeedbackMode;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Source;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Compiler feedback on real engines (docs/feedback.md): split hints leave the call node split and
 * the output unchanged, a compile-early hint compiles a root Truffle would not have compiled,
 * hints saved by one engine are applied in a fresh one, inline hints set the flag, and bad or stale
 * hints files are reported without stopping the run.
 */
class FeedbackTest {

    @TempDir
    static Path tmp;

    @BeforeAll
    static void needsOptimizingRuntime() {
        assumeTrue(ProfileRun.optimizing(), "compiler feedback needs the optimizing runtime");
    }

    /** One guest run: its output, error stream, engine log and exit status. */
    record Run(String stdout, String stderr, String log, int exitStatus, long startMillis) {
    }

    static Run run(String language, Path file, Map<String, String> options, String... args) throws IOException {
        Map<String, String> opts = new LinkedHashMap<>();
        opts.put("ccsampler.Period", "1ms");
        opts.putAll(options);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        int[] status = {0};
        Throwable[] failure = {null};
        long start = System.currentTimeMillis();
        Context.Builder b = Context.newBuilder().allowAllAccess(true).allowExperimentalOptions(true).out(out).err(err).logHandler(log).arguments(language, args).options(opts);
        Thread guest = new Thread(null, () -> {
            try (Context c = b.build()) {
                try {
                    c.eval(Source.newBuilder(language, file.toFile()).build());
                } catch (PolyglotException e) {
                    status[0] = e.isExit() ? e.getExitStatus() : 1;
                    if (!e.isExit()) {
                        err.writeBytes(String.valueOf(e.getMessage()).getBytes());
                    }
                }
            } catch (Throwable t) {
                failure[0] = t;
            }
        }, "guest-main", 64L << 20);
        guest.start();
        try {
            guest.join();
        } catch (InterruptedException e) {
            throw new IOException(e);
        }
        if (failure[0] != null) {
            throw new IOException("guest run failed", failure[0]);
        }
        return new Run(out.toString(), err.toString(), log.toString(), status[0], start);
    }

    static Path pace(String name) {
        return Path.of("programs").resolve(name).toAbsolutePath();
    }

    /** The hints of a saved file whose kind is {@code kind}, as raw JSON objects (one per line of the match). */
    static List<String> hints(String json, String kind) {
        List<String> r = new java.util.ArrayList<>();
        Matcher m = Pattern.compile("\\{\"kind\":\"" + kind + "\".*?\"outcome\":\"[^\"]*\"\\}").matcher(json);
        while (m.find()) {
            r.add(m.group());
        }
        return r;
    }

    /** Truffle's own splitting heuristic off (it ignores callees over 1 node), forced splits still allowed. */
    static final Map<String, String> NO_HEURISTIC_SPLITS = Map.of("engine.SplittingMaxCalleeSize", "1");

    /** A learning run (advise) and the hints file it saved. */
    record Learnt(Run run, Path saved) {
    }

    private static final Map<String, Learnt> LEARNT = new java.util.HashMap<>();

    /**
     * The advise run of {@code program} with {@code options}, saving its hints: run once and shared
     * by the tests that start from it (each such run took 3-4 s of the suite). The tests only read
     * the saved file.
     */
    static synchronized Learnt learnt(String program, Map<String, String> options) throws IOException {
        String key = program + " " + new java.util.TreeMap<>(options);
        Learnt l = LEARNT.get(key);
        if (l == null) {
            Path saved = tmp.resolve("learnt-" + LEARNT.size() + "-" + program.replace('.', '-') + ".json");
            Map<String, String> o = new LinkedHashMap<>(options);
            o.put("ccsampler.Feedback", "advise");
            o.put("ccsampler.SaveHints", saved.toString());
            Run r = run("pace", pace(program), o);
            assertEquals(0, r.exitStatus(), r.stderr());
            l = new Learnt(r, saved);
            LEARNT.put(key, l);
        }
        return l;
    }

    /** feedback-split.pace's advise run with Truffle's splitting heuristic off: two split hints. */
    static Learnt splitAdvice() throws IOException {
        return learnt("feedback-split.pace", NO_HEURISTIC_SPLITS);
    }

    /**
     * Also: a text report written to a file carries the hints report after it, as on standard
     * output (until 2026-12-04 it went nowhere but a one-line count on standard error).
     */
    @Test
    void paceSplitHintsSplitTheCallNodesAndKeepTheOutput() throws Exception {
        Path saved = tmp.resolve("pace-split-hints.json");
        Path report = tmp.resolve("report-with-hints.txt");
        Files.writeString(report, "what the file held before\n");
        Map<String, String> on = new LinkedHashMap<>(NO_HEURISTIC_SPLITS);
        on.put("ccsampler.Feedback", "apply");
        on.put("ccsampler.SaveHints", saved.toString());
        on.put("ccsampler", "calltree");
        on.put("ccsampler.OutputFile", report.toString());
        Run with = run("pace", pace("feedback-split.pace"), on);
        Run without = run("pace", pace("feedback-split.pace"), NO_HEURISTIC_SPLITS);
        assertEquals(0, with.exitStatus(), with.stderr());
        assertEquals(without.stdout(), with.stdout(), "a hint never changes guest output");
        String json = Files.readString(saved);
        System.out.println("Pace split hints: " + json);
        List<String> splits = hints(json, "split");
        assertEquals(2, splits.size(), "one split of apply per caller (useOne, useTwo): " + json);
        for (String h : splits) {
            assertTrue(h.contains("\"target\":{\"language\":\"pace\",\"name\":\"apply\""), h);
            assertTrue(h.contains("\"state\":\"applied\""), h);
            // the actuator reads isCallTargetCloned() back after cloneCallTarget()
            assertTrue(h.contains("\"action\":\"split 1 of 1 direct call node\""), h);
        }
        assertTrue(splits.stream().anyMatch(h -> h.contains("\"caller\":{\"language\":\"pace\",\"name\":\"useOne\"")), json);
        assertTrue(splits.stream().anyMatch(h -> h.contains("\"caller\":{\"language\":\"pace\",\"name\":\"useTwo\"")), json);
        assertTrue(with.stderr().contains("[ccsampler] compiler feedback: mode apply"), with.stderr());
        String text = Files.readString(report);
        int tree = text.indexOf("ccsampler call tree");
        int hints = text.indexOf("ccsampler compiler feedback: mode apply");
        assertTrue(tree >= 0 && tree < 200 && !text.contains("what the file held before"), "the profile first, the file's old content replaced: " + text);
        assertTrue(hints > tree, "the hints report after the profile: " + text);
        assertTrue(text.substring(hints).contains("[applied]") && text.substring(hints).contains("    rule: "), text.substring(hints));
        assertTrue(with.stderr().contains("the hints report follows the profile in " + report), with.stderr());
        assertFalse(with.stdout().contains("ccsampler compiler feedback"), with.stdout());
    }

    @Test
    void adviseModeProposesAndAppliesNothing() throws Exception {
        String json = Files.readString(splitAdvice().saved());
        List<String> splits = hints(json, "split");
        assertEquals(2, splits.size(), json);
        for (String h : splits) {
            assertTrue(h.contains("\"state\":\"advised\""), h);
            assertTrue(h.contains("\"action\":\"none (mode advise)\""), h);
        }
    }

    /** The caller's name in a saved hint entry. */
    static String callerOf(String hint) {
        Matcher m = Pattern.compile("\"caller\":\\{\"language\":\"[^\"]*\",\"name\":\"([^\"]*)\"").matcher(hint);
        assertTrue(m.find(), hint);
        return m.group(1);
    }

    /** The rank's share in a saved hint entry. */
    static double rankShare(String hint) {
        Matcher m = Pattern.compile("\"rank\":\\{\"position\":\\d+,\"of\":\\d+,\"share\":([0-9.]+)\\}").matcher(hint);
        assertTrue(m.find(), hint);
        return Double.parseDouble(m.group(1));
    }

    @Test
    void maxHintsPerKindSavesAndAppliesTheFirstHintsOfEachKindByShare() throws Exception {
        // uncapped: both split hints, ranked by the share of their call edge, the largest first
        Path all = splitAdvice().saved();
        List<String> both = hints(Files.readString(all), "split");
        assertEquals(2, both.size(), Files.readString(all));
        assertTrue(both.get(0).contains("\"rank\":{\"position\":1,\"of\":2,"), both.get(0));
        assertTrue(both.get(1).contains("\"rank\":{\"position\":2,\"of\":2,"), both.get(1));
        assertTrue(rankShare(both.get(0)) >= rankShare(both.get(1)), both.toString());

        // MaxHintsPerKind=1: one split hint saved, the first of two by share
        Path one = tmp.resolve("cap-one.json");
        Run r = run("pace", pace("feedback-split.pace"), Map.of("ccsampler.Feedback", "advise", "ccsampler.SaveHints", one.toString(), "engine.SplittingMaxCalleeSize", "1",
                        "ccsampler.MaxHintsPerKind", "1"));
        assertEquals(0, r.exitStatus(), r.stderr());
        List<String> kept = hints(Files.readString(one), "split");
        assertEquals(1, kept.size(), Files.readString(one));
        assertTrue(kept.get(0).contains("\"rank\":{\"position\":1,\"of\":2,"), kept.get(0));

        // the uncapped file loaded with MaxHintsPerKind=1: only its first split hint is loaded and applied,
        // and the advisor's own split hints of this run are held back by the cap
        Path profile = tmp.resolve("cap-profile.json");
        Map<String, String> apply = new LinkedHashMap<>(NO_HEURISTIC_SPLITS);
        apply.putAll(Map.of("ccsampler", "json", "ccsampler.OutputFile", profile.toString(), "ccsampler.Feedback", "apply", "ccsampler.LoadHints", all.toString(),
                        "ccsampler.MaxHintsPerKind", "1"));
        r = run("pace", pace("feedback-split.pace"), apply);
        assertEquals(0, r.exitStatus(), r.stderr());
        List<dev.ccsampler.ccmap.CompilerHint> splits = dev.ccsampler.report.JsonProfileReader.read(profile).hints().stream().filter(h -> h.kind().equals("split")).toList();
        List<dev.ccsampler.ccmap.CompilerHint> loaded = splits.stream().filter(h -> h.origin().startsWith("file ")).toList();
        assertEquals(1, loaded.size(), splits.toString());
        assertEquals(callerOf(both.get(0)), loaded.get(0).caller().name(), "the first by saved rank");
        assertEquals("applied", loaded.get(0).state(), loaded.get(0).toString());
        for (dev.ccsampler.ccmap.CompilerHint h : splits) {
            if (h.origin().equals("advisor")) {
                assertEquals("advised", h.state(), h.toString());
                assertTrue(h.action().startsWith("not applied: 1 split hint was applied or loaded already (--ccsampler.MaxHintsPerKind=1)"), h.action());
            }
        }
    }

    @Test
    void javaScriptSplitHintSplitsAndKeepsTheOutput() throws Exception {
        Path js = Path.of("src/test/resources/crosslang/feedback_split.js").toAbsolutePath();
        Path saved = tmp.resolve("js-split-hints.json");
        Map<String, String> on = new LinkedHashMap<>(NO_HEURISTIC_SPLITS);
        on.put("ccsampler.Feedback", "apply");
        on.put("ccsampler.SaveHints", saved.toString());
        Run with = run("js", js, on);
        Run without = run("js", js, NO_HEURISTIC_SPLITS);
        assertEquals(0, with.exitStatus(), with.stderr());
        assertEquals(without.stdout(), with.stdout());
        String json = Files.readString(saved);
        System.out.println("JavaScript split hints: " + json);
        List<String> splits = hints(json, "split");
        assertFalse(splits.isEmpty(), "a split hint for apply: " + json);
        assertTrue(splits.stream().anyMatch(h -> h.contains("\"name\":\"apply\"") && h.contains("\"state\":\"applied\"") && h.matches(".*\"action\":\"split [1-9]\\d* of.*")), json);
    }

    /**
     * Milliseconds from the start of the run to the first engine.TraceCompilation {@code opt done}
     * of {@code root}, or -1 when it was never compiled.
     */
    static long compiledAfterMs(Run r, String root) {
        Pattern p = Pattern.compile("opt done .* " + Pattern.quote(root) + " .*\\|UTC (\\S+)\\|");
        for (String l : r.log().lines().toList()) {
            Matcher m = p.matcher(l);
            if (m.find()) {
                return java.time.LocalDateTime.parse(m.group(1)).toInstant(java.time.ZoneOffset.UTC).toEpochMilli() - r.startMillis();
            }
        }
        return -1;
    }

    @Test
    void compileEarlyHintSavedByOneEngineCompilesTheRootSoonerInAFreshOne() throws Exception {
        Path saved = tmp.resolve("pace-compile-hints.json");
        String[] args = {"100", "30000"}; // 100 calls of about 30 ms
        // run 1: learn (advise: nothing applied, adviseModeProposesAndAppliesNothing), save; it is
        // also the run without the hint whose compilation the hinted run's is compared with (a run
        // of its own, sampling with no hints, until 2026-12-04)
        Map<String, String> trace = Map.of("engine.TraceCompilation", "true", "ccsampler", "true", "ccsampler.OutputFile", tmp.resolve("plain.txt").toString());
        Map<String, String> advise = new LinkedHashMap<>(trace);
        advise.put("ccsampler.Feedback", "advise");
        advise.put("ccsampler.SaveHints", saved.toString());
        Run plain = run("pace", pace("feedback-compile.pace"), advise, args);
        assertEquals(0, plain.exitStatus(), plain.stderr());
        String json = Files.readString(saved);
        List<String> compile = hints(json, "compile");
        assertEquals(1, compile.size(), json);
        assertTrue(compile.get(0).contains("\"name\":\"work\""), json);
        // run 2: a fresh engine that loads and applies them
        Map<String, String> load = new LinkedHashMap<>(trace);
        load.put("ccsampler.Feedback", "apply");
        load.put("ccsampler.LoadHints", saved.toString());
        Path after = tmp.resolve("pace-compile-hints-after.json");
        load.put("ccsampler.SaveHints", after.toString());
        Run hinted = run("pace", pace("feedback-compile.pace"), load, args);
        assertEquals(plain.stdout(), hinted.stdout());
        long without = compiledAfterMs(plain, "work");
        long with = compiledAfterMs(hinted, "work");
        System.out.println("Pace compile-early: work compiled " + without + " ms after the start without the hint, " + with + " ms with it");
        assertTrue(with >= 0, "the loaded hint compiles work:\n" + hinted.log());
        assertTrue(without < 0 || with < without, "with the hint work is compiled sooner: " + with + " ms vs " + without + " ms\n" + plain.log() + "\n" + hinted.log());
        String again = Files.readString(after);
        System.out.println("Pace compile hints applied from file: " + again);
        assertTrue(again.contains("\"origin\":\"file " + saved + "\""), again);
        assertTrue(hints(again, "compile").stream().anyMatch(h -> h.contains("\"state\":\"applied\"") && h.contains("\"outcome\":\"compiled")), again);
    }

    @Test
    void theWarmUpPlanSavesTheRootsHotAtTheEndFirstWhateverTheirTier() throws Exception {
        // alpha burns for about 1.5 s, then omega for as long; both are called 1 000 times, and compiled in the
        // foreground after 10 calls, so the compile-early rule (hot and mostly interpreted) has nothing to say about
        // omega however slow the machine's compiler is
        Path saved = tmp.resolve("pace-warm-up.json");
        String[] args = {"1000", "1500"};
        Run learn = run("pace", pace("two-phase.pace"), Map.of("ccsampler.Feedback", "advise", "ccsampler.SaveHints", saved.toString(), "engine.BackgroundCompilation", "false",
                        "engine.FirstTierCompilationThreshold", "10"), args);
        assertEquals(0, learn.exitStatus(), learn.stderr());
        String json = Files.readString(saved);
        List<String> compile = hints(json, "compile");
        assertFalse(compile.isEmpty(), json);
        String first = compile.stream().filter(h -> h.contains("\"position\":1,")).findFirst().orElseThrow(() -> new AssertionError(json));
        assertTrue(first.contains("\"name\":\"omega\""), "the root hot at the end ranks first:\n" + json);
        assertTrue(first.contains("\"origin\":\"warm-up plan\""), first);
        assertTrue(first.matches(".*\"reason\":\"[0-9.]+% of the recent samples \\(half-life 2 s\\) ran in omega's own code \\(mostly (first|last) tier over the run\\): compile it first in the next run\".*"),
                        first);
        assertFalse(compile.stream().anyMatch(h -> h.contains("\"name\":\"main\"") || h.contains("<main>")), "no hint for the entry root:\n" + json);
        // a fresh engine applies it
        Path after = tmp.resolve("pace-warm-up-after.json");
        Run hinted = run("pace", pace("two-phase.pace"), Map.of("ccsampler.Feedback", "apply", "ccsampler.LoadHints", saved.toString(), "ccsampler.SaveHints", after.toString()), args);
        assertEquals(learn.stdout(), hinted.stdout());
        String again = Files.readString(after);
        assertTrue(hints(again, "compile").stream().anyMatch(h -> h.contains("\"name\":\"omega\"") && h.contains("\"origin\":\"file ") && h.contains("\"state\":\"applied\"")), again);
    }

    @Test
    void inlineHintSetsTheFlagAndSaysCommunityIgnoresIt() throws Exception {
        Learnt learnt = splitAdvice();
        Path saved = learnt.saved();
        Run learn = learnt.run();
        // the same call sites, as inline hints
        Path inline = tmp.resolve("pace-inline.json");
        Files.writeString(inline, Files.readString(saved).replace("\"kind\":\"split\"", "\"kind\":\"inline\""));
        Path after = tmp.resolve("pace-inline-after.json");
        Run r = run("pace", pace("feedback-split.pace"), Map.of("ccsampler.Feedback", "apply", "ccsampler.LoadHints", inline.toString(), "ccsampler.SaveHints", after.toString(),
                        "engine.SplittingMaxCalleeSize", "1"));
        assertEquals(learn.stdout(), r.stdout());
        String json = Files.readString(after);
        // the split hints of apply turned into inline hints (the learning run may have proposed inline hints of its own)
        List<String> applied = hints(json, "inline").stream().filter(h -> h.contains("\"origin\":\"file ") && h.contains("\"target\":{\"language\":\"pace\",\"name\":\"apply\""))
                        .toList();
        assertEquals(2, applied.size(), json);
        for (String h : applied) {
            assertTrue(h.contains("\"action\":\"forced inlining on 1 of 1 direct call node\""), h);
            assertTrue(h.contains("no inlining policy reads the forced flag") || h.contains("CE ignores forceInlining") || h.contains("\"outcome\":\"inlined"), h);
        }
    }

    @Test
    void badHintsFileIsReportedWithFileAndEntryAndTheRunGoesOn() throws Exception {
        Path bad = tmp.resolve("bad-hints.json");
        Files.writeString(bad, "{\"format\":\"ccsampler-hints\",\"version\":1,\"hints\":[{\"kind\":\"compile\",\"target\":{\"language\":\"pace\",\"name\":\"work\",\"source\":\"feedback-compile.pace\",\"charIndex\":1,\"charLength\":2,\"line\":1,\"column\":1,\"contentHash\":\"\"}},{\"kind\":\"split\",\"target\":{\"language\":\"pace\"}}]}");
        Run r = run("pace", pace("feedback-compile.pace"), Map.of("ccsampler.Feedback", "apply", "ccsampler.LoadHints", bad.toString()), "5", "100");
        assertEquals(0, r.exitStatus(), r.stderr());
        assertTrue(r.stdout().startsWith("feedback-compile: 5 calls"), r.stdout());
        assertTrue(r.stderr().contains("Invalid hints file " + bad + ": entry 1 (hints[1]): \"target\": \"name\" is missing or not a string."), r.stderr());
        assertTrue(r.stderr().contains("The run goes on without these hints."), r.stderr());

        Path notJson = tmp.resolve("not-json.json");
        Files.writeString(notJson, "{\"format\":");
        Run r2 = run("pace", pace("feedback-compile.pace"), Map.of("ccsampler.Feedback", "apply", "ccsampler.LoadHints", notJson.toString()), "5", "100");
        assertEquals(0, r2.exitStatus());
        assertTrue(r2.stderr().contains("Invalid hints file " + notJson + ": malformed JSON"), r2.stderr());
    }

    @Test
    void hintForAChangedSourceIsReportedStale() throws Exception {
        Path saved = tmp.resolve("pace-stale-learn.json");
        Run learn = run("pace", pace("feedback-compile.pace"), Map.of("ccsampler.Feedback", "advise", "ccsampler.SaveHints", saved.toString()), "60");
        assertEquals(0, learn.exitStatus(), learn.stderr());
        assertFalse(hints(Files.readString(saved), "compile").isEmpty(), Files.readString(saved));
        Path edited = tmp.resolve("feedback-compile.pace");
        Files.writeString(edited, Files.readString(pace("feedback-compile.pace")) + "// edited\n");
        Path after = tmp.resolve("pace-stale-after.json");
        Run r = run("pace", edited, Map.of("ccsampler.Feedback", "apply", "ccsampler.LoadHints", saved.toString(), "ccsampler.SaveHints", after.toString()), "60");
        assertEquals(learn.stdout(), r.stdout());
        String json = Files.readString(after);
        assertTrue(hints(json, "compile").stream().anyMatch(h -> h.contains("\"origin\":\"file ") && h.contains("\"state\":\"stale\"") && h.contains("its source changed")), json);
    }

    /** Invariant 5: apply can be switched off (and on) at run time through the service. */
    @Test
    void applyCanBeSwitchedOffAndOnAtRunTime() throws Exception {
        try (Engine engine = Engine.newBuilder().allowExperimentalOptions(true).option("engine.SplittingMaxCalleeSize", "1").out(OutputStream.nullOutputStream())
                        .err(OutputStream.nullOutputStream()).build()) {
            CCSampler sampler = CCSampler.find(engine);
            sampler.setPeriod(java.time.Duration.ofMillis(1));
            sampler.setCollecting(true);
            sampler.setFeedback(FeedbackMode.APPLY);
            sampler.setFeedback(FeedbackMode.ADVISE); // switched off before anything could be applied
            Source program = Source.newBuilder("pace", pace("feedback-split.pace").toFile()).build();
            evalOnBigStack(engine, program);
            String advised = hintsJson(sampler);
            List<String> splits = hints(advised, "split");
            assertEquals(2, splits.size(), advised);
            assertTrue(splits.stream().allMatch(h -> h.contains("\"state\":\"advised\"")), advised);
            sampler.setFeedback(FeedbackMode.APPLY); // on again: the advised hints are applied as the program runs again
            evalOnBigStack(engine, program);
            String applied = hintsJson(sampler);
            assertTrue(hints(applied, "split").stream().allMatch(h -> h.contains("\"state\":\"applied\"") && h.contains("\"action\":\"split 1 of 1 direct call node\"")), applied);
            assertEquals(FeedbackMode.APPLY, sampler.getFeedback());
        }
    }

    /** Through Truffle's runtime listener (the class path: these tests), and through JFR (what the module path gets). */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"listener", "jfr"})
    void invalidationOfAHintedRootIsCountedInItsOutcome(String via) throws Exception {
        // one learning run for both ways
        Learnt learnt = learnt("feedback-deopt.pace", Map.of("ccsampler.CostBudget", "100"));
        Path saved = learnt.saved();
        Run learn = learnt.run();
        String json = Files.readString(saved);
        assertTrue(hints(json, "compile").stream().anyMatch(h -> h.contains("\"name\":\"work\"")), "a compile hint for work: " + json);
        // a fresh engine loads the hint (logged before the program starts) and applies it; compiling
        // in the foreground without OSR, work's own compiled code (by the hint, or by Truffle's
        // threshold at about 400 calls) is what the late calls with 0.5 deoptimize
        Path profile = tmp.resolve("pace-deopt-profile-" + via + ".json");
        Path after = tmp.resolve("pace-deopt-hints-after-" + via + ".json");
        Map<String, String> load = new LinkedHashMap<>();
        load.put("ccsampler", "true");
        load.put("ccsampler.Output", "json");
        load.put("ccsampler.OutputFile", profile.toString());
        load.put("ccsampler.CostBudget", "100");
        load.put("ccsampler.Feedback", "apply");
        load.put("ccsampler.LoadHints", saved.toString());
        load.put("ccsampler.SaveHints", after.toString());
        load.put("engine.BackgroundCompilation", "false");
        load.put("engine.OSR", "false");
        load.put("engine.TraceCompilationDetails", "true"); // Truffle's own account, shown when an assertion fails
        Run hinted;
        String property = "ccsampler.compilerEvents";
        try {
            if (via.equals("jfr")) {
                System.setProperty(property, "jfr");
            }
            hinted = run("pace", pace("feedback-deopt.pace"), load);
        } finally {
            System.clearProperty(property);
        }
        assertEquals(0, hinted.exitStatus(), hinted.stderr());
        assertEquals(learn.stdout(), hinted.stdout(), "a hint never changes guest output");
        dev.ccsampler.ccmap.ProfileSnapshot p = dev.ccsampler.report.JsonProfileReader.read(profile);
        dev.ccsampler.ccmap.CompilerHint work = p.hints().stream().filter(h -> h.kind().equals("compile") && h.target().name().equals("work")).findFirst()
                        .orElseThrow(() -> new AssertionError("no compile hint for work in the profile's hints: " + p.hints()));
        System.out.println("Pace type change after a compile hint: " + work);
        assertTrue(work.origin().startsWith("file "), work.toString());
        assertTrue(work.compiler().available(), work.toString());
        assertTrue(work.compiler().compilations() >= 1, "work was compiled after the hint was loaded: " + work + "\n" + hinted.log());
        // Truffle 25.0.1 reports the type change in compiled code as an invalidation (its own trace
        // says "opt inval." for work, and no "opt deopt"; without the late calls, neither): the
        // Deoptimization event fires only when a compiled root returns in the interpreter
        assertTrue(work.compiler().invalidations() >= 1, "the late calls with 0.5 invalidate work's compiled code: " + work + "\n" + hinted.log());
        String again = Files.readString(after);
        assertTrue(hints(again, "compile").stream().anyMatch(h -> h.contains("\"name\":\"work\"") && h.matches(".*\"invalidations\":[1-9].*")), again);
    }

    @Test
    void hintsInTheJsonProfileReadBackEqualAndABadEntryIsNamed() throws Exception {
        try (Engine engine = Engine.newBuilder().allowExperimentalOptions(true).option("engine.SplittingMaxCalleeSize", "1").option("ccsampler.CostBudget", "100")
                        .out(OutputStream.nullOutputStream()).err(OutputStream.nullOutputStream()).build()) {
            CCSampler sampler = CCSampler.find(engine);
            sampler.setPeriod(java.time.Duration.ofMillis(1));
            // a profile taken before feedback has no hints section, and reads back without hints
            Path before = tmp.resolve("profile-before-feedback.json");
            CCSampler.write(sampler.takeSnapshot(), dev.ccsampler.report.Format.JSON, dev.ccsampler.report.ReportOptions.DEFAULT, before);
            assertFalse(Files.readString(before).contains("\"hints\""), Files.readString(before));
            assertEquals(List.of(), dev.ccsampler.report.JsonProfileReader.read(before).hints());

            sampler.setCollecting(true);
            sampler.setFeedback(FeedbackMode.ADVISE);
            evalOnBigStack(engine, Source.newBuilder("pace", pace("feedback-split.pace").toFile()).build());
            dev.ccsampler.ccmap.ProfileSnapshot s = sampler.takeSnapshot();
            assertEquals(2, s.hints().stream().filter(h -> h.kind().equals("split")).count(), s.hints().toString());
            for (dev.ccsampler.ccmap.CompilerHint h : s.hints()) {
                assertEquals("advised", h.state(), h.toString());
                assertTrue(h.compiler().available(), h.toString());
            }
            Path file = tmp.resolve("profile-with-hints.json");
            CCSampler.write(s, dev.ccsampler.report.Format.JSON, dev.ccsampler.report.ReportOptions.DEFAULT, file);
            assertEquals(s.hints(), dev.ccsampler.report.JsonProfileReader.read(file).hints(), "written, read back, equal");

            ByteArrayOutputStream text = new ByteArrayOutputStream();
            sampler.writeHints(text, false);
            assertTrue(text.toString().contains("compiler events: compilations, deoptimizations and invalidations"), text.toString());
            assertTrue(text.toString().matches("(?s).*compiler since the hint: \\d+ compilations?, \\d+ deoptimizations?, \\d+ invalidations? of apply and use(One|Two).*"), text.toString());

            // a malformed entry: the error names the file and the entry
            String written = Files.readString(file);
            int second = written.indexOf("\"kind\":\"split\"", written.indexOf("\"hints\""));
            second = written.indexOf("\"kind\":\"split\"", second + 1);
            assertTrue(second > 0, written);
            Path bad = tmp.resolve("profile-bad-hint.json");
            Files.writeString(bad, written.substring(0, second) + "\"kind\":\"splice\"" + written.substring(second + "\"kind\":\"split\"".length()));
            dev.ccsampler.report.JsonProfileReader.MalformedProfileException e = org.junit.jupiter.api.Assertions.assertThrows(
                            dev.ccsampler.report.JsonProfileReader.MalformedProfileException.class, () -> dev.ccsampler.report.JsonProfileReader.read(bad));
            assertTrue(e.getMessage().startsWith("Malformed profile file " + bad), e.getMessage());
            assertTrue(e.getMessage().contains("hints[") && e.getMessage().contains("'kind' must be compile, split or inline, found 'splice'"), e.getMessage());
        }
    }

    static String hintsJson(CCSampler sampler) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        sampler.writeHints(b, true);
        return b.toString();
    }

    static void evalOnBigStack(Engine engine, Source program) throws Exception {
        Throwable[] failure = {null};
        Thread t = new Thread(null, () -> {
            try (Context c = Context.newBuilder().engine(engine).allowAllAccess(true).build()) {
                c.eval(program);
            } catch (Throwable e) {
                failure[0] = e;
            }
        }, "guest-main", 64L << 20);
        t.start();
        t.join();
        if (failure[0] != null) {
            throw new AssertionError("guest failed", failure[0]);
        }
    }
}
