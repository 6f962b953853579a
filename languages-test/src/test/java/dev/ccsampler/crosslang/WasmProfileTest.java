package dev.ccsampler.crosslang;

import dev.ccsampler.CCSampler;
import dev.ccsampler.ccmap.MethodInfo;
import dev.ccsampler.ccmap.ProfileSnapshot;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.io.ByteSequence;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * ccsampler on GraalWasm: a module built in the test from text format by Debian's {@code wat2wasm}
 * (wabt; {@code bin/install-test-deps} installs it) with a name section, so frames carry the
 * functions' names.
 */
class WasmProfileTest {

    @TempDir
    Path tmp;

    /** Builds {@code known_split.wat} into a binary module with its name section. */
    private Path build() throws Exception {
        Path wasm = tmp.resolve("known_split.wasm");
        String wat2wasm = Files.isExecutable(Path.of("/usr/bin/wat2wasm")) ? "/usr/bin/wat2wasm" : "wat2wasm";
        Process p = new ProcessBuilder(wat2wasm, "--debug-names", GraalPyProfileTest.resource("known_split.wat").toString(), "-o", wasm.toString()).redirectErrorStream(true)
                        .start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "wat2wasm hung"); // a hang guard
        assertEquals(0, p.exitValue(), "wat2wasm (Debian package wabt): " + out);
        return wasm;
    }

    @Test
    void wasmFunctionsAreProfiledByTheirNames() throws Exception {
        Path wasm = build();
        Map<String, Long> self = new HashMap<>();
        ProfileSnapshot s;
        int plain;
        try (Engine engine = Engine.create(); Context c = Context.newBuilder("wasm").engine(engine).build()) {
            Source src = Source.newBuilder("wasm", ByteSequence.create(Files.readAllBytes(wasm)), "known_split.wasm").build();
            Value module = c.eval(src);
            Value run = module.newInstance().getMember("exports").getMember("run");
            plain = run.execute(20).asInt(); // warm-up, and the reference result
            CCSampler sampler = CCSampler.find(engine);
            sampler.setPeriod(Duration.ofMillis(1));
            sampler.setCollecting(true);
            int profiled = run.execute(20).asInt();
            for (int i = 0; i < 100; i++) {
                assertEquals(profiled, run.execute(20).asInt(), "the same result with the profiler on");
            }
            sampler.setCollecting(false);
            assertEquals(plain, profiled, "the profiler changed the module's result");
            s = sampler.takeSnapshot();
        }
        assertTrue(s.accounting().balanced(), s.accounting().summaryLine());
        for (MethodInfo m : s.methods()) {
            self.merge(m.name(), s.methodStats().get(m.id()).selfSum(), Long::sum);
        }
        MethodInfo alpha = s.methods().stream().filter(m -> m.name().equals("alpha")).findFirst()
                        .orElseThrow(() -> new AssertionError("no frame named alpha (from the name section): " + s.methods()));
        assertEquals("wasm", alpha.language());
        assertTrue(s.methods().stream().anyMatch(m -> m.name().equals("run")), s.methods().toString());
        long a = self.getOrDefault("alpha", 0L);
        long b = self.getOrDefault("beta", 0L);
        long g = self.getOrDefault("gamma", 0L);
        double sum = a + b + g;
        System.out.printf("Wasm known split 60/30/10, steady state, 1 ms: %.1f / %.1f / %.1f; %s%n", 100 * a / sum, 100 * b / sum, 100 * g / sum, s.accounting().summaryLine());
        // Margin: 60 / 30 / 10 by construction; only the order of the 60 and the 10 is asserted
        assertTrue(a > g, "alpha above gamma: " + self);
    }
}
