package dev.ccsampler.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ccsampler.ccmap.MethodStats;
import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.ccmap.ThreadProfile;
import dev.ccsampler.ccmap.Tier;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;

/**
 * The JFR export read by the JDK's own readers: the {@code jfr} tool of the running JDK and
 * {@link RecordingFile}. Counts are checked against the snapshot's per-method and per-thread counts.
 */
class JfrReporterTest {

    private static ProfileSnapshot snapshot;
    private static Path file;
    private static List<RecordedEvent> events;

    @BeforeAll
    static void write() throws Exception {
        snapshot = ExportFixtures.snapshot();
        String before = ExportFixtures.countsFingerprint(snapshot);
        file = ExportFixtures.renderToFile(Format.JFR.reporter(), snapshot, ReportOptions.DEFAULT, "fixture.jfr");
        assertEquals(before, ExportFixtures.countsFingerprint(snapshot), "the reporter changed the snapshot");
        events = RecordingFile.readAllEvents(file);
    }

    @Test
    void everyAppliedSampleIsOneExecutionSample() {
        assertEquals(snapshot.totalSamples(), events.size());
        for (RecordedEvent e : events) {
            assertEquals("jdk.ExecutionSample", e.getEventType().getName());
        }
        Map<String, Long> perThread = new HashMap<>();
        for (RecordedEvent e : events) {
            perThread.merge(e.getThread("sampledThread").getJavaName(), 1L, Long::sum);
        }
        for (ThreadProfile t : snapshot.threads()) {
            assertEquals(t.root().total(), perThread.get(t.threadName()), t.threadName());
        }
    }

    @Test
    void topFramesCarryMethodClassLineAndTierOfTheSnapshot() {
        Map<String, Long> topByName = new HashMap<>();
        Map<String, Long> topByTier = new HashMap<>();
        for (RecordedEvent e : events) {
            RecordedFrame top = e.getStackTrace().getFrames().get(0);
            String name = top.getMethod().getName();
            topByName.merge(name, 1L, Long::sum);
            topByTier.merge(top.getType(), 1L, Long::sum);
            int id = idOf(name);
            assertEquals(snapshot.method(id).source(), top.getMethod().getType().getName(), name);
            assertEquals(snapshot.method(id).line(), top.getLineNumber(), name);
        }
        assertEquals(ExportFixtures.selfByName(snapshot), withAllNames(topByName));
        for (Tier t : Tier.values()) {
            long expected = 0;
            for (MethodStats st : snapshot.methodStats()) {
                expected += st.self()[t.ordinal()];
            }
            assertEquals(expected, topByTier.getOrDefault(t.label(), 0L), t.label());
        }
    }

    @Test
    void callingFramesAreAtTheirCallSiteLines() {
        // main -> fib(@3) -> fib(@12) -> fib(@12) -> helper(@13): 7 samples in thread main.
        long n = 0;
        for (RecordedEvent e : events) {
            List<RecordedFrame> f = e.getStackTrace().getFrames();
            if (f.size() == 5 && f.get(0).getMethod().getName().equals("helper")) {
                n++;
                assertEquals(List.of(30, 13, 12, 12, 3), f.stream().map(RecordedFrame::getLineNumber).toList());
                assertEquals(List.of("helper", "fib", "fib", "fib", "main"), f.stream().map(x -> x.getMethod().getName()).toList());
                assertEquals("inlined", f.get(1).getType());
                assertEquals("last tier", f.get(3).getType());
            }
        }
        assertEquals(7, n);
    }

    @Test
    void timestampsLieWithinTheCollection() {
        Instant start = Instant.ofEpochMilli(ExportFixtures.START_MILLIS);
        Instant end = Instant.ofEpochMilli(ExportFixtures.END_MILLIS);
        for (RecordedEvent e : events) {
            assertTrue(!e.getStartTime().isBefore(start) && !e.getStartTime().isAfter(end), e.getStartTime().toString());
        }
    }

    @Test
    void jfrToolPrintsTheGuestFrames() throws Exception {
        String jfr = ExportFixtures.tool("a full JDK (bin/jfr)", Path.of(System.getProperty("java.home"), "bin", "jfr").toString());
        ExportFixtures.Run r = ExportFixtures.run(null, Map.of(), jfr, "print", "--events", "jdk.ExecutionSample", file.toString());
        assertEquals(0, r.exit(), r.output());
        String out = r.output();
        assertEquals(snapshot.totalSamples(), out.split("jdk.ExecutionSample \\{", -1).length - 1, "events printed");
        for (String name : List.of("main", "fib", "render", "parse", "tokenize", "helper")) {
            assertTrue(out.contains("." + name + "() line: "), name + " missing:\n" + head(out));
        }
        assertTrue(out.contains("line: 22"), head(out));
        assertTrue(out.contains("worker-2"), head(out));
        ExportFixtures.Run summary = ExportFixtures.run(null, Map.of(), jfr, "summary", file.toString());
        assertEquals(0, summary.exit(), summary.output());
        assertTrue(summary.output().matches("(?s).*jdk\\.ExecutionSample\\s+" + snapshot.totalSamples() + "\\s.*"), summary.output());
    }

    private static String head(String s) {
        return s.length() > 3000 ? s.substring(0, 3000) : s;
    }

    private static int idOf(String name) {
        return snapshot.methods().stream().filter(m -> m.name().equals(name)).findFirst().orElseThrow().id();
    }

    private static Map<String, Long> withAllNames(Map<String, Long> m) {
        Map<String, Long> r = new java.util.LinkedHashMap<>();
        for (String name : ExportFixtures.selfByName(snapshot).keySet()) {
            r.put(name, m.getOrDefault(name, 0L));
        }
        return r;
    }
}
