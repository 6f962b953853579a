package dev.ccsampler.report;

import static dev.ccsampler.report.FlameTestSupport.frame;
import static dev.ccsampler.report.FlameTestSupport.frames;
import static dev.ccsampler.report.FlameTestSupport.step;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

/**
 * The flame graph page of {@link SnapshotFixtures#mixed()} in headless Chromium: what is drawn,
 * zoom, search, reverse, icicle, thread selector, colour legend. Leaves a screenshot in
 * {@code target/screenshots/flamegraph.png}.
 */
class FlameGraphBrowserTest {

    private static final String MAIN = "main (app.js:1)";
    private static final String COMPUTE = "compute (calc.py:10)";
    private static final String FIB = "fib (calc.py:20)";
    private static final String HELPER = "helper (app.js:30)";
    private static final String AB = "a;b (weird.js:2)";
    private static final String SCRIPT = "</script> (<script>&.js:3)";
    private static final String TITLE = "fixture </script><b>bold</b> & \"quotes\"";

    @Test
    void drawsZoomsSearchesReversesAndSwitchesThreads() throws Exception {
        Path page = FlameTestSupport.save("mixed.html", FlameTestSupport.html(SnapshotFixtures.mixed(), ReportOptions.DEFAULT.withTitle(TITLE)));
        Path shot = FlameTestSupport.SCREENSHOTS.resolve("flamegraph.png");
        Files.deleteIfExists(shot);
        List<Object> r = FlameTestSupport.drive(page,
                        step("frames"),                                          // 0
                        step("hover", "label", COMPUTE),                         // 1
                        step("screenshot", "path", shot.toString()),             // 2
                        step("click", "label", COMPUTE),                         // 3
                        step("frames"),                                          // 4
                        step("reset"),                                           // 5
                        step("search", "text", "fib", "regex", false),           // 6
                        step("search", "text", "^(helper|</script>) ", "regex", true), // 7
                        step("search", "text", "(", "regex", true),              // 8
                        step("search", "text", "", "regex", false),              // 9
                        step("check", "id", "reverse", "value", true),           // 10
                        step("frames"),                                          // 11
                        step("check", "id", "reverse", "value", false),          // 12
                        step("check", "id", "icicle", "value", true),            // 13
                        step("frames"),                                          // 14
                        step("select", "id", "thread", "value", "2"),            // 15
                        step("frames"),                                          // 16
                        step("select", "id", "colour", "value", "tier"),         // 17
                        step("text", "id", "legend"));                           // 18

        @SuppressWarnings("unchecked")
        Map<String, Object> end = (Map<String, Object>) r.get(r.size() - 1);
        assertEquals(List.of(), end.get("errors"), "no script errors");
        assertEquals(List.of(), end.get("requests"), "no network requests");
        assertEquals(TITLE, end.get("title"), "title survives escaping");

        // All threads merged; helper is reached from two call sites and two threads: one box.
        Object initial = r.get(0);
        assertEquals(1.0, (Double) frame(initial, "all").get("widthShare"), 0.01);
        assertEquals(100.0, frame(initial, MAIN).get("samples"));
        assertEquals(45.0, frame(initial, COMPUTE).get("samples"));
        assertEquals(0.35, (Double) frame(initial, HELPER).get("widthShare"), 0.01);
        assertEquals(15.0, frame(initial, SCRIPT).get("samples"), "a function named </script> is drawn as such");
        assertEquals(5.0, frame(initial, AB).get("samples"));
        assertEquals(1, frames(initial).stream().filter(f -> HELPER.equals(f.get("label"))).count());
        // Flame orientation: callees above callers.
        assertTrue((Double) frame(initial, MAIN).get("y") < (Double) frame(initial, "all").get("y"));

        String tooltip = (String) r.get(1);
        assertTrue(tooltip.contains(COMPUTE) && tooltip.contains("45 samples, 45.0% of all"), tooltip);
        assertTrue(tooltip.contains("first tier 55.6%") && tooltip.contains("inlined 44.4%"), tooltip);
        assertTrue(Files.size(shot) > 10_000, "screenshot written");

        assertEquals(COMPUTE, r.get(3), "click zooms into the frame");
        Object zoomed = r.get(4);
        assertEquals(1.0, (Double) frame(zoomed, COMPUTE).get("widthShare"), 0.01);
        assertEquals(40.0 / 45.0, (Double) frame(zoomed, FIB).get("widthShare"), 0.01);
        assertEquals(Set.of("all", MAIN), frames(zoomed).stream().filter(f -> (Boolean) f.get("ancestor")).map(f -> f.get("label")).collect(Collectors.toSet()));
        assertTrue(frames(zoomed).stream().noneMatch(f -> HELPER.equals(f.get("label"))), "siblings of the zoomed frame are gone");
        assertEquals("all", r.get(5), "reset");

        // fib appears nested (recursion): counted once, 40 of 100 samples.
        assertEquals(0.4, match(r.get(6)).get("share"));
        assertTrue(((String) ((Map<?, ?>) r.get(6)).get("text")).contains("40.0%"));
        assertEquals(0.5, match(r.get(7)).get("share"), "regex over labels with markup characters");
        assertTrue(((String) ((Map<?, ?>) r.get(8)).get("text")).startsWith("invalid regex"));
        assertEquals(null, ((Map<?, ?>) r.get(9)).get("result"));

        // Reversed: the functions with self samples form the base, callers above.
        Object reversed = r.get(11);
        Map<String, Double> base = new java.util.TreeMap<>();
        for (Map<String, Object> f : frames(reversed)) {
            if ((Double) f.get("depth") == 1.0) {
                base.put((String) f.get("label"), (Double) f.get("samples"));
            }
        }
        assertEquals(Map.of(FIB, 40.0, HELPER, 35.0, SCRIPT, 15.0, COMPUTE, 5.0, AB, 5.0), base);

        Object icicle = r.get(14);
        assertEquals(0.0, frame(icicle, "all").get("y"));
        assertTrue((Double) frame(icicle, MAIN).get("y") > 0);

        assertEquals("worker-1 (#2)", ((Map<?, ?>) r.get(15)).get("thread"));
        Object worker = r.get(16);
        assertEquals(40.0, frame(worker, MAIN).get("samples"));
        assertEquals(20.0, frame(worker, HELPER).get("samples"));
        assertTrue(frames(worker).stream().noneMatch(f -> SCRIPT.equals(f.get("label"))), "only the worker's stacks");

        String legend = (String) r.get(18);
        for (String tier : List.of("interpreted", "first tier", "last tier", "inlined")) {
            assertTrue(legend.contains(tier), legend);
        }
    }

    @Test
    void aFlameGraphTallerThanTheWindowOpensAtItsBaseAndAnIcicleAtItsTop() throws Exception {
        SnapshotFixtures.Builder b = new SnapshotFixtures.Builder();
        b.method("main", "js", "deep.js", 1);
        b.method("down", "js", "deep.js", 5);
        b.method("unsampled", "python", "never.py", 1);
        b.thread(1, "main");
        String[] stack = new String[120];
        stack[0] = "main:0";
        for (int i = 1; i < stack.length; i++) {
            stack[i] = "down@6:0";
        }
        b.stack(10, stack);
        b.stack(5, "main:0");
        Path page = FlameTestSupport.save("deep.html", FlameTestSupport.html(b.build(), ReportOptions.DEFAULT));
        List<Object> r = FlameTestSupport.drive(page, step("view"), step("check", "id", "icicle", "value", true), step("view"), step("text", "id", "legend"));
        assertEquals("js", ((String) r.get(3)).strip(), "the legend lists only languages of drawn frames");
        Map<?, ?> flame = (Map<?, ?>) r.get(0);
        double windowHeight = (Double) flame.get("windowHeight");
        assertTrue((Double) flame.get("pageHeight") > 2 * windowHeight, "the page is taller than the window: " + flame);
        double rootTop = (Double) flame.get("rootTop");
        assertTrue(rootTop >= 0 && rootTop + (Double) flame.get("rootHeight") <= windowHeight, "the root frame is in the window: " + flame);
        Map<?, ?> icicle = (Map<?, ?>) r.get(2);
        assertEquals(0.0, ((Number) icicle.get("scrollY")).doubleValue(), "an icicle opens at its top: " + icicle);
        assertTrue((Double) icicle.get("rootTop") >= 0 && (Double) icicle.get("rootTop") < windowHeight, icicle.toString());
    }

    @Test
    void largeProfileRendersAndMinWidthHidesNarrowFrames() throws Exception {
        var large = SnapshotFixtures.large(50_000);
        String html = FlameTestSupport.html(large, ReportOptions.DEFAULT);
        String pruned = FlameTestSupport.html(large, ReportOptions.DEFAULT.withMinWidth(1.0));
        assertTrue(pruned.length() < html.length() / 4, "minWidth keeps the file small: " + pruned.length() + " vs " + html.length());
        Path page = FlameTestSupport.save("large.html", html);
        Path prunedPage = FlameTestSupport.save("large-pruned.html", pruned);
        List<Object> r = FlameTestSupport.drive(page, step("frames"), step("search", "text", "fn1", "regex", false));
        assertEquals(List.of(), ((Map<?, ?>) r.get(r.size() - 1)).get("errors"));
        assertTrue(frames(r.get(0)).size() > 100, "draws many frames");
        double share = (Double) match(r.get(1)).get("share");
        assertTrue(share > 0 && share <= 1, "matched share " + share);

        List<Object> p = FlameTestSupport.drive(prunedPage, step("frames"));
        Set<Double> narrow = new TreeSet<>();
        for (Map<String, Object> f : frames(p.get(0))) {
            if ((Double) f.get("widthShare") < 0.0099) {
                narrow.add((Double) f.get("widthShare"));
            }
        }
        assertEquals(Set.of(), narrow, "no frame under 1 % drawn");
    }

    private static Map<?, ?> match(Object searchResult) {
        return (Map<?, ?>) ((Map<?, ?>) searchResult).get("result");
    }
}
