package dev.ccsampler.ccmap;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Adds calling context trees node by node: nodes with equal (call site, method) paths become one.
 * Used to merge threads, contexts and runs. Not thread-safe.
 *
 * @since 0.1
 */
final class TreeMerger {

    private static final class MNode {
        final int method;
        final int callSite;
        final long[] self = new long[Tier.COUNT];
        final long[] total = new long[Tier.COUNT];
        long calls;
        final Map<Long, MNode> children = new HashMap<>();
        final List<MNode> order = new ArrayList<>();

        MNode(int method, int callSite) {
            this.method = method;
            this.callSite = callSite;
        }

        MNode child(int m, int cs) {
            long key = ((long) cs << 32) | (m & 0xffffffffL);
            MNode c = children.get(key);
            if (c == null) {
                c = new MNode(m, cs);
                children.put(key, c);
                order.add(c);
            }
            return c;
        }
    }

    private final MNode root = new MNode(-1, -1);

    /**
     * Creates a merger with an empty tree.
     *
     * @since 0.1
     */
    TreeMerger() {
    }

    /**
     * Adds a tree rooted at a thread root.
     *
     * @since 0.1
     */
    void add(ContextNode threadRoot) {
        addInto(root, threadRoot);
    }

    private static void addInto(MNode into, ContextNode from) {
        List<Object[]> work = new ArrayList<>();
        work.add(new Object[]{into, from});
        while (!work.isEmpty()) {
            Object[] w = work.remove(work.size() - 1);
            MNode m = (MNode) w[0];
            ContextNode n = (ContextNode) w[1];
            for (int t = 0; t < Tier.COUNT; t++) {
                m.self[t] += n.selfByTier()[t];
                m.total[t] += n.totalByTier()[t];
            }
            m.calls += n.calls();
            for (ContextNode c : n.children()) {
                work.add(new Object[]{m.child(c.method(), c.callSite()), c});
            }
        }
    }

    /**
     * Builds an immutable tree of everything added so far.
     *
     * @since 0.1
     */
    ContextNode build() {
        int[] ids = {0};
        ContextNode r = new ContextNode(ids[0]++, -1, -1, root.self.clone(), root.total.clone(), null);
        List<Object[]> work = new ArrayList<>();
        work.add(new Object[]{root, r});
        while (!work.isEmpty()) {
            Object[] w = work.remove(work.size() - 1);
            MNode m = (MNode) w[0];
            ContextNode parent = (ContextNode) w[1];
            for (MNode c : m.order) {
                ContextNode cn = new ContextNode(ids[0]++, c.method, c.callSite, c.self.clone(), c.total.clone(), c.calls, parent);
                work.add(new Object[]{c, cn});
            }
        }
        return r;
    }
}
