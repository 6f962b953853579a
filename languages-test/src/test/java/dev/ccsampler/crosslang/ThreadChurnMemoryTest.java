package dev.ccsampler.crosslang;

import dev.ccsampler.CCSampler;
import dev.ccsampler.ccmap.Accounting;
import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.ccmap.ThreadProfile;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.Source;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.management.ObjectName;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 10, memory under thread churn: thousands of short-lived Pace threads ({@code churn.pace})
 * are profiled, and once they have ended the profiler keeps only their counters and their part of
 * the CC-Map. Measured after GC while the engine is still open (never by time):
 * <ul>
 * <li>a class histogram of the heap ({@code GC.class_histogram}, the same as {@code jcmd}) has no
 * per-thread capture object ({@code SampledThread}, its ring, its drain account, the memo its
 * walks shared across contexts) left for an ended thread, although the guest keeps every ended
 * thread's object (its join handle);</li>
 * <li>the heap the run retains with the sampler on, minus what the same run retains without it,
 * stays under {@link #BYTES_PER_ENDED_THREAD} per thread plus {@link #FIXED_BYTES}; before the fix
 * each ended thread kept its 128-slot ring (about 100 KB), its latency histogram and its last
 * stack, and the difference was well over that.</li>
 * </ul>
 * The per-thread rows stay in the profile, balanced, with their percentiles.
 *
 * <p>{@link #THREADS} threads here (about 15 s); {@code tools/soak/churn.sh} runs the 10 000 of the
 * issue with the same program and reports the same figures (see {@code docs/memory.md}).
 */
class ThreadChurnMemoryTest {

    /** Threads spawned by the test run. */
    static final int THREADS = Integer.getInteger("ccsampler.test.churnThreads", 2000);
    /** The bound per ended thread: its counters and its small tree, with room to spare. */
    static final long BYTES_PER_ENDED_THREAD = 4096;
    /** Engine-wide structures of the sampler and measurement noise. */
    static final long FIXED_BYTES = 16L << 20;

    @TempDir
    static Path tmp;

    /** What one run left on the heap, with the engine and its context still open. */
    record Retained(long heapBytes, Map<String, Long> instances, Map<String, Long> instancesBefore, ProfileSnapshot profile, String stdout) {
    }

    @Test
    void endedThreadsKeepOnlyTheirCountersAndTree() throws Exception {
        Path program = SamplingStageTest.pace("churn.pace");
        Retained off = run(program, false);
        Retained on = run(program, true);
        assertEquals(off.stdout, on.stdout, "the guest's output is the same with the sampler");
        assertTrue(on.stdout.contains("threads " + THREADS), on.stdout);

        // no per-thread capture state of an ended thread is reachable: only the main guest thread's
        for (String cls : new String[]{"dev.ccsampler.capture.SampledThread", "dev.ccsampler.queue.SpscSampleRing", "dev.ccsampler.drain.ThreadAccount",
                        "dev.ccsampler.capture.StackRecorder", "dev.ccsampler.capture.EdgeMemo"}) {
            // (not EdgeMemo$Shared: the emptied holder of a closed engine's memo stays, a few bytes,
            // on every long-lived thread of the earlier tests in this JVM that walked)
            // counted against the same count before the run: what earlier tests in this JVM left
            // on their long-lived threads is not this run's (surefire's order differs by checkout)
            long n = on.instances.getOrDefault(cls, 0L) - on.instancesBefore.getOrDefault(cls, 0L);
            assertTrue(n <= 2, () -> n + " more instances of " + cls + " are reachable after " + THREADS + " threads ended than before the run (at most the live main thread's expected)");
        }

        long profiler = on.heapBytes - off.heapBytes;
        long bound = FIXED_BYTES + BYTES_PER_ENDED_THREAD * THREADS;
        System.out.printf("[churn] %d threads: retained heap with sampler %d bytes, without %d bytes, difference %d bytes (%d per thread); bound %d%n", THREADS,
                        on.heapBytes, off.heapBytes, profiler, profiler / THREADS, bound);
        assertTrue(profiler < bound, () -> "the sampler retains " + profiler + " bytes after " + THREADS + " threads ended, bound " + bound);

        // the rows of the ended threads are still there, balanced, with their latency figures
        ProfileSnapshot p = on.profile;
        assertEquals(THREADS + 1, p.threads().size(), "one row per thread");
        long withLatency = 0;
        for (ThreadProfile t : p.threads()) {
            Accounting a = t.accounting();
            assertTrue(a.balanced(), () -> t.threadName() + ": " + a.summaryLine());
            assertEquals(a.applied(), t.root().total(), () -> t.threadName() + ": the tree's ticks are the applied ticks: " + a.summaryLine());
            if (a.samples() > 0) {
                assertTrue(a.latencyMaxNanos() > 0 && a.latencyP50Nanos() > 0, () -> t.threadName() + " lost its latency figures: " + a.summaryLine());
                withLatency++;
            }
        }
        assertTrue(withLatency > THREADS / 10, "most threads were sampled: " + withLatency);
        Accounting all = p.accounting();
        assertTrue(all.balanced(), all::summaryLine);
        assertEquals(all.samples(), all.latency().totalCount(), () -> "every sample's latency is in the merged histogram: " + all.summaryLine());
    }

    /**
     * Context churn: 300 contexts created, run and closed one after the other on one engine. The
     * sampling clock forgets each closed context (before, it kept an entry per context, and with it
     * the closed context itself); the contexts' rows are folded into one, the thread's closed
     * contexts ({@code FoldClosedContexts}), and the CC-Map keeps no tree per closed context.
     */
    @Test
    void closedContextsAreForgotten() throws Exception {
        int contexts = 300;
        Map<String, String> opts = Map.of("ccsampler", "true", "ccsampler.Period", "1ms", "ccsampler.OutputFile", tmp.resolve("contexts.txt").toString());
        Object[] result = new Object[3];
        SamplingStageTest.onGuestThread("context churn", () -> {
            result[2] = instanceCounts();
            try (Engine engine = Engine.newBuilder().allowExperimentalOptions(true).options(opts).out(OutputStream.nullOutputStream()).build()) {
                Source src = Source.newBuilder("pace", "fn work(n) { return burn(n); }\nwork(2000);\n", "ctx.pace").build();
                for (int i = 0; i < contexts; i++) {
                    try (Context c = Context.newBuilder().engine(engine).allowAllAccess(true).build()) {
                        c.eval(src);
                    }
                }
                CCSampler s = CCSampler.find(engine);
                s.setCollecting(false);
                result[0] = s.takeSnapshot();
                result[1] = instanceCounts();
            }
        });
        Map<String, Long> counts = (Map<String, Long>) result[1];
        Map<String, Long> before = (Map<String, Long>) result[2]; // what earlier tests in this JVM left
        long entries = counts.getOrDefault("dev.ccsampler.trigger.SamplingClock$ContextEntry", 0L) - before.getOrDefault("dev.ccsampler.trigger.SamplingClock$ContextEntry", 0L);
        assertTrue(entries <= 1, entries + " more context entries reachable after " + contexts + " contexts were closed than before");
        long threads = counts.getOrDefault("dev.ccsampler.capture.SampledThread", 0L) - before.getOrDefault("dev.ccsampler.capture.SampledThread", 0L);
        assertTrue(threads <= 1, threads + " more sampled threads reachable after every context closed than before");
        ProfileSnapshot p = (ProfileSnapshot) result[0];
        assertEquals(1, p.threads().size(), "one row: the thread's closed contexts");
        assertEquals(-1, p.threads().get(0).context());
        for (ThreadProfile t : p.threads()) {
            assertTrue(t.accounting().balanced(), t.accounting()::summaryLine);
        }
    }

    /**
     * A thread that outlives an engine (a test runner's, a server's) keeps its thread-locals. The
     * memo its walks shared across the engine's contexts ({@code EdgeMemo}, about 20 KB) is such a
     * value: closing the engine empties it. Before, the fresh-clone CI run read 5 memos of closed
     * engines left on long-lived threads of earlier tests.
     */
    @Test
    void aClosedEngineLeavesNoWalkMemoOnAThreadThatOutlivesIt() throws Exception {
        Map<String, String> opts = Map.of("ccsampler", "true", "ccsampler.Period", "1ms", "ccsampler.Incremental", "true", "ccsampler.OutputFile",
                        tmp.resolve("outlives.txt").toString());
        long[] counts = new long[3];
        SamplingStageTest.onGuestThread("outlives the engine", () -> {
            counts[0] = instanceCounts().getOrDefault("dev.ccsampler.capture.EdgeMemo", 0L);
            try (Engine engine = Engine.newBuilder().allowExperimentalOptions(true).options(opts).out(OutputStream.nullOutputStream()).build();
                            Context c = Context.newBuilder().engine(engine).allowAllAccess(true).build()) {
                c.eval(Source.newBuilder("pace", """
                                fn down(n) { if (n == 0) { return burn(3000); } burn(1); return down(n - 1); }
                                let i = 0;
                                while (i < 300) { down(60); i = i + 1; }
                                """, "outlives.pace").build());
                counts[1] = instanceCounts().getOrDefault("dev.ccsampler.capture.EdgeMemo", 0L);
            }
            counts[2] = instanceCounts().getOrDefault("dev.ccsampler.capture.EdgeMemo", 0L);
        });
        assertTrue(counts[1] > counts[0], "the walks made this thread a memo: " + counts[0] + " before, " + counts[1] + " while the engine was open");
        assertTrue(counts[2] <= counts[0], counts[2] + " memos reachable after the engine closed, " + counts[0] + " before it was made");
    }

    /** Runs churn.pace with or without the sampler and measures what stays reachable before closing. */
    static Retained run(Path program, boolean sampler) throws Exception {
        Map<String, String> opts = new HashMap<>();
        if (sampler) {
            opts.put("ccsampler", "true");
            opts.put("ccsampler.Period", "500us");
            opts.put("ccsampler.OutputFile", tmp.resolve("churn-" + System.nanoTime() + ".txt").toString());
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Object[] result = new Object[4];
        SamplingStageTest.onGuestThread("churn run", () -> {
            result[3] = instanceCounts();
            try (Engine engine = Engine.newBuilder().allowExperimentalOptions(true).options(opts).out(out).err(out).build();
                            Context c = Context.newBuilder().engine(engine).allowAllAccess(true).arguments("pace", new String[]{Integer.toString(THREADS), "100"}).build()) {
                c.eval(Source.newBuilder("pace", program.toFile()).build());
                if (sampler) {
                    CCSampler s = CCSampler.find(engine);
                    s.setCollecting(false); // drains every ring: every ended thread is retired
                    result[2] = s.takeSnapshot();
                }
                result[0] = heapAfterGc();
                result[1] = instanceCounts();
            }
        });
        return new Retained((Long) result[0], (Map<String, Long>) result[1], (Map<String, Long>) result[3], (ProfileSnapshot) result[2], SamplingStageTest.guestLines(out.toString()));
    }

    /** Used heap after full GCs, the smallest of five readings. */
    static long heapAfterGc() throws InterruptedException {
        long min = Long.MAX_VALUE;
        for (int i = 0; i < 5; i++) {
            System.gc();
            Thread.sleep(50);
            min = Math.min(min, ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
        }
        return min;
    }

    private static final Pattern HISTOGRAM_ROW = Pattern.compile("^\\s*\\d+:\\s+(\\d+)\\s+(\\d+)\\s+(\\S+)", Pattern.MULTILINE);

    /** Live instances per class of {@code dev.ccsampler}, from {@code GC.class_histogram} (a full GC first). */
    static Map<String, Long> instanceCounts() throws Exception {
        String h = (String) ManagementFactory.getPlatformMBeanServer().invoke(new ObjectName("com.sun.management:type=DiagnosticCommand"), "gcClassHistogram",
                        new Object[]{new String[0]}, new String[]{String[].class.getName()});
        Map<String, Long> r = new HashMap<>();
        Matcher m = HISTOGRAM_ROW.matcher(h);
        while (m.find()) {
            if (m.group(3).startsWith("dev.ccsampler.")) {
                r.put(m.group(3), Long.parseLong(m.group(1)));
            }
        }
        return r;
    }
}
