package dev.ccsampler.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ccsampler.ccmap.ProfileSnapshot;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

import org.junit.jupiter.api.Test;

/**
 * Samples without a visible frame (the thread root's own) are in every format's total, as in the
 * histogram: a one-frame stack {@code <no visible frame>} where a format only knows stacks.
 */
class NoVisibleFrameTest {

    /** Thread main: 5 in main, 2 in main;work, 3 without a visible frame; thread worker: 4 without. */
    static ProfileSnapshot snapshot() {
        SnapshotFixtures.Builder b = new SnapshotFixtures.Builder();
        b.method("main", "js", "app.js", 1);
        b.method("work", "js", "app.js", 5);
        b.thread(1, "main");
        b.stack(5, "main:0");
        b.stack(2, "main:0", "work@2:1");
        b.noVisibleFrame(3);
        b.thread(2, "worker");
        b.noVisibleFrame(4);
        return b.build();
    }

    @Test
    void asFrameMovesTheRootsOwnSamplesIntoASyntheticFrameAndLeavesTheSnapshotAlone() {
        ProfileSnapshot s = snapshot();
        String before = ExportFixtures.countsFingerprint(s);
        ProfileSnapshot f = NoVisibleFrame.asFrame(s);
        assertEquals(before, ExportFixtures.countsFingerprint(s));
        assertEquals(s.methods().size() + 1, f.methods().size());
        assertTrue(NoVisibleFrame.is(f.method(s.methods().size())));
        assertEquals(s.totalSamples(), f.totalSamples());
        assertEquals(Map.of("main", 5L, "work", 2L, NoVisibleFrame.NAME, 7L), ExportFixtures.selfByName(f));
        f.threads().forEach(t -> assertEquals(0, t.root().self(), t.threadName()));
        ProfileSnapshot none = SnapshotFixtures.mixed();
        assertSame(none, NoVisibleFrame.asFrame(none), "nothing to move: the same snapshot");
    }

    @Test
    void foldedHasAOneFrameLineForThem() throws Exception {
        String folded = new String(ExportFixtures.render(Format.FOLDED.reporter(), snapshot(), ReportOptions.DEFAULT.withShowTiers(true)), StandardCharsets.UTF_8);
        assertTrue(folded.contains("\n" + NoVisibleFrame.NAME + " 7\n") || folded.startsWith(NoVisibleFrame.NAME + " 7\n"), folded);
        assertEquals(14, folded.lines().mapToLong(l -> Long.parseLong(l.substring(l.lastIndexOf(' ') + 1))).sum(), folded);
    }

    @Test
    @SuppressWarnings("unchecked")
    void cpuprofileHasAsManySamplesAsTimeDeltas() throws Exception {
        Map<String, Object> doc = (Map<String, Object>) ExportFixtures.parseJson(ExportFixtures.render(Format.CPUPROFILE.reporter(), snapshot(), ReportOptions.DEFAULT));
        List<Object> samples = (List<Object>) doc.get("samples");
        List<Object> deltas = (List<Object>) doc.get("timeDeltas");
        assertEquals(deltas.size(), samples.size(), "Chrome needs one time delta per sample");
        List<Map<String, Object>> nodes = (List<Map<String, Object>>) doc.get("nodes");
        Object id = nodes.stream().filter(n -> NoVisibleFrame.NAME.equals(((Map<String, Object>) n.get("callFrame")).get("functionName"))).findFirst().orElseThrow().get("id");
        assertEquals(7, samples.stream().filter(id::equals).count());
    }

    @Test
    @SuppressWarnings("unchecked")
    void speedscopeWeightsAddUpToAllSamples() throws Exception {
        ProfileSnapshot s = snapshot();
        Map<String, Object> doc = (Map<String, Object>) ExportFixtures.parseJson(ExportFixtures.render(Format.SPEEDSCOPE.reporter(), s, ReportOptions.DEFAULT));
        long sum = 0;
        for (Object p : (List<Object>) doc.get("profiles")) {
            sum += ((List<Long>) ((Map<String, Object>) p).get("weights")).stream().mapToLong(Long::longValue).sum();
        }
        assertEquals(s.totalSamples() * s.meta().periodNanos(), sum);
    }

    @Test
    void jfrHasAnEventForEverySample() throws Exception {
        Path file = ExportFixtures.renderToFile(Format.JFR.reporter(), snapshot(), ReportOptions.DEFAULT, "no-visible-frame.jfr");
        List<RecordedEvent> events = RecordingFile.readAllEvents(file);
        assertEquals(14, events.size());
        assertEquals(7, events.stream().filter(e -> e.getStackTrace().getFrames().get(0).getMethod().getName().equals(NoVisibleFrame.NAME)).count());
    }
}
