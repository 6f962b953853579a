package dev.ccsampler.tools.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.ccsampler.tools.launcher.LauncherProcess.Result;

/** {@code ccsampler run file.rb} in a child JVM: TruffleRuby is found by the file name and profiled. */
class RubyLauncherTest {

    @TempDir Path dir;

    @Test
    void rubyProgramRunsAndIsProfiledByFileName() throws Exception {
        Path program = Path.of(System.getProperty("maven.multiModuleProjectDirectory", "..")).resolve("languages-test/src/test/resources/crosslang/known_split.rb").toAbsolutePath();
        // the checksum TruffleRuby prints without a profiler (exact integer arithmetic, worked out
        // once: a run without a profiler cost this test 10 s; rubyExitsAtExitHooks... runs some)
        Result r = LauncherProcess.ccsampler(dir, "run", "--ccsampler", "--ccsampler.Period=1ms", program.toString(), "20");
        assertEquals(0, r.status(), r::toString);
        assertTrue(r.stdout().startsWith("done 20 rounds, checksum 402955964\n"), "the guest's output comes first and is unchanged: " + r);
        assertTrue(r.stdout().contains("ccsampler histogram:") && r.stdout().contains("Object#alpha (known_split.rb:4)"), r::toString);
    }

    @Test
    void rubyThreadsAndDollarZeroAreAsUnderTruffleRubysOwnLauncher() throws Exception {
        // an embedded TruffleRuby is single-threaded: before 2026-11-27 `run` built such a context
        // and Thread.new failed ("threads not allowed in single-threaded mode")
        Path program = dir.resolve("threads.rb");
        java.nio.file.Files.writeString(program, """
                        def spin(n); s = 0; n.times { |i| s += i % 7 }; s; end
                        if __FILE__ == $0 # $0 was "-" before 2026-11-27, and this block did not run
                          workers = 2.times.map { |k| Thread.new { spin(2_000_000 + k) } }
                          puts "sum #{workers.map(&:value).sum}"
                        end
                        """);
        Result r = LauncherProcess.ccsampler(dir, "run", "--ccsampler", "--ccsampler.Period=1ms", program.toString());
        assertEquals(0, r.status(), r::toString);
        assertTrue(r.stdout().startsWith("sum 11999992\n"), r::toString);
        assertTrue(r.stdout().contains("Thread Ruby Thread"), () -> "the worker threads are profiled: " + r);
        // an explicit value still wins, as with TruffleRuby's launcher
        Result embedded = LauncherProcess.ccsampler(dir, "run", "--experimental-options", "--ruby.embedded=true", program.toString());
        assertTrue(embedded.status() != 0 && embedded.stderr().contains("single-threaded"), embedded::toString);
    }

    /**
     * A Ruby file runs through {@code Truffle::Boot.main}, as under TruffleRuby's own launcher.
     * Evaluated as a plain source before 2026-12-01, {@code exit!(6)} escaped as an internal error
     * (a Java stack trace, status 1) and an uncaught exception was printed in the polyglot format.
     */
    @Test
    void rubyExitsAtExitHooksAndErrorsAreAsUnderTruffleRubysOwnLauncher() throws Exception {
        Path program = dir.resolve("exits.rb");
        java.nio.file.Files.writeString(program, """
                        at_exit { puts "at_exit ran" }
                        def spin(n); s = 0; n.times { |i| s += i % 7 }; s; end
                        def f(n) = n == 0 ? raise(ArgumentError, "boom") : f(n - 1)
                        puts "spun #{spin(300_000)}"
                        case ARGV[0]
                        when "bang" then exit!(6)
                        when "raise" then f(3)
                        when "interrupt" then raise Interrupt
                        end
                        """);
        Result bang = LauncherProcess.ccsampler(dir, "run", "--ccsampler", "--ccsampler.Period=1ms", program.toString(), "bang");
        assertEquals(6, bang.status(), bang::toString);
        assertFalse(bang.stdout().contains("at_exit ran"), () -> "exit! skips at_exit hooks: " + bang);
        assertTrue(bang.stdout().contains("Object#spin (exits.rb:2)"), () -> "the profile is written: " + bang);
        assertFalse(LauncherProcess.hasJavaStackTrace(bang.stderr()) || bang.stderr().contains("ExitException"), bang::toString);

        Result raised = LauncherProcess.ccsampler(dir, "run", program.toString(), "raise");
        assertEquals(1, raised.status(), raised::toString);
        assertTrue(raised.stdout().contains("at_exit ran"), raised::toString);
        assertTrue(raised.stderr().contains("exits.rb:3:in `f': boom (ArgumentError)"), () -> "Ruby's own format: " + raised);
        assertTrue(raised.stderr().contains("exits.rb:7:in `<main>'") && !raised.stderr().contains("main_boot_source"), raised::toString);

        Result interrupted = LauncherProcess.ccsampler(dir, "run", program.toString(), "interrupt");
        assertEquals(130, interrupted.status(), () -> "an uncaught Interrupt ends as SIGINT does (128 + 2): " + interrupted);
    }
}
