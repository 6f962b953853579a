package dev.ccsampler.report;

import dev.ccsampler.ccmap.ContextNode;
import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.ccmap.ThreadProfile;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * A differential flame graph of two runs, as one self-contained HTML page (the same page as
 * {@link FlameGraphReporter}).
 *
 * <p>The boxes are the <b>after</b> run's flame graph, all threads merged. Each frame is coloured by
 * how its share of all samples changed: red when it takes a larger share of the "after" run than of
 * the "before" run, blue when a smaller one, white when equal, darker the larger the change (the
 * legend names the largest). Shares, not sample counts, are compared, so runs of different lengths
 * or periods compare fairly. The tooltip shows both shares of the frame (total and self) and the
 * difference in percentage points.
 *
 * <p><b>Matching.</b> A frame of "after" matches a frame of "before" when their whole paths from the
 * root match, frame by frame, by (language, name, source, line) of the function; method ids, call
 * sites, columns and threads are not compared, so the runs need not come from the same process. A
 * path missing in "before" counts as a share of 0 there (shown as "new"); a path only in "before"
 * has no box, its loss shows as blue on its callers.
 *
 * <p>{@link ReportOptions#minWidth()} hides narrow frames of "after"; {@link ReportOptions#title()}
 * is the title. Neither snapshot is changed.
 *
 * @since 0.1
 */
public final class DiffFlameGraph {

    private DiffFlameGraph() {
    }

    /**
     * Writes the page comparing {@code before} with {@code after} to {@code out}, which stays open.
     *
     * @since 0.1
     */
    public static void write(ProfileSnapshot before, ProfileSnapshot after, ReportOptions options, OutputStream out) throws IOException {
        FlameFrames beforeFrames = new FlameFrames(before);
        FlameFrames afterFrames = new FlameFrames(after);
        FlameTree b = FlameTree.of(beforeFrames, roots(before));
        FlameTree a = FlameTree.of(afterFrames, roots(after));
        Map<FlameTree, long[]> matched = new IdentityHashMap<>();
        match(a, b, afterFrames, beforeFrames, matched);
        String subtitle = "before: " + FlameGraphReporter.subtitle(before) + " \u00b7 after: " + FlameGraphReporter.subtitle(after);
        FlamePage.write(out, options.title(), subtitle, true, afterFrames,
                        List.of(new FlamePage.Tree("all threads", a, matched, b.total())), options.minWidth());
    }

    private static List<ContextNode> roots(ProfileSnapshot s) {
        List<ContextNode> roots = new ArrayList<>();
        for (ThreadProfile t : s.threads()) {
            roots.add(t.root());
        }
        return roots;
    }

    /** Records, for every node of {@code after} with a path in {@code before}, the before total and self. */
    private static void match(FlameTree after, FlameTree before, FlameFrames afterFrames, FlameFrames beforeFrames, Map<FlameTree, long[]> out) {
        List<FlameTree[]> work = new ArrayList<>();
        work.add(new FlameTree[]{after, before});
        while (!work.isEmpty()) {
            FlameTree[] pair = work.remove(work.size() - 1);
            out.put(pair[0], new long[]{pair[1].total(), pair[1].self()});
            for (FlameTree c : pair[0].children) {
                int bf = beforeFrames.frameWithKey(FlameFrames.key(afterFrames.frame(c.frame)));
                FlameTree bc = bf < 0 ? null : pair[1].child(bf);
                if (bc != null) {
                    work.add(new FlameTree[]{c, bc});
                }
            }
        }
    }
}
