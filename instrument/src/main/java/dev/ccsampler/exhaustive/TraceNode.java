package dev.ccsampler.exhaustive;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * One calling context of the exhaustive tree: a method reached along one path of methods from the
 * thread's root, with the number of times it was called in that context (the paper's edge weight).
 * Children are distinct by method only (node equivalence of the paper: same method, equivalent
 * parent); call sites are not distinguished.
 *
 * <p><b>Single writer:</b> a node is created and updated only by the guest thread that owns its
 * tree. Readers ({@link CctJsonWriter}) run after that thread stopped executing guest code in the
 * context (engine finalization), so plain fields suffice.
 *
 * @since 0.1
 */
public final class TraceNode {

    /** Above this many children, lookups go through a hash map instead of a linear scan. */
    private static final int LINEAR_LIMIT = 8;

    private final TracedMethod method;
    private final TraceNode parent;
    private long calls;
    private TraceNode[] children = new TraceNode[0];
    private int childCount;
    private Map<TracedMethod, TraceNode> index;

    TraceNode(TracedMethod method, TraceNode parent) {
        this.method = method;
        this.parent = parent;
    }

    /**
     * The method, {@code null} for the thread root.
     *
     * @since 0.1
     */
    public TracedMethod method() {
        return method;
    }

    /**
     * The parent context, {@code null} for the thread root.
     *
     * @since 0.1
     */
    public TraceNode parent() {
        return parent;
    }

    /**
     * Calls of {@link #method()} in this context.
     *
     * @since 0.1
     */
    public long calls() {
        return calls;
    }

    /**
     * Number of children.
     *
     * @since 0.1
     */
    public int childCount() {
        return childCount;
    }

    /**
     * The {@code i}-th child in first-call order.
     *
     * @since 0.1
     */
    public TraceNode child(int i) {
        if (i >= childCount) {
            throw new IndexOutOfBoundsException(i);
        }
        return children[i];
    }

    /**
     * The child for {@code m}, created on first use. Runs on the owning guest thread.
     *
     * @param m an interned method
     */
    TraceNode childFor(TracedMethod m) {
        if (index != null) {
            TraceNode c = index.get(m);
            if (c == null) {
                c = add(m);
                index.put(m, c);
            }
            return c;
        }
        for (int i = 0; i < childCount; i++) {
            if (children[i].method == m) {
                return children[i];
            }
        }
        TraceNode c = add(m);
        if (childCount > LINEAR_LIMIT) {
            index = new HashMap<>();
            for (int i = 0; i < childCount; i++) {
                index.put(children[i].method, children[i]);
            }
        }
        return c;
    }

    private TraceNode add(TracedMethod m) {
        TraceNode c = new TraceNode(m, this);
        if (childCount == children.length) {
            children = Arrays.copyOf(children, Math.max(2, childCount * 2));
        }
        children[childCount++] = c;
        return c;
    }

    void countCall() {
        calls++;
    }

    /**
     * A thread root.
     *
     * @since 0.1
     */
    static TraceNode newRoot() {
        return new TraceNode(null, null);
    }
}
