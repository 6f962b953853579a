package dev.ccsampler.report;

import dev.ccsampler.ccmap.ContextNode;
import dev.ccsampler.ccmap.Tier;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The tree a flame graph draws: calling contexts of one or more threads with siblings of the same
 * {@linkplain FlameFrames frame} merged, the way flame graphs have always shown stacks (a callee
 * reached from two lines of one caller is one box). Built from a snapshot without changing it.
 * Not thread-safe.
 *
 * @since 0.1
 */
final class FlameTree {

    /** Frame index in the tree's {@link FlameFrames}, -1 for the root. */
    final int frame;
    final long[] total = new long[Tier.COUNT];
    final long[] self = new long[Tier.COUNT];
    private final Map<Integer, FlameTree> byFrame = new HashMap<>();
    final List<FlameTree> children = new ArrayList<>();

    FlameTree(int frame) {
        this.frame = frame;
    }

    /** A tree of the given thread roots added together. */
    static FlameTree of(FlameFrames frames, List<ContextNode> threadRoots) {
        FlameTree root = new FlameTree(-1);
        for (ContextNode r : threadRoots) {
            root.add(frames, r);
        }
        return root;
    }

    long total() {
        return ContextNode.sum(total);
    }

    long self() {
        return ContextNode.sum(self);
    }

    FlameTree child(int frameIndex) {
        return byFrame.get(frameIndex);
    }

    private void add(FlameFrames frames, ContextNode threadRoot) {
        // The root's own counts are its thread's applied samples, whatever tier it is filed under.
        total[0] += threadRoot.total();
        List<Object[]> work = new ArrayList<>();
        for (ContextNode c : threadRoot.children()) {
            work.add(new Object[]{this, c});
        }
        while (!work.isEmpty()) {
            Object[] w = work.remove(work.size() - 1);
            FlameTree into = (FlameTree) w[0];
            ContextNode n = (ContextNode) w[1];
            int f = frames.frameOf(n.method());
            FlameTree t = into.byFrame.get(f);
            if (t == null) {
                t = new FlameTree(f);
                into.byFrame.put(f, t);
                into.children.add(t);
            }
            for (int i = 0; i < Tier.COUNT; i++) {
                t.total[i] += n.totalByTier()[i];
                t.self[i] += n.selfByTier()[i];
            }
            for (ContextNode c : n.children()) {
                work.add(new Object[]{t, c});
            }
        }
    }
}
