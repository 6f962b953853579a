package dev.ccsampler.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ccsampler.ccmap.ProfileSnapshot;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The Chrome {@code .cpuprofile} export: structural rules of the DevTools {@code Profile} type, and
 * an import into the real speedscope app, whose sandwich table must show the merged threads' times.
 */
class CpuProfileReporterTest {

    @Test
    @SuppressWarnings("unchecked")
    void nodesSamplesAndDeltasAreConsistent() throws Exception {
        ProfileSnapshot s = ExportFixtures.snapshot();
        String before = ExportFixtures.countsFingerprint(s);
        Map<String, Object> doc = (Map<String, Object>) ExportFixtures.parseJson(ExportFixtures.render(Format.CPUPROFILE.reporter(), s, ReportOptions.DEFAULT));
        assertEquals(before, ExportFixtures.countsFingerprint(s), "the reporter changed the snapshot");
        List<Map<String, Object>> nodes = (List<Map<String, Object>>) doc.get("nodes");
        List<Long> samples = (List<Long>) doc.get("samples");
        List<Long> deltas = (List<Long>) doc.get("timeDeltas");
        assertEquals(samples.size(), deltas.size());
        // Every applied sample plus the closing one on (root).
        assertEquals(s.totalSamples() + 1, samples.size());

        Map<Long, Map<String, Object>> byId = new HashMap<>();
        for (Map<String, Object> n : nodes) {
            assertTrue(byId.put((Long) n.get("id"), n) == null, "duplicate id " + n.get("id"));
        }
        assertEquals("(root)", ((Map<String, Object>) byId.get(1L).get("callFrame")).get("functionName"));
        Map<Long, Long> hits = new HashMap<>();
        for (Long id : samples) {
            assertTrue(byId.containsKey(id), "sample of unknown node " + id);
            hits.merge(id, 1L, Long::sum);
        }
        Map<String, Long> selfByName = new HashMap<>();
        for (Map<String, Object> n : nodes) {
            assertEquals(hits.getOrDefault((Long) n.get("id"), 0L), n.get("hitCount"), "hitCount of node " + n.get("id"));
            for (Long c : (List<Long>) n.getOrDefault("children", List.of())) {
                assertTrue(byId.containsKey(c), "unknown child " + c);
            }
            Map<String, Object> f = (Map<String, Object>) n.get("callFrame");
            if (!"(root)".equals(f.get("functionName"))) {
                selfByName.merge((String) f.get("functionName"), (Long) n.get("hitCount"), Long::sum);
                assertTrue(f.get("scriptId") instanceof String && !"0".equals(f.get("scriptId")));
                // 0-based lines: fib starts on line 10.
                if (f.get("functionName").equals("fib")) {
                    assertEquals(9L, f.get("lineNumber"));
                    assertEquals("/app/main.js", f.get("url"));
                }
            }
        }
        assertEquals(ExportFixtures.selfByName(s), withOrder(selfByName, ExportFixtures.selfByName(s)));
        long start = (Long) doc.get("startTime");
        long end = (Long) doc.get("endTime");
        assertEquals(ExportFixtures.START_MILLIS * 1000, start);
        assertEquals(0L, deltas.get(0));
        assertEquals(end - start, deltas.stream().mapToLong(Long::longValue).sum());
        assertEquals(s.totalSamples() * (s.meta().periodNanos() / 1000), end - start);
    }

    @Test
    void theSpeedscopeAppImportsItWithMergedThreads() throws Exception {
        ProfileSnapshot s = ExportFixtures.snapshot();
        Path file = ExportFixtures.renderToFile(Format.CPUPROFILE.reporter(), s, ReportOptions.DEFAULT, "fixture.cpuprofile");
        ExportFixtures.Shown shown = ExportFixtures.showInSpeedscope(file).get(0);
        String all = String.join("\n", shown.lines());
        assertEquals(List.of(), shown.get("ERROR").stream().map(e -> e[0]).toList(), all);
        double periodMs = s.meta().periodNanos() / 1e6;
        Map<String, Long> self = ExportFixtures.selfByName(s);
        Map<String, Long> total = ExportFixtures.totalByName(s);
        List<String[]> rows = shown.get("ROW");
        assertEquals(self.keySet(), rows.stream().map(r -> r[2]).collect(java.util.stream.Collectors.toSet()), all);
        for (String[] row : rows) {
            assertEquals(total.get(row[2]) * periodMs, ExportFixtures.millis(row[0]), 1e-9, "total of " + row[2] + "\n" + all);
            assertEquals(self.get(row[2]) * periodMs, ExportFixtures.millis(row[1]), 1e-9, "self of " + row[2] + "\n" + all);
        }
    }

    private static Map<String, Long> withOrder(Map<String, Long> m, Map<String, Long> order) {
        Map<String, Long> r = new java.util.LinkedHashMap<>();
        order.keySet().forEach(k -> r.put(k, m.getOrDefault(k, 0L)));
        return r;
    }
}
