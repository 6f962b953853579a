package dev.ccsampler.ccmap;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * A consistent, immutable copy of the CC-Map: every reporter and exporter works from one of these,
 * never from the live map. A snapshot is made by the drain thread between two batches, or read back
 * from the JSON form ({@code dev.ccsampler.report.JsonProfileReader}).
 *
 * @param meta how and when the profile was taken
 * @param methods every method seen, indexed by id
 * @param methodStats per-method counts, indexed by method id
 * @param callSites every call site seen, indexed by id
 * @param threads one tree per (context, thread)
 * @param endedLatency latency buckets of threads that ended and whose per-thread memory was
 *            released: their rows keep their counters and percentiles, their buckets are pooled here
 *            (see {@link Accounting#latency()}), so {@link #accounting()} merges every bucket once
 * @param hints the compiler-feedback hints of the run with their outcomes, in the order logged;
 *            empty when feedback was off (since 0.2)
 * @since 0.1
 */
public record ProfileSnapshot(Meta meta, List<MethodInfo> methods, List<MethodStats> methodStats, List<CallSiteInfo> callSites,
                List<ThreadProfile> threads, LatencyHistogram endedLatency, List<CompilerHint> hints) {

    /**
     * A snapshot without compiler hints.
     *
     * @since 0.1
     */
    public ProfileSnapshot(Meta meta, List<MethodInfo> methods, List<MethodStats> methodStats, List<CallSiteInfo> callSites, List<ThreadProfile> threads,
                    LatencyHistogram endedLatency) {
        this(meta, methods, methodStats, callSites, threads, endedLatency, List.of());
    }

    /**
     * A snapshot without ended threads' pooled latency buckets.
     *
     * @since 0.1
     */
    public ProfileSnapshot(Meta meta, List<MethodInfo> methods, List<MethodStats> methodStats, List<CallSiteInfo> callSites, List<ThreadProfile> threads) {
        this(meta, methods, methodStats, callSites, threads, LatencyHistogram.EMPTY, List.of());
    }

    /**
     * This snapshot with these compiler hints instead of its own.
     *
     * @since 0.2
     */
    public ProfileSnapshot withHints(List<CompilerHint> h) {
        return new ProfileSnapshot(meta, methods, methodStats, callSites, threads, endedLatency, List.copyOf(h));
    }

    /**
     * How and when the profile was taken.
     *
     * @param periodNanos sampling period
     * @param startEpochMillis wall-clock start of collection
     * @param endEpochMillis wall-clock time of the snapshot
     * @param runtime Truffle runtime name ({@code Engine.getImplementationName()})
     * @param optimizing whether guest code could be compiled (false on the fallback runtime)
     * @param stackLimit frames kept per sample
     * @param warnings profile-quality warnings, each naming the option that would fix it
     * @param sampling how sampling went: every period chosen by {@code Period=auto}, every
     *            steady-state slow-down and phase-change restore, with when and why
     * @since 0.1
     */
    public record Meta(long periodNanos, long startEpochMillis, long endEpochMillis, String runtime, boolean optimizing, int stackLimit,
                    List<String> warnings, List<String> sampling) {

        /**
         * Metadata with no sampling events.
         *
         * @since 0.1
         */
        public Meta(long periodNanos, long startEpochMillis, long endEpochMillis, String runtime, boolean optimizing, int stackLimit, List<String> warnings) {
            this(periodNanos, startEpochMillis, endEpochMillis, runtime, optimizing, stackLimit, warnings, List.of());
        }
    }

    /**
     * Accounting summed over all threads; latency percentiles from the merged buckets of every
     * thread (ended threads' from {@link #endedLatency()}).
     *
     * @since 0.1
     */
    public Accounting accounting() {
        Accounting a = Accounting.EMPTY;
        for (ThreadProfile t : threads) {
            a = a.plus(t.accounting());
        }
        return a.withLatencyOf(endedLatency);
    }

    /**
     * Samples applied to the trees over all threads.
     *
     * @since 0.1
     */
    public long totalSamples() {
        long s = 0;
        for (ThreadProfile t : threads) {
            s += t.root().total();
        }
        return s;
    }

    /**
     * Whether the profile has call counts from bursts ({@link ContextNode#calls()}): some context
     * has a positive count. False for profiles taken with bursting off and for files written
     * before call counts existed.
     *
     * @since 0.3
     */
    public boolean hasCallCounts() {
        for (ThreadProfile t : threads) {
            boolean[] found = {false};
            forEachNode(t.root(), n -> found[0] |= n.calls() > 0);
            if (found[0]) {
                return true;
            }
        }
        return false;
    }

    /**
     * The method with this id.
     *
     * @since 0.1
     */
    public MethodInfo method(int id) {
        return methods.get(id);
    }

    /**
     * Visits every node of every thread's tree in depth-first pre-order (roots excluded).
     *
     * @since 0.1
     */
    public void forEachNode(Consumer<ContextNode> visitor) {
        for (ThreadProfile t : threads) {
            forEachNode(t.root(), visitor);
        }
    }

    /**
     * Visits {@code root}'s descendants depth-first, pre-order, without recursion.
     *
     * @since 0.1
     */
    public static void forEachNode(ContextNode root, Consumer<ContextNode> visitor) {
        List<ContextNode> stack = new ArrayList<>();
        for (int i = root.children().size() - 1; i >= 0; i--) {
            stack.add(root.children().get(i));
        }
        while (!stack.isEmpty()) {
            ContextNode n = stack.remove(stack.size() - 1);
            visitor.accept(n);
            for (int i = n.children().size() - 1; i >= 0; i--) {
                stack.add(n.children().get(i));
            }
        }
    }

    /**
     * The frames from the thread root's child down to {@code node}, outermost first.
     *
     * @since 0.1
     */
    public static List<ContextNode> path(ContextNode node) {
        List<ContextNode> p = new ArrayList<>(node.depth());
        for (ContextNode n = node; n != null && n.method() >= 0; n = n.parent()) {
            p.add(n);
        }
        java.util.Collections.reverse(p);
        return p;
    }

    /**
     * Adds calling context trees node by node: nodes with equal (call site, method) paths become
     * one, with the sums of their counts. Node ids of the result are fresh.
     *
     * @param roots thread roots
     * @return the root of the merged tree
     * @since 0.5
     */
    public static ContextNode mergeTrees(List<ContextNode> roots) {
        TreeMerger m = new TreeMerger();
        for (ContextNode r : roots) {
            m.add(r);
        }
        return m.build();
    }

    /**
     * Merges the trees of all threads (and contexts) into one synthetic thread, for reports with
     * {@code SummariseThreads}. Node ids of the merged tree are fresh.
     *
     * @since 0.1
     */
    public ProfileSnapshot mergeThreads() {
        if (threads.size() <= 1) {
            return this;
        }
        TreeMerger m = new TreeMerger();
        for (ThreadProfile t : threads) {
            m.add(t.root());
        }
        Accounting acc = accounting();
        ThreadProfile merged = new ThreadProfile(-1, -1, "all threads", m.build(), acc);
        return new ProfileSnapshot(meta, methods, methodStats, callSites, List.of(merged), LatencyHistogram.EMPTY, hints);
    }
}
