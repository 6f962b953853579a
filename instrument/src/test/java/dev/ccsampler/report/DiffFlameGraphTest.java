package dev.ccsampler.report;

import static dev.ccsampler.report.FlameTestSupport.frame;
import static dev.ccsampler.report.FlameTestSupport.step;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/** {@link DiffFlameGraph} over {@link SnapshotFixtures#diffBefore()} and {@link SnapshotFixtures#diffAfter()}, in headless Chromium. */
class DiffFlameGraphTest {

    private static final String MAIN = "main (app.js:1)";
    private static final String GROWS = "grows (app.js:20)";
    private static final String SHRINKS = "shrinks (app.js:30)";
    private static final String IDLE = "idle (app.js:40)";
    private static final String FRESH = "fresh (app.js:50)";

    @Test
    void grownFramesAreRedShrunkFramesBlueAndMatchedByNameNotId() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        DiffFlameGraph.write(SnapshotFixtures.diffBefore(), SnapshotFixtures.diffAfter(), ReportOptions.DEFAULT.withTitle("diff"), out);
        Path page = FlameTestSupport.save("diff.html", out.toString(StandardCharsets.UTF_8));
        Path shot = FlameTestSupport.SCREENSHOTS.resolve("flamegraph-diff.png");
        Files.deleteIfExists(shot);
        List<Object> r = FlameTestSupport.drive(page,
                        step("frames"),
                        step("hover", "label", GROWS),
                        step("hover", "label", FRESH),
                        step("screenshot", "path", shot.toString()),
                        step("text", "id", "legend"));
        assertEquals(List.of(), ((Map<?, ?>) r.get(r.size() - 1)).get("errors"));

        Object frames = r.get(0);
        assertEquals(0.35, delta(frames, GROWS), 1e-9, "25 % -> 60 %");
        assertEquals(-0.15, delta(frames, SHRINKS), 1e-9, "25 % -> 10 %");
        assertEquals(-0.30, delta(frames, IDLE), 1e-9, "50 % -> 20 %");
        assertEquals(0.10, delta(frames, FRESH), 1e-9, "new: 0 % -> 10 %");
        assertEquals(0.0, delta(frames, MAIN), 1e-9, "100 % in both");
        assertTrue(reddish(fill(frames, GROWS)), "grown frame is red: " + fill(frames, GROWS));
        assertTrue(reddish(fill(frames, FRESH)), "new frame is red: " + fill(frames, FRESH));
        assertTrue(bluish(fill(frames, SHRINKS)), "shrunk frame is blue: " + fill(frames, SHRINKS));
        assertTrue(bluish(fill(frames, IDLE)), "shrunk frame is blue: " + fill(frames, IDLE));
        assertTrue(!reddish(fill(frames, MAIN)) && !bluish(fill(frames, MAIN)), "unchanged is neutral: " + fill(frames, MAIN));
        int[] grows = rgb(fill(frames, GROWS));
        int[] fresh = rgb(fill(frames, FRESH));
        assertTrue(grows[1] < fresh[1], "a larger growth is a deeper red");

        String tooltip = (String) r.get(1);
        assertTrue(tooltip.contains("before 25.0% \u2192 after 60.0% of all (+35.00 points)"), tooltip);
        assertTrue(((String) r.get(2)).contains("new: before 0.0%"), (String) r.get(2));
        assertTrue(((String) r.get(4)).contains("grew"));
    }

    @Test
    void missingInBeforeAndDifferentLinesDoNotMatch() throws Exception {
        // "grows" moved to another line in "after": a different function by the matching rule.
        SnapshotFixtures.Builder b = new SnapshotFixtures.Builder();
        b.method("main", "js", "app.js", 1);
        b.method("grows", "js", "app.js", 21);
        b.thread(1, "main");
        b.stack(10, "main:0", "grows:0");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        DiffFlameGraph.write(SnapshotFixtures.diffBefore(), b.build(), ReportOptions.DEFAULT, out);
        Map<String, Object> data = FlameTestSupport.data(out.toString(StandardCharsets.UTF_8));
        Map<?, ?> tree = (Map<?, ?>) ((List<?>) data.get("trees")).get(0);
        // Nodes: root, main, grows (line 21); before pairs: root 200/0, main 200/0, grows -1/-1.
        assertEquals(List.of(200.0, 0.0, 200.0, 0.0, -1.0, -1.0), tree.get("before"));
        assertEquals(200.0, tree.get("beforeTotal"));
    }

    private static double delta(Object frames, String label) {
        return (Double) frame(frames, label).get("delta");
    }

    private static String fill(Object frames, String label) {
        return (String) frame(frames, label).get("fill");
    }

    private static int[] rgb(String css) {
        Matcher m = Pattern.compile("rgb\\((\\d+),(\\d+),(\\d+)\\)").matcher(css);
        assertTrue(m.matches(), css);
        return new int[]{Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3))};
    }

    private static boolean reddish(String css) {
        int[] c = rgb(css);
        return c[0] > c[1] + 40 && c[0] > c[2] + 40;
    }

    private static boolean bluish(String css) {
        int[] c = rgb(css);
        return c[2] > c[0] + 40 && c[2] > c[1] + 40;
    }
}
