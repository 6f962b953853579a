package dev.ccsampler.tools.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.ccsampler.tools.launcher.LauncherProcess.Result;

/** GraalPy's own launcher, as bin/ccsampler-python starts it, on our class path. */
class GraalPyLauncherTest {

    static final String GRAALPY_MAIN = "com.oracle.graal.python.shell.GraalPythonMain";

    @TempDir Path dir;

    /**
     * A runaway recursion's error: the message and a short stack, not one line per frame (6 800
     * lines of {@code at <python> f(...)} before 2026-11-28).
     */
    @Test
    void aRunawayRecursionPrintsAShortStack() throws Exception {
        Path file = dir.resolve("runaway.py");
        Files.writeString(file, "def f(n):\n    return f(n + 1) + 1\nf(0)\n");
        // C2 too: GraalPy's interpreter recurses to the limit, 10 s with it, 17 s with C1 alone
        Result r = LauncherProcess.run(dir, LauncherProcess.currentJvmFlags(), "dev.ccsampler.tools.Main", List.of("run", "--ccsampler", file.toString()));
        assertEquals(1, r.status(), r::toString);
        assertTrue(r.stderr().contains("RecursionError: maximum recursion depth exceeded"), r::toString);
        assertTrue(r.stderr().contains("more times)"), r::toString);
        long frames = r.stderr().lines().filter(l -> l.startsWith("\tat <python> f(")).count();
        assertTrue(frames <= 4, () -> frames + " lines of f: " + r);
        assertTrue(r.stdout().contains("ccsampler histogram"), "the profile still comes: " + r);
    }

    @Test
    void runsAPythonFileWithAToolAndKeepsItsExitStatus() throws Exception {
        Path file = dir.resolve("prog.py");
        Files.writeString(file, """
                        import sys
                        def work(n):
                            return n if n < 2 else work(n - 1) + work(n - 2)
                        print("python-says", sys.argv[1:], work(15))
                        sys.exit(4)
                        """);
        Result r = LauncherProcess.run(dir, GRAALPY_MAIN, List.of("--cpusampler", file.toString(), "arg1"));
        assertEquals(4, r.status(), r::toString);
        assertTrue(r.stdout().contains("python-says ['arg1'] 610"), r::toString);
        assertTrue(r.stdout().contains("Sampling Histogram"), r::toString);
        // `ccsampler run` gives the program the same sys.argv (before 2026-11-27 it left the script
        // out, so sys.argv[1:] lost the first argument)
        Result run = LauncherProcess.ccsampler(dir, "run", file.toString(), "arg1");
        assertEquals(4, run.status(), run::toString);
        assertTrue(run.stdout().contains("python-says ['arg1'] 610"), run::toString);
    }
}
