package dev.ccsampler.crosslang;

import dev.ccsampler.CCSampler;
import dev.ccsampler.ccmap.Accounting;
import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.ccmap.ThreadProfile;
import dev.ccsampler.report.Format;
import dev.ccsampler.report.JsonProfileReader;
import dev.ccsampler.report.ReportOptions;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.Source;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The embedding API on one engine shared by several contexts and threads. */
class EngineWideTest {

    @TempDir
    Path tmp;

    @Test
    void severalContextsAndThreadsThroughTheService() throws Exception {
        Source busy = Source.newBuilder("js", GraalPyProfileTest.resource("busy.js").toFile()).build();
        try (Engine engine = Engine.newBuilder().build()) {
            CCSampler sampler = CCSampler.find(engine);
            assertFalse(sampler.isCollecting());
            sampler.setPeriod(Duration.ofMillis(1));
            sampler.setCollecting(true);
            assertThrows(IllegalStateException.class, () -> sampler.setPeriod(Duration.ofMillis(5)), "period changes only while stopped");
            List<Thread> threads = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                Thread t = new Thread(() -> {
                    try (Context c = Context.newBuilder("js").engine(engine).build()) {
                        c.eval(busy);
                    }
                }, "worker-" + i);
                threads.add(t);
                t.start();
            }
            Thread.sleep(300);
            ProfileSnapshot mid = sampler.takeSnapshot();
            assertTrue(mid.accounting().balanced(), "a snapshot while running balances with in-flight requests: " + mid.accounting().summaryLine());
            for (Thread t : threads) {
                t.join();
            }
            sampler.setCollecting(false);
            ProfileSnapshot s = sampler.takeSnapshot();
            Accounting a = s.accounting();
            assertEquals(0, a.inFlight(), a.summaryLine());
            assertTrue(a.balanced(), a.summaryLine());
            Set<Integer> contexts = new HashSet<>();
            Set<String> busyThreads = new HashSet<>();
            for (ThreadProfile t : s.threads()) {
                assertTrue(t.accounting().balanced(), t.threadName() + ": " + t.accounting().summaryLine());
                if (t.root().total() > 20) {
                    contexts.add(t.context());
                    busyThreads.add(t.threadName());
                }
            }
            assertEquals(Set.of("worker-0", "worker-1", "worker-2"), busyThreads, "every busy thread has samples");
            // each worker ran its own context, which closed: folded into the thread's tree of closed contexts
            assertEquals(Set.of(-1), contexts, "the workers' contexts closed and were folded");
            assertTrue(s.totalSamples() >= mid.totalSamples());

            sampler.setPeriod(Duration.ofMillis(2));
            assertEquals(Duration.ofMillis(2), sampler.getPeriod());
            Path json = tmp.resolve("engine.json");
            CCSampler.write(s, Format.JSON, ReportOptions.DEFAULT.withSummariseThreads(true), json);
            ProfileSnapshot merged = JsonProfileReader.read(json);
            assertEquals(1, merged.threads().size());
            assertEquals(s.totalSamples(), merged.totalSamples());
            assertTrue(Files.size(json) > 0);

            sampler.clear();
            assertEquals(0, sampler.takeSnapshot().totalSamples(), "clear forgets the samples");
        }
    }

    /** An embedder that closes the service before the engine: the engine's shutdown must not fail on it. */
    @Test
    void closingTheServiceBeforeTheEngine() {
        var err = new java.io.ByteArrayOutputStream();
        Engine engine = Engine.newBuilder().err(err).option("ccsampler", "true").option("ccsampler.Output", "json")
                        .option("ccsampler.OutputFile", tmp.resolve("closed.json").toString()).build();
        CCSampler sampler = CCSampler.find(engine);
        try (Context c = Context.newBuilder("js").engine(engine).build()) {
            c.eval("js", "let s = 0; for (let i = 0; i < 100000; i++) { s += i; } s;");
        }
        sampler.close();
        assertThrows(IllegalStateException.class, () -> sampler.setCollecting(true));
        sampler.setCollecting(false); // stopping a closed sampler does nothing
        engine.close();
        assertFalse(err.toString().contains("Exception"), err.toString());
        assertTrue(Files.exists(tmp.resolve("closed.json")), "the run-end profile is still written");
    }
}
