package dev.ccsampler.tools.launcher;

import static dev.ccsampler.tools.launcher.LauncherProcess.ccsampler;
import static dev.ccsampler.tools.launcher.LauncherProcess.hasJavaStackTrace;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.ccsampler.tools.GuestThread;
import dev.ccsampler.tools.launcher.LauncherProcess.Result;

/**
 * {@code ccsampler run} in a real child JVM: what a user types, what the guest prints, the status
 * the shell sees. GraalVM's cpusampler stands in for our instrument in the profiler cases: the
 * launcher must not care which tool it runs.
 */
class RunLauncherTest {

    /** Prints its arguments; exits with the status in its first argument, or throws with "throw". */
    private static final String PROGRAM = """
                    function work(n) { return n < 2 ? n : work(n - 1) + work(n - 2); }
                    console.log("guest-says " + JSON.stringify(arguments) + " " + work(18));
                    if (arguments[0] === "throw") { throw new Error("guest-boom"); }
                    if (/^[0-9]+$/.test(arguments[0])) { quit(Number(arguments[0])); }
                    """;

    @TempDir Path dir;

    private Path program(String name) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, PROGRAM);
        return file;
    }

    @Test
    void guestOutputAndArgumentsPassThroughAndNormalEndIsZero() throws Exception {
        Result r = ccsampler(dir, "run", program("args.js").toString(), "--not-an-option", "two words");
        assertEquals(0, r.status(), r::toString);
        assertTrue(r.stdout().contains("guest-says [\"--not-an-option\",\"two words\"] 2584"), r::toString);
        assertFalse(hasJavaStackTrace(r.stderr()), r::toString);
    }

    @Test
    void guestExitStatusIsTheSameWithAndWithoutAProfiler() throws Exception {
        String file = program("exit.js").toString();
        // quit() is a js shell builtin: on by default, as with GraalJS's launcher (before
        // 2026-11-27 it needed --experimental-options --js.shell, and a program that quit(3) ended 1)
        Result plain = ccsampler(dir, "run", file, "3");
        assertEquals(3, plain.status(), plain::toString);
        assertTrue(plain.stdout().contains("guest-says [\"3\"]"), plain::toString);
        // the short option form --shell works because js is the language; off, quit is not defined
        Result off = ccsampler(dir, "run", "--experimental-options", "--shell=false", file, "3");
        assertEquals(1, off.status(), off::toString);
        assertTrue(off.stderr().contains("quit is not defined"), off::toString);

        Result profiled = ccsampler(dir, "run", "--experimental-options", "--js.shell", "--cpusampler", file, "3");
        assertEquals(3, profiled.status(), profiled::toString);
        assertTrue(profiled.stdout().contains("guest-says [\"3\"]"), profiled::toString);
        // The context was closed before the exit, so the tool wrote its report.
        assertTrue(profiled.stdout().contains("Sampling Histogram"), profiled::toString);

        Result ours = ccsampler(dir, "run", "--experimental-options", "--js.shell", "--ccsampler", "--ccsampler.Period=1ms", file, "3");
        assertEquals(3, ours.status(), ours::toString);
        assertTrue(ours.stdout().contains("guest-says [\"3\"]"), ours::toString);
        assertTrue(ours.stdout().contains("ccsampler histogram"), ours::toString);
        assertTrue(ours.stdout().matches("(?s).*ticks requested (\\d+) = taken \\d+ \\+ late \\d+ \\+ dropped \\d+ \\+ failed \\d+ \\+ skipped \\d+;.*"), ours::toString);
    }

    @Test
    void uncaughtGuestErrorGivesStatusOneAndAGuestStackWithAndWithoutAProfiler() throws Exception {
        String file = program("throw.js").toString();
        for (List<String> options : List.of(List.<String> of(), List.of("--cpusampler"))) {
            List<String> args = new ArrayList<>(List.of("run"));
            args.addAll(options);
            args.add(file);
            args.add("throw");
            Result r = ccsampler(dir, args.toArray(String[]::new));
            assertEquals(1, r.status(), r::toString);
            assertTrue(r.stderr().contains("Error: guest-boom"), r::toString);
            assertTrue(r.stderr().contains("at <js> :program"), r::toString);
            assertFalse(hasJavaStackTrace(r.stderr()), r::toString);
        }
    }

    @Test
    void deepGuestRecursionRunsOnABigStackUnlessTheUserGaveOne() throws Exception {
        Path file = dir.resolve("deep.js");
        Files.writeString(file, "function d(n) { return n === 0 ? 0 : 1 + d(n - 1); }\nconsole.log('depth ' + d(Number(arguments[0])));\n");
        List<String> flags = new ArrayList<>(LauncherProcess.childJvmFlags());
        flags.removeIf(f -> f.startsWith("-Xss") || f.startsWith("-XX:ThreadStackSize="));
        // 15 000 nested JS calls (Node.js allows about 10 000) need tens of MB of Java stack in the
        // interpreter; the JVM's default 1 MB overflows at about 600
        Result big = LauncherProcess.run(dir, flags, "dev.ccsampler.tools.Main", List.of("run", "--ccsampler", "--ccsampler.Period=1ms", file.toString(), "15000"));
        assertEquals(0, big.status(), big::toString);
        assertTrue(big.stdout().contains("depth 15000"), big::toString);
        assertTrue(big.stdout().contains("ccsampler histogram"), big::toString);

        flags.add("-Xss1m");
        Result given = LauncherProcess.run(dir, flags, "dev.ccsampler.tools.Main", List.of("run", file.toString(), "15000"));
        assertEquals(1, given.status(), given::toString);
        assertTrue(given.stderr().contains("RangeError: Maximum call stack size exceeded"), given::toString);
        assertFalse(hasJavaStackTrace(given.stderr()), given::toString);
    }

    @Test
    void requireWithoutCommonJsSaysWhichOptionsTurnItOn() throws Exception {
        Files.writeString(dir.resolve("lib.js"), "exports.twice = (x) => x * 2;\n");
        Path main = Files.writeString(dir.resolve("uses-require.js"), "console.log('twice ' + require('./lib.js').twice(21));\n");
        Result off = ccsampler(dir, "run", main.toString());
        assertEquals(1, off.status(), off::toString);
        assertTrue(off.stderr().contains("require is not defined") && off.stderr().contains(RunLauncher.REQUIRE_HINT), off::toString);
        Result on = ccsampler(dir, "run", "--experimental-options", "--js.commonjs-require", "--ccsampler", main.toString());
        assertEquals(0, on.status(), on::toString);
        assertTrue(on.stdout().contains("twice 42") && on.stdout().contains("ccsampler histogram"), on::toString);
        assertFalse(on.stderr().contains(RunLauncher.REQUIRE_HINT), on::toString);
    }

    @Test
    void aRunawayRecursionsFramesAreCountedNotPrinted() {
        List<String> frames = new ArrayList<>();
        frames.add("\tat <ruby> Object#f(r.rb:1)");
        for (int i = 0; i < 13651; i++) {
            frames.add("\tat <ruby> Object#f(r.rb:2)");
        }
        frames.add("\tat <ruby> <top (required)>(r.rb:4)");
        assertEquals(List.of("\tat <ruby> Object#f(r.rb:1)", "\tat <ruby> Object#f(r.rb:2)", "\tat <ruby> Object#f(r.rb:2)", "\tat <ruby> Object#f(r.rb:2)",
                        "\t... (the frame above repeated 13648 more times)", "\tat <ruby> <top (required)>(r.rb:4)"), RunLauncher.guestFrameLines(frames));
        // a mutual recursion repeats no line in a row: its head and tail, the rest counted
        List<String> mutual = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            mutual.add("\tat <js> " + (i % 2 == 0 ? "even" : "odd") + "(m.js:1)");
        }
        List<String> lines = RunLauncher.guestFrameLines(mutual);
        assertEquals(RunLauncher.HEAD_LINES + 1 + RunLauncher.TAIL_LINES, lines.size(), lines::toString);
        assertEquals(mutual.subList(0, RunLauncher.HEAD_LINES), lines.subList(0, RunLauncher.HEAD_LINES));
        assertEquals("\t... (" + (1000 - RunLauncher.HEAD_LINES - RunLauncher.TAIL_LINES) + " more lines)", lines.get(RunLauncher.HEAD_LINES));
        // a short stack is as it was
        List<String> shortStack = List.of("\tat <js> a(x.js:1)", "\tat <js> a(x.js:1)", "\tat <js> :program(x.js:2)");
        assertEquals(shortStack, RunLauncher.guestFrameLines(shortStack));
    }

    @Test
    void theGuestStackIsTheUsersWhenTheJvmWasGivenOne() {
        assertEquals(GuestThread.DEFAULT_STACK_BYTES, GuestThread.stackBytes(List.of("-Xmx1g", "-XX:+EnableJVMCI")));
        assertEquals(0, GuestThread.stackBytes(List.of("-Xss16m")));
        assertEquals(0, GuestThread.stackBytes(List.of("-XX:ThreadStackSize=4096")));
    }

    @Test
    void helpToolsListsTheInstalledToolsOptions() throws Exception {
        Result r = ccsampler(dir, "run", "--help:tools");
        assertEquals(0, r.status(), r::toString);
        assertTrue(r.stdout().contains("Tool options:"), r::toString);
        assertTrue(r.stdout().contains("--cpusampler.Period="), r::toString);
        assertTrue(r.stdout().contains("--ccsampler.Period="), r::toString);
        assertTrue(r.stdout().contains("--ccsampler.StackLimit="), r::toString);
    }

    @Test
    void badCcsamplerValuesAreRejectedWithTheLegalForms() throws Exception {
        Result r = ccsampler(dir, "run", "--ccsampler", "--ccsampler.Period=3parsecs", program("bad.js").toString());
        assertNotEquals(0, r.status(), r::toString);
        assertTrue(r.stderr().contains("Invalid duration '3parsecs' for ccsampler.Period: use a number with us, ms, s or m from 100us to 60s"), r::toString);
        assertFalse(r.stdout().contains("guest-says"), r::toString);
        assertFalse(hasJavaStackTrace(r.stderr()), r::toString);
        Result f = ccsampler(dir, "run", "--ccsampler", "--ccsampler.OutputFile=/no/such/dir/p.json", program("bad.js").toString());
        assertNotEquals(0, f.status(), f::toString);
        assertTrue(f.stderr().contains("directory '/no/such/dir' does not exist"), f::toString);
        assertFalse(f.stdout().contains("guest-says"), f::toString);
    }

    @Test
    void badToolOptionValueIsRejectedByTheEngineBeforeTheGuestRuns() throws Exception {
        Result r = ccsampler(dir, "run", "--cpusampler.Period=xyz", program("bad.js").toString());
        assertNotEquals(0, r.status(), r::toString);
        assertTrue(r.stderr().contains("ERROR: Invalid argument --cpusampler.Period=xyz specified."), r::toString);
        assertFalse(r.stdout().contains("guest-says"), r::toString);
        assertFalse(hasJavaStackTrace(r.stderr()), r::toString);
    }

    @Test
    void unknownOptionIsAUsageError() throws Exception {
        Result r = ccsampler(dir, "run", "--no-such-option", program("unknown.js").toString());
        assertEquals(2, r.status(), r::toString);
        assertTrue(r.stderr().contains("Unrecognized argument: '--no-such-option'"), r::toString);
        assertFalse(r.stdout().contains("guest-says"), r::toString);
        assertFalse(hasJavaStackTrace(r.stderr()), r::toString);
    }

    @Test
    void experimentalOptionNeedsExperimentalOptions() throws Exception {
        Result r = ccsampler(dir, "run", "--js.commonjs-require", program("experimental.js").toString());
        assertNotEquals(0, r.status(), r::toString);
        assertTrue(r.stderr().contains("'--js.commonjs-require' is experimental and must be enabled via '--experimental-options'"), r::toString);
    }

    @Test
    void langChoosesTheLanguageOfAFileWithAnUnknownName() throws Exception {
        String file = program("program.unknownext").toString();
        Result guessed = ccsampler(dir, "run", file);
        assertEquals(2, guessed.status(), guessed::toString);
        assertTrue(guessed.stderr().contains("Use --lang <id>"), guessed::toString);
        assertTrue(guessed.stderr().contains("js"), guessed::toString);

        Result chosen = ccsampler(dir, "run", "--lang", "js", file, "x");
        assertTrue(chosen.stdout().contains("guest-says [\"x\"]"), chosen::toString);
    }

    @Test
    void missingProgramFileIsAClearError() throws Exception {
        Result r = ccsampler(dir, "run", dir.resolve("absent.js").toString());
        assertEquals(2, r.status(), r::toString);
        assertTrue(r.stderr().contains("No such file"), r::toString);
        assertFalse(hasJavaStackTrace(r.stderr()), r::toString);
    }

    @Test
    void fallbackRuntimeIsReportedOnce() throws Exception {
        List<String> noJvmci = new ArrayList<>();
        for (String flag : LauncherProcess.childJvmFlags()) {
            if (!flag.equals("-XX:+EnableJVMCI") && !flag.startsWith("--upgrade-module-path")) {
                noJvmci.add(flag);
            }
        }
        Result r = LauncherProcess.run(dir, noJvmci, "dev.ccsampler.tools.Main", List.of("run", program("fallback.js").toString()));
        assertEquals(0, r.status(), r::toString);
        assertTrue(r.stdout().contains("guest-says"), r::toString);
        assertEquals(1, r.stderr().split("fallback runtime", -1).length - 1, r::toString);
    }

    /**
     * A program stopped by hand (Ctrl-C, {@code kill}) never closes its engine; the profile is written
     * all the same, from Truffle's VM-shutdown call, and says it was cut short. Before 2026-12-01 only
     * {@code onDispose} wrote it, so nothing was written (GraalVM's sampler wrote its own).
     */
    @Test
    void aProgramStoppedByASignalStillLeavesItsProfile() throws Exception {
        Path file = dir.resolve("forever.js");
        Files.writeString(file, """
                        function spin(n) { let s = 0; for (let i = 0; i < n; i++) { s += i % 7; } return s; }
                        let t = 0;
                        for (let i = 0; i < 300; i++) { t += spin(100000); }
                        console.log("spinning " + (t > 0));
                        while (true) { t += spin(100000); }
                        """);
        Path json = dir.resolve("stopped.json");
        Result toFile = LauncherProcess.ccsamplerStoppedAfter(dir, "spinning", "run", "--ccsampler=json", "--ccsampler.Period=1ms", "--ccsampler.OutputFile=" + json, file.toString());
        assertEquals(143, toFile.status(), toFile::toString); // 128 + SIGTERM, as without a profiler
        assertTrue(toFile.stderr().contains("[ccsampler] Wrote json profile to " + json.toAbsolutePath() + " (the VM shut down before the engine closed"), toFile::toString);
        dev.ccsampler.ccmap.ProfileSnapshot p = dev.ccsampler.report.JsonProfileReader.read(json);
        assertTrue(p.meta().sampling().stream().anyMatch(n -> n.contains("the VM shut down before the engine closed")), () -> p.meta().sampling().toString());
        assertTrue(p.accounting().balanced(), () -> p.accounting().summaryLine());
        assertTrue(p.methods().stream().anyMatch(m -> m.name().equals("spin")), () -> p.methods().toString());
        assertTrue(p.totalSamples() > 0, () -> p.accounting().summaryLine());

        Result toStdout = LauncherProcess.ccsamplerStoppedAfter(dir, "spinning", "run", "--ccsampler", file.toString());
        assertEquals(143, toStdout.status(), toStdout::toString);
        int report = toStdout.stdout().indexOf("ccsampler histogram");
        assertTrue(report > toStdout.stdout().indexOf("spinning"), toStdout::toString);
        assertTrue(toStdout.stdout().contains("the VM shut down before the engine closed"), toStdout::toString);
        assertTrue(toStdout.stdout().substring(report).contains("spin ("), toStdout::toString);
        assertFalse(hasJavaStackTrace(toStdout.stderr()), toStdout::toString);
    }
}
