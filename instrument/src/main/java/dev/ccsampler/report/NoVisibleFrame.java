package dev.ccsampler.report;

import dev.ccsampler.ccmap.ContextNode;
import dev.ccsampler.ccmap.MethodInfo;
import dev.ccsampler.ccmap.MethodStats;
import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.ccmap.Tier;
import dev.ccsampler.ccmap.ThreadProfile;

import java.util.ArrayList;
import java.util.List;

/**
 * Samples without a visible guest frame: the thread was sampled while no visible frame was on its
 * stack (starting up, parsing, between guest calls, or only in frames hidden by the filter). The
 * CC-Map counts them as the thread root's own samples. The histogram shows them as a row of this
 * name; formats that only know stacks of frames (folded, pprof, JFR, speedscope, cpuprofile) get
 * them as a one-frame stack of a synthetic function of this name, so their totals are the
 * histogram's.
 */
final class NoVisibleFrame {

    /** The row and frame name. */
    static final String NAME = "<no visible frame>";
    /** The synthetic method's source name (JFR's class, pprof's file). */
    static final String SOURCE = "ccsampler";

    private NoVisibleFrame() {
    }

    /** Whether {@code m} is the synthetic method that {@link #asFrame} adds. */
    static boolean is(MethodInfo m) {
        return m.internal() && m.line() == 0 && NAME.equals(m.name()) && SOURCE.equals(m.source());
    }

    /**
     * {@code s} with each thread root's own samples moved into a child frame of a synthetic method
     * named {@link #NAME}, appended to the method table; {@code s} itself when no root has samples
     * of its own. The snapshot is not changed.
     */
    static ProfileSnapshot asFrame(ProfileSnapshot s) {
        if (s.threads().stream().noneMatch(t -> t.root().self() > 0)) {
            return s;
        }
        int id = s.methods().size();
        List<MethodInfo> methods = new ArrayList<>(s.methods());
        methods.add(new MethodInfo(id, "", NAME, SOURCE, null, 0, 0, 0, true));
        long[] self = new long[Tier.COUNT];
        List<ThreadProfile> threads = new ArrayList<>();
        for (ThreadProfile t : s.threads()) {
            long[] rootSelf = t.root().selfByTier();
            for (int i = 0; i < Tier.COUNT; i++) {
                self[i] += rootSelf[i];
            }
            threads.add(new ThreadProfile(t.context(), t.threadId(), t.threadName(), withFrame(t.root(), id), t.accounting()));
        }
        List<MethodStats> stats = new ArrayList<>(s.methodStats());
        stats.add(new MethodStats(id, self, self.clone()));
        return new ProfileSnapshot(s.meta(), methods, stats, s.callSites(), threads, dev.ccsampler.ccmap.LatencyHistogram.EMPTY, s.hints());
    }

    /** A copy of a thread's tree whose root's own samples are in a child of method {@code method}. */
    private static ContextNode withFrame(ContextNode root, int method) {
        ContextNode copy = new ContextNode(root.id(), -1, -1, new long[Tier.COUNT], root.totalByTier().clone(), null);
        int maxId = root.id();
        List<ContextNode[]> work = new ArrayList<>();
        for (ContextNode c : root.children()) {
            work.add(new ContextNode[]{c, copy});
        }
        // children are copied in order: take from the front
        for (int i = 0; i < work.size(); i++) {
            ContextNode from = work.get(i)[0];
            ContextNode n = new ContextNode(from.id(), from.method(), from.callSite(), from.selfByTier().clone(), from.totalByTier().clone(), work.get(i)[1]);
            maxId = Math.max(maxId, from.id());
            for (ContextNode c : from.children()) {
                work.add(new ContextNode[]{c, n});
            }
        }
        if (root.self() > 0) {
            new ContextNode(maxId + 1, method, -1, root.selfByTier().clone(), root.selfByTier().clone(), copy);
        }
        return copy;
    }
}
