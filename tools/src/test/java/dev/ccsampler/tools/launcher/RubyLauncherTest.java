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
}
