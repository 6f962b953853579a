package dev.ccsampler.crosslang;

import dev.ccsampler.ccmap.ContextNode;
import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.ccmap.ThreadProfile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** ccsampler on GraalPy, and on a polyglot JavaScript → Python program. */
class GraalPyProfileTest {

    @TempDir
    Path tmp;

    static Path resource(String name) {
        return Path.of("src/test/resources/crosslang").resolve(name).toAbsolutePath();
    }

    @Test
    void pythonKnownSplitMatchesItsOwnTiming() throws Exception {
        // every tick walked: this is about Python frames, not the budget, and under heavy load the
        // budget thinned a run to few heavily weighted walks (alpha/beta/gamma came out 22/55/23 once)
        ProfileRun r = ProfileRun.run("python", resource("known_split.py"), tmp, Map.of("ccsampler.Period", "1ms", "ccsampler.CostBudget", "100"));
        assertEquals(0, r.exitStatus, r.stderr);
        assertTrue(r.stdout.startsWith("done 60"), r.stdout);
        Map<String, Double> s = r.shares("alpha", "beta", "gamma");
        // the run is short and mostly warm-up, where the split is not 6:3:1 and differs from run to
        // run (gamma 10.5-30.3 % of the samples in runs of 2026-11-28): the program times each call
        // and the profile is judged against that. Until then the test asserted that gamma had the
        // smallest share, and a run whose gamma stayed interpreted longer failed it
        java.util.regex.Matcher timing = java.util.regex.Pattern.compile("timed ns (\\d+) (\\d+) (\\d+)").matcher(r.stdout);
        assertTrue(timing.find(), r.stdout);
        double[] ns = {Double.parseDouble(timing.group(1)), Double.parseDouble(timing.group(2)), Double.parseDouble(timing.group(3))};
        double all = ns[0] + ns[1] + ns[2];
        String[] names = {"alpha", "beta", "gamma"};
        System.out.printf("Python known split measured by ccsampler: %s; timed %.1f / %.1f / %.1f; %s%n", s, 100 * ns[0] / all, 100 * ns[1] / all, 100 * ns[2] / all,
                        r.profile.accounting().summaryLine());
        Map<String, Long> self = r.selfByName();
        assertTrue(self.getOrDefault("alpha", 0L) > 0 && self.getOrDefault("beta", 0L) > 0 && self.getOrDefault("gamma", 0L) > 0, self.toString());
        // several hundred samples: the standard error of a share is about 2 points; 10 points is
        // far from chance and far from a frame-attribution bug (which moves tens of points)
        for (int i = 0; i < 3; i++) {
            double timed = 100 * ns[i] / all;
            double sampled = s.get(names[i]);
            assertEquals(timed, sampled, 10, names[i] + "'s share against its own timing: " + s);
        }
        assertTrue(r.profile.methods().stream().anyMatch(m -> m.language().equals("python") && m.name().equals("alpha") && m.source().equals("known_split.py") && m.line() == 4),
                        "python frames carry language, name, file and line: " + r.profile.methods());
    }

    /**
     * GraalPy fires its functions' root events only when statements are instrumented too; the
     * sampler asks for them (creating no node) whenever its root probes attach. Without that the
     * probes count no Python frame, so every walk is full and WaitedTicks=top sees no Python
     * function on top: frames walked per sample equalled the frames per sample (5.2 of 5.2).
     */
    @Test
    void pythonFunctionsAreCountedByTheRootProbes() throws Exception {
        Path program = java.nio.file.Files.writeString(tmp.resolve("calls.py"), """
                        def k(n):
                            x = 0
                            for i in range(n):
                                x = (x * 31 + i) & 0xffff
                            return x
                        def h(n):
                            return k(n) + 1
                        def g(n):
                            return h(n) + 1
                        def down(d, n):
                            if d == 0:
                                return g(n)
                            return down(d - 1, n) + 1
                        s = 0
                        for j in range(15):
                            s += down(20, 2000000)
                        print("done", s)
                        """);
        ProfileRun r = ProfileRun.run("python", program, tmp, Map.of("ccsampler.Period", "1ms", "ccsampler.CostBudget", "100", "ccsampler.Incremental", "true"));
        assertEquals(0, r.exitStatus, r.stderr);
        assertTrue(r.stdout.startsWith("done "), r.stdout);
        var a = r.profile.accounting();
        System.out.println("Python down^21 -> g -> h -> k with incremental walks: " + a.summaryLine());
        assertTrue(a.samples() >= 50, () -> "too few samples to judge: " + a.summaryLine());
        // k's loop is on top almost always, below it h, g, 21 frames of down and the module: counted, they are
        // not walked again. The recursion keeps the ratio clear of the shallow samples of a short run: with
        // g -> h -> k alone (4 frames), a CI run of 398 samples read 1.6 walked of 2.5 (local runs 1.2 of 4.0);
        // with it, 4.3 of 20.3 against 22.7 of 22.7 with incremental walks off. Each descent works for
        // milliseconds even compiled in a warm JVM (15 of 2 million iterations, about 30 ms each after
        // other test classes): the earlier 1 500 of 20 000 took about 1 ms each there, as long as the
        // period, so the stack was often rebuilt between two samples and full walks were right (21 % of
        // the frames walked after four other classes, 76-90 % seen once in another order)
        assertTrue(a.framesWalked() * 10 < a.frames() * 6, () -> "Python frames should be counted, so walks stop early: " + a.summaryLine());
        assertTrue(r.selfByName().getOrDefault("k", 0L) > 0, r.selfByName().toString());
    }

    /**
     * Bursts count Python calls per context (docs/bursting.md): the shape of BurstTest's Pace
     * program, written in Python. viaA calls mid once, viaB twice; every mid calls f 3 times and g
     * once. Bounds as there: ±25 % of each true ratio. RR 2 rather than the default 10: the RR
     * weighting is BurstTest's subject; here each burst counts twice instead of ten times, so a
     * loaded machine that walks less still has enough bursts (the full suite once counted 207 calls
     * of viaA against 293 of viaB, where a quiet run counts about 1 700 of each). The probes stay
     * ({@code BurstDetach=false}): with the default they left after the first two seconds or so,
     * and the few bursts before that gave ratios 1.5-3.1 for the true 2 (a fresh-clone CI run
     * failed at 3.08, 2026-12-01); kept, nine runs read f:g 2.95-3.08 and viaB:viaA 1.99-2.04,
     * so 1 500 iterations do (3 000 before).
     */
    @Test
    void pythonCallCountsPerContextFromBursts() throws Exception {
        Path program = java.nio.file.Files.writeString(tmp.resolve("frequencies.py"), """
                        def f(n):
                            x = 0
                            for i in range(n):
                                x = (x + i) & 0xff
                            return x
                        def g(n):
                            x = 0
                            for i in range(4 * n):
                                x = (x ^ i) & 0xff
                            return x
                        def mid(n):
                            return f(n) + f(n) + f(n) + g(n)
                        def viaA(n):
                            return mid(n)
                        def viaB(n):
                            return mid(n) + mid(n)
                        s = 0
                        for j in range(1500):
                            s = (s + viaA(200) + viaB(200)) & 0xffff
                        print("done", s)
                        """);
        ProfileRun r = ProfileRun.run("python", program, tmp, Map.of("ccsampler.Period", "1ms", "ccsampler.CostBudget", "100", "ccsampler.Burst", "true",
                        "ccsampler.BurstRR", "2", "ccsampler.BurstDetach", "false"));
        assertEquals(0, r.exitStatus, r.stderr);
        assertTrue(r.stdout.startsWith("done "), r.stdout);
        assertTrue(r.profile.hasCallCounts(), "bursting on gives call counts");
        Map<String, Long> e = BurstTest.callsByEdge(r.profile);
        System.out.println("Python call counts from bursts: " + e);
        BurstTest.assertRatio(3, BurstTest.calls(e, "viaA;mid;f"), BurstTest.calls(e, "viaA;mid;g"), "f:g under viaA", e);
        BurstTest.assertRatio(3, BurstTest.calls(e, "viaB;mid;f"), BurstTest.calls(e, "viaB;mid;g"), "f:g under viaB", e);
        BurstTest.assertRatio(2, BurstTest.calls(e, "viaB;mid"), BurstTest.calls(e, "viaA;mid"), "mid under viaB:viaA", e);
        // every call is under the module: GraalPy's bytecode interpreter polls at its root node in loops too, and a
        // walk once took the module's loop for its return, so that bursts replayed its later calls at the thread root
        List<String> rootless = e.keySet().stream().filter(k -> k.startsWith("viaA") || k.startsWith("viaB") || k.startsWith("mid")).toList();
        assertTrue(rootless.isEmpty(), "calls outside <module>: " + rootless + " in " + e);
    }

    @Test
    void polyglotCallShowsOneMixedStack() throws Exception {
        ProfileRun r = ProfileRun.run("js", resource("polyglot.js"), tmp, Map.of("ccsampler.Period", "1ms"));
        assertEquals(0, r.exitStatus, r.stderr);
        assertTrue(r.stdout.contains("polyglot done"), r.stdout);
        ProfileSnapshot p = r.profile;
        AtomicLong mixed = new AtomicLong();
        for (ThreadProfile t : p.threads()) {
            ProfileSnapshot.forEachNode(t.root(), n -> {
                if (n.self() > 0 && p.method(n.method()).name().equals("pyWork")) {
                    List<ContextNode> path = ProfileSnapshot.path(n);
                    boolean jsCaller = path.stream().anyMatch(f -> p.method(f.method()).language().equals("js") && p.method(f.method()).name().equals("jsOuter"));
                    assertEquals("python", p.method(n.method()).language());
                    if (jsCaller) {
                        mixed.addAndGet(n.self());
                    }
                }
            });
        }
        assertTrue(mixed.get() > 10, "samples in pyWork under jsOuter in one stack: " + mixed.get());
    }
}
