package dev.ccsampler.crosslang;

import dev.ccsampler.CCSampler;
import dev.ccsampler.ccmap.Accounting;
import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.ccmap.ThreadProfile;
import dev.ccsampler.ccmap.Tier;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The trigger and capture stages of issue 8: incremental walks give the stacks a full walk gives,
 * sample weights add up to ticks, partial safepoints starve no thread, {@code Period=auto} stays
 * within its bounds, and the steady-state mode slows down and comes back; the guest's output is the
 * same with every option on.
 */
class SamplingStageTest {

    @TempDir
    static Path tmp;

    /** What one profiled run gave: the service's view and the guest's output. */
    record Run(ProfileSnapshot profile, long mismatches, String stdout) {
    }

    /** Something that runs on the guest thread and may fail. */
    interface GuestWork {
        void run() throws Exception;
    }

    /** Runs {@code work} on a thread with a 64 MB stack (deep Pace recursion needs it) and waits. */
    static void onGuestThread(String what, GuestWork work) throws InterruptedException {
        Throwable[] failure = {null};
        Thread guest = new Thread(null, () -> {
            try {
                work.run();
            } catch (Throwable t) {
                failure[0] = t;
            }
        }, "guest-main", 64L << 20);
        guest.start();
        guest.join();
        if (failure[0] != null) {
            throw new AssertionError(what + " failed", failure[0]);
        }
    }

    /** {@code options} with ccsampler on and its report sent to a file nobody reads. */
    static Map<String, String> profiled(Map<String, String> options) {
        Map<String, String> opts = new LinkedHashMap<>();
        opts.put("ccsampler", "true");
        opts.put("ccsampler.OutputFile", tmp.resolve("unused-" + System.nanoTime() + ".txt").toString());
        opts.putAll(options);
        return opts;
    }

    /** One thread's work in its own JavaScript context ({@link #jsThreads}). */
    interface ContextWork {
        void run(int index, Context context) throws Exception;
    }

    /**
     * Runs {@code n} threads named {@code prefix} and their index, each in its own JavaScript
     * context on one engine with {@code options}, waits for them (a failure of one fails the test)
     * and returns the profile taken once they have ended.
     */
    static ProfileSnapshot jsThreads(String what, Map<String, String> options, int n, String prefix, ContextWork work) throws Exception {
        ProfileSnapshot[] profile = {null};
        onGuestThread(what, () -> {
            try (Engine engine = Engine.newBuilder().allowExperimentalOptions(true).options(options).build()) {
                CCSampler sampler = CCSampler.find(engine);
                List<Thread> workers = new ArrayList<>();
                Throwable[] failed = {null};
                for (int t = 0; t < n; t++) {
                    int i = t;
                    Thread w = new Thread(() -> {
                        try (Context c = Context.newBuilder("js").engine(engine).build()) {
                            work.run(i, c);
                        } catch (Throwable e) {
                            failed[0] = e;
                        }
                    }, prefix + t);
                    workers.add(w);
                    w.start();
                }
                for (Thread w : workers) {
                    w.join();
                }
                if (failed[0] != null) {
                    throw new AssertionError("a worker failed", failed[0]);
                }
                sampler.setCollecting(false);
                profile[0] = sampler.takeSnapshot();
            }
        });
        return profile[0];
    }

    static Run run(String language, Path file, Map<String, String> options, String... args) throws Exception {
        return balanced(runInContexts(1, language, file, options, args));
    }

    /** {@code r}, once every thread's accounting identity holds and its tree has the applied ticks. */
    static Run balanced(Run r) {
        ProfileSnapshot p = r.profile();
        for (ThreadProfile t : p.threads()) {
            Accounting a = t.accounting();
            assertTrue(a.balanced(), () -> "accounting identity broken for " + t.threadName() + ": " + a.summaryLine());
            assertEquals(a.taken() + a.late(), t.root().total(), () -> "the tree's ticks are the applied ticks: " + a.summaryLine());
        }
        return r;
    }

    /** The guest's own output without any profiler. */
    static String plain(String language, Path file, String... args) throws Exception {
        return RecordedOutputs.plain(language, file, args, () -> runPlain(language, file, args));
    }

    private static String runPlain(String language, Path file, String... args) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        onGuestThread("plain run", () -> {
            try (Context c = Context.newBuilder().allowAllAccess(true).out(out).err(out).arguments(language, args).build()) {
                c.eval(Source.newBuilder(language, file.toFile()).build());
            }
        });
        return out.toString();
    }

    static Path pace(String name) {
        return Path.of("programs").resolve(name).toAbsolutePath();
    }

    /** {@code options}, with compilation off on the optimizing runtime (the fallback runtime rejects engine options). */
    static Map<String, String> interpreted(Map<String, String> options) {
        Map<String, String> opts = new java.util.HashMap<>(options);
        if (ProfileRun.optimizing()) {
            opts.put("engine.Compilation", "false");
        }
        return opts;
    }

    /**
     * {@link #run} with every walk checked against a full one ({@code VerifyIncremental}): more than
     * {@code minSamples} samples, and no stack that differs.
     */
    static Run verified(String what, String language, Path file, Map<String, String> options, int minSamples, String... args) throws Exception {
        return verified(what, language, file, options, null, minSamples, args);
    }

    /** {@link #verified}, with the engine's log lines added to {@code log} ({@link #runInContexts}). */
    static Run verified(String what, String language, Path file, Map<String, String> options, List<String> log, int minSamples, String... args) throws Exception {
        Map<String, String> o = new java.util.HashMap<>(options);
        o.put("ccsampler.VerifyIncremental", "true");
        Run r = balanced(runInContexts(1, language, file, o, log, args));
        Accounting a = r.profile.accounting();
        System.out.println(what + ": " + r.mismatches + " mismatches; " + a.summaryLine());
        assertTrue(a.samples() > minSamples, () -> what + ": too few samples to judge: " + a.summaryLine());
        assertEquals(0, r.mismatches, () -> what + ": walks differed from full walks");
        // the report says it too, for a user who runs the switch from a launcher (under auto a
        // run may have walked in full throughout, and checked none)
        List<String> notes = r.profile.meta().sampling();
        List<String> said = notes.stream().filter(n -> n.startsWith("VerifyIncremental: ")).toList();
        assertTrue(said.stream().allMatch(n -> n.matches("VerifyIncremental: 0 of [1-9][0-9]* incremental walks differed from a full walk of the same stack")), () -> what + ": " + notes);
        assertTrue(!said.isEmpty() || !"true".equals(options.get("ccsampler.Incremental")), () -> what + ": no VerifyIncremental note: " + notes);
        return r;
    }

    static Path js(String name) {
        return Path.of("src/test/resources/crosslang").resolve(name).toAbsolutePath();
    }

    /**
     * Guest lines only: the profiler's own report goes to the same stream and is cut off, and so are
     * its one-line diagnostics (prefixed "[ccsampler]", e.g. a full sample buffer on a loaded machine).
     */
    static String guestLines(String out) {
        int i = out.indexOf("-----");
        String guest = i < 0 ? out : out.substring(0, i);
        StringBuilder b = new StringBuilder();
        for (String line : guest.split("(?<=\n)")) {
            if (!line.startsWith("[ccsampler]")) {
                b.append(line);
            }
        }
        return b.toString();
    }

    @Test
    void incrementalWalksGiveTheStacksOfFullWalks() throws Exception {
        Map<String, String> verify = Map.of("ccsampler.Period", "1ms", "ccsampler.Incremental", "true", "ccsampler.VerifyIncremental", "true", "ccsampler.CostBudget", "100");
        record Case(String lang, Path file, String[] args) {
        }
        // 60 descents of 300 (20 before 2026-11-27: 43 samples in a fresh clone's run, and a slower
        // machine takes fewer, since every walk is checked by a full one)
        List<Case> cases = List.of(new Case("pace", pace("deep-recursion.pace"), new String[]{"60", "300"}), new Case("pace", pace("three-callers.pace"), new String[]{"600"}),
                        new Case("pace", pace("polymorphic.pace"), new String[0]), new Case("js", js("recursive.js"), new String[0]));
        for (Case c : cases) {
            Run r = run(c.lang, c.file, verify, c.args);
            Accounting a = r.profile.accounting();
            System.out.println("incremental vs full walk on " + c.file.getFileName() + ": " + r.mismatches + " mismatches; " + a.summaryLine());
            assertTrue(a.samples() > 20, () -> c.file + ": too few samples to check: " + a.summaryLine());
            assertEquals(0, r.mismatches, () -> c.file + ": incremental walks differed from full walks");
            assertEquals(guestLines(plain(c.lang, c.file, c.args)), guestLines(r.stdout), c.file + ": guest output changed");
        }
    }

    /**
     * TruffleRuby does not tag its call nodes {@code CallTag}: its methods and blocks that call
     * others were taken for trivial roots, so under {@code Incremental=auto} their probes slept and
     * their frames, in the middle of the stack, were uncounted ones. Below such a frame the
     * incremental walk could neither stop nor fill the frames from the memo: every walk of a new
     * descent of a 2 000-deep recursion was a full one (25–55 ms), the cost budget thinned the
     * rest, and {@code tools/workloads/rb-deep-phases.rb} got 115–184 walks in its 8 s
     * (docs/sampling.md, <em>Roots that call, taken for trivial</em>). A call site that has run
     * holds a {@code DirectCallNode}: such a root is not trivial. The deep stacks attach the probes;
     * the roots that call must then not be among the sleeping ones, every incremental walk must
     * give the stack a full walk gives, and the output is unchanged.
     */
    @Test
    void rubyRootsThatCallAreNotTrivial() throws Exception {
        Path program = GraalPyProfileTest.resource("deep_block.rb");
        // WriteKnownFrames=false: twice yields to the block from two lines, and a pair the memo
        // learnt through one of them is written through it until a walk visits it again (most likely
        // the memo's documented limit, docs/sampling.md): 6 of 35 walks differed at twice's frame in
        // one full test run of 2026-12-04, none in three runs of the test alone
        Run r = run("ruby", program, Map.of("ccsampler.Period", "1ms", "ccsampler.VerifyIncremental", "true", "ccsampler.WriteKnownFrames", "false"), "40");
        List<String> notes = r.profile().meta().sampling();
        System.out.println("Ruby roots that call: " + r.mismatches() + " mismatches; " + notes + "; " + r.profile().accounting().summaryLine());
        assertTrue(notes.stream().anyMatch(e -> e.contains("incremental walks on")), () -> "the deep stacks attach the probes: " + notes);
        for (String caller : List.of("block in Object#rounds", "Object#rounds", "Object#descend", "Object#twice")) {
            assertTrue(notes.stream().noneMatch(e -> e.contains("trivial root") && e.contains(caller + " (deep_block.rb:")), () -> caller + " calls others, it is not trivial: " + notes);
        }
        assertEquals(0, r.mismatches(), "incremental walks differ from full walks");
        assertEquals(guestLines(plain("ruby", program, "40")), guestLines(r.stdout()), "the profiler changed the guest's output");
    }

    /**
     * A root whose tree shows no call but which calls all the same (a builtin that runs a block in
     * a loop of its own, as TruffleRuby's {@code Array#each} does; here Pace's {@code repeat}) is
     * taken for trivial and its probe sleeps; once a walk sees its frame below a deep stack, its
     * probe is woken (its own binding), since there its uncounted frame keeps the walks from
     * stopping or filling the frames above it. Its frames entered before the probe return
     * uncounted: every incremental walk still gives the stack a full walk gives.
     */
    @Test
    void rootsThatCallWithoutACallNodeAreProbed() throws Exception {
        Path program = GraalPyProfileTest.resource("repeat-deep.pace");
        Run r = run("pace", program, Map.of("ccsampler.Period", "1ms", "ccsampler.CostBudget", "5", "ccsampler.VerifyIncremental", "true"), "300");
        List<String> notes = r.profile().meta().sampling();
        System.out.println("roots that call without a call node: " + r.mismatches() + " mismatches; " + notes + "; " + r.profile().accounting().summaryLine());
        assertTrue(notes.stream().anyMatch(e -> e.contains("incremental walks on (the probes of trivial roots asleep)")), () -> "the deep stacks attach the probes: " + notes);
        assertTrue(notes.stream().anyMatch(e -> e.contains("root probes woken on 1 root") && e.contains("each (repeat-deep.pace:")), () -> "each is woken: " + notes);
        assertEquals(0, r.mismatches(), "incremental walks differ from full walks");
        assertEquals(guestLines(plain("pace", program, "300")), guestLines(r.stdout()), "the profiler changed the guest's output");
    }

    /**
     * When a rule of {@code Incremental=auto} attaches the probes more than 3 s into a run, the code
     * compiled before runs through the interpreter again to take them in (about ×1.4 of no profiler
     * on a GraalPy program whose rule fired near its end), and the note says so and names {@code
     * Incremental=standby}; not when the rule fires early, and not under {@code standby}, whose
     * probes were in the code from the start. {@code WaitedTicks=skip} leaves the deep-stack rule
     * alone to fire, when the recursion starts.
     */
    @Test
    void probesAttachedLateSaySo() throws Exception {
        Path program = GraalPyProfileTest.resource("late-deep.pace");
        Map<String, String> deepRule = Map.of("ccsampler.Period", "1ms", "ccsampler.CostBudget", "1", "ccsampler.WaitedTicks", "skip");
        String hint = "code compiled before runs through the interpreter again";
        // 150 rounds: the rule needs a few walks of the deep stack, which the 1 % budget thins to
        // one in tens of ticks; 40 rounds ran too briefly for it once in a warm JVM (2026-12-05)
        Run earlyRun = run("pace", program, deepRule, "0", "150");
        List<String> early = earlyRun.profile().meta().sampling();
        String earlySeen = early + "; " + earlyRun.profile().accounting().summaryLine();
        System.out.println("probes attached early: " + earlySeen);
        assertTrue(early.stream().anyMatch(e -> e.contains("incremental walks on") && !e.contains(hint)), () -> "attached at once, no hint: " + earlySeen);
        List<String> late = run("pace", program, deepRule, "3500", "40").profile().meta().sampling();
        System.out.println("probes attached late: " + late);
        assertTrue(late.stream().anyMatch(e -> e.contains("incremental walks on") && e.contains(hint) && e.contains("--ccsampler.Incremental=standby")),
                        () -> "attached after the 3.5 s shallow phase, with the hint: " + late);
        Map<String, String> standby = new java.util.HashMap<>(deepRule);
        standby.put("ccsampler.Incremental", "standby");
        List<String> onStandby = run("pace", program, standby, "3500", "40").profile().meta().sampling();
        assertTrue(onStandby.stream().anyMatch(e -> e.contains("on standby since sampling started, count from now")) && onStandby.stream().noneMatch(e -> e.contains(hint)),
                        () -> "on standby from the start: " + onStandby);
    }

    @Test
    void trivialRootsSleepUnderIncrementalAutoEvenForDeepStacks() throws Exception {
        // The defaults: samples that wait in spin's loop attach the probes for WaitedTicks=top alone,
        // with the trivial root (leaf: no loop, no call) and the root that calls it alone (pair)
        // left without a probe, and dense, whose loop calls pair, probed. Every incremental walk
        // checked against a full one: leaf's and pair's frames are walked as uncounted ones.
        Path program = js("trivial-roots.js");
        Map<String, String> verify = Map.of("ccsampler.Period", "1ms", "ccsampler.CostBudget", "100", "ccsampler.VerifyIncremental", "true");
        Run shallow = run("js", program, verify, "30");
        List<String> notes = shallow.profile.meta().sampling();
        assertTrue(notes.stream().anyMatch(e -> e.contains("incremental walks on (the probes of trivial roots asleep)")), () -> "top alone: " + notes);
        String asleep = notes.stream().filter(e -> e.contains("root probes asleep on")).findFirst().orElse("");
        assertTrue(asleep.contains("root probes asleep on 2 trivial roots") && asleep.contains("leaf (trivial-roots.js:") && asleep.contains("pair (trivial-roots.js:"),
                        () -> "leaf is trivial, pair calls it alone, nothing else sleeps: " + notes);
        assertEquals(0, shallow.mismatches, "incremental walks with a sleeping probe differ from full walks");
        assertEquals(guestLines(plain("js", program, "30")), guestLines(shallow.stdout), "guest output");
        // Then a second phase 150 frames deep under a small cost budget: the deep-stack rule of
        // Incremental=auto asks for the probes too, and leaf and pair still get none (a leaf's mark would
        // spare a walk one frame; until 2026-11-28 they woke here, and on a program whose deep phase
        // came first the probes then counted twice the calls for the rest of the run). Still no
        // walk differs. A 100 µs period makes the budget thin on a fast machine too (weight = cost /
        // (budget × period)).
        String[] twoPhases = {"30", "2", "200000", "25", "150"};
        // (WriteKnownFrames=false: the second phase calls down from another line of :program, and a
        // frame written from what earlier walks saw keeps the old call node until a walk visits it
        // again, which VerifyIncremental would count; descentsThatUnwindAreWrittenFromTheMarks is
        // about those frames)
        Run deep = run("js", program, Map.of("ccsampler.Period", "100us", "ccsampler.CostBudget", "2", "ccsampler.VerifyIncremental", "true",
                        "ccsampler.WriteKnownFrames", "false"), twoPhases);
        List<String> deepNotes = deep.profile.meta().sampling();
        System.out.println("trivial roots, two phases: " + deepNotes + "; " + deep.profile.accounting().summaryLine());
        assertTrue(deepNotes.stream().anyMatch(e -> e.contains("root probes asleep on 2 trivial roots") && e.contains("pair (trivial-roots.js:")),
                        () -> "leaf and pair stay without a probe: " + deepNotes);
        assertTrue(deepNotes.stream().noneMatch(e -> e.contains("woke")), () -> "nothing wakes: " + deepNotes);
        assertEquals(0, deep.mismatches, "incremental walks with deep stacks differ from full walks");
        assertEquals(guestLines(plain("js", program, twoPhases)), guestLines(deep.stdout), "guest output");
    }

    /**
     * The deep-stack rule of {@code Incremental=auto} puts the probes into the roots of the deep
     * stack's frames alone: {@code churn} and {@code mix}, call-dense and never below a deep stack,
     * keep their compiled code and run without a probe (docs/sampling.md, <em>Probes for the deep
     * stacks' roots</em>). A second deep phase of other roots ({@code descend} through {@code step})
     * makes the walks costly again and gets its probes then, whose frames entered before return
     * uncounted. {@code WaitedTicks=skip} leaves the deep-stack rule alone to fire. Every
     * incremental walk gives the stack a full walk gives, with uncounted frames between counted
     * ones, and the output is unchanged.
     */
    @Test
    void deepStacksProbeTheirOwnRootsAlone() throws Exception {
        Path program = js("deep-roots.js");
        String[] args = {"churn,down,descend,churn", "20", "150", "20000"};
        Run r = run("js", program, Map.of("ccsampler.Period", "100us", "ccsampler.CostBudget", "2", "ccsampler.WaitedTicks", "skip", "ccsampler.VerifyIncremental", "true",
                        "ccsampler.WriteKnownFrames", "false"), args);
        List<String> notes = r.profile.meta().sampling();
        System.out.println("deep stacks' roots: " + r.mismatches + " mismatches; " + notes + "; " + r.profile.accounting().summaryLine());
        String first = notes.stream().filter(e -> e.contains("incremental walks on")).findFirst().orElse("");
        assertTrue(first.contains("the probes go into the roots of its deep stack's frames alone") && first.contains("down"), () -> "down's stack attaches the probes: " + notes);
        for (String off : List.of("churn", "mix", "descend", "step")) {
            assertFalse(first.contains(", " + off) || first.contains(": " + off), () -> off + " was never below a deep stack then: " + first);
        }
        String added = notes.stream().filter(e -> e.contains("root probes added to the roots of thread")).findFirst().orElse("");
        assertTrue(added.contains("descend") && added.contains("step") && !added.contains("churn"), () -> "the second deep phase adds its roots: " + notes);
        assertTrue(notes.stream().noneMatch(e -> e.contains("every other root")), () -> "no rule asks for every root: " + notes);
        assertEquals(0, r.mismatches, "incremental walks with unprobed roots between probed ones differ from full walks");
        assertEquals(guestLines(plain("js", program, args)), guestLines(r.stdout), "guest output");
    }

    /**
     * After the deep stacks' roots got their probes, samples that wait in {@code spin}'s counted
     * loop (which polls no safepoint once compiled) make {@code WaitedTicks=top} give every other
     * root one too, each counting only the frames it saw enter; the walks still give the stacks of
     * full walks.
     */
    @Test
    void latePollsAfterADeepStackProbeEveryOtherRoot() throws Exception {
        Path program = js("deep-roots.js");
        String[] args = {"down,spin,descend", "20", "150", "20000"};
        Run r = run("js", program, Map.of("ccsampler.Period", "1ms", "ccsampler.CostBudget", "2", "ccsampler.VerifyIncremental", "true", "ccsampler.WriteKnownFrames", "false"), args);
        List<String> notes = r.profile.meta().sampling();
        System.out.println("late polls after a deep stack: " + r.mismatches + " mismatches; " + notes + "; " + r.profile.accounting().summaryLine());
        int narrow = indexOf(notes, "the probes go into the roots of its deep stack's frames alone");
        int every = indexOf(notes, "root probes added to every other root");
        assertTrue(narrow >= 0 && every > narrow, () -> "the deep stack's roots, then every other: " + notes);
        assertTrue(notes.get(every).contains("safepoint"), () -> "the late polls widen them: " + notes);
        assertEquals(0, r.mismatches, "incremental walks differ from full walks");
        assertEquals(guestLines(plain("js", program, args)), guestLines(r.stdout), "guest output");
    }

    private static int indexOf(List<String> notes, String part) {
        for (int i = 0; i < notes.size(); i++) {
            if (notes.get(i).contains(part)) {
                return i;
            }
        }
        return -1;
    }

    @Test
    void deepStackAtTheBottomIsWalkedIncrementally() throws Exception {
        // 2 000 deep, then seconds of work at the bottom, twice: after the first sample at the bottom,
        // the samples there walk a frame or two instead of 2 000. (The way up is walked fully: a
        // recursive return leaves the returned frame on top for Truffle's exit poll, which the marks
        // cannot tell from its caller; see docs/sampling.md.)
        // A 25 % cost budget: what is tested is how far walks go, not how the budget thins them; at
        // the default 3 % the full walks of the way down (~1 300 frames, milliseconds each) made the
        // cost estimate thin a cold run to 8 samples in 1.7 s (seen once in a fresh clone)
        Run r = run("pace", pace("deep-recursion.pace"), Map.of("ccsampler.Period", "1ms", "ccsampler.Incremental", "true", "ccsampler.CostBudget", "25"), "2", "2000",
                        "300000");
        Accounting a = r.profile.accounting();
        System.out.println("deep recursion, incremental: " + a.summaryLine());
        assertTrue(a.samples() > 20, a::summaryLine);
        assertTrue(a.framesWalked() * 4 < a.frames(), () -> "walks should visit well under a quarter of the frames: " + a.summaryLine());
    }

    @Test
    void walksStopAtTheLastSamplesActivationsWithoutProbes() throws Exception {
        // Work at the bottom of a 300-deep recursion with no root probe attached (Incremental=auto
        // on a budget that does not thin these walks, WaitedTicks=skip): a walk stops at the first
        // frame whose arguments array is that of one of the last stack's top frames, the same
        // activation, so the samples at the bottom walk a frame instead of 300. Every such walk is
        // checked against a full one (whose cost counts in the budget: a deeper stack at a shorter
        // period kept the thread walking). With Incremental=false every walk is full.
        // Interpreted: a compiled frame's arguments, as a walk sees them, may be a copy the VM
        // rebuilds for each walk, so compiled frames are not matched (docs/sampling.md).
        Map<String, String> opts = interpreted(Map.of("ccsampler.Period", "10ms", "ccsampler.CostBudget", "25", "ccsampler.WaitedTicks", "skip",
                        "ccsampler.VerifyIncremental", "true"));
        Run r = run("pace", pace("deep-recursion.pace"), opts, "2", "300", "400000");
        Accounting a = r.profile.accounting();
        System.out.println("deep recursion, no probes: " + r.mismatches + " mismatches; " + a.summaryLine());
        assertTrue(r.profile.meta().sampling().stream().noneMatch(e -> e.contains("incremental walks on")), () -> "no probes: " + r.profile.meta().sampling());
        assertTrue(a.samples() > 20, a::summaryLine);
        assertEquals(0, r.mismatches, "walks that stopped at a known activation differed from full walks");
        // bounded in frames, not as a share of them (which a short run's two descents would decide):
        // each descent's 302 frames once, a few frames a sample, and half a descent to spare.
        // Seen: 880 of a bound of 2 174 in 142 samples; a full walk a sample is 302 frames
        long bound = 2L * 302 + 150 + 10L * a.samples();
        assertTrue(a.framesWalked() < bound, () -> "walks should visit each descent's frames once and a few more a sample (under " + bound + "): " + a.summaryLine());
        Map<String, String> off = new java.util.HashMap<>(opts);
        off.put("ccsampler.Incremental", "false");
        Accounting full = run("pace", pace("deep-recursion.pace"), off, "1", "300", "50000").profile.accounting();
        assertEquals(full.frames(), full.framesWalked(), () -> "Incremental=false walks fully: " + full.summaryLine());
    }

    @Test
    void recursiveReturnsAreWalkedIncrementally() throws Exception {
        // Work on the way down and on the way up a 2 000-deep recursion: after a recursive return
        // the top frame is the caller (a poll in its body: burn) or the returned frame (Truffle's
        // poll after the body, at the root node), which the marks alone cannot tell apart (the same
        // root); the poll's location does in the interpreter and in host code (burn), not at a
        // compiled frame's polls. Interpreted only: a compiled recursion's returns are often
        // ambiguous, and a fresh clone's CI run once compiled early enough to walk 37 %; the rule
        // under test is the interpreter's.
        // Bounded is not the share of frames walked, which depends on how many samples a run takes
        // (fresh-clone runs of 33 and 37 samples walked 36 % and 29 %, local runs of 83-131 samples
        // 10-14 %), but the frames themselves: each descent's frames are new once, so the walks on
        // the way down may visit them all, 6 x 2 002 frames in a run; beyond that a sample walks a
        // frame or two, and half a descent's worth is left for a walk the rule could not shorten.
        // Seen: 11 400-12 030 frames with the rule; without it (every recursive return taken as
        // ambiguous, so a full walk) 570 frames a sample, which breaks the bound from 25 samples on.
        // 24 units of work per level on the way up (16 on 2026-11-27, 8 before), and a budget of
        // 100 % (25 % before 2026-11-27: the full walks that check every walk count in it, so a
        // slower machine took fewer samples: 66-101 here, 33 in a fresh clone's run) for more samples.
        int descents = 6;
        int depth = 2000;
        Map<String, String> opts = interpreted(Map.of("ccsampler.Period", "1ms", "ccsampler.Incremental", "true", "ccsampler.CostBudget", "100",
                        "ccsampler.VerifyIncremental", "true"));
        Run r = run("pace", pace("deep-recursion.pace"), opts, String.valueOf(descents), String.valueOf(depth), "2000", "24");
        Accounting a = r.profile.accounting();
        System.out.println("deep recursion, work on the way up: " + r.mismatches + " mismatches; " + a.summaryLine());
        assertTrue(a.samples() >= 25, a::summaryLine);
        assertEquals(0, r.mismatches, "incremental walks differed from full walks");
        long bound = (long) descents * (depth + 2) + depth / 2 + 10L * a.samples();
        assertTrue(a.framesWalked() < bound, () -> "walks should visit each descent's frames once and a frame or two more a sample (under " + bound + "): " + a.summaryLine());
    }

    @Test
    void compiledRecursiveReturnsGiveTheStacksOfFullWalks() throws Exception {
        // A JavaScript fold that works in loops on the way up a 1 000-deep recursion, compiled:
        // compiled code polls at the root node everywhere, so after a recursive return the location
        // cannot tell the returned frame from its caller. Where the returned frame returned (its
        // compiled state, or its arguments when in the interpreter) settles it when the top frame is
        // in another state; otherwise the walk is full. Every walk is checked against a full one: a
        // first version took a compiled root on top for the caller whenever the returned frame's
        // arguments were not at hand, and a frame that deoptimised, still reporting its compiled
        // entry tier, made walks one frame long here (8-41 mismatches in 2 of 5 runs).
        Assumptions.assumeTrue(ProfileRun.optimizing(), "needs compiled code");
        Run r = run("js", js("deep-fold.js"), Map.of("ccsampler.Period", "1ms", "ccsampler.Incremental", "true", "ccsampler.CostBudget", "25",
                        "ccsampler.VerifyIncremental", "true"), "4", "1000", "10000");
        Accounting a = r.profile.accounting();
        System.out.println("compiled deep fold, work on the way up: " + r.mismatches + " mismatches; " + a.summaryLine());
        long compiledTop = r.profile.methodStats().stream().filter(m -> r.profile.method(m.method()).name().equals("fold"))
                        .mapToLong(m -> m.self()[Tier.FIRST.ordinal()] + m.self()[Tier.LAST.ordinal()]).sum();
        assertTrue(compiledTop >= 20, () -> "fold should be sampled compiled on top: " + compiledTop + " samples");
        assertTrue(a.samples() > 30, a::summaryLine);
        assertEquals(0, r.mismatches, "incremental walks differed from full walks");
        assertEquals(guestLines(plain("js", js("deep-fold.js"), "4", "1000", "10000")), guestLines(r.stdout), "guest output");
    }

    @Test
    void descentsThatUnwindAreWrittenFromTheMarks() throws Exception {
        // Each round descends 1 500 deep and unwinds, so between two samples the whole recursion is
        // new and the marks give no stop low in the stack: every walk used to visit it all. Runs of
        // counted frames whose pairs earlier walks saw right on top of each other, through one call
        // node, are now written from what those walks saw (EdgeMemo); the walk visits the top frames
        // and those next to a pair it cannot vouch for (twice's two call sites, the frames around
        // forEach). Every walk is checked against a full one.
        Run r = run("js", js("deep-descents-mix.js"), Map.of("ccsampler.Period", "1ms", "ccsampler.Incremental", "true", "ccsampler.CostBudget", "25",
                        "ccsampler.VerifyIncremental", "true"), "150", "1500");
        Accounting a = r.profile.accounting();
        System.out.println("descents that unwind: " + r.mismatches + " mismatches; " + a.summaryLine());
        assertTrue(a.samples() > 30, a::summaryLine);
        assertEquals(0, r.mismatches, "walks written from the marks differed from full walks");
        assertTrue(a.framesWalked() * 5 < a.frames(), () -> "walks should visit under a fifth of the frames: " + a.summaryLine());
        assertEquals(guestLines(plain("js", js("deep-descents-mix.js"), "150", "1500")), guestLines(r.stdout), "guest output");
        // the same walked: the marks' stops alone leave most of each descent to walk
        Run walked = run("js", js("deep-descents-mix.js"), Map.of("ccsampler.Period", "1ms", "ccsampler.Incremental", "true", "ccsampler.CostBudget", "25",
                        "ccsampler.WriteKnownFrames", "false"), "150", "1500");
        Accounting b = walked.profile.accounting();
        System.out.println("descents that unwind, WriteKnownFrames=false: " + b.summaryLine());
        // seen on an idle machine: 7 % of the frames walked against 38 %; in a loaded CI run, where
        // the checked walks' cost left the first run 37 samples (its first, full walks weigh more),
        // 15.6 % against 30.7 %: 1.97 times, under the factor of 2 this asked before. Since a
        // compiled recursive return is told apart (2026-12-02) the walks without them stop early
        // more often too: 6.5 % against 38.6 % idle, and in one full-suite run 14.0 % against
        // 20.8 %, 1.48 times. Without the written frames the two are the same
        assertTrue((double) b.framesWalked() / b.frames() > 1.3 * a.framesWalked() / a.frames(), () -> "without the known frames walks should visit far more: " + b.summaryLine()
                        + " against " + a.summaryLine());
    }

    @Test
    void aCalleeCalledFromAnotherLineAsALeafStillLetsTheRecursionBeWritten() throws Exception {
        // An evaluator's recursion 1 000 deep that unwinds between samples: evalBin calls evalExpr
        // for a literal (a leaf) from one line and for the rest of the tree from another. Under
        // Incremental=auto the full walks before the probes teach the memo their pairs, the leaf's
        // too when a sample found it on top, which made the recursive pair a conflict, never
        // written: every walk visited the whole stack (splay-phases.js's evaluator: 2 % of the
        // frames spared, and its probes switched off as not worth their cost). A pair whose callee
        // is the top frame is no longer noted; it is never written either. Every walk is checked
        // against a full one.
        Run r = run("js", js("leaf-site.js"), Map.of("ccsampler.Period", "1ms", "ccsampler.CostBudget", "25", "ccsampler.VerifyIncremental", "true"), "6000", "1000");
        Accounting a = r.profile.accounting();
        System.out.println("leaf site: " + r.mismatches + " mismatches; " + a.summaryLine() + "; notes: " + r.profile.meta().sampling());
        assertTrue(a.samples() > 30, a::summaryLine);
        assertEquals(0, r.mismatches, "walks written from the marks differed from full walks");
        // seen: 18-30 % of the frames walked (the full walks before the probes among them) against
        // 89-95 % before. 6 000 rounds: with 3 000 a loaded CI run of the next test, as short, had
        // 80 samples, and its full walks before the probes came outweighed the rest
        assertTrue(a.framesWalked() * 2 < a.frames(), () -> "walks should visit under half of the frames: " + a.summaryLine());
        assertEquals(guestLines(plain("js", js("leaf-site.js"), "6000", "1000")), guestLines(r.stdout), "guest output");
    }

    @Test
    void aCalleeCalledFromAnotherLineNearTheTopStillLetsTheRecursionBeWritten() throws Exception {
        // rec recurses 1 000 deep through one line and, every second level, two levels through
        // another (a parser's right operand beside its nested left one). Walks keep and make
        // conflicts of the pairs below their top WALK_TOP counted frames alone, the only ones ever
        // written: the short recursions made the long one's pair a conflict before, and walks
        // visited most of the frames. A walk whose top frames see the kept pair the other way walks
        // WALK_TOP more counted frames and writes the rest when they agree; it walked every frame
        // before 2026-12-04's second change. Incremental=true: under auto the full walks before
        // the probes come weigh on the figure as much as the rule (a loaded CI run of 80 samples
        // walked 70 % of the frames, most of them before the probes)
        Run r = run("js", js("near-top-site.js"), Map.of("ccsampler.Period", "1ms", "ccsampler.Incremental", "true", "ccsampler.CostBudget", "25", "ccsampler.VerifyIncremental", "true"),
                        "3000", "0", "1000", "2");
        Accounting a = r.profile.accounting();
        System.out.println("near-top site: " + r.mismatches + " mismatches; " + a.summaryLine() + "; notes: " + r.profile.meta().sampling());
        assertTrue(a.samples() > 30, a::summaryLine);
        assertEquals(0, r.mismatches, "walks written from the marks differed from full walks");
        // seen: 4.9-7.1 % of the frames walked; 20-23 % when every walk that saw the pair the other
        // way on top walked to the bottom; 58 % (every fourth level) with the pairs near the top kept
        assertTrue(a.framesWalked() * 6 < a.frames(), () -> "walks should visit under a sixth of the frames: " + a.summaryLine());
        // then the caller recurses the whole depth through the other line: a walk that would write
        // the kept pair sees it the other way among its top frames, then below them, and walks on
        // (a walk that wrote the rest whatever it found below its top frames made a stack differ)
        Run changed = run("js", js("near-top-site.js"), Map.of("ccsampler.Period", "1ms", "ccsampler.Incremental", "true", "ccsampler.CostBudget", "25", "ccsampler.VerifyIncremental", "true"),
                        "1500", "1500", "1000", "2");
        System.out.println("near-top site, then through it: " + changed.mismatches + " mismatches; " + changed.profile.accounting().summaryLine());
        assertTrue(changed.profile.accounting().samples() > 30, changed.profile.accounting()::summaryLine);
        assertEquals(0, changed.mismatches, "walks written from the marks differed from full walks after the caller changed lines");
        assertEquals(guestLines(plain("js", js("near-top-site.js"), "1500", "1500", "1000", "2")), guestLines(changed.stdout), "guest output");
    }

    @Test
    void phasesThatAlternateFromOneLoopEachKeepTheFramesBelowThem() throws Exception {
        // examples/phases.js: each round tokenizes, parses (recursive descent 600 deep), evaluates
        // (as deep) and round-trips JSON, all called from the script's main loop, which was entered
        // before Incremental=auto attached the probes: parse's and evaluate's counted frames 0 sit
        // on that frame, uncounted. One record of the frames below counted frame 0, which every
        // phase's full walk replaced, seldom held still for four walks, so few walks of a descent
        // were written from their bottom: four fifths of the frames walked. And where one was, the
        // last stack vouched for the frames below by their number alone: a stop over a tokenize
        // stack as many frames deep reused tokenize's frames (10-53 walks of 1 500 differed from
        // full ones, which fails this). Records are now kept per root of counted frame 0, and the
        // last stack's outermost frames, whatever phase it was in, must be the record's. Every walk
        // is checked against a full one.
        // CostBudget=5: auto turns incremental walks on when the budget leaves under one walk in
        // four ticks, which at 25 % needs walks of 1 ms; 2026-12-05's CI machine walked these
        // stacks faster, the probes came at the run's end or not at all, and 51.1 of 53.4 frames a
        // sample were walked
        Path phases = Path.of("../examples/phases.js").toAbsolutePath();
        Run r = run("js", phases, Map.of("ccsampler.Period", "1ms", "ccsampler.CostBudget", "5", "ccsampler.VerifyIncremental", "true"), "150");
        Accounting a = r.profile.accounting();
        System.out.println("phases from one loop: " + r.mismatches + " mismatches; " + a.summaryLine() + "; notes: " + r.profile.meta().sampling());
        assertTrue(a.samples() > 30, a::summaryLine);
        assertEquals(0, r.mismatches, "walks written from the marks differed from full walks");
        // seen: 21-30 % of the frames walked alone, 42 % in a run of the whole class, 58 % in a CI
        // run (its samples shallower: 42 frames a sample against 70-110) and 78 % in a bin/test run
        // of 2026-12-06 whose guest ran slowly (201 samples, 801 of 1 145 ticks late, 58 frames a
        // sample), against 55-62 % before (alone) and 80-85 % in bin/ccsampler runs; the
        // mismatches above are this test's teeth, this bound only catches incremental walks not
        // happening at all (docs/sampling.md has the figures)
        assertTrue(a.framesWalked() * 10 < a.frames() * 9, () -> "walks should visit under nine tenths of the frames: " + a.summaryLine());
        // the output but for its timings
        assertEquals(guestLines(plain("js", phases, "150")).replaceAll(" in \\d+ ms(.*checksum \\d+).*", "$1"), guestLines(r.stdout).replaceAll(" in \\d+ ms(.*checksum \\d+).*", "$1"),
                        "guest output");
    }

    /**
     * {@link #run}, but the program is evaluated {@code contexts} times, each in a fresh context on
     * the one engine (as an embedder that runs every request in its own context does): profiles
     * by context.
     */
    static Run runInContexts(int contexts, String language, Path file, Map<String, String> options, String... args) throws Exception {
        return runInContexts(contexts, language, file, options, null, args);
    }

    /**
     * {@link #runInContexts}, with the engine's log lines (such as {@code engine.TraceCompilation}'s)
     * added to {@code log} as they come, up to the moment the last context has closed (those the
     * engine's close brings are not added); null for the engine's default log.
     */
    static Run runInContexts(int contexts, String language, Path file, Map<String, String> options, List<String> log, String... args) throws Exception {
        Map<String, String> opts = profiled(options);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Object[] result = new Object[2];
        boolean[] closing = {false};
        onGuestThread("guest run", () -> {
            Engine.Builder builder = Engine.newBuilder().allowExperimentalOptions(true).options(opts).out(out).err(out);
            if (log != null) {
                builder.logHandler(new java.util.logging.Handler() {
                    @Override
                    public void publish(java.util.logging.LogRecord record) {
                        synchronized (log) {
                            if (!closing[0]) {
                                log.add(record.getMessage());
                            }
                        }
                    }

                    @Override
                    public void flush() {
                    }

                    @Override
                    public void close() {
                    }
                });
            }
            try (Engine engine = builder.build()) {
                CCSampler sampler = CCSampler.find(engine);
                Source source = Source.newBuilder(language, file.toFile()).build();
                for (int i = 0; i < contexts; i++) {
                    try (Context c = Context.newBuilder().engine(engine).allowAllAccess(true).arguments(language, args).build()) {
                        c.eval(source);
                    }
                }
                sampler.setCollecting(false);
                result[0] = sampler.takeSnapshot();
                result[1] = sampler.getIncrementalMismatches();
                if (log != null) {
                    synchronized (log) {
                        closing[0] = true;
                    }
                }
            }
        });
        return new Run((ProfileSnapshot) result[0], (Long) result[1], out.toString());
    }

    @Test
    void aFreshContextWritesTheFramesEarlierContextsSaw() throws Exception {
        // An embedder that runs every request in a fresh context on one engine: 30 contexts, each
        // four descents of a Pace recursion 1 500 deep, entered from the host (counted frame 0, the
        // program, has no frame below it), interpreted (compiled recursive returns leave the top
        // frame ambiguous, docs/sampling.md). A few samples a context, and a context's first walk
        // has no last stack to build on: it used to walk the whole recursion. The thread's memo,
        // kept across its contexts, has seen every pair and that nothing is below the program: those
        // walks write the recursion instead. Every walk is checked against a full one.
        Path program = descents();
        Map<String, String> opts = new java.util.HashMap<>(verifiedDescents());
        opts.put("ccsampler.FoldClosedContexts", "false"); // a tree per context, to tell the first ones apart
        Run r = runInContexts(30, "pace", program, opts, ROUNDS, "1500");
        assertEquals(0, r.mismatches, "walks written from the memo differed from full walks");
        long walked = 0;
        long frames = 0;
        long samples = 0;
        long learnt = 0;
        StringBuilder frameLines = new StringBuilder();
        List<ThreadProfile> byContext = new ArrayList<>(r.profile.threads());
        byContext.sort(java.util.Comparator.comparingInt(ThreadProfile::context));
        for (ThreadProfile t : byContext) {
            Accounting a = t.accounting();
            assertTrue(a.balanced(), () -> "accounting identity broken: " + a.summaryLine());
            System.out.println("descents, context " + t.context() + ": " + a.summaryLine());
            frameLines.append(t.context()).append(':').append(a.framesWalked()).append('/').append(a.frames()).append(' ');
            // the memo learns from the walks of the first contexts: until it has seen
            // LEARNING_WALKS of them (a context here takes 0 to 17 samples; in the suite's JVM,
            // which had run Pace before, the first eight contexts took 9 walks in all, and
            // contexts 6 and 7 still walked their stacks: the 2026-12-06 CI run)
            if (learnt >= LEARNING_WALKS) {
                walked += a.framesWalked();
                frames += a.frames();
                samples += a.samples();
            }
            learnt += a.samples();
        }
        long w = walked;
        long f = frames;
        assertTrue(samples >= 15, "too few samples in the later contexts to judge: " + samples);
        assertTrue(w * 10 < f, () -> "later contexts should walk under a tenth of their frames: " + w + " of " + f + " (context: walked/frames " + frameLines + ")");
        assertTrue(r.stdout.contains("descents: " + Integer.parseInt(ROUNDS) * 1500), r.stdout);
    }

    private static final String ROUNDS = "4";

    /** Walks the memo of {@link #aFreshContextWritesTheFramesEarlierContextsSaw} may learn from before its contexts are judged. */
    private static final int LEARNING_WALKS = 10;

    @Test
    void freshContextsOneAfterAnotherFoldIntoOneTreePerThread() throws Exception {
        // Ten fresh contexts on one engine, one after another on one thread, each eight descents
        // of a recursion 800 deep, under a cap of 3 000 nodes: folded, the thread has one tree of
        // its closed contexts, which a chain of 800 fits, and nothing is pruned; kept apart, one
        // tree per context (the chains of ten contexts do not fit the cap). Every tick walked: in
        // the full suite's JVM, which has compiled Pace before, three descents a context under the
        // default budget gave 10 samples.
        Path program = pace("deep-recursion.pace");
        Map<String, String> opts = Map.of("ccsampler.Period", "1ms", "ccsampler.MaxContextNodes", "3000", "ccsampler.CostBudget", "100");
        Run folded = runInContexts(10, "pace", program, opts, "8", "800");
        Map<String, String> apartOpts = new java.util.HashMap<>(opts);
        apartOpts.put("ccsampler.FoldClosedContexts", "false");
        Run apart = runInContexts(10, "pace", program, apartOpts, "8", "800");
        assertEquals(guestLines(apart.stdout), guestLines(folded.stdout), "guest output");
        assertTrue(folded.stdout.contains("8 descents to depth 800"), folded.stdout);
        Accounting a = folded.profile.accounting();
        System.out.println("ten contexts, folded: " + a.summaryLine() + "; apart: " + apart.profile.accounting().summaryLine());
        assertTrue(a.balanced(), a::summaryLine);
        assertTrue(a.samples() >= 20, () -> "too few samples to judge: " + a.summaryLine());
        List<ThreadProfile> trees = folded.profile.threads();
        assertEquals(1, trees.size(), () -> "one tree for the thread: " + trees.stream().map(t -> t.threadName() + "/" + t.context()).toList());
        ThreadProfile t = trees.get(0);
        assertEquals(-1, t.context(), "the tree of the thread's closed contexts");
        assertEquals(a.samples(), t.accounting().samples(), "every context's accounting is the folded tree's");
        long[] nodes = {0};
        ProfileSnapshot.forEachNode(t.root(), n -> nodes[0]++);
        assertTrue(nodes[0] <= 803, "one chain: " + nodes[0] + " nodes");
        assertEquals(0, a.pruned(), () -> "nothing pruned: " + a.summaryLine());
        java.util.Set<Integer> contexts = new java.util.TreeSet<>();
        for (ThreadProfile x : apart.profile.threads()) {
            contexts.add(x.context());
        }
        assertEquals(10, contexts.size(), "kept apart, a tree per context: " + contexts);
    }

    @Test
    void underAutoTheWalksBeforeTheProbesTeachTheMemo() throws Exception {
        // Incremental=auto attaches the probes once deep stacks thin the walks out, in the middle
        // of a recursion: the program frame and the frames entered before stay uncounted. Since
        // 2026-11-27 (seventh session) the walks also learn from those frames (which pairs call
        // each other, which root is outermost: StackRecorder.learnUncounted), a counted frame 0
        // whose one frame below is an outermost root is written without four full walks to see it
        // hold still, and frames from before the probes block the rule that writes a stack from
        // nothing until a full walk finds none left. Every walk is checked against a full one: in
        // one context (the program frame stays uncounted throughout), and in fresh contexts on
        // one engine after the first (whose program frames are counted, and whose first walks
        // the memo of the earlier contexts' walks writes).
        // (a budget of 20 %: every walk is followed by a full one, which the budget pays for too,
        // and the deep stacks still thin the walks out, which is what attaches the probes)
        Path program = pace("deep-recursion.pace");
        Map<String, String> opts = Map.of("ccsampler.Period", "1ms", "ccsampler.VerifyIncremental", "true", "ccsampler.CostBudget", "20");
        // (120 descents: in a JVM that has compiled Pace before, 40 took 0.8 s, 17 samples, most
        // of them the walks before the probes and the ones that learn, and read 28 % once)
        Run one = runInContexts(1, "pace", program, opts, "120", "3000");
        Run fresh = runInContexts(12, "pace", program, opts, "8", "3000");
        for (Run r : List.of(one, fresh)) {
            assertEquals(0, r.mismatches, "walks written from the memo differed from full walks");
            assertTrue(r.profile.meta().sampling().stream().anyMatch(e -> e.contains("incremental walks on")), () -> "the probes were never attached: " + r.profile.meta().sampling());
            Accounting a = r.profile.accounting();
            System.out.println("auto, probes attached mid-run: " + a.summaryLine());
            assertTrue(a.samples() >= 10, () -> "too few samples to judge: " + a.summaryLine());
            // under a third: a mutation that learns the wrong call node reads 67-68 %; the fresh
            // contexts, a few walks each and every context's first ones long, read 5-12 % and once
            // 25.0 % (44 samples over 12 contexts, 2026-11-27, eighth session)
            // (a fresh-clone CI run of 2026-11-27 read 94 % once in the one-context run, 45 samples,
            // not seen in seven reruns in four class orders; the notes say when the probes came)
            assertTrue(a.framesWalked() * 3 < a.frames(), () -> "walks should visit under a third of the frames: " + a.summaryLine() + "; notes: " + r.profile.meta().sampling());
        }
    }

    /** Incremental walks from the start, every tick walked, every walk checked against a full one; interpreted. */
    private static Map<String, String> verifiedDescents() {
        return interpreted(Map.of("ccsampler.Period", "1ms", "ccsampler.Incremental", "true", "ccsampler.CostBudget", "100", "ccsampler.VerifyIncremental", "true"));
    }

    /** busy.js after 1 000 functions that are never called: parsed before the first poll, at every run. */
    private static Path bigToParse() throws java.io.IOException {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 1000; i++) {
            b.append("function unused").append(i).append("(a, b) { let s = 0; for (let k = a; k < b; k++) { s += (k * ")
                            .append(i).append(") % 7; if (s > 1000) { s -= b; } } return [s, a, b, '").append(i).append("'].join(','); }\n");
        }
        return java.nio.file.Files.writeString(tmp.resolve("big-to-parse.js"), b + java.nio.file.Files.readString(js("busy.js")));
    }

    /** A Pace recursion that unwinds after every descent: arguments rounds and depth. */
    private static Path descents() throws java.io.IOException {
        return java.nio.file.Files.writeString(tmp.resolve("descents.pace"), """
                        fn down(n) {
                          if (n == 0) {
                            return 0;
                          }
                          return 1 + down(n - 1);
                        }
                        let rounds = arg(0, 100);
                        let depth = arg(1, 1500);
                        let i = 0;
                        let levels = 0;
                        while (i < rounds) {
                          levels = levels + down(depth);
                          i = i + 1;
                        }
                        print("descents: " + levels);
                        """);
    }

    @Test
    void aContextCalledFromAnotherIsNotWrittenAsTheWholeStack() throws Exception {
        // Context B's program first runs on its own, entered from the host, so full walks find its
        // root with nothing below it; then a JavaScript context A calls into B from a recursion 60
        // deep, on the same thread. B's frames then have A's below them: a walk of B that wrote its
        // counted frames as the whole stack would lose A's. Every walk is checked against a full one.
        // (16 runs inside A: since each tick counts in one context only, 4 gave as few as 45 walks
        // on a warm JVM; 40 since 2026-12-06, when 16 gave 48 on a fast machine)
        String out = nestedContexts("nested contexts", new String[]{"8", "1200"}, 8, false, 40, (sampler, evalB) -> evalB.run());
        assertTrue(out.contains("descents: 9600"), out);
    }

    @Test
    void aContextCalledFromAnotherBeforeThatOneWasEverSampledIsNotWrittenAsTheWholeStack() throws Exception {
        // As above, but the ticks start only while B runs inside A, so A may not have been walked
        // yet: its requests wait while B is on top. Whether A's frames are below B's must not
        // depend on A having been walked. Until 2026-11-28 a state's marks became known to the
        // thread's other states at its first walk: then 2 to 57 of B's walks (the first of an
        // evaluation, which have no stop) wrote B's frames as the whole stack in 5 runs of 7, and
        // the test above failed so about once in a hundred runs; with the marks made known when
        // the thread is initialized in the context, none in 4.
        nestedContexts("nested contexts, A unsampled", new String[]{"3", "400"}, 20, true, 1, (sampler, evalB) -> {
            // ticks start only once B runs: A's first tick then waits until B returns
            Thread on = new Thread(() -> {
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                sampler.setCollecting(true);
            });
            on.start();
            for (int i = 0; i < 800; i++) {
                evalB.run();
            }
            on.join();
        });
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"auto", "true"})
    void aThreadInTwoOpenContextsIsSampledInTheOneItRuns(String cpuTime) throws Exception {
        // One thread, two JavaScript contexts on one engine, both open: A burns, calls B through a
        // host function (B burns), burns again; then A and B burn in turn from the host. Truffle
        // performs a context's requests at polls in any context the thread is in (entering it for
        // the action) and holds them while the thread is in no context of it: until 2026-11-28
        // A's state counted B's time below A's frames (188 of A's 787 ticks, the code before run
        // on this test) and B's state could count A's time on a lone top-level frame (at the
        // first poll after B was entered again; 617 ticks of `ContextsCheck turns`). Now each
        // context counts only while it is the innermost. Counted by CPU time (CpuTime=true), a
        // context's state starts afresh each time the thread comes back to it: from the time last
        // read, the thread's time in the other context was counted again (1 038 ticks for 659 ms
        // of CPU time, the code before 2026-12-05).
        Map<String, String> opts = profiled(Map.of("ccsampler.Period", "1ms", "ccsampler.CpuTime", cpuTime));
        String burn = "function burn(ms) { const end = Date.now() + ms; let s = 0; while (Date.now() < end) { for (let i = 0; i < 1000; i++) { s = (s * 31 + i) | 0; } } return s; }";
        ProfileSnapshot[] profile = {null};
        long[] wallMs = {0};
        long[] cpuMs = {0};
        onGuestThread("two open contexts", () -> {
            try (Engine engine = Engine.newBuilder().allowExperimentalOptions(true).options(opts).build();
                            Context b = Context.newBuilder("js").engine(engine).build();
                            Context a = Context.newBuilder("js").engine(engine).build()) {
                CCSampler sampler = CCSampler.find(engine);
                sampler.setCollecting(false); // the contexts' start-up is not what is checked
                b.eval("js", burn + " function inB(ms) { return burn(ms); }");
                Value inB = b.getBindings("js").getMember("inB");
                a.getBindings("js").putMember("callB", (org.graalvm.polyglot.proxy.ProxyExecutable) x -> inB.execute(x[0].asInt()));
                a.eval("js", burn + " function inA() { burn(250); callB(250); burn(250); }");
                java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
                sampler.setCollecting(true);
                long t0 = System.nanoTime();
                long c0 = mx.getCurrentThreadCpuTime();
                a.eval("js", "inA()");
                a.eval("js", "burn(250)");
                b.eval("js", "burn(250)");
                cpuMs[0] = (mx.getCurrentThreadCpuTime() - c0) / 1_000_000;
                wallMs[0] = (System.nanoTime() - t0) / 1_000_000;
                sampler.setCollecting(false);
                profile[0] = sampler.takeSnapshot();
            }
        });
        ProfileSnapshot p = profile[0];
        Map<Integer, Map<String, Long>> self = new java.util.TreeMap<>();
        long[] ticks = {0};
        for (ThreadProfile t : p.threads()) {
            Accounting acc = t.accounting();
            assertTrue(acc.balanced(), acc::summaryLine);
            ticks[0] += t.root().total();
            Map<String, Long> m = self.computeIfAbsent(t.context(), k -> new java.util.TreeMap<>());
            ProfileSnapshot.forEachNode(t.root(), n -> {
                if (n.self() > 0) {
                    StringBuilder path = new StringBuilder();
                    for (dev.ccsampler.ccmap.ContextNode q : ProfileSnapshot.path(n)) {
                        if (q.method() >= 0) {
                            path.append(path.length() == 0 ? "" : ";").append(p.method(q.method()).name());
                        }
                    }
                    m.merge(path.toString(), n.self(), Long::sum);
                }
            });
        }
        String seen = "self ticks by context and stack " + self + " in " + wallMs[0] + " ms, " + cpuMs[0] + " ms of CPU time";
        System.out.println("two open contexts: " + seen);
        assertEquals(2, self.size(), seen);
        Map<String, Long> inB = self.get(0); // B's context was created first
        Map<String, Long> inA = self.get(1);
        long bTicks = inB.values().stream().mapToLong(Long::longValue).sum();
        long aTicks = inA.values().stream().mapToLong(Long::longValue).sum();
        assertTrue(bTicks >= 100 && aTicks >= 200, () -> "too few ticks to judge: " + seen);
        assertEquals(0, inA.entrySet().stream().filter(e -> e.getKey().contains("inB")).mapToLong(Map.Entry::getValue).sum(), () -> "A counted B's time: " + seen);
        long lone = inB.entrySet().stream().filter(e -> !e.getKey().contains("burn")).mapToLong(Map.Entry::getValue).sum();
        assertTrue(lone * 20 <= bTicks, () -> "B counted A's time outside its own functions: " + seen);
        // the clock's ticks are the time that passed at most (fewer where it overran), or the CPU
        // time the thread used where they count it: no tick twice
        long most = "true".equals(cpuTime) ? cpuMs[0] : wallMs[0];
        assertTrue(ticks[0] <= most * 1.1 + 20, () -> ticks[0] + " ticks in " + wallMs[0] + " ms at 1 ms: " + seen);
    }

    /**
     * One thread, one context, host work between calls into it (an embedder's loop): outside the
     * context Truffle completes a request at once without performing it, and until 2026-12-02
     * every tick there was counted and failed (`ContextsCheck solo`: 1 558 of 3 591 ticks). Now the
     * enters and leaves are counted once such requests show, the thread is asked alone, and
     * Truffle's answers tell the sampler when it is outside: those ticks are not counted, the
     * ticks in the guest still are, and the sampling notes say so.
     */
    @Test
    void hostWorkBetweenCallsIsNotTickedOnceSeen() throws Exception {
        Map<String, String> opts = profiled(Map.of("ccsampler.Period", "1ms", "ccsampler.CostBudget", "100"));
        String burn = "function burn(ms) { const end = Date.now() + ms; let s = 0; while (Date.now() < end) { for (let i = 0; i < 1000; i++) { s = (s * 31 + i) | 0; } } return s; }";
        ProfileSnapshot[] profile = {null};
        long[] guestMs = {0};
        onGuestThread("host work between calls", () -> {
            try (Engine engine = Engine.newBuilder().allowExperimentalOptions(true).options(opts).build();
                            Context c = Context.newBuilder("js").engine(engine).build()) {
                CCSampler sampler = CCSampler.find(engine);
                sampler.setCollecting(false);
                Value task = c.eval("js", burn + "; (function task(ms) { return burn(ms); })");
                task.execute(50);
                sampler.setCollecting(true);
                long inGuest = 0;
                for (int i = 0; i < 60; i++) {
                    long t0 = System.nanoTime();
                    task.execute(15);
                    long t1 = System.nanoTime();
                    inGuest += t1 - t0;
                    while (System.nanoTime() - t1 < 15_000_000L) {
                        Thread.onSpinWait(); // host work, outside the context
                    }
                }
                sampler.setCollecting(false);
                guestMs[0] = inGuest / 1_000_000;
                profile[0] = sampler.takeSnapshot();
            }
        });
        ProfileSnapshot p = profile[0];
        Accounting a = p.accounting();
        String seen = a.summaryLine() + " for " + guestMs[0] + " ms in the guest and as much in the host; " + p.meta().sampling();
        System.out.println("host work between calls: " + seen);
        assertTrue(a.balanced(), seen);
        assertTrue(p.meta().sampling().stream().anyMatch(n -> n.contains("enters and leaves followed")), seen);
        assertTrue(a.requested() <= guestMs[0] * 1.3 + 30, () -> "the host's time is not ticked (about twice the guest's before): " + seen);
        assertTrue(a.failed() * 10 <= a.requested(), () -> "at most a tenth failed (over 40 % before): " + seen);
        assertTrue(a.taken() + a.late() >= guestMs[0] / 2, () -> "the guest's time is still sampled: " + seen);
    }

    /** What a host function of context A does with context B ({@code evalB} evaluates B's program once). */
    interface InsideA {
        void run(CCSampler sampler, Runnable evalB) throws InterruptedException;
    }

    /**
     * Runs the descents program in context B {@code alone} times from the host, then, with ticks
     * off when {@code quietBeforeA}, {@code outerRuns} times from a JavaScript recursion 60 deep
     * in context A on the same thread, where a host function does {@code insideA}; every walk
     * checked against a full one. Asserts enough samples and no difference; returns the guest
     * output.
     */
    private static String nestedContexts(String what, String[] bArgs, int alone, boolean quietBeforeA, int outerRuns, InsideA insideA) throws Exception {
        Path program = descents();
        Map<String, String> opts = profiled(verifiedDescents());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        long[] mismatches = {-1};
        ProfileSnapshot[] profile = {null};
        onGuestThread(what, () -> {
            try (Engine engine = Engine.newBuilder().allowExperimentalOptions(true).options(opts).out(out).err(out).build()) {
                CCSampler sampler = CCSampler.find(engine);
                Source deep = Source.newBuilder("pace", program.toFile()).build();
                try (Context b = Context.newBuilder().engine(engine).allowAllAccess(true).arguments("pace", bArgs).build();
                                Context a = Context.newBuilder().engine(engine).allowAllAccess(true).build()) {
                    for (int i = 0; i < alone; i++) {
                        b.eval(deep);
                    }
                    if (quietBeforeA) {
                        sampler.setCollecting(false);
                    }
                    a.getBindings("js").putMember("runB", (org.graalvm.polyglot.proxy.ProxyExecutable) args -> {
                        try {
                            insideA.run(sampler, () -> b.eval(deep));
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                        return 0;
                    });
                    a.eval("js", "function outer(n) { return n === 0 ? runB() : outer(n - 1); } for (let i = 0; i < " + outerRuns + "; i++) { outer(60); }");
                }
                sampler.setCollecting(false);
                profile[0] = sampler.takeSnapshot();
                mismatches[0] = sampler.getIncrementalMismatches();
            }
        });
        System.out.println(what + ": " + mismatches[0] + " mismatches; " + profile[0].accounting().summaryLine());
        for (ThreadProfile t : profile[0].threads()) {
            System.out.println("  context " + t.context() + ": " + t.accounting().summaryLine());
        }
        assertTrue(profile[0].accounting().samples() >= 50, () -> "too few samples to judge: " + profile[0].accounting().summaryLine());
        assertEquals(0, mismatches[0], () -> "walks differed from full walks: " + out);
        return out.toString();
    }

    @Test
    void aPairSeenThroughAnotherCallNodeIsWalkedNotWritten() throws Exception {
        // twice calls itself from two lines in turn; the first half of the run only one level deep,
        // so its walks know twice -> twice through one line; the second half 1 200 deep. The first
        // deep walks would write the recursion below their top frames through that line, while
        // those top frames show both: such a walk is walked again (and the pair is never written).
        // Every walk is checked against a full one. Without that, 40 stacks differed in one of two
        // runs (in the other the pair had already been forgotten in the first half, when its call
        // site was rewritten); with it, none in four. 1 000 rounds since 2026-12-06: 400 ran in
        // 0.3 s on a fast machine and left 93 samples.
        verified("switching site", "js", js("switching-site.js"), Map.of("ccsampler.Period", "1ms", "ccsampler.Incremental", "true", "ccsampler.CostBudget", "100"), 100,
                        "1000", "1200");
    }

    @Test
    void exceptionsGeneratorsAndCallbacksGiveTheStacksOfFullWalks() throws Exception {
        // a program written for this check, not tuned against: exceptions unwinding deep
        // recursions, generators resumed from other depths, a getter, polymorphic calls, a sort
        // comparator, mutual recursion (resources/crosslang/unwinding.js). Every walk is checked
        // against a full one, with the probes from the start, as Incremental=auto attaches them
        // and as Incremental=standby starts them counting (in the code from the start).
        // Seen: no difference in 508 (true) and 361 (auto) walks; with the return probe ignoring
        // exceptional returns (a mutation tried once), 15 differences. Under auto the walk budget
        // is lifted: the first walks are full ones, checked twice over, and on a loaded CI machine
        // the default budget once thinned them to 99 samples of 1 388 ticks.
        for (String incremental : new String[]{"true", "auto", "standby"}) {
            String budget = incremental.equals("true") ? "3" : "100";
            Run r = verified("unwinding, Incremental=" + incremental, "js", js("unwinding.js"),
                            Map.of("ccsampler.Period", "1ms", "ccsampler.Incremental", incremental, "ccsampler.CostBudget", budget), 100, "3");
            assertTrue(r.stdout.contains("unwinding: 3 rounds, ok"), r.stdout);
        }
    }

    @Test
    void rubySelfRecursionFromABlockGivesTheStacksOfFullWalks() throws Exception {
        // TruffleRuby polls at a method's root node before its body, so before the enter probe:
        // a walk that took such a top frame for a counted one gave a self-recursion's stack one
        // frame short or long (resources/crosslang/unwinding.rb: a recursion called from a block
        // in a loop, unwound by an exception or by returns). Every walk is checked against a full
        // one. Before the fix: 0-6 differing walks in 500-1 750 (14 runs); since, none in 6.
        // "tree": a binary recursion whose second call polls before its body right after the
        // first returned, an interpreted top frame at its root node with another frame of its
        // root just returned; that frame was taken for the caller until 2026-12-04 (6 and 22
        // differing walks in about 330, two runs; none in two since)
        for (String mode : new String[]{"raise", "return", "block", "tree"}) {
            verified("ruby self-recursion from a block, " + mode, "ruby", js("unwinding.rb"), Map.of("ccsampler.Period", "1ms", "ccsampler.Incremental", "true"), 200, mode);
        }
    }

    @Test
    void rubyNonLocalExitsGiveTheStacksOfFullWalks() throws Exception {
        // TruffleRuby leaves frames by control-flow exceptions where JavaScript returns: a return
        // out of a block unwinds the block's frame and the method's, throw / catch unwinds a whole
        // recursion to a catch whose block is a frame of its own, break and next leave a block
        // that a builtin's loop called (resources/crosslang/nonlocal.rb: a recursion 60-150 deep
        // whose every level runs in a block). The return probes see each as an exceptional return;
        // one missed would leave the marks a frame deep too many. Every walk is checked against a
        // full one (the probes on every root from the start: under auto these short runs walk
        // mostly in full). Seen 2026-12-03: no difference in 478-1 299 walks a mode; with the return
        // probe ignoring exceptional returns (a mutation tried once) one difference, in "return"
        // (the test failed); "raise" and "throw" showed none then, why was not looked into.
        // (raise: 100 rounds, about 700 walks; 300 gave 2 040 in 8 s, a third of the test, until 2026-12-04)
        for (String mode : new String[]{"raise", "throw", "return", "break"}) {
            String rounds = mode.equals("raise") ? "100" : "300";
            Run r = verified("ruby non-local exits, " + mode, "ruby", js("nonlocal.rb"), Map.of("ccsampler.Period", "1ms", "ccsampler.Incremental", "true"), 50, mode, rounds);
            assertTrue(r.stdout.contains("nonlocal " + mode + ": " + rounds + " rounds"), r.stdout);
        }
    }

    @Test
    void pythonRecursiveReturnsGiveTheStacksOfFullWalks() throws Exception {
        // GraalPy: a bytecode interpreter whose back edges poll at the root node, whose loops are
        // compiled on stack replacement (a frame then reports itself interpreted while its return
        // probe runs in the OSR code), and whose frames do not each own their arguments array. A
        // version of the recursive-return rule that trusted either made walks one or two frames
        // long here (1 run in 2); every walk is checked against a full one.
        Run r = run("python", js("deep-fold.py"), Map.of("ccsampler.Period", "1ms", "ccsampler.Incremental", "true", "ccsampler.CostBudget", "25",
                        "ccsampler.VerifyIncremental", "true"), "12", "300", "100000");
        Accounting a = r.profile.accounting();
        System.out.println("python deep fold: " + r.mismatches + " mismatches; " + a.summaryLine());
        assertTrue(a.samples() > 30, a::summaryLine);
        assertEquals(0, r.mismatches, "incremental walks differed from full walks");
    }

    @Test
    void aRecursionThroughJavaScriptAndPythonGivesTheStacksOfFullWalks() throws Exception {
        // resources/crosslang/polyglot-deep.js: JavaScript and Python levels alternating 120 deep,
        // GraalPy's foreign-call builtin (no probe) between them, a Python loop, a JavaScript loop
        // or a JavaScript error unwinding it all at the bottom. GraalPy 25.0.1 runs a root's enter
        // probe a second time when a loop of the frame goes into on-stack-replaced code, and its
        // return probe once: the marks were left a frame deep too many, and walks that stopped
        // below took over the frames of another level (1 to 8 walks in about 2 000 a run, a level
        // short or long, in nine runs of 2026-12-05; none in four since the second enter of the
        // same activation is told apart). Every walk is checked against a full one.
        Run r = verified("polyglot recursion", "js", js("polyglot-deep.js"), Map.of("ccsampler.Period", "1ms", "ccsampler.Incremental", "true", "ccsampler.CostBudget", "100"), 300,
                        "24", "120", "200000");
        assertTrue(r.stdout.contains("polyglot-deep: 24 rounds, checksum"), r.stdout);
        // and the stacks are the mixed ones: the Python loop under both languages' levels
        ProfileSnapshot p = r.profile;
        long[] deepest = new long[2];
        for (ThreadProfile t : p.threads()) {
            ProfileSnapshot.forEachNode(t.root(), n -> {
                if (n.self() > 0 && p.method(n.method()).name().equals("py_work")) {
                    List<dev.ccsampler.ccmap.ContextNode> path = ProfileSnapshot.path(n);
                    deepest[0] = Math.max(deepest[0], path.stream().filter(f -> p.method(f.method()).language().equals("python") && p.method(f.method()).name().equals("py_level")).count());
                    deepest[1] = Math.max(deepest[1], path.stream().filter(f -> p.method(f.method()).language().equals("js") && p.method(f.method()).name().equals("jsLevel")).count());
                }
            });
        }
        assertEquals(121, deepest[0], "py_level frames above py_work's self samples");
        assertEquals(121, deepest[1], "jsLevel frames above py_work's self samples");
    }

    @Test
    void pythonCoroutinesGiveTheStacksOfFullWalks() throws Exception {
        // asyncio (and GraalPy's own imports before it): the marks count a root that no frame of
        // the walk shows, the top-down matching stalls there, and the counted frames below it get
        // no position in that stack. Before 2026-11-27 the next walk could still stop at one of
        // them and take over the frames below from a stale position: a frame lost (Task.__step, or
        // _call_with_frames_removed under exec), in 14 of 1 407 walks of a program of this shape
        // with every walk checked; now a walk stops only at a placed frame.
        // 10 rounds a task: about 570 checked walks (1 137 with the default 20, 20 s of the suite's
        // run, until 2026-12-04), where 1 % of walks lost a frame before the fix
        Run r = run("python", js("asyncio_shapes.py"), Map.of("ccsampler.Period", "1ms", "ccsampler.Incremental", "true", "ccsampler.VerifyIncremental", "true"), "10");
        Accounting a = r.profile.accounting();
        System.out.println("python asyncio: " + r.mismatches + " mismatches; " + a.summaryLine());
        assertTrue(a.samples() > 200, a::summaryLine);
        assertEquals(0, r.mismatches, "incremental walks differed from full walks");
        assertTrue(a.framesWalked() * 2 < a.frames(), () -> "still incremental: " + a.summaryLine());
        assertEquals(guestLines(plain("python", js("asyncio_shapes.py"), "10")), guestLines(r.stdout), "guest output");
    }

    @Test
    void ticksBeforeTheFirstPollAreToldApart() throws Exception {
        // A JavaScript context starts (builds its globals, parses) on its first eval, on the guest
        // thread, with no guest code running and so no safepoint poll: the first request waits
        // for all of it. Those ticks are in no sample (no guest stack had them); the report says
        // so in a sampling note, and the warning about ticks in no sample counts only the rest
        // (before 2026-11-27 it said "24-32 % of ticks are in no sample" on short programs, for
        // the start-up alone). A JVM that has run JavaScript before starts a context in 1-6 ms
        // here, and CI's faster machine once counted no tick of it at 100 us. So the program is
        // busy.js after 1 000 functions it never calls, which the parser reads all the same: 4 000
        // took 240-380 ms before the first poll in a warm JVM here, 1 000 about 1 s in a cold one.
        Run r = run("js", bigToParse(), Map.of("ccsampler.Period", "100us"));
        Accounting a = r.profile.accounting();
        String note = r.profile.meta().sampling().stream().filter(e -> e.contains("before a thread's first safepoint poll")).findFirst()
                        .orElseThrow(() -> new AssertionError("no start-up note: " + r.profile.meta().sampling() + "; " + a.summaryLine()));
        long beforeFirstPoll = Long.parseLong(note.substring(0, note.indexOf(' ')));
        System.out.println("start-up: " + note + "; " + a.summaryLine());
        assertTrue(beforeFirstPoll > 0 && beforeFirstPoll <= a.skipped(), () -> note + "; " + a.summaryLine());
        boolean warned = r.profile.meta().warnings().stream().anyMatch(w -> w.contains("ticks are in no sample"));
        assertEquals((a.skipped() - beforeFirstPoll) * 5 > a.requested(), warned, () -> "the warning counts the other skipped ticks only: " + r.profile.meta().warnings());
    }

    @Test
    void ticksWithNoVisibleFrameAreExplainedWhenThereAreMany() throws Exception {
        // A filter that hides every frame puts every tick on the thread root (<no visible frame>):
        // the warning names the share and the options that decide it. GraalPy's start-up and the
        // Python library it runs were 19-22 % of a short program's ticks there (exc.py, not in the
        // repository), with no word on why before 2026-11-27.
        Run hidden = run("js", js("busy.js"), Map.of("ccsampler.Period", "1ms", "ccsampler.FilterRootName", "nothing-matches*"));
        List<String> w = hidden.profile.meta().warnings();
        assertTrue(w.stream().anyMatch(e -> e.contains("% of ticks had no visible frame") && e.contains("--ccsampler.SampleInternal=true")
                        && e.contains("--ccsampler.FilterRootName")), () -> "every tick hidden: " + w);
        Run plain = run("js", js("busy.js"), Map.of("ccsampler.Period", "1ms"));
        long rootSelf = plain.profile.threads().stream().mapToLong(t -> t.root().self()).sum();
        Accounting a = plain.profile.accounting();
        boolean warned = plain.profile.meta().warnings().stream().anyMatch(e -> e.contains("had no visible frame"));
        System.out.println("no visible frame: " + rootSelf + " of " + (a.taken() + a.late()) + " ticks; warned " + warned);
        assertEquals(rootSelf * 10 > a.taken() + a.late(), warned, () -> "warned when a tenth or more: " + rootSelf + " of " + a.summaryLine());
    }

    @Test
    void autoIncrementalAttachesItsProbesOnlyForDeepStacks() throws Exception {
        Run deep = run("pace", pace("deep-recursion.pace"), Map.of("ccsampler.Period", "1ms", "ccsampler.CostBudget", "20"), "4", "2000", "200000");
        assertTrue(deep.profile.meta().sampling().stream().anyMatch(e -> e.contains("incremental walks on")), () -> "deep stacks: " + deep.profile.meta().sampling());
        // (WaitedTicks=skip: with the default, top, samples that wait, as a loaded machine makes
        // them, may attach the probes too; that rule is tested in waitedTicksTop...)
        Run flat = run("pace", pace("known-split.pace"), Map.of("ccsampler.Period", "1ms", "ccsampler.WaitedTicks", "skip"), "2000");
        assertTrue(flat.profile.meta().sampling().stream().noneMatch(e -> e.contains("incremental walks on")), () -> "shallow stacks: " + flat.profile.meta().sampling());
        // (without probes a walk may still stop at an activation the last stack had: not every walk is full)
    }

    @Test
    void thinnedSamplesAreWeightedAndStayUnbiased() throws Exception {
        // a budget below one walk per tick: many ticks are not walked, the samples carry them.
        // The bound is statistical, from the number of walks the budget allowed (a slow, cold
        // machine walks fewer): 4.5 standard errors of a share of 60 % with dithered-gap weights
        // (variance factor ~1.1), at least 5 points. 20 000 iterations give 300-1 500 walks here.
        // A 100 µs period: walks per second are budget / cost whatever the period, but a sample's
        // weight is cost / (budget × period); at 1 ms a fast machine (a 2-frame walk in ~9 µs, CI)
        // walked more than every second tick and the samples did not stand for several.
        Run r = run("pace", pace("known-split.pace"), Map.of("ccsampler.Period", "100us", "ccsampler.CostBudget", "0.5"), "20000");
        Accounting a = r.profile.accounting();
        System.out.println("known split with a 0.5% budget: " + a.summaryLine());
        assertTrue(a.applied() > 2 * a.samples(), () -> "samples should stand for several ticks each: " + a.summaryLine());
        assertTrue(a.samples() >= 100, () -> "too few walks to judge a share: " + a.summaryLine());
        Map<String, Long> self = new LinkedHashMap<>();
        r.profile.methods().forEach(m -> self.merge(m.name(), r.profile.methodStats().get(m.id()).selfSum(), Long::sum));
        double sum = self.getOrDefault("heavy", 0L) + self.getOrDefault("medium", 0L) + self.getOrDefault("light", 0L);
        double heavy = 100 * self.getOrDefault("heavy", 0L) / sum;
        double tolerance = Math.max(5, 4.5 * 100 * Math.sqrt(0.6 * 0.4 * 1.1 / a.samples()));
        System.out.printf("heavy %.1f %% (truth 60), tolerance %.1f points at %d walks%n", heavy, tolerance, a.samples());
        assertEquals(60, heavy, tolerance, () -> "heavy's share with weighted samples: " + self + "; " + a.summaryLine());
    }

    @Test
    void partialSafepointsStarveNoThread() throws Exception {
        Run r = run("pace", pace("threads.pace"), Map.of("ccsampler.Period", "1ms", "ccsampler.ThreadsPerTick", "1"), "4", "300", "250");
        Accounting a = r.profile.accounting();
        System.out.println("threads with one walk per tick: " + a.summaryLine());
        Map<String, Long> self = new LinkedHashMap<>();
        r.profile.methods().forEach(m -> self.merge(m.name(), r.profile.methodStats().get(m.id()).selfSum(), Long::sum));
        for (int k = 1; k <= 4; k++) {
            String w = "worker" + k;
            assertTrue(self.getOrDefault(w, 0L) > 0, () -> w + " was starved: " + self);
        }
        assertTrue(a.deferred() > 0, () -> "with four busy threads and one walk per tick some requests are deferred: " + a.summaryLine());
    }

    @Test
    void deferredRequestsKeepTheirPlacesAndEveryTickIsCountedOnce() throws Exception {
        // Four JavaScript threads, a context each on one engine, one walk a tick: most requests are
        // passed over, and their ticks are placed by the next capture on the frames the clock saw
        // (since 2026-11-28; before, wherever that capture found the thread). Each thread alternates
        // a counted loop that polls nowhere (spin) with calls that poll soon (hop). What must hold
        // whatever the timing: every thread's books balance, and its tree holds exactly the ticks of
        // its applied samples (placements move ticks, never make or lose one). The split itself is
        // measured by ThreadsCheck (docs/sampling.md, Partial safepoints), not asserted here.
        String js = """
                        function spin(n) { let x = n | 1; for (let i = 0; i < n; i++) { x ^= x << 13; x ^= x >>> 17; x ^= x << 5; } return x; }
                        function step(o) { o.v = (o.v * 31 + 7) & 0xffff; return o.v; }
                        function hop(n) { const o = {v: 1}; let s = 0; let i = 0; while (i < n && o.v !== -1) { s += step(o); i++; } return s; }
                        (function round() { let s = 0; for (let k = 0; k < 20; k++) { s ^= spin(400000); s ^= hop(100000); } return s; })
                        """;
        Map<String, String> opts = profiled(Map.of("ccsampler.Period", "1ms", "ccsampler.ThreadsPerTick", "1"));
        long end = System.nanoTime() + 3_000_000_000L;
        ProfileSnapshot profile = jsThreads("deferred requests", opts, 4, "worker-", (i, c) -> {
            Value round = c.eval("js", js);
            while (System.nanoTime() < end) {
                round.execute();
            }
        });
        long deferred = 0;
        int workers = 0;
        for (ThreadProfile t : profile.threads()) {
            Accounting a = t.accounting();
            System.out.println("deferred requests, " + t.threadName() + ": tree " + t.root().total() + " ticks; " + a.summaryLine());
            assertTrue(a.balanced(), () -> "accounting identity broken: " + a.summaryLine());
            assertEquals(a.applied(), t.root().total(), () -> t.threadName() + ": the tree should hold exactly the applied ticks: " + a.summaryLine());
            deferred += a.deferred();
            if (t.threadName().startsWith("worker-")) {
                workers++;
            }
        }
        assertEquals(4, workers, "every worker sampled");
        long d = deferred;
        assertTrue(d > 0, () -> "four busy threads, one walk a tick: requests should be deferred");
    }

    @Test
    void aThreadsTicksFollowTheCpuTimeItUsedWhenThreadsOutnumberCores() throws Exception {
        // Three busy JavaScript threads per core (a context each on one engine), each doing the same
        // fixed work and timing its own CPU time. By default (CpuTime) a thread's ticks are the CPU
        // time it used; counted by state, a thread waiting for a core is runnable and each thread
        // got about three times its CPU time here on 2 cores (docs/sampling.md, Threads that wait
        // for a core). The bound allows for the CPU a thread spends before its first tick
        // (starting the context) and for rounding: 20 % and 5 ticks.
        ProfileSnapshot profile = ticksFollowCpuTime(Map.of("ccsampler.Period", "10ms"));
        // the clock's time is the workers' here: the budget pays for its wakes too, and says so
        assertTrue(profile.meta().sampling().stream().anyMatch(s -> s.contains("paid for the clock's own CPU time beside each walk")),
                        () -> "no note of the clock's time charged to the walks: " + profile.meta().sampling());
    }

    @Test
    void theClockSleepsOverTicksWhereThreadsOutnumberCoresAndTheTicksStillFollowCpuTime() throws Exception {
        // The same at 1 ms with a budget of 1 %: each wake of the clock costs the workers more than
        // half the budget allows a tick, so the clock sleeps over several ticks at a time and the
        // walks share its wakes (SamplingClock.leastBatch); each thread's ticks still follow the
        // CPU time it used, and the note says the clock slept longer than the walks needed.
        ProfileSnapshot profile = ticksFollowCpuTime(Map.of("ccsampler.Period", "1ms", "ccsampler.CostBudget", "1"));
        assertTrue(profile.meta().sampling().stream().anyMatch(s -> s.contains("slept over more ticks than the walks needed")),
                        () -> "no note of the clock sleeping over ticks: " + profile.meta().sampling());
    }

    @Test
    void aThreadsTicksFollowTheCpuTimeItUsedWhereOtherWorkTakesTheCoresItsThreadsFill() throws Exception {
        // As many busy JavaScript threads as cores, and beside them a busy thread of the embedder's
        // that runs no guest code (as the compiler's threads, a collector or another process do): no
        // more threads are runnable than cores, yet each guest thread gets about cores/(cores+1)
        // of a core, less beside the compiler. Counted by state each got its wall-clock time, 2.7
        // times its CPU time on 2 cores (docs/sampling.md, Threads that fill the cores); by default
        // a thread is counted by its CPU time wherever the runnable threads leave no core free
        // (SamplingClock.tick). The same bounds as above.
        int cores = Runtime.getRuntime().availableProcessors();
        java.util.concurrent.atomic.AtomicBoolean done = new java.util.concurrent.atomic.AtomicBoolean();
        long[] sink = {0};
        Thread load = new Thread(() -> {
            long x = 1;
            while (!done.get()) {
                for (int i = 0; i < 100_000; i++) {
                    x = x * 6364136223846793005L + 1442695040888963407L;
                }
            }
            sink[0] = x;
        }, "host-load");
        load.setDaemon(true);
        load.start();
        try {
            ticksFollowCpuTime(Map.of("ccsampler.Period", "10ms"), Math.min(12, cores), 30);
        } finally {
            done.set(true);
            load.join();
        }
    }

    private ProfileSnapshot ticksFollowCpuTime(Map<String, String> options) throws Exception {
        return ticksFollowCpuTime(options, Math.min(12, 3 * Runtime.getRuntime().availableProcessors()), 60);
    }

    private ProfileSnapshot ticksFollowCpuTime(Map<String, String> options, int n, int rounds) throws Exception {
        String js = """
                        function spin(n) { let x = n | 1; for (let i = 0; i < n; i++) { x ^= x << 13; x ^= x >>> 17; x ^= x << 5; } return x; }
                        function step(o) { o.v = (o.v * 31 + 7) & 0xffff; return o.v; }
                        function hop(n) { const o = {v: 1}; let s = 0; for (let i = 0; i < n; i++) { s += step(o); } return s; }
                        (function round() { let s = 0; for (let k = 0; k < 10; k++) { s ^= spin(300000); s ^= hop(100000); } return s; })
                        """;
        Map<String, String> opts = profiled(options);
        long[] cpu = new long[n];
        java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
        Assumptions.assumeTrue(mx.isCurrentThreadCpuTimeSupported() && mx.isThreadCpuTimeEnabled(), "this JVM measures no thread CPU time");
        ProfileSnapshot profile = jsThreads("threads outnumbering cores", opts, n, "cpu-worker-", (i, c) -> {
            long c0 = mx.getCurrentThreadCpuTime(); // the context's start-up (on its first eval) is sampled too
            Value round = c.eval("js", js);
            for (int k = 0; k < rounds; k++) {
                round.execute();
            }
            cpu[i] = mx.getCurrentThreadCpuTime() - c0;
        });
        long unit = profile.meta().periodNanos();
        int seen = 0;
        List<String> off = new ArrayList<>();
        for (ThreadProfile t : profile.threads()) {
            if (!t.threadName().startsWith("cpu-worker-")) {
                continue;
            }
            seen++;
            int i = Integer.parseInt(t.threadName().substring("cpu-worker-".length()));
            Accounting a = t.accounting();
            double cpuTicks = (double) cpu[i] / unit;
            System.out.printf("threads outnumbering cores, %s: %d ticks, %.1f ticks of CPU time; %s%n", t.threadName(), a.requested(), cpuTicks, a.summaryLine());
            assertTrue(a.balanced(), () -> "accounting identity broken: " + a.summaryLine());
            if (Math.abs(a.requested() - cpuTicks) > 0.2 * cpuTicks + 5) {
                off.add(String.format("%s: %d ticks for %.1f ticks' worth of CPU time", t.threadName(), a.requested(), cpuTicks));
            }
        }
        System.out.println("threads outnumbering cores: " + profile.meta().sampling());
        assertEquals(n, seen, "every worker sampled");
        assertTrue(off.isEmpty(), () -> "ticks off the CPU time used: " + off);
        return profile;
    }

    @Test
    void autoPeriodMovesWithinItsBounds() throws Exception {
        // every tick walked: the tuner decides every 200 walks, and a loaded machine's budget
        // thinned the walks enough that the period had no time to move (seen once)
        // long activations (each heavy call burns ~20 ms): the same one is on top again and again,
        // so the period grows from 8 ms, and stays within 500us..16ms
        Run longCalls = run("pace", pace("known-split.pace"), Map.of("ccsampler.Period", "auto", "ccsampler.AutoPeriodMin", "500us", "ccsampler.AutoPeriodMax", "16ms",
                        "ccsampler.CostBudget", "100"), "150", "2000");
        assertEquals(500_000, longCalls.profile.meta().periodNanos(), "the tick unit is the smallest period");
        List<Long> up = chosenPeriodsMicros(longCalls.profile.meta().sampling());
        assertTrue(up.contains(16_000L), () -> "long activations repeat on top: the period should grow to 16ms: " + longCalls.profile.meta().sampling());
        // short activations (a few microseconds each): never on top twice, the period shrinks
        // (bounds 250us..4ms: it starts at 4ms, so 200 samples take under a second)
        Run shortCalls = run("pace", pace("known-split.pace"), Map.of("ccsampler.Period", "auto", "ccsampler.AutoPeriodMin", "250us", "ccsampler.AutoPeriodMax", "4ms",
                        "ccsampler.CostBudget", "100"), "60000", "2");
        List<Long> down = chosenPeriodsMicros(shortCalls.profile.meta().sampling());
        assertTrue(down.stream().anyMatch(us -> us < 4_000), () -> "short activations: the period should shrink below 4ms: " + shortCalls.profile.meta().sampling());
        for (long us : up) {
            assertTrue(us >= 500 && us <= 16_000, () -> "period outside 500us..16ms: " + up);
        }
        for (long us : down) {
            assertTrue(us >= 250 && us <= 4_000, () -> "period outside 250us..4ms: " + down);
        }
    }

    private static List<Long> chosenPeriodsMicros(List<String> events) {
        System.out.println("Period=auto events: " + events);
        Pattern period = Pattern.compile("period (\\d+)(us|ms) -> (\\d+)(us|ms)");
        List<Long> chosen = new ArrayList<>();
        for (String e : events) {
            Matcher m = period.matcher(e);
            if (m.find()) {
                chosen.add(Long.parseLong(m.group(3)) * (m.group(4).equals("ms") ? 1000 : 1));
            }
        }
        return chosen;
    }

    @Test
    void steadyStateSlowsDownAndAPhaseChangeRestoresTheRate() throws Exception {
        // ~2 s per phase: the first converges within a second or so, the second is new
        Run r = run("pace", pace("two-phase.pace"), Map.of("ccsampler.Period", "1ms", "ccsampler.SteadyState", "true"), "40000");
        List<String> events = r.profile.meta().sampling();
        System.out.println("steady state events: " + events);
        assertTrue(events.stream().anyMatch(e -> e.contains("steady state")), () -> "the first phase converges: " + events);
        assertTrue(events.stream().anyMatch(e -> e.contains("phase change")), () -> "the second phase is seen as new: " + events);
        assertEquals(guestLines(plain("pace", pace("two-phase.pace"), "40000")), guestLines(r.stdout));
    }

    /** Self ticks of {@code a} as a percentage of {@code a}'s and {@code b}'s. */
    private static double selfShare(Run r, String a, String b) {
        Map<String, Long> self = new LinkedHashMap<>();
        r.profile.methods().forEach(m -> self.merge(m.name(), r.profile.methodStats().get(m.id()).selfSum(), Long::sum));
        double x = self.getOrDefault(a, 0L);
        double y = self.getOrDefault(b, 0L);
        System.out.printf("%s %.1f %% of %s + %s: %s; %s%n", a, 100 * x / (x + y), a, b, self, r.profile.accounting().summaryLine());
        return 100 * x / (x + y);
    }

    @Test
    void waitedTicksTopKeepsTheTicksOfCodeThatDoesNotPoll() throws Exception {
        // poll-late.pace: `late` works half of the time without a safepoint poll (grind), `prompt`
        // the other half with a poll per microsecond (burn). A request made while `late` runs
        // waits until it returns. Skipped, those waited ticks leave `late` a few percent; with
        // WaitedTicks=top the clock reads `late` on top from the root probes at every waited tick,
        // and the late sample carries them to it. The bound is wide (the two halves are equal in
        // work units, not exactly in time); the difference it checks is tens of points.
        Path program = pace("poll-late.pace");
        Map<String, String> top = Map.of("ccsampler.Period", "1ms", "ccsampler.CostBudget", "100", "ccsampler.Incremental", "true", "ccsampler.WaitedTicks", "top");
        Run placed = run("pace", program, top, "20");
        double withTop = selfShare(placed, "late", "prompt");
        Run skipped = run("pace", program, Map.of("ccsampler.Period", "1ms", "ccsampler.CostBudget", "100", "ccsampler.Incremental", "true", "ccsampler.WaitedTicks", "skip"), "20");
        double withSkip = selfShare(skipped, "late", "prompt");
        assertTrue(placed.profile.accounting().late() > placed.profile.accounting().taken() / 4, () -> "the program should make samples wait: " + placed.profile.accounting().summaryLine());
        assertEquals(50, withTop, 12, "late's share with its waited ticks");
        assertTrue(withSkip < 25, () -> "without them late should get far less than half (else the program does not test this): " + withSkip);
        assertEquals(guestLines(plain("pace", program, "20")), guestLines(placed.stdout), "guest output with WaitedTicks=top");
        // The defaults (WaitedTicks=top, Incremental=auto): the waits end at interpreted frames
        // (`late` returns and polls), where the probes would tell nothing the late sample does not:
        // interpreted guest code polls at every call and loop, so such a wait is host work (here
        // grind) that the late sample, at the frame's return poll, still finds. The probes stay
        // away (before 2026-11-28 they were attached here), and until probes are attached the
        // waited ticks go to the late sample (before, they were skipped: `late` got 4 %).
        // Interpreted for certain (20 calls of `late` compile nothing here, but a machine's
        // thresholds are not this test's business).
        Run auto = run("pace", program, interpreted(Map.of("ccsampler.Period", "1ms", "ccsampler.CostBudget", "100")), "20");
        assertTrue(auto.profile.meta().sampling().stream().noneMatch(e -> e.contains("incremental walks on")),
                        () -> "waits at interpreted frames should not attach the probes: " + auto.profile.meta().sampling() + "; " + auto.profile.accounting().summaryLine());
        // (every tick is walked at CostBudget=100: the few skipped ones passed before the first poll)
        assertTrue(auto.profile.accounting().skipped() * 20 < auto.profile.accounting().requested(), () -> "waited ticks should not be skipped: " + auto.profile.accounting().summaryLine());
        double withAuto = selfShare(auto, "late", "prompt");
        assertEquals(50, withAuto, 12, "late's share with the defaults");
    }

    /**
     * Safepoint bias under the period. {@code tools/workloads/known-split.js}, compiled, at 10 ms:
     * {@code alpha}, {@code beta} and {@code gamma} run counted loops (which poll nowhere) inlined
     * into {@code iteration}, so a request waits about a millisecond, never a whole period, and is
     * taken at {@code iteration}'s next poll, after the callee returned. Without the probes half of
     * the time went to {@code iteration}, which does nothing (50–53 % of the self samples in four of
     * five processes of a 1 000-iteration bench run; the fifth had attached the probes in its
     * warm-up). Polls that come half a millisecond late on average attach them (Incremental=auto,
     * WaitedTicks=top), and the clock then reads the frame on top at each tick. One collection over
     * the whole run, warm-up included, as a launcher's --ccsampler takes it, judged against the
     * split the run timed in place (seen: alpha / beta / gamma 54 / 36 / 10 and 56 / 32 / 11 % of
     * the three, iteration 1 % of all four).
     */
    @Test
    void pollsLateWithinThePeriodAttachTheProbesAndTheTicksStayWithTheCallee() throws Exception {
        Assumptions.assumeTrue(ProfileRun.optimizing(), "needs compiled code");
        Path workload = Path.of("..", "tools", "workloads", "known-split.js").toAbsolutePath();
        Map<String, Long> self = new java.util.HashMap<>();
        List<String> notes;
        double[] timed = new double[3];
        try (Engine engine = Engine.create()) {
            CCSampler sampler = CCSampler.find(engine); // before the context: its probes need to see every root from the start
            Context c = Context.newBuilder("js").engine(engine).allowAllAccess(true).build();
            org.graalvm.polyglot.Value iteration = c.eval(Source.newBuilder("js", workload.toFile()).build());
            sampler.setPeriod(java.time.Duration.ofMillis(10));
            sampler.setCollecting(true);
            for (int i = 0; i < 700; i++) { // compiled after 100-200 iterations
                iteration.execute();
            }
            sampler.setCollecting(false);
            ProfileSnapshot s = sampler.takeSnapshot();
            notes = s.meta().sampling();
            for (dev.ccsampler.ccmap.MethodInfo m : s.methods()) {
                self.merge(m.name(), s.methodStats().get(m.id()).selfSum(), Long::sum);
            }
            // the split this run had, each call timed in place (warm-up included, where it is not 6 : 3 : 1)
            org.graalvm.polyglot.Value t = iteration.getMember("timed");
            timed[0] = t.getMember("alpha").asDouble();
            timed[1] = t.getMember("beta").asDouble();
            timed[2] = t.getMember("gamma").asDouble();
            System.out.println("known-split.js at 10 ms, compiled: " + self + "; timed " + java.util.Arrays.toString(timed) + "; " + s.accounting().summaryLine());
            c.close();
        }
        System.out.println("known-split.js notes: " + notes);
        // either rule may fire first (the waiting share during a loaded warm-up, or the slow polls)
        assertTrue(notes.stream().anyMatch(e -> e.contains("incremental walks on") && e.contains("safepoint")), () -> "late polls should attach the probes: " + notes);
        long a = self.getOrDefault("alpha", 0L);
        long b = self.getOrDefault("beta", 0L);
        long g = self.getOrDefault("gamma", 0L);
        long it = self.getOrDefault("iteration", 0L);
        long known = a + b + g + it;
        assertTrue(known >= 100, () -> "too few samples to judge: " + self);
        // iteration's own work is three clock reads and three calls a round; seen 1-2 % with the
        // probes, 50-53 % without
        assertTrue(it * 100 < 15 * known, () -> "the callees' ticks went to their caller: " + self);
        double all = timed[0] + timed[1] + timed[2];
        long[] sampled = {a, b, g};
        for (int i = 0; i < 3; i++) {
            int k = i;
            assertEquals(100 * timed[i] / all, 100.0 * sampled[i] / (a + b + g), 10, () -> "share " + k + " of alpha, beta, gamma against the run's own timing "
                            + java.util.Arrays.toString(timed) + ": " + self);
        }
    }

    @Test
    void switchedOffProbesInTheCodeFromTheStartAreTakenOutAWhileAfter() throws Exception {
        // costly-probes.py (GraalPy: 6 s of big-integer products that poll nowhere make the probes
        // count, an evaluator's calls get them switched off) under the default Incremental=auto,
        // which in GraalPy's engines has the probes in the code on standby from the Python
        // context's creation (CCSampler.STANDBY_LANGUAGES), as Incremental=standby has them
        // everywhere: the rule makes them count without recompiling anything, and the notes say
        // so. Switched off, they stay in the code until the run has
        // gone on as long again as before the switch, 10 s at the least (CCSampler.takeOutDueNanos;
        // probes that came in later, as under the default auto in GraalJS, are taken out at once:
        // probesThatCostMoreThanTheyBuyAreSwitchedOffForGood). Its evaluator is called from the
        // host until they have been taken out. A switched-off probe still costs GraalPy's calls
        // (py-octane.py ran 1.15 times as long as without a profiler in the rounds after the
        // switch, and as fast once it was disposed). Taking it out recompiles the evaluator (its
        // code is invalidated for the instruments' change), and the evaluator's results and the
        // books stay as they were. Seen (under auto, before 2026-12-06): switched off at
        // 9.7-10.5 s, taken out 10 s later.
        Assumptions.assumeTrue(ProfileRun.optimizing(), "needs compiled code: the probes are judged only once compiled code polls late");
        Map<String, String> opts = profiled(Map.of("ccsampler.Period", "10ms", "engine.TraceCompilation", "true"));
        List<String> log = new ArrayList<>();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Object[] result = new Object[3];
        onGuestThread("take-out run", () -> {
            Engine.Builder builder = Engine.newBuilder().allowExperimentalOptions(true).options(opts).out(out).err(out);
            builder.logHandler(new java.util.logging.Handler() {
                @Override
                public void publish(java.util.logging.LogRecord record) {
                    synchronized (log) {
                        log.add(record.getMessage());
                    }
                }

                @Override
                public void flush() {
                }

                @Override
                public void close() {
                }
            });
            try (Engine engine = builder.build();
                            Context c = Context.newBuilder().engine(engine).allowAllAccess(true).arguments("python", new String[]{"6", "300"}).build()) {
                CCSampler sampler = CCSampler.find(engine);
                c.eval(Source.newBuilder("python", js("costly-probes.py").toFile()).build());
                Value evalPhase = c.getBindings("python").getMember("eval_phase");
                java.util.Set<Integer> results = new java.util.TreeSet<>();
                long start = System.nanoTime();
                long takenOutAt = 0;
                long lastLook = 0;
                while (System.nanoTime() - start < 120_000_000_000L) {
                    results.add(evalPhase.execute(300).asInt());
                    long now = System.nanoTime();
                    if (takenOutAt == 0 && now - lastLook > 1_000_000_000L) {
                        lastLook = now;
                        if (sampler.takeSnapshot().meta().sampling().stream().anyMatch(n -> n.contains("root probes taken out of the code"))) {
                            takenOutAt = now;
                        }
                    }
                    if (takenOutAt != 0 && now - takenOutAt > 3_000_000_000L) {
                        break;
                    }
                }
                sampler.setCollecting(false);
                result[0] = sampler.takeSnapshot();
                result[1] = results;
                synchronized (log) {
                    result[2] = List.copyOf(log);
                }
            }
        });
        ProfileSnapshot s = (ProfileSnapshot) result[0];
        List<String> notes = s.meta().sampling();
        System.out.println("take-out: " + notes);
        int standby = indexOf(notes, "root probes in the code on standby from the start of the python context");
        int on = indexOf(notes, "incremental walks on");
        int off = indexOf(notes, "root probes switched off for good");
        int out2 = indexOf(notes, "root probes taken out of the code");
        assertTrue(standby >= 0 && on > standby && off > on && out2 > off, () -> "on standby, counting, switched off, then taken out: " + notes);
        assertTrue(notes.get(on).contains("on standby since the python context was created, count from now (no code recompiled)"), notes.get(on));
        assertTrue(notes.get(off).contains("and stay in it, switched off, until"), notes.get(off));
        java.util.regex.Matcher after = Pattern.compile("taken out of the code, (\\d+\\.\\d) s after they were switched off").matcher(notes.get(out2));
        assertTrue(after.find() && Double.parseDouble(after.group(1)) >= 9.9, notes.get(out2));
        @SuppressWarnings("unchecked")
        List<String> compiled = (List<String>) result[2];
        Pattern evaluatorRoots = Pattern.compile("\\b(evaluate|fib|add|sub|mul|clamp)\\b");
        assertTrue(compiled.stream().anyMatch(l -> l.contains("opt inval") && l.contains("Instruments") && evaluatorRoots.matcher(l).find()),
                        () -> "the evaluator's code should be invalidated for the instruments' change: " + compiled.size() + " log lines");
        assertEquals(1, ((java.util.Set<?>) result[1]).size(), () -> "eval_phase(300) gave different results: " + result[1]);
        assertTrue(s.accounting().balanced(), s.accounting().summaryLine());
    }

    @Test
    void probesThatCostMoreThanTheyBuyAreSwitchedOffForGood() throws Exception {
        // costly-probes.js: spin's loops that poll nowhere attach the root probes (WaitedTicks=top),
        // then an evaluator makes millions of calls a second that poll soon: the probes' cost
        // (about 10 ns a counted call) outweighs the ticks they move, and the judge switches them
        // off. Every walk is checked against a full one, before and after. 2 000 evaluator rounds
        // before spin, whose polls come soon, have the probes come into code that ran without them
        // (seen: in at 5.0 s, switched off at 8.1 s; without that lead, in at 1-2 s and switched
        // off 3-4 s later, around the rule's three quarters), so they are taken out of it at once
        // (CCSampler.takeOutDueNanos): the evaluator, compiled while they counted its calls, is
        // invalidated for the instruments' change and compiled again without them. Probes in the
        // code from early on stay in it, switched off, for a while
        // (switchedOffProbesInTheCodeFromTheStartAreTakenOutAWhileAfter):
        // then nothing is invalidated at the switch.
        Assumptions.assumeTrue(ProfileRun.optimizing(), "needs compiled code: interpreted, spin's loops poll");
        Path program = js("costly-probes.js");
        List<String> log = new ArrayList<>();
        // 8 000 evaluator rounds after spin, about 4 s: the judge wants two costly windows of a second in a row,
        // and since the probes store the depth plainly (2026-12-02) the default 3 000 rounds, at
        // 68 million calls a second, left it one
        Run r = verified("costly probes", "js", program, Map.of("ccsampler.Period", "10ms", "engine.TraceCompilation", "true"), log, 100, "100", "8000", "2000");
        List<String> notes = r.profile.meta().sampling();
        System.out.println("costly probes: " + notes);
        assertTrue(notes.stream().anyMatch(e -> e.contains("incremental walks on") && e.contains("safepoint")), () -> "spin's late polls should attach the probes: " + notes);
        String detached = notes.stream().filter(e -> e.contains("root probes switched off for good")).findFirst().orElse(null);
        assertNotNull(detached, () -> "the evaluator's calls should switch the probes off: " + notes);
        assertTrue(notes.indexOf(detached) > notes.indexOf(notes.stream().filter(e -> e.contains("incremental walks on")).findFirst().orElseThrow()), () -> "attached, then switched off: " + notes);
        // what the spared frames would have cost to walk, priced in time (judged against the cost budget)
        assertTrue(detached.matches(".*walking them would have taken about \\d+\\.\\d % of the time.*"), () -> "the spared frames priced: " + detached);
        assertTrue(notes.stream().noneMatch(e -> e.contains("root probes asleep on")), () -> "no probe is left, asleep or awake: " + notes);
        // sampling goes on after the probes left: the evaluator (about half of the run) has its ticks
        long evaluator = r.profile.methods().stream().filter(m -> java.util.Set.of("evaluate", "add", "sub", "mul", "fib").contains(m.name()))
                        .mapToLong(m -> r.profile.methodStats().get(m.id()).selfSum()).sum();
        Accounting a = r.profile.accounting();
        assertTrue(evaluator * 10 > 3 * (a.taken() + a.late()), () -> "the evaluator's ticks: " + evaluator + " of " + a.summaryLine());
        List<String> compiled;
        synchronized (log) {
            compiled = List.copyOf(log);
        }
        Pattern evaluatorRoots = Pattern.compile("\\b(evaluate|fib)\\b");
        assertTrue(compiled.stream().anyMatch(l -> l.contains("opt done") && evaluatorRoots.matcher(l).find()), () -> "the evaluator should have been compiled: " + compiled.size() + " log lines");
        List<String> invalidated = compiled.stream().filter(l -> l.contains("opt inval") && l.contains("Instruments") && evaluatorRoots.matcher(l).find()).toList();
        java.util.regex.Matcher age = Pattern.compile("^at (\\d+\\.\\d+)s: .*they were in the code for (\\d+\\.\\d) s, and (are taken out of it now|stay in it)").matcher(detached);
        assertTrue(age.find(), () -> "the note should say how long the probes were in the code, and what becomes of them: " + detached);
        // at once when in for three quarters of the run or less (the note rounds; the rule compares nanoseconds)
        double share = Double.parseDouble(age.group(2)) / Double.parseDouble(age.group(1));
        if (share < 0.73) {
            assertEquals("are taken out of it now", age.group(3), detached);
        } else if (share > 0.77) {
            assertEquals("stay in it", age.group(3), detached);
        }
        String takenOut = notes.stream().filter(e -> e.contains("root probes taken out of the code")).findFirst().orElse(null);
        if (age.group(3).startsWith("are taken out")) {
            assertNotNull(takenOut, () -> "the probes should have been taken out: " + notes);
            assertTrue(notes.indexOf(takenOut) > notes.indexOf(detached), () -> "switched off, then taken out: " + notes);
            java.util.regex.Matcher after = Pattern.compile("taken out of the code, (\\d+\\.\\d) s after they were switched off").matcher(takenOut);
            assertTrue(after.find() && Double.parseDouble(after.group(1)) < 2, takenOut);
            assertFalse(invalidated.isEmpty(), () -> "the evaluator's code should be invalidated for the instruments' change: " + compiled.size() + " log lines");
        } else {
            // this run ends within seconds of the switch, before old probes leave (10 s at the least)
            assertNull(takenOut, () -> "taken out too soon: " + notes);
            assertEquals(List.of(), invalidated, "the evaluator's code invalidated for a change of instruments while the context ran");
        }
        assertEquals(guestLines(plain("js", program, "100", "8000", "2000")), guestLines(r.stdout), "guest output");
    }

    @Test
    void internalLeafRootsThatMakeTheCostSleepAndTheOtherProbesStay() throws Exception {
        // typed-length.js: spin's loops attach the probes, then a loop reads a typed array's length
        // on every iteration, a call of GraalJS's internal getter root: 15-40 million counted calls
        // a second (fewer with every walk verified), which the judge prices at 10 ns each (measured,
        // such probes cost 2-6 %, docs/accuracy.md), and which move no tick while the walks stay
        // long (4.5 frames, 2.7 walked): costly. Before 2026-12-03 it switched every probe off;
        // now the probes of the internal leaf roots sleep and the rest stay, their count down to
        // what the guest code calls. Every walk is checked against a full one, before and after.
        Assumptions.assumeTrue(ProfileRun.optimizing(), "needs compiled code: interpreted, spin's loops poll and the getter is called slowly");
        Path program = js("typed-length.js");
        Run r = verified("typed length", "js", program, Map.of("ccsampler.Period", "10ms"), 100, "100", "6000");
        List<String> notes = r.profile.meta().sampling();
        System.out.println("typed length: " + notes);
        assertTrue(notes.stream().anyMatch(e -> e.contains("incremental walks on") && e.contains("safepoint")), () -> "spin's late polls should attach the probes: " + notes);
        assertTrue(notes.stream().anyMatch(e -> e.contains("sleep from now on") && e.contains("TypedArray.prototype.get length")), () -> "the getter's probe should sleep: " + notes);
        assertTrue(notes.stream().noneMatch(e -> e.contains("root probes switched off for good")), () -> "the other probes should stay: " + notes);
        assertEquals(guestLines(plain("js", program, "100", "6000")), guestLines(r.stdout), "guest output");
    }

    /**
     * {@code Incremental=standby}: the root probes are in the code from the start, counting
     * nothing, and the rule that needs them (here the deep stacks of standby-probes.js's second
     * phase) makes them count without touching the trees. The shallow phase's roots, compiled
     * before, are not invalidated for it, where under the default {@code auto} attaching the probes
     * then invalidates them ("Insert instrumentation wrapper node"). Frames entered on standby (the
     * phase's loop) are uncounted below the counted ones: every incremental walk gives the stack a
     * full walk gives, and the output is unchanged.
     */
    @Test
    void probesOnStandbyStartCountingWithoutRecompiling() throws Exception {
        Assumptions.assumeTrue(ProfileRun.optimizing(), "needs compiled code");
        Path program = js("standby-probes.js");
        Map<String, String> options = Map.of("ccsampler.Period", "1ms", "engine.TraceCompilation", "true");
        Pattern shallowRoots = Pattern.compile("\\b(row|table|shallowPhase)\\b");
        List<String> log = new ArrayList<>();
        Map<String, String> standby = new java.util.HashMap<>(options);
        standby.put("ccsampler.Incremental", "standby");
        Run r = verified("probes on standby", "js", program, standby, log, 100);
        List<String> notes = r.profile.meta().sampling();
        System.out.println("probes on standby: " + notes);
        assertTrue(notes.stream().anyMatch(e -> e.contains("incremental walks on") && e.contains("on standby since sampling started, count from now")),
                        () -> "the deep phase should make the probes on standby count: " + notes);
        List<String> compiled = snapshot(log);
        assertTrue(compiled.stream().anyMatch(l -> l.contains("opt done") && shallowRoots.matcher(l).find()), () -> "the shallow phase should have been compiled: " + compiled.size() + " log lines");
        assertEquals(List.of(), compiled.stream().filter(l -> l.contains("opt inval") && l.contains("instrumentation wrapper")).toList(), "code invalidated to insert wrappers");
        // the same under auto: attaching the probes when the rule fires invalidated the shallow
        // phase's code until 2026-12-04; now they go into the deep stack's roots alone, and the
        // shallow phase keeps its code
        List<String> autoLog = new ArrayList<>();
        Run auto = runInContexts(1, "js", program, options, autoLog);
        assertTrue(auto.profile.meta().sampling().stream().anyMatch(e -> e.contains("incremental walks on") && e.contains("deep stack's frames alone")), () -> "auto: " + auto.profile.meta().sampling());
        List<String> autoCompiled = snapshot(autoLog);
        assertTrue(autoCompiled.stream().anyMatch(l -> l.contains("opt done") && shallowRoots.matcher(l).find()), () -> "auto: the shallow phase should have been compiled");
        assertEquals(List.of(), autoCompiled.stream().filter(l -> l.contains("opt inval") && l.contains("instrumentation wrapper") && shallowRoots.matcher(l).find()).toList(),
                        "under auto the attachment should leave the shallow phase's code alone");
        String expected = guestLines(plain("js", program));
        assertEquals(expected, guestLines(r.stdout), "guest output on standby");
        assertEquals(expected, guestLines(auto.stdout), "guest output under auto");
    }

    private static List<String> snapshot(List<String> log) {
        synchronized (log) {
            return List.copyOf(log);
        }
    }
}
