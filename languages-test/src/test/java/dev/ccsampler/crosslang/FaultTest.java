package dev.ccsampler.crosslang;

import com.sun.net.httpserver.HttpServer;
import dev.ccsampler.CCSampler;
import dev.ccsampler.ccmap.Accounting;
import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.ccmap.ThreadProfile;
import dev.ccsampler.fault.FaultInjection;
import dev.ccsampler.fault.FaultInjection.Point;
import dev.ccsampler.report.JsonProfileReader;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Source;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 10, faults inside the profiler (docs/faults.md): each fault is injected through the
 * test-only {@link FaultInjection} hook into a real Pace run (two guest threads, an exit status of
 * 3), and each test checks that the guest's output and exit status are those of a run without the
 * profiler, that the accounting identity holds in the profile, and that the fault is reported
 * exactly once on the engine's error stream. Then: contexts closed and threads ended while a request
 * is outstanding. The class timeout only turns a hang into a failure.
 */
@Timeout(300)
class FaultTest {

    @TempDir
    static Path tmp;

    static final Path PROGRAM = Path.of("programs").resolve("faults.pace").toAbsolutePath();
    static final String ROUNDS = "3000";

    /** What the guest printed and its exit status without the profiler. */
    static Run plainRun;

    /** One run: the guest's streams and status, the service's final snapshot, the written profile if any. */
    record Run(String stdout, String stderr, int exitStatus, ProfileSnapshot snapshot, ProfileSnapshot written) {
    }

    @BeforeAll
    static void plain() throws Exception {
        plainRun = run(null);
        assertEquals(3, plainRun.exitStatus, plainRun.stderr);
        assertTrue(plainRun.stdout.contains("faults: exiting with 3"), plainRun.stdout);
    }

    /**
     * Runs faults.pace on an engine with {@code options} (none: no profiler), takes the sampler's
     * snapshot once the context is closed, then closes the engine (the instrument writes its report
     * there) and reads the JSON profile back when it was written.
     */
    static Run run(Map<String, String> options) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int[] status = {0};
        ProfileSnapshot[] snapshot = {null};
        SamplingStageTest.onGuestThread("faults.pace", () -> {
            Engine.Builder eb = Engine.newBuilder().allowExperimentalOptions(true).out(out).err(err).option("engine.WarnInterpreterOnly", "false");
            if (options != null) {
                eb.options(options);
            }
            try (Engine engine = eb.build()) {
                try (Context c = Context.newBuilder().engine(engine).allowAllAccess(true).arguments("pace", new String[]{ROUNDS, "3"}).build()) {
                    c.eval(Source.newBuilder("pace", PROGRAM.toFile()).build());
                } catch (PolyglotException e) {
                    if (e.isExit()) {
                        status[0] = e.getExitStatus();
                    } else {
                        status[0] = 1;
                        err.writeBytes(String.valueOf(e.getMessage()).getBytes());
                    }
                }
                if (options != null) {
                    CCSampler sampler = CCSampler.find(engine);
                    sampler.setCollecting(false);
                    snapshot[0] = sampler.takeSnapshot();
                }
            }
        });
        ProfileSnapshot written = null;
        if (options != null && options.containsKey("ccsampler.OutputFile")) {
            Path f = Path.of(options.get("ccsampler.OutputFile"));
            if (Files.exists(f) && Files.size(f) > 0 && Files.readString(f).startsWith("{")) {
                written = JsonProfileReader.read(f);
            }
        }
        return new Run(out.toString(), err.toString(), status[0], snapshot[0], written);
    }

    static Map<String, String> jsonTo(Path file) {
        Map<String, String> o = new LinkedHashMap<>();
        o.put("ccsampler", "json");
        o.put("ccsampler.OutputFile", file.toString());
        o.put("ccsampler.Period", "1ms");
        // every tick walked: the tests count samples, and a cold machine's first walks would
        // otherwise make the cost budget thin a 1 s run to a handful (seen in CI: under 21)
        o.put("ccsampler.CostBudget", "100");
        return o;
    }

    /** How many lines of {@code text} contain {@code fragment}. */
    static int lines(String text, String fragment) {
        int n = 0;
        for (String l : text.split("\n")) {
            if (l.contains(fragment)) {
                n++;
            }
        }
        return n;
    }

    /** The guest is unchanged, the identity holds (per thread, in the snapshot and in the written profile), the fault is reported once. */
    static void assertDegradedCleanly(Run r, String fault) {
        assertEquals(plainRun.stdout, r.stdout, "the guest's output changed");
        assertEquals(plainRun.exitStatus, r.exitStatus, () -> "the guest's exit status changed; stderr: " + r.stderr);
        assertEquals(1, lines(r.stderr, fault), () -> "'" + fault + "' must be reported exactly once; stderr:\n" + r.stderr);
        assertNotNull(r.snapshot);
        assertBalanced(r.snapshot);
        if (r.written != null) {
            assertBalanced(r.written);
        }
    }

    static void assertBalanced(ProfileSnapshot p) {
        for (ThreadProfile t : p.threads()) {
            Accounting a = t.accounting();
            assertTrue(a.balanced() && a.inFlight() == 0, () -> "accounting identity broken for " + t.threadName() + ": " + a.summaryLine());
            assertEquals(a.taken() + a.late(), t.root().total(), () -> "the tree's ticks are the applied ticks for " + t.threadName() + ": " + a.summaryLine());
        }
        assertTrue(p.accounting().balanced(), p.accounting()::summaryLine);
    }

    @Test
    void clockFailureStopsSamplingCleanly() throws Exception {
        Path json = tmp.resolve("clock.json");
        Run r;
        try (FaultInjection.Armed f = FaultInjection.arm(Point.CLOCK, 30, FaultInjection.ALWAYS)) {
            r = run(jsonTo(json));
            assertEquals(1, f.fired(), "the clock stops at its first failure");
        }
        assertDegradedCleanly(r, "The sampling clock failed");
        assertTrue(r.stderr.contains("sampling stopped"), r.stderr);
        Accounting a = r.snapshot.accounting();
        assertTrue(a.samples() > 0, () -> "the samples before the failure are kept: " + a.summaryLine());
        assertNotNull(r.written, "the report is written");
        assertTrue(r.written.meta().warnings().stream().anyMatch(w -> w.contains("The sampling clock failed")), () -> "the report says so: " + r.written.meta().warnings());
    }

    @Test
    void drainFailureOnEverySampleCountsThemFailed() throws Exception {
        Path json = tmp.resolve("drain.json");
        Run r;
        long fired;
        try (FaultInjection.Armed f = FaultInjection.arm(Point.DRAIN, 20, FaultInjection.ALWAYS)) {
            r = run(jsonTo(json));
            fired = f.fired();
        }
        assertTrue(fired > 10, "the drain kept failing: " + fired);
        assertDegradedCleanly(r, "The drain could not apply a sample");
        Accounting a = r.snapshot.accounting();
        assertEquals(20, a.samples(), () -> "only the samples before the fault are in the profile: " + a.summaryLine());
        assertTrue(a.failed() >= fired, () -> fired + " samples the drain could not apply are counted as failed: " + a.summaryLine());
        assertNotNull(r.written, "the report is written");
    }

    @Test
    void drainFailureOnOneSampleLosesOnlyThatSample() throws Exception {
        Path json = tmp.resolve("drain-once.json");
        Run r;
        long hits;
        try (FaultInjection.Armed f = FaultInjection.arm(Point.DRAIN, 20, 1)) {
            r = run(jsonTo(json));
            hits = f.hits();
            assertEquals(1, f.fired());
        }
        assertDegradedCleanly(r, "The drain could not apply a sample");
        Accounting a = r.snapshot.accounting();
        assertTrue(hits > 40, "the drain went on after the failure: " + hits);
        assertEquals(hits - 1, a.samples(), () -> "every sample but the failed one is applied: " + a.summaryLine());
    }

    @Test
    void failingWalksAreCountedAndReportedOnce() throws Exception {
        Path json = tmp.resolve("capture.json");
        Run r;
        long fired;
        try (FaultInjection.Armed f = FaultInjection.arm(Point.CAPTURE, 10, FaultInjection.ALWAYS)) {
            r = run(jsonTo(json));
            fired = f.fired();
        }
        assertTrue(fired > 10, "walks kept failing: " + fired);
        assertDegradedCleanly(r, "A stack walk failed on thread");
        Accounting a = r.snapshot.accounting();
        assertEquals(10, a.samples(), () -> "only the walks before the fault are in the profile: " + a.summaryLine());
        assertTrue(a.failed() >= fired, () -> fired + " failed walks are counted as failed: " + a.summaryLine());
        assertNotNull(r.written, "the report is written");
    }

    @Test
    void fullRingDropsAreCountedAndReportedOnce() throws Exception {
        Path json = tmp.resolve("ring.json");
        Run r;
        long fired;
        try (FaultInjection.Armed f = FaultInjection.arm(Point.RING, 10, FaultInjection.ALWAYS)) {
            r = run(jsonTo(json));
            fired = f.fired();
        }
        assertTrue(fired > 10, "the ring stayed full: " + fired);
        assertDegradedCleanly(r, "was full");
        Accounting a = r.snapshot.accounting();
        assertTrue(a.dropped() >= fired, () -> fired + " samples dropped on a full ring are counted: " + a.summaryLine());
        assertNotNull(r.written, "the report is written");
    }

    @Test
    void reportFailureLeavesTheOldFileAndThePushes() throws Exception {
        Path json = tmp.resolve("report.json");
        Files.writeString(json, "the user's earlier profile");
        AtomicInteger pushes = new AtomicInteger();
        HttpServer server = receiver(pushes, 200);
        try {
            Map<String, String> o = jsonTo(json);
            o.put("ccsampler.PushUrl", "http://127.0.0.1:" + server.getAddress().getPort());
            o.put("ccsampler.PushFormat", "folded");
            Run r;
            try (FaultInjection.Armed f = FaultInjection.arm(Point.REPORT, 0, FaultInjection.ALWAYS)) {
                r = run(o);
                assertEquals(1, f.fired(), "the report failed at its first write");
            }
            assertEquals("the user's earlier profile", Files.readString(json), "a failed write must not clobber the file");
            assertDegradedCleanly(r, "Could not write the json profile");
            assertTrue(r.stderr.contains("was left as it was"), r.stderr);
            assertTrue(pushes.get() >= 1, "the last push is made although the report failed");
            try (var files = Files.list(tmp)) {
                assertTrue(files.noneMatch(p -> p.getFileName().toString().endsWith(".tmp")), "no temporary file is left");
            }
        } finally {
            server.stop(0);
        }
    }

    @Test
    void reporterErrorOnStandardOutputDoesNotReachTheGuest() throws Exception {
        Map<String, String> o = new LinkedHashMap<>();
        o.put("ccsampler", "histogram");
        o.put("ccsampler.Period", "1ms");
        Run r;
        try (FaultInjection.Armed f = FaultInjection.arm(Point.REPORT, 0, FaultInjection.ALWAYS, () -> new StackOverflowError("fault injected in a reporter"))) {
            r = run(o);
            assertEquals(1, f.fired());
        }
        // the histogram goes to the same stream as the guest's output: nothing of it was written
        assertDegradedCleanly(r, "Could not write the histogram profile to standard output");
    }

    @Test
    void pusherErrorDoesNotKillTheReport() throws Exception {
        Path json = tmp.resolve("push.json");
        AtomicInteger pushes = new AtomicInteger();
        HttpServer server = receiver(pushes, 200);
        try {
            Map<String, String> o = jsonTo(json);
            o.put("ccsampler.PushUrl", "http://127.0.0.1:" + server.getAddress().getPort());
            o.put("ccsampler.PushInterval", "100ms");
            Run r;
            long fired;
            try (FaultInjection.Armed f = FaultInjection.arm(Point.PUSH, 0, FaultInjection.ALWAYS, () -> new AssertionError("fault injected in the pusher"))) {
                r = run(o);
                fired = f.fired();
            }
            assertTrue(fired >= 1, "the pusher failed");
            assertDegradedCleanly(r, "Could not push the profile");
            assertEquals(0, pushes.get(), "no push got through");
            assertNotNull(r.written, "the report is written although every push failed");
            assertBalanced(r.written);
        } finally {
            server.stop(0);
        }
    }

    /**
     * Keeps the calling thread on the CPU in host code with {@code context} entered, so that no
     * safepoint of the context is polled, until {@code ticks} more clock ticks were counted for
     * {@code who}; then leaves the context, with the last request still waiting. (Entered: a thread
     * that spins outside its context is, since 2026-12-02, not ticked there once the sampler has
     * seen its requests come back unperformed; see {@code EnteredContexts}.)
     */
    static void spinUntilTicks(CCSampler sampler, String who, long ticks, Context context) {
        long start = requested(sampler.takeSnapshot(), who);
        context.enter();
        try {
            while (requested(sampler.takeSnapshot(), who) < start + ticks) {
                long until = System.nanoTime() + 200_000L;
                while (System.nanoTime() < until) {
                    Thread.onSpinWait(); // RUNNABLE: the clock does not see it idle, so it sends requests
                }
            }
        } finally {
            context.leave();
        }
    }

    static long requested(ProfileSnapshot s, String who) {
        long n = 0;
        for (ThreadProfile t : s.threads()) {
            if (t.threadName().equals(who)) {
                n += t.accounting().requested();
            }
        }
        return n;
    }

    static Accounting accountingOf(ProfileSnapshot s, String who) {
        Accounting a = Accounting.EMPTY;
        for (ThreadProfile t : s.threads()) {
            if (t.threadName().equals(who)) {
                a = a.plus(t.accounting());
            }
        }
        return a;
    }

    static Engine profilingEngine(ByteArrayOutputStream out) {
        return Engine.newBuilder().allowExperimentalOptions(true).out(out).err(out).option("engine.WarnInterpreterOnly", "false").option("ccsampler", "true")
                        .option("ccsampler.OutputFile", tmp.resolve("unused-" + System.nanoTime() + ".txt").toString()).option("ccsampler.Period", "1ms")
                        .option("ccsampler.SampleIdle", "true").build();
    }

    /**
     * A context is closed while the requests sent to its thread are outstanding: the thread spins
     * in the host with the context entered, where no safepoint of the context is polled, until the
     * clock has counted ticks for it, then leaves and closes it. Each request is resolved once (the books balance, nothing is
     * in flight), close does not hang, and the guest sees nothing; forty times over.
     */
    static final int CONTEXTS = 40;

    @Test
    void contextClosedWithARequestOutstanding() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        SamplingStageTest.onGuestThread("contexts", () -> {
            try (Engine engine = profilingEngine(out)) {
                CCSampler sampler = CCSampler.find(engine);
                for (int i = 0; i < CONTEXTS; i++) {
                    Context c = Context.newBuilder("pace").engine(engine).build();
                    c.eval("pace", "print(\"context " + i + ": \" + (burn(200) % 7));");
                    spinUntilTicks(sampler, "guest-main", 3, c);
                    c.close();
                }
                sampler.setCollecting(false);
                ProfileSnapshot p = sampler.takeSnapshot();
                assertBalanced(p);
                Accounting a = accountingOf(p, "guest-main");
                assertTrue(a.failed() + a.late() >= CONTEXTS, () -> "each context's outstanding request is counted once, failed or late: " + a.summaryLine());
            }
        });
        for (int i = 0; i < CONTEXTS; i++) {
            assertTrue(out.toString().contains("context " + i + ": "), out::toString);
        }
        assertEquals(0, lines(out.toString(), "[ccsampler]"), out::toString);
    }

    /**
     * A thread that was entered in a context ends while a request sent to it is outstanding (it
     * spun in the host with the context entered, and left it). The request is resolved once, as failed, as soon
     * as the thread is gone, not when the context closes; and a dead thread gets no more ticks.
     */
    @Test
    void threadEndedWithARequestOutstanding() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        SamplingStageTest.onGuestThread("threads", () -> {
            try (Engine engine = profilingEngine(out); Context c = Context.newBuilder("pace").engine(engine).allowAllAccess(true).build()) {
                CCSampler sampler = CCSampler.find(engine);
                c.eval("pace", "print(\"main: \" + (burn(200) % 7));");
                Throwable[] failure = {null};
                Thread worker = new Thread(() -> {
                    try {
                        c.eval("pace", "print(\"worker: \" + (burn(200) % 7));");
                        spinUntilTicks(sampler, "host-worker", 3, c);
                    } catch (Throwable t) {
                        failure[0] = t;
                    }
                }, "host-worker");
                worker.start();
                worker.join();
                assertEquals(null, failure[0]);
                ProfileSnapshot atEnd = sampler.takeSnapshot();
                // the clock goes on for the main thread (which spins too) while the worker is dead
                spinUntilTicks(sampler, "guest-main", 5, c);
                ProfileSnapshot later = sampler.takeSnapshot();
                Accounting w = accountingOf(later, "host-worker");
                assertEquals(0, w.inFlight(), () -> "the ended thread's request is resolved while the context lives: " + w.summaryLine());
                assertTrue(w.failed() >= 1, () -> "its outstanding request is counted as failed: " + w.summaryLine());
                assertTrue(w.requested() <= requested(atEnd, "host-worker") + 1, () -> "a dead thread gets no more ticks: " + w.summaryLine());
                sampler.setCollecting(false);
                assertBalanced(sampler.takeSnapshot());
            }
        });
        assertTrue(out.toString().contains("worker: "), out::toString);
        assertEquals(0, lines(out.toString(), "[ccsampler]"), out::toString);
    }

    /**
     * The race behind {@link #contextClosedWithARequestOutstanding}, forced: the clock chooses a
     * thread at a tick and stops (a hold) before it sends the request; meanwhile another thread
     * closes the thread's context and stops (a hold) right after the thread was marked ended; the
     * drain retires the thread, which has nothing outstanding yet; then the clock sends its request
     * to the closing context. That request must still be resolved once: the books balance. A
     * second context, entered on a thread of its own that waits there (sampled, as idle threads
     * are in this engine), keeps the clock ticking, so the test knows when the clock is past the
     * send. (Not on the test's thread: a thread in two open contexts is sampled only in the one it
     * runs in, and this one would be in neither.)
     */
    @Test
    void threadEndingBetweenItsTickAndItsRequest() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        SamplingStageTest.onGuestThread("race", () -> {
            try (Engine engine = profilingEngine(out)) {
                CCSampler sampler = CCSampler.find(engine);
                java.util.concurrent.CountDownLatch inside = new java.util.concurrent.CountDownLatch(1);
                java.util.concurrent.CountDownLatch done = new java.util.concurrent.CountDownLatch(1);
                Throwable[] keeperFailure = {null};
                Thread keeper = new Thread(() -> {
                    try (Context c2 = Context.newBuilder("pace").engine(engine).build()) {
                        c2.eval("pace", "print(2);");
                        c2.enter();
                        try {
                            inside.countDown();
                            done.await();
                        } finally {
                            c2.leave();
                        }
                    } catch (Throwable t) {
                        keeperFailure[0] = t;
                        inside.countDown();
                    }
                }, "keeper");
                FaultInjection.Armed second;
                try (FaultInjection.Armed clock = FaultInjection.hold(Point.CLOCK, 0)) {
                    Context c = Context.newBuilder("pace").engine(engine).build();
                    c.eval("pace", "print(1);");
                    assertTrue(clock.awaitHeld(60), "the clock chose this thread");
                    keeper.start();
                    assertTrue(inside.await(60, java.util.concurrent.TimeUnit.SECONDS), "the keeper entered its context");
                    assertEquals(null, keeperFailure[0]);
                    try (FaultInjection.Armed end = FaultInjection.hold(Point.THREAD_END, 0)) {
                        Thread closer = new Thread(c::close, "closer");
                        closer.start();
                        assertTrue(end.awaitHeld(60), "the context's close marked the thread ended");
                        sampler.takeSnapshot(); // the drain retires the ended thread
                        second = FaultInjection.hold(Point.CLOCK, 0);
                        clock.release(); // the clock sends its request to the closing context
                        boolean past = second.awaitHeld(20); // the clock's next tick: it is past the send
                        end.release();
                        closer.join();
                        if (!past) {
                            second.close();
                        }
                        assertTrue(past, "the clock went on to its next tick");
                    }
                } finally {
                    done.countDown();
                    keeper.join();
                }
                second.close();
                assertEquals(null, keeperFailure[0]);
                sampler.setCollecting(false);
                assertBalanced(sampler.takeSnapshot());
            }
        });
        assertEquals(0, lines(out.toString(), "[ccsampler]"), out::toString);
    }

    /** A receiver that answers every request with {@code status} and counts them. */
    static HttpServer receiver(AtomicInteger count, int status) throws IOException {
        HttpServer s = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        s.createContext("/", ex -> {
            ex.getRequestBody().readAllBytes();
            count.incrementAndGet();
            ex.sendResponseHeaders(status, -1);
            ex.close();
        });
        s.start();
        return s;
    }
}
