package dev.ccsampler.tools.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
        Result plain = LauncherProcess.ccsampler(dir, "run", program.toString(), "20");
        assertEquals(0, plain.status(), plain::toString);
        assertTrue(plain.stdout().startsWith("done 20 rounds, checksum "), plain::toString);
        Result r = LauncherProcess.ccsampler(dir, "run", "--ccsampler", "--ccsampler.Period=1ms", program.toString(), "20");
        assertEquals(0, r.status(), r::toString);
        assertTrue(r.stdout().startsWith(plain.stdout().lines().findFirst().orElseThrow()), "the guest's output comes first and is unchanged: " + r);
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
}
