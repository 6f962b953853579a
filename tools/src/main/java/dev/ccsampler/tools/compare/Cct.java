package dev.ccsampler.tools.compare;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A calling context tree for comparison: children are distinct by {@link Frame} (node equivalence of
 * the paper: same method, equivalent parent), and every node carries the weight of the edge from its
 * parent to it. The root is virtual; its children are the top-level frames, so every node except
 * the root is exactly one edge. Threads and contexts of a profile are merged into this one tree by
 * adding their paths from the virtual root.
 *
 * <p>Not thread-safe. All traversals are iterative, so trees of any depth are fine.
 *
 * @since 0.1
 */
public final class Cct {

    /** What the edge weights count. @since 0.1 */
    public enum Kind {
        /** Samples with the edge's target context on top of the stack (self samples). @since 0.1 */
        SAMPLES,
        /** Calls of the target method in the target context (exhaustive trace). @since 0.1 */
        CALLS
    }

    /** One context; the edge parent → this. @since 0.1 */
    public static final class Node {
        private final Frame frame;
        private final Node parent;
        private final Map<Frame, Node> children = new LinkedHashMap<>();
        private long weight;

        Node(Frame frame, Node parent) {
            this.frame = frame;
            this.parent = parent;
        }

        /** The frame, {@code null} for the virtual root. @since 0.1 */
        public Frame frame() {
            return frame;
        }

        /** @since 0.1 */
        public Node parent() {
            return parent;
        }

        /** Weight of the edge into this node. @since 0.1 */
        public long weight() {
            return weight;
        }

        /** The child for {@code f}, or {@code null}. @since 0.1 */
        public Node child(Frame f) {
            return children.get(f);
        }

        /** Children in insertion order. @since 0.1 */
        public Collection<Node> children() {
            return children.values();
        }

        /** The child for {@code f}, created with weight 0 when missing. @since 0.1 */
        public Node childOrCreate(Frame f) {
            Node c = children.get(f);
            if (c == null) {
                c = new Node(f, this);
                children.put(f, c);
            }
            return c;
        }

        /**
         * Adds to the weight of the edge into this node.
         *
         * @throws IllegalArgumentException when {@code w} is negative
         * @throws ArithmeticException when the weight would pass {@link Long#MAX_VALUE}
         * @since 0.1
         */
        public void add(long w) {
            if (w < 0) {
                throw new IllegalArgumentException("negative weight " + w + " at " + frame);
            }
            weight = Math.addExact(weight, w);
        }

        /** Frames from the top-level frame down to this node. @since 0.1 */
        public List<Frame> path() {
            ArrayList<Frame> p = new ArrayList<>();
            for (Node n = this; n.parent != null; n = n.parent) {
                p.add(n.frame);
            }
            java.util.Collections.reverse(p);
            return p;
        }
    }

    private final Kind kind;
    private final Node root = new Node(null, null);

    /** An empty tree. @since 0.1 */
    public Cct(Kind kind) {
        this.kind = kind;
    }

    /** @since 0.1 */
    public Kind kind() {
        return kind;
    }

    /** The virtual root (no frame, weight 0). @since 0.1 */
    public Node root() {
        return root;
    }

    /** Adds {@code weight} to the edge ending at {@code path}, creating the contexts on the way. @since 0.1 */
    public Node add(List<Frame> path, long weight) {
        Node n = root;
        for (Frame f : path) {
            n = n.childOrCreate(f);
        }
        if (n != root) {
            n.add(weight);
        }
        return n;
    }

    /** Visits every edge (every node but the root), pre-order. @since 0.1 */
    public void forEachEdge(Consumer<Node> visitor) {
        ArrayDeque<Node> stack = new ArrayDeque<>(root.children());
        while (!stack.isEmpty()) {
            Node n = stack.pop();
            visitor.accept(n);
            for (Node c : n.children()) {
                stack.push(c);
            }
        }
    }

    /** Number of edges. @since 0.1 */
    public int edgeCount() {
        int[] c = {0};
        forEachEdge(n -> c[0]++);
        return c[0];
    }

    /** Sum of all edge weights (the paper's "total edge weights"). @since 0.1 */
    public long totalWeight() {
        long[] s = {0};
        forEachEdge(n -> s[0] += n.weight);
        return s[0];
    }

    /** Weight summed per frame over all its contexts (self samples, or calls). @since 0.1 */
    public Map<Frame, Long> weightByFrame() {
        Map<Frame, Long> m = new LinkedHashMap<>();
        forEachEdge(n -> m.merge(n.frame, n.weight, Long::sum));
        return m;
    }

    /**
     * This tree re-keyed by {@link Frame#nameOnly()}: siblings with equal names merge and their
     * weights add up ({@code --match name}).
     *
     * @since 0.1
     */
    public Cct namesOnly() {
        Cct out = new Cct(kind);
        ArrayDeque<Node[]> work = new ArrayDeque<>();
        for (Node c : root.children()) {
            work.push(new Node[]{c, out.root});
        }
        while (!work.isEmpty()) {
            Node[] w = work.pop();
            Node to = w[1].childOrCreate(w[0].frame.nameOnly());
            to.add(w[0].weight);
            for (Node c : w[0].children()) {
                work.push(new Node[]{c, to});
            }
        }
        return out;
    }
}
