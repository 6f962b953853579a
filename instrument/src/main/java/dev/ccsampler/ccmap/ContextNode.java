package dev.ccsampler.ccmap;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A node of a snapshot's calling context tree: one method reached through one call site of its
 * parent's method, along one path from the thread's root. Children are distinct by
 * (call site, method), so two calls of the same callee from two lines of a caller are two nodes.
 *
 * <p>A snapshot node is immutable once its snapshot is published. The thread root is a synthetic
 * node with {@link #method()} {@code -1}.
 *
 * @since 0.1
 */
public final class ContextNode {

    private final int id;
    private final int method;
    private final int callSite;
    private final long[] self;
    private final long[] total;
    private final long calls;
    private final ContextNode parent;
    private List<ContextNode> children = Collections.emptyList();

    /**
     * Creates a node; used by snapshot builders and the JSON reader.
     *
     * @param id id unique within its thread's tree (the root is 0)
     * @param method method id, {@code -1} for the thread root
     * @param callSite id of the parent's call site that led here, {@code -1} when unknown or for roots
     * @param self samples with this context on top of the stack, per tier of this frame
     * @param total samples passing through this context, per tier of this frame
     * @param parent parent node, {@code null} for the thread root
     * @since 0.1
     */
    public ContextNode(int id, int method, int callSite, long[] self, long[] total, ContextNode parent) {
        this(id, method, callSite, self, total, 0, parent);
    }

    /**
     * Creates a node with a call count from bursts; used by snapshot builders and the JSON reader.
     *
     * @param calls calls of this context counted by bursts, weighted; 0 when none or not measured
     * @see #ContextNode(int, int, int, long[], long[], ContextNode)
     * @since 0.3
     */
    public ContextNode(int id, int method, int callSite, long[] self, long[] total, long calls, ContextNode parent) {
        if (calls < 0) {
            throw new IllegalArgumentException("a call count cannot be negative: " + calls);
        }
        this.calls = calls;
        if (self.length != Tier.COUNT || total.length != Tier.COUNT) {
            throw new IllegalArgumentException("tier arrays must have " + Tier.COUNT + " entries");
        }
        this.id = id;
        this.method = method;
        this.callSite = callSite;
        this.self = self;
        this.total = total;
        this.parent = parent;
        if (parent != null) {
            if (parent.children.isEmpty()) {
                parent.children = new ArrayList<>(2);
            }
            parent.children.add(this);
        }
    }

    /**
     * Id unique within its thread's tree; the thread root is 0.
     *
     * @since 0.1
     */
    public int id() {
        return id;
    }

    /**
     * Method id (an index into {@link ProfileSnapshot#methods()}), {@code -1} for the thread root.
     *
     * @since 0.1
     */
    public int method() {
        return method;
    }

    /**
     * Id of the parent's call site that led here (an index into
     * {@link ProfileSnapshot#callSites()}), {@code -1} when unknown and for the thread root.
     *
     * @since 0.1
     */
    public int callSite() {
        return callSite;
    }

    /**
     * Self samples by tier ordinal. Do not modify.
     *
     * @since 0.1
     */
    public long[] selfByTier() {
        return self;
    }

    /**
     * Total samples by tier ordinal. Do not modify.
     *
     * @since 0.1
     */
    public long[] totalByTier() {
        return total;
    }

    /**
     * Calls of this context (this method called from its parent context through its call site),
     * counted by bursts and weighted: an estimate of the number of calls, beside the time samples.
     * 0 when bursting was off or no burst saw this context; {@link ProfileSnapshot#hasCallCounts()}
     * says whether the profile has call counts at all.
     *
     * @since 0.3
     */
    public long calls() {
        return calls;
    }

    /**
     * Self samples over all tiers.
     *
     * @since 0.1
     */
    public long self() {
        return sum(self);
    }

    /**
     * Samples through this context over all tiers.
     *
     * @since 0.1
     */
    public long total() {
        return sum(total);
    }

    /**
     * The tier with most samples through this node (ties: the lower tier).
     *
     * @since 0.1
     */
    public Tier dominantTier() {
        int best = 0;
        for (int t = 1; t < Tier.COUNT; t++) {
            if (total[t] > total[best]) {
                best = t;
            }
        }
        return Tier.of(best);
    }

    /**
     * The calling context one frame up, {@code null} for the thread root.
     *
     * @since 0.1
     */
    public ContextNode parent() {
        return parent;
    }

    /**
     * Children in insertion order. Do not modify.
     *
     * @since 0.1
     */
    public List<ContextNode> children() {
        return children;
    }

    /**
     * Depth below the thread root (the root is 0).
     *
     * @since 0.1
     */
    public int depth() {
        int d = 0;
        for (ContextNode n = parent; n != null; n = n.parent) {
            d++;
        }
        return d;
    }

    /**
     * Sums an array of counts.
     *
     * @since 0.1
     */
    public static long sum(long[] a) {
        long s = 0;
        for (long v : a) {
            s += v;
        }
        return s;
    }
}
