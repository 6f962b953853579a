package dev.ccsampler.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ccsampler.ccmap.MethodInfo;
import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.ccmap.ThreadProfile;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The speedscope export: validated against the schema that ships with speedscope and opened in the
 * real speedscope app (npm package {@code speedscope}) in headless Chromium, whose profile list and
 * sandwich table must show the snapshot's per-thread and per-function times.
 */
class SpeedscopeReporterTest {

    @Test
    @SuppressWarnings("unchecked")
    void sharedFramesAndOneSampledProfilePerThread() throws Exception {
        ProfileSnapshot s = ExportFixtures.snapshot();
        String before = ExportFixtures.countsFingerprint(s);
        Map<String, Object> doc = (Map<String, Object>) ExportFixtures.parseJson(ExportFixtures.render(Format.SPEEDSCOPE.reporter(), s, ReportOptions.DEFAULT));
        assertEquals(before, ExportFixtures.countsFingerprint(s), "the reporter changed the snapshot");
        assertEquals(SpeedscopeReporter.SCHEMA, doc.get("$schema"));
        List<Map<String, Object>> frames = (List<Map<String, Object>>) ((Map<String, Object>) doc.get("shared")).get("frames");
        assertEquals(s.methods().size(), frames.size());
        for (MethodInfo m : s.methods()) {
            Map<String, Object> f = frames.get(m.id());
            assertEquals(m.name(), f.get("name"));
            assertEquals(m.path() != null ? m.path() : m.source(), f.get("file"));
            assertEquals((long) m.line(), f.get("line"));
        }
        List<Map<String, Object>> profiles = (List<Map<String, Object>>) doc.get("profiles");
        assertEquals(s.threads().size(), profiles.size());
        for (int i = 0; i < profiles.size(); i++) {
            Map<String, Object> p = profiles.get(i);
            ThreadProfile t = s.threads().get(i);
            assertEquals("sampled", p.get("type"));
            assertEquals("nanoseconds", p.get("unit"));
            List<List<Long>> samples = (List<List<Long>>) p.get("samples");
            List<Long> weights = (List<Long>) p.get("weights");
            assertEquals(samples.size(), weights.size());
            assertEquals(t.root().total() * s.meta().periodNanos(), weights.stream().mapToLong(Long::longValue).sum());
            assertEquals(t.root().total() * s.meta().periodNanos(), p.get("endValue"));
            for (List<Long> stack : samples) {
                assertTrue(!stack.isEmpty());
                // Roots first: worker-1's stacks start at parse or render, the others at main.
                String root = s.method(stack.get(0).intValue()).name();
                assertTrue(t.threadName().equals("worker-1") ? List.of("parse", "render").contains(root) : root.equals("main"), root);
            }
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void summarisedThreadsAreOneProfile() throws Exception {
        ProfileSnapshot s = ExportFixtures.snapshot();
        Map<String, Object> doc = (Map<String, Object>) ExportFixtures.parseJson(
                        ExportFixtures.render(Format.SPEEDSCOPE.reporter(), s, ReportOptions.DEFAULT.withSummariseThreads(true)));
        List<Map<String, Object>> profiles = (List<Map<String, Object>>) doc.get("profiles");
        assertEquals(1, profiles.size());
        assertEquals(s.totalSamples() * s.meta().periodNanos(), profiles.get(0).get("endValue"));
    }

    @Test
    void theSpeedscopeAppShowsOurThreadsAndFunctions() throws Exception {
        ProfileSnapshot s = ExportFixtures.snapshot();
        Path file = ExportFixtures.renderToFile(Format.SPEEDSCOPE.reporter(), s, ReportOptions.DEFAULT, "fixture.speedscope.json");
        ExportFixtures.Shown shown = ExportFixtures.showInSpeedscope(file).get(0);
        String all = String.join("\n", shown.lines());
        assertEquals(List.of(), shown.get("ERROR").stream().map(e -> e[0]).toList(), all);
        assertEquals("valid", shown.get("SCHEMA").get(0)[0], all);
        double periodMs = s.meta().periodNanos() / 1e6;

        List<String[]> profiles = shown.get("PROFILE");
        assertEquals(s.threads().size(), profiles.size(), all);
        for (int i = 0; i < profiles.size(); i++) {
            ThreadProfile t = s.threads().get(i);
            assertTrue(profiles.get(i)[1].startsWith(t.threadName() + " #" + t.threadId()), all);
            assertEquals(t.root().total() * periodMs, ExportFixtures.millis(profiles.get(i)[2]), 1e-9, all);
        }

        // The sandwich table of the first profile (thread main): total and self per function.
        ThreadProfile main = s.threads().get(0);
        Map<String, Long> self = ExportFixtures.selfByName(s, main);
        Map<String, Long> total = ExportFixtures.totalByName(s, main);
        List<String[]> rows = shown.get("ROW");
        assertEquals(self.size(), rows.size(), all);
        for (String[] row : rows) {
            String name = row[2];
            assertTrue(self.containsKey(name), name + "\n" + all);
            assertEquals(total.get(name) * periodMs, ExportFixtures.millis(row[0]), 1e-9, "total of " + name + "\n" + all);
            assertEquals(self.get(name) * periodMs, ExportFixtures.millis(row[1]), 1e-9, "self of " + name + "\n" + all);
        }
        Path shot = Path.of(shown.get("SHOT").get(0)[0]);
        assertTrue(Files.size(shot) > 10_000, "screenshot " + shot);
    }
}
