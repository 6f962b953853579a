package dev.ccsampler.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.ccmap.ThreadProfile;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;

/**
 * The pprof export read by the real {@code go tool pprof} (Debian {@code golang-go}): its flat and
 * cum columns must equal the snapshot's self and total counts per function, and its tags the
 * per-thread sample counts.
 */
class PprofReporterTest {

    private static final Pattern TOP_ROW = Pattern.compile("^\\s*(\\d+)(\\S*)\\s+[\\d.]+%\\s+[\\d.]+%\\s+(\\d+)(\\S*)\\s+[\\d.]+%\\s+(\\S+)\\s*$");

    private static String go;
    private static ProfileSnapshot snapshot;
    private static Path file;

    @BeforeAll
    static void write() throws IOException {
        go = ExportFixtures.tool("install Debian's golang-go", "/usr/bin/go", "/usr/lib/go/bin/go");
        snapshot = ExportFixtures.snapshot();
        String before = ExportFixtures.countsFingerprint(snapshot);
        file = ExportFixtures.renderToFile(Format.PPROF.reporter(), snapshot, ReportOptions.DEFAULT, "fixture.pb.gz");
        assertEquals(before, ExportFixtures.countsFingerprint(snapshot), "the reporter changed the snapshot");
    }

    private static String pprof(String... args) throws Exception {
        List<String> cmd = new java.util.ArrayList<>(List.of(go, "tool", "pprof"));
        cmd.addAll(List.of(args));
        cmd.add(file.toString());
        ExportFixtures.Run r = ExportFixtures.run(null, Map.of("HOME", System.getProperty("java.io.tmpdir"), "PPROF_TMPDIR",
                        System.getProperty("java.io.tmpdir")), cmd.toArray(String[]::new));
        assertEquals(0, r.exit(), "go tool pprof failed:\n" + r.output());
        return r.output();
    }

    /** function name → {flat, cum} from {@code -top}. */
    private static Map<String, long[]> top(String output, String unit) {
        Map<String, long[]> rows = new LinkedHashMap<>();
        for (String line : output.split("\n")) {
            Matcher m = TOP_ROW.matcher(line);
            if (m.matches()) {
                assertEquals(unit, m.group(2), line);
                assertEquals(unit, m.group(4), line);
                rows.put(m.group(5), new long[]{Long.parseLong(m.group(1)), Long.parseLong(m.group(3))});
            }
        }
        return rows;
    }

    @Test
    void topCountsMatchSelfAndTotalPerFunction() throws Exception {
        String out = pprof("-top", "-nodecount=100", "-nodefraction=0", "-edgefraction=0", "-sample_index=samples");
        assertTrue(out.contains("Type: samples"), out);
        Map<String, long[]> rows = top(out, "");
        Map<String, Long> self = ExportFixtures.selfByName(snapshot);
        Map<String, Long> total = ExportFixtures.totalByName(snapshot);
        assertEquals(self.keySet(), rows.keySet(), out);
        for (String name : self.keySet()) {
            assertEquals(self.get(name), rows.get(name)[0], "flat of " + name + "\n" + out);
            assertEquals(total.get(name), rows.get(name)[1], "cum of " + name + "\n" + out);
        }
        // The recursive fib is counted once per sample in cum, as the snapshot does.
        assertEquals(total.get("fib"), rows.get("fib")[1]);
        assertTrue(out.contains("of " + snapshot.totalSamples() + " total"), out);
    }

    @Test
    void cpuSampleTypeIsOnePeriodPerSample() throws Exception {
        String out = pprof("-top", "-nodecount=100", "-nodefraction=0", "-edgefraction=0", "-sample_index=cpu", "-unit=ms");
        assertTrue(out.contains("Type: cpu"), out);
        Map<String, long[]> rows = top(out, "ms");
        long periodMs = ExportFixtures.PERIOD_NANOS / 1_000_000;
        ExportFixtures.selfByName(snapshot).forEach((name, self) -> assertEquals(self * periodMs, rows.get(name)[0], name + "\n" + out));
    }

    @Test
    void threadLabelCountsAreThePerThreadSamples() throws Exception {
        String out = pprof("-tags", "-sample_index=samples");
        for (ThreadProfile t : snapshot.threads()) {
            Pattern row = Pattern.compile("(?m)^\\s*" + t.root().total() + "(\\.0)? \\(\\s*[\\d.]+%\\): " + Pattern.quote(t.threadName()) + "\\s*$");
            assertTrue(row.matcher(out).find(), "no tag row for " + t.threadName() + " with " + t.root().total() + "\n" + out);
        }
        assertTrue(out.contains("thread_id:"), out);
        // Contexts 0 (main, worker-1) and 1 (worker-2).
        assertTrue(Pattern.compile("(?m)^\\s*134(\\.0)? \\(\\s*[\\d.]+%\\): 0\\s*$").matcher(out).find(), out);
        assertTrue(Pattern.compile("(?m)^\\s*5(\\.0)? \\(\\s*[\\d.]+%\\): 1\\s*$").matcher(out).find(), out);
    }

    @Test
    void tracesKeepStacksInTheirThreadsWithCallSiteLines() throws Exception {
        String out = pprof("-traces", "-sample_index=samples", "-lines");
        // worker-1 runs parse -> tokenize without main; its 25 tokenize samples form one trace.
        String worker = null;
        for (String trace : out.split("-----------\\+-------------------------------------------------------")) {
            if (trace.matches("(?s).*thread:\\s+worker-1\\s.*") && trace.contains("tokenize")) {
                worker = trace;
            }
        }
        assertTrue(worker != null, "no worker-1 trace with tokenize:\n" + out);
        assertTrue(worker.contains("25"), worker);
        assertTrue(!worker.contains(" main "), worker);
        // parse calls tokenize from line 22 of lib.py, so parse's frame is at lib.py:22.
        assertTrue(worker.contains("lib.py:22"), worker);
    }

    @Test
    void outputIsGzippedAndSummarisedThreadsShareOneLabel() throws Exception {
        byte[] bytes = ExportFixtures.render(Format.PPROF.reporter(), snapshot, ReportOptions.DEFAULT.withSummariseThreads(true));
        assertEquals(0x1f, bytes[0] & 0xff);
        assertEquals(0x8b, bytes[1] & 0xff);
        byte[] raw = new GZIPInputStream(new ByteArrayInputStream(bytes)).readAllBytes();
        String text = new String(raw, java.nio.charset.StandardCharsets.ISO_8859_1);
        assertTrue(text.contains("all threads"), "merged label missing");
        assertTrue(!text.contains("worker-1"), "thread names should be merged away");
    }
}
