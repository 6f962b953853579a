package dev.ccsampler.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ccsampler.ccmap.ProfileSnapshot;

import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/** The page as text: self-contained, escaped, and the embedded trees. The browser test covers behaviour. */
class FlameGraphReporterTest {

    @Test
    void pageIsSelfContainedAndNothingEmbeddedCanCloseItsScripts() throws Exception {
        String html = FlameTestSupport.html(SnapshotFixtures.mixed(), ReportOptions.DEFAULT.withTitle("t </script><img src=x onerror=alert(1)>"));
        assertEquals(2, count(html, "</script>"), "only the page's own two script elements end");
        assertEquals(1, count(html, "</style>"));
        assertFalse(html.contains("<img"), "title is escaped");
        assertFalse(Pattern.compile("(src|href)\\s*=\\s*[\"']?(https?:)?//").matcher(html).find(), "no external resources");
        Map<String, Object> data = FlameTestSupport.data(html);
        assertTrue(((List<?>) data.get("frames")).contains(List.of("</script> (<script>&.js:3)", "js")), "labels survive escaping");
    }

    @Test
    void embedsAllThreadsMergedThenEachThreadOrOnlyTheMergedTree() throws Exception {
        ProfileSnapshot s = SnapshotFixtures.mixed();
        assertEquals(List.of("all threads", "main (#1)", "worker-1 (#2)"), treeNames(FlameTestSupport.html(s, ReportOptions.DEFAULT)));
        assertEquals(List.of("all threads"), treeNames(FlameTestSupport.html(s, ReportOptions.DEFAULT.withSummariseThreads(true))));
        Map<String, Object> data = FlameTestSupport.data(FlameTestSupport.html(s, ReportOptions.DEFAULT));
        List<?> trees = (List<?>) data.get("trees");
        assertEquals(100.0, ((Map<?, ?>) trees.get(0)).get("total"));
        assertEquals(60.0, ((Map<?, ?>) trees.get(1)).get("total"));
        assertEquals(40.0, ((Map<?, ?>) trees.get(2)).get("total"));
        // merged tree: all, main, </script>, a;b, compute, fib, fib, fib, helper = 9 nodes of 10 numbers
        assertEquals(90, ((List<?>) ((Map<?, ?>) trees.get(0)).get("nodes")).size());
    }

    @Test
    void minWidthLeavesOutNarrowFramesAndTheirCallees() throws Exception {
        Map<String, Object> data = FlameTestSupport.data(FlameTestSupport.html(SnapshotFixtures.mixed(), ReportOptions.DEFAULT.withMinWidth(16)));
        List<?> nodes = (List<?>) ((Map<?, ?>) ((List<?>) data.get("trees")).get(0)).get("nodes");
        // kept: all 100, main 100, compute 45, fib 40, fib 20, helper 35; dropped: </script> 15, a;b 5, fib 15
        assertEquals(60, nodes.size());
    }

    @Test
    void writingDoesNotChangeTheSnapshotAndIsRepeatable() throws Exception {
        ProfileSnapshot s = SnapshotFixtures.mixed();
        String first = FlameTestSupport.html(s, ReportOptions.DEFAULT);
        assertEquals(first, FlameTestSupport.html(s, ReportOptions.DEFAULT));
        assertEquals(100, s.totalSamples());
        assertEquals(2, s.threads().size());
    }

    private static List<?> treeNames(String html) throws Exception {
        return ((List<?>) FlameTestSupport.data(html).get("trees")).stream().map(t -> ((Map<?, ?>) t).get("name")).toList();
    }

    private static int count(String s, String what) {
        Matcher m = Pattern.compile(Pattern.quote(what)).matcher(s);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }
}
