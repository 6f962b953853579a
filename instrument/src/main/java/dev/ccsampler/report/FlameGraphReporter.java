package dev.ccsampler.report;

import dev.ccsampler.ccmap.Accounting;
import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.ccmap.ThreadProfile;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * A flame graph as one self-contained HTML file: open it in any browser, from disk, offline.
 *
 * <p>What the page offers: click a frame to zoom into it (its ancestors stay as full-width bars;
 * click one, or <i>Reset zoom</i>, to go back); search by substring or regular expression, with
 * matching frames highlighted and the share of samples under them shown (nested matches counted
 * once); <i>Reverse</i> to turn stacks upside down (hot leaf functions at the base, their callers
 * above, tiers of callers by their dominant tier), and <i>Icicle</i> to draw the root at the top;
 * colour by language or by compilation tier (dominant tier of the frame), with a legend; a tooltip
 * with samples, share of all and of the zoomed frame, self samples and the split by tier; a thread
 * selector with every thread and <i>all threads</i> merged.
 *
 * <p>Frames are merged per parent by (language, name, source, line), as in every flame graph: a
 * callee reached from two lines of one caller is one box. Frames with less than
 * {@link ReportOptions#minWidth()} percent of their tree's samples are left out of the file with
 * everything above them, which keeps huge profiles small. {@link ReportOptions#summariseThreads()}
 * embeds only the merged tree. The title is {@link ReportOptions#title()}.
 *
 * @since 0.1
 */
final class FlameGraphReporter implements Reporter {

    @Override
    public void write(ProfileSnapshot snapshot, ReportOptions options, OutputStream out) throws IOException {
        FlameFrames frames = new FlameFrames(snapshot);
        List<FlamePage.Tree> trees = new ArrayList<>();
        List<ThreadProfile> threads = snapshot.threads();
        List<dev.ccsampler.ccmap.ContextNode> roots = new ArrayList<>();
        for (ThreadProfile t : threads) {
            roots.add(t.root());
        }
        if (threads.size() != 1) {
            trees.add(new FlamePage.Tree("all threads", FlameTree.of(frames, roots), null, 0));
        }
        if (!options.summariseThreads()) {
            for (ThreadProfile t : threads) {
                String name = t.threadName() + " (#" + t.threadId() + (t.context() != 0 && t.threadId() >= 0 ? ", " + t.contextLabel() : "") + ")";
                trees.add(new FlamePage.Tree(name, FlameTree.of(frames, List.of(t.root())), null, 0));
            }
        } else if (threads.size() == 1) {
            trees.add(new FlamePage.Tree("all threads", FlameTree.of(frames, roots), null, 0));
        }
        FlamePage.write(out, options.title(), subtitle(snapshot), false, frames, trees, options.minWidth());
    }

    static String subtitle(ProfileSnapshot s) {
        Accounting a = s.accounting();
        ProfileSnapshot.Meta m = s.meta();
        String sub = s.totalSamples() + " samples, " + s.threads().size() + " thread" + (s.threads().size() == 1 ? "" : "s");
        if (m != null) {
            sub += ", period " + Accounting.formatNanos(m.periodNanos()) + ", " + m.runtime();
        }
        if (a.dropped() + a.failed() > 0) {
            sub += ", " + a.dropped() + " dropped, " + a.failed() + " failed";
        }
        return sub;
    }
}
