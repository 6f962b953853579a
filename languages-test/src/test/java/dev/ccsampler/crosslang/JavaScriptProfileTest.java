package dev.ccsampler.crosslang;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** ccsampler on real GraalJS programs. */
class JavaScriptProfileTest {

    @TempDir
    Path tmp;

    static Path example(String name) {
        return Path.of(System.getProperty("maven.multiModuleProjectDirectory", "..")).resolve("examples").resolve(name);
    }

    @Test
    void knownSplitIsOrderedAndOutputUnchanged() throws Exception {
        ProfileRun.Guest plain = ProfileRun.plain("js", example("known-split.js"), "400");
        ProfileRun r = ProfileRun.run("js", example("known-split.js"), tmp, Map.of("ccsampler.Period", "1ms"), "400");
        assertEquals(0, plain.exitStatus(), plain.stderr());
        assertTrue(plain.stdout().startsWith("done 400 rounds"), plain.stdout());
        assertEquals(plain.exitStatus(), r.exitStatus, r.stderr);
        assertEquals(plain.stdout(), r.stdout, "the profiler changed the guest's output");
        Map<String, Double> s = r.shares("alpha", "beta", "gamma");
        System.out.println("JS known split 60/30/10 measured by ccsampler: " + s + " accounting " + r.profile.accounting().summaryLine());
        assertTrue(r.profile.totalSamples() > 100, "too few samples: " + r.profile.totalSamples());
        // a fresh run includes warm-up, where the true split is not 6:3:1 (see CpuSamplerSideBySideTest
        // for the steady-state accuracy): only the hottest function is asserted here. Margin: alpha
        // is 60 % by construction against 30 and 10; runs by hand gave it 50-59 %
        assertTrue(s.get("alpha") > s.get("beta") && s.get("alpha") > s.get("gamma"), s.toString());
    }
}
