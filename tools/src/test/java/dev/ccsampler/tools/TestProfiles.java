package dev.ccsampler.tools;

import dev.ccsampler.report.JsonProfileReader;
import org.graalvm.polyglot.Context;

import java.io.IOException;
import java.nio.file.Path;

/** Real saved profiles for the command tests: a JavaScript loop profiled by ccsampler into JSON. */
public final class TestProfiles {

    private TestProfiles() {
    }

    /**
     * Profiles {@code spin(n)} called from a function named {@code caller} for about 300 ms at 1 ms
     * and saves the profile as {@code file}; throws when no sample was taken.
     */
    public static Path spin(Path file, String caller) throws IOException {
        try (Context c = Context.newBuilder("js").option("ccsampler", "true").option("ccsampler.Output", "json")
                        .option("ccsampler.OutputFile", file.toString()).option("ccsampler.Period", "1ms").build()) {
            c.eval("js", "function spin(n) { let x = 1; for (let i = 0; i < n; i++) { x = (x * 31 + i) | 0; } return x; }"
                            + "function " + caller + "() { return spin(10000); }"
                            + "let s = 0; const end = Date.now() + 300; while (Date.now() < end) { s ^= " + caller + "(); } s;");
        }
        if (JsonProfileReader.read(file).totalSamples() == 0) {
            throw new IllegalStateException("the fixture run took no samples: " + file);
        }
        return file;
    }
}
