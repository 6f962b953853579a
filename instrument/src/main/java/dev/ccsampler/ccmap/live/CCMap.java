package dev.ccsampler.ccmap.live;

import dev.ccsampler.ccmap.Accounting;
import dev.ccsampler.ccmap.CallSiteInfo;
import dev.ccsampler.ccmap.ContextNode;
import dev.ccsampler.ccmap.MethodInfo;
import dev.ccsampler.ccmap.MethodStats;
import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.ccmap.ThreadProfile;
import dev.ccsampler.ccmap.Tier;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Call Context Map: where guest time goes, by method, by call site and by calling context.
 *
 * <p>Structure (after the Rotor CC-Map paper):
 * <ul>
 * <li>{@link MethodProfile} per guest function, with self and total counts per tier;</li>
 * <li>{@link CallSite} per call node of a caller, with its {@link Callee}s: caller→callee counts in
 * any context, so "is this call site monomorphic?" is one lookup;</li>
 * <li>{@link ContextRef} nodes of the calling context tree (the paper's Ref nodes), one tree per
 * (context, thread), each linked both ways to its general {@code Callee} and
 * {@code MethodProfile}: {@link #contextsOf(Callee, int)} goes from a hot edge to its contexts
 * without walking trees, {@link ContextRef#callee()} goes back.</li>
 * </ul>
 * Hot lists kept sorted on every update answer top-k queries in O(k).
 *
 * <p>Threading: one writer, the drain thread, which holds this object's monitor while it applies a
 * batch. Readers (snapshots, queries) take the same monitor; guest threads never touch the map. The
 * query methods synchronize themselves; the writing methods and {@link #snapshot} expect the caller
 * to hold the monitor, and the nested types' accessors read counts the writer changes, so call them
 * holding it too.
 *
 * <p>Internal: public for the drain stage ({@code dev.ccsampler.drain.Drainer}), the service
 * ({@code dev.ccsampler.CCSampler}), which owns the only map of an engine and never hands it out, and
 * the JMH benchmarks in {@code tools}; embedders read profiles from {@link ProfileSnapshot}s.
 *
 * @since 0.1
 */
public final class CCMap {

    /**
     * A guest function with its counts in the live map.
     *
     * @since 0.1
     */
    public static final class MethodProfile {
        final MethodInfo info;
        final long[] self = new long[Tier.COUNT];
        final long[] total = new long[Tier.COUNT];
        final List<ContextRef> contexts = new ArrayList<>();
        long lastSample = -1;
        /** Calls counted by bursts, weighted; 0 without bursting. */
        long calls;
        HotList.Slot<MethodProfile> selfSlot;
        HotList.Slot<MethodProfile> totalSlot;

        MethodProfile(MethodInfo info) {
            this.info = info;
        }

        /**
         * The function's identity; its id is the method's dense id in this map.
         *
         * @since 0.1
         */
        public MethodInfo info() {
            return info;
        }

        /**
         * Self samples over all tiers.
         *
         * @since 0.1
         */
        public long selfSamples() {
            return selfSlot.count;
        }

        /**
         * Samples with this method on the stack (once per sample).
         *
         * @since 0.1
         */
        public long totalSamples() {
            return totalSlot.count;
        }

        /**
         * Calls of this method counted by bursts in any context, weighted; 0 without bursting.
         *
         * @since 0.3
         */
        public long calls() {
            return calls;
        }

        /**
         * Every context node of this method, in creation order. Live: do not modify.
         *
         * @since 0.1
         */
        public List<ContextRef> contexts() {
            return contexts;
        }
    }

    /**
     * A call node inside a caller, with the callees it reached in any context.
     *
     * @since 0.1
     */
    public static final class CallSite {
        final int id;
        final MethodProfile caller;
        final int line;
        final int column;
        final HotList<Callee> callees = new HotList<>();
        final Map<MethodProfile, Callee> calleeByMethod = new HashMap<>(2);

        CallSite(int id, MethodProfile caller, int line, int column) {
            this.id = id;
            this.caller = caller;
            this.line = line;
            this.column = column;
        }

        /**
         * The method that contains the call node.
         *
         * @since 0.1
         */
        public MethodProfile caller() {
            return caller;
        }

        /**
         * Line of the call node's source section (1-based), 0 when unknown.
         *
         * @since 0.1
         */
        public int line() {
            return line;
        }

        /**
         * Whether exactly one callee was seen from this site. O(1).
         *
         * @since 0.1
         */
        public boolean isMonomorphic() {
            return calleeByMethod.size() == 1;
        }
    }

    /**
     * Caller→callee through one call site, in any context: a general edge of the call graph.
     *
     * @since 0.1
     */
    public static final class Callee {
        final CallSite site;
        final MethodProfile method;
        final HotList<ContextRef> contexts = new HotList<>();
        long lastSample = -1;
        /** Calls through this edge counted by bursts, weighted. */
        long calls;
        HotList.Slot<Callee> siteSlot;
        HotList.Slot<Callee> edgeSlot;

        Callee(CallSite site, MethodProfile method) {
            this.site = site;
            this.method = method;
        }

        /**
         * The call site the edge goes through.
         *
         * @since 0.1
         */
        public CallSite site() {
            return site;
        }

        /**
         * The method called.
         *
         * @since 0.1
         */
        public MethodProfile method() {
            return method;
        }

        /**
         * Samples in which this edge was on the stack (once per sample).
         *
         * @since 0.1
         */
        public long samples() {
            return edgeSlot.count;
        }

        /**
         * Calls through this edge counted by bursts in any context, weighted (each burst's counts
         * times its re-enable weight and its sample's ticks); 0 without bursting.
         *
         * @since 0.3
         */
        public long calls() {
            return calls;
        }
    }

    /**
     * A node of a live calling context tree (the paper's Ref node): one method reached through one
     * call site along one path from the thread's root.
     *
     * @since 0.1
     */
    public static final class ContextRef {
        final int id;
        /** Changes only when a closed context's tree is folded ({@link CCMap#foldIntoClosed}). */
        ContextRef parent;
        final MethodProfile method;
        final Callee callee;
        final long[] self = new long[Tier.COUNT];
        final long[] total = new long[Tier.COUNT];
        /** Calls of this context counted by bursts, weighted. */
        long calls;
        /** Calls counted in the burst schedule's current and previous check interval ({@link #rollCallWindows}). */
        long callsWindow;
        long callsWindowBefore;
        /** Calls of the two intervals before the probes were detached ({@link #freezeCallRates}), 0 when attached. */
        long callRate;
        HotList.Slot<ContextRef> calleeSlot;
        /** Cut by the memory cap: no longer in its parent's children (set while pruning). */
        boolean pruned;
        /** Self ticks this node received from pruned children (counted as pruned once, where cut). */
        long foldedSelf;
        private ContextRef[] children = NO_CHILDREN;
        private int childCount;
        private HashMap<Long, ContextRef> childIndex;

        ContextRef(int id, ContextRef parent, MethodProfile method, Callee callee) {
            this.id = id;
            this.parent = parent;
            this.method = method;
            this.callee = callee;
        }

        /**
         * The general edge this context is an instance of, {@code null} at the top of a thread.
         *
         * @since 0.1
         */
        public Callee callee() {
            return callee;
        }

        /**
         * The method of this frame; {@code null} for a thread root.
         *
         * @since 0.1
         */
        public MethodProfile method() {
            return method;
        }

        /**
         * The calling context one frame up; {@code null} for a thread root.
         *
         * @since 0.1
         */
        public ContextRef parent() {
            return parent;
        }

        /**
         * Samples through this context.
         *
         * @since 0.1
         */
        public long totalSamples() {
            return ContextNode.sum(total);
        }

        /**
         * Calls of this context counted by bursts, weighted; 0 without bursting.
         *
         * @since 0.3
         */
        public long calls() {
            return calls;
        }

        ContextRef findChild(int callSite, int methodId) {
            if (childIndex != null) {
                return childIndex.get(key(callSite, methodId));
            }
            for (int i = 0; i < childCount; i++) {
                ContextRef c = children[i];
                if (c.method.info.id() == methodId && siteId(c) == callSite) {
                    return c;
                }
            }
            return null;
        }

        void addChild(ContextRef c, int callSite) {
            if (childCount == children.length) {
                children = java.util.Arrays.copyOf(children, Math.max(2, childCount * 2));
            }
            children[childCount++] = c;
            if (childIndex == null && childCount > 12) {
                childIndex = new HashMap<>();
                for (int i = 0; i < childCount; i++) {
                    childIndex.put(key(siteId(children[i]), children[i].method.info.id()), children[i]);
                }
            } else if (childIndex != null) {
                childIndex.put(key(callSite, c.method.info.id()), c);
            }
        }

        /** Drops the pruned children; rebuilds the index when there is one. */
        void compactChildren() {
            int n = 0;
            for (int i = 0; i < childCount; i++) {
                if (!children[i].pruned) {
                    children[n++] = children[i];
                }
            }
            java.util.Arrays.fill(children, n, childCount, null);
            childCount = n;
            if (childIndex != null) {
                childIndex = null;
                if (n > 12) {
                    childIndex = new HashMap<>();
                    for (int i = 0; i < n; i++) {
                        childIndex.put(key(siteId(children[i]), children[i].method.info.id()), children[i]);
                    }
                }
            }
        }

        private static long key(int callSite, int methodId) {
            return ((long) callSite << 32) | (methodId & 0xffffffffL);
        }

        private static int siteId(ContextRef c) {
            return c.callee == null ? -1 : c.callee.site.id;
        }
    }

    private static final ContextRef[] NO_CHILDREN = new ContextRef[0];

    /** Key of one thread's tree. */
    private record ThreadKey(int context, long threadId) {
    }

    private static final class ThreadTree {
        final ThreadKey key;
        final String name;
        final ContextRef root;
        /** Ticks of this thread whose context the memory cap cut. */
        long pruned;
        /** Self ticks of pruned bottom frames, per tier (in the root's self, shown as {@code <pruned>}); null until one. */
        long[] prunedBottom;

        ThreadTree(ThreadKey key, String name, ContextRef root) {
            this.key = key;
            this.name = name;
            this.root = root;
        }
    }

    private final List<MethodProfile> methods = new ArrayList<>();
    private final Map<String, MethodProfile> methodsByKey = new HashMap<>();
    private final List<CallSite> callSites = new ArrayList<>();
    private final Map<String, CallSite> callSitesByKey = new HashMap<>();
    /** (caller id, callee id) → the one call site the edge was seen through, or -2 when several. */
    private final Map<Long, Integer> siteByEdge = new HashMap<>();
    private final Map<ThreadKey, ThreadTree> threads = new LinkedHashMap<>();
    private final HotList<MethodProfile> hotSelf = new HotList<>();
    private final HotList<MethodProfile> hotTotal = new HotList<>();
    private final HotList<Callee> hotEdges = new HotList<>();
    private long sampleSeq;
    /** Whether any burst call count was added since the last clear. */
    private boolean callCounts;
    /** Whether a sampled context without calls gets one: it was called at least once (bursting on). */
    private boolean callFloor;
    /** Context nodes in the trees now (thread roots excluded). */
    private int contextRefCount;
    /** Ids given to context nodes so far; not reused after pruning. */
    private int nextRefId;
    private int maxContextNodes = Integer.MAX_VALUE;
    /** The polyglot contexts folded ({@link #foldContext}); kept by {@link #clear()}: closed stays closed. */
    private final java.util.BitSet closedContexts = new java.util.BitSet();
    private long prunedTicks;
    private long pruneRuns;
    /** Id of the synthetic method {@value #PRUNED} once a bottom frame was pruned, else -1. */
    private int prunedMethod = -1;

    /**
     * Name of the synthetic frame that stands for pruned bottom frames of a thread in snapshots.
     *
     * @since 0.2
     */
    public static final String PRUNED = "<pruned>";

    /**
     * Creates an empty map.
     *
     * @since 0.1
     */
    public CCMap() {
    }

    // ---- writing (drain thread, holding the monitor) ------------------------------------------

    /**
     * Interns a method by its identity key. Drain thread, holding the monitor.
     *
     * @param key value identity (language, name, source, position)
     * @param info what to store when new; its id is ignored and assigned here
     * @return the method's dense id
     * @since 0.1
     */
    public int internMethod(String key, MethodInfo info) {
        MethodProfile m = methodsByKey.get(key);
        if (m == null) {
            int id = methods.size();
            m = new MethodProfile(new MethodInfo(id, info.language(), info.name(), info.source(), info.path(), info.line(), info.column(),
                            info.endLine(), info.internal()));
            m.selfSlot = hotSelf.add(m);
            m.totalSlot = hotTotal.add(m);
            methods.add(m);
            methodsByKey.put(key, m);
        }
        return m.info.id();
    }

    /**
     * Interns a call site of {@code callerId} at a source position. Drain thread, holding the
     * monitor.
     *
     * @param callerId dense id of the method that contains the call node
     * @param charIndex character index of the call node's source section, -1 when unknown
     * @param charLength character length of that section, -1 when unknown
     * @param line first line of that section (1-based), 0 when unknown
     * @param column first column of that section (1-based), 0 when unknown
     * @return the call site's dense id
     * @since 0.1
     */
    public int internCallSite(int callerId, int charIndex, int charLength, int line, int column) {
        String key = callerId + ":" + charIndex + ":" + charLength;
        CallSite s = callSitesByKey.get(key);
        if (s == null) {
            s = new CallSite(callSites.size(), methods.get(callerId), line, column);
            callSites.add(s);
            callSitesByKey.put(key, s);
        }
        return s.id;
    }

    /**
     * The identity of the method with dense id {@code id}. Holding the monitor.
     *
     * @since 0.1
     */
    public MethodInfo methodInfo(int id) {
        return methods.get(id).info;
    }

    /**
     * Applies one sample. Drain thread, holding the monitor.
     *
     * @param context polyglot context id
     * @param threadId guest thread id
     * @param threadName guest thread name
     * @param depth number of visible frames
     * @param methodIds visible frames' method ids, outermost first
     * @param callSiteIds for frame i, the call site in frame i-1 that led to it ({@code -1} for frame 0 or unknown)
     * @param tiers tier ordinal of each frame
     * @since 0.1
     */
    public void apply(int context, long threadId, String threadName, int depth, int[] methodIds, int[] callSiteIds, byte[] tiers) {
        apply(context, threadId, threadName, depth, methodIds, callSiteIds, tiers, 1);
    }

    /**
     * Applies one sample that stands for {@code weight} ticks: every count it touches grows by the
     * weight. Drain thread, holding the monitor.
     *
     * @param weight ticks the sample stands for, at least 1
     * @see #apply(int, long, String, int, int[], int[], byte[])
     * @since 0.1
     */
    public void apply(int context, long threadId, String threadName, int depth, int[] methodIds, int[] callSiteIds, byte[] tiers, long weight) {
        // checked before anything is counted: a sample that fails here is counted as failed by the
        // drain, and must not have left its ticks in the totals of the frames above the bad one
        for (int i = 0; i < depth; i++) {
            int site = i == 0 ? -1 : callSiteIds[i];
            if (methodIds[i] < 0 || methodIds[i] >= methods.size() || site >= callSites.size() || tiers[i] < 0 || tiers[i] >= Tier.COUNT) {
                throw new IllegalArgumentException("frame " + i + " of a sample names method " + methodIds[i] + " of " + methods.size() + ", call site " + site + " of "
                                + callSites.size() + ", tier " + tiers[i]);
            }
        }
        long seq = ++sampleSeq;
        ContextRef node = threadRoot(context, threadId, threadName);
        node.total[0] += weight;
        int leafTier = 0;
        for (int i = 0; i < depth; i++) {
            MethodProfile m = methods.get(methodIds[i]);
            int site = i == 0 ? -1 : callSiteIds[i];
            node = child(node, site, m);
            if (callFloor && node.calls == 0) {
                floorCall(node);
            }
            int tier = tiers[i];
            node.total[tier] += weight;
            if (node.calleeSlot != null) {
                node.callee.contexts.add(node.calleeSlot, weight);
            }
            if (m.lastSample != seq) {
                m.lastSample = seq;
                m.total[tier] += weight;
                hotTotal.add(m.totalSlot, weight);
            }
            Callee c = node.callee;
            if (c != null && c.lastSample != seq) {
                c.lastSample = seq;
                c.site.callees.add(c.siteSlot, weight);
                hotEdges.add(c.edgeSlot, weight);
            }
            leafTier = tier;
        }
        if (depth == 0) {
            node.self[0] += weight;
        } else {
            node.self[leafTier] += weight;
            node.method.self[leafTier] += weight;
            hotSelf.add(node.method.selfSlot, weight);
        }
        if (contextRefCount > maxContextNodes) {
            prune(maxContextNodes - maxContextNodes / 4);
        }
    }

    private ContextRef child(ContextRef node, int site, MethodProfile m) {
        ContextRef child = node.findChild(site, m.info.id());
        if (child == null) {
            Callee callee = site < 0 ? null : callee(callSites.get(site), m);
            child = new ContextRef(++nextRefId, node, m, callee);
            contextRefCount++;
            node.addChild(child, site);
            m.contexts.add(child);
            if (callee != null) {
                child.calleeSlot = callee.contexts.add(child);
            }
        }
        return child;
    }

    // ---- the burst replay's cursor (drain thread, holding the monitor) ----------------------------

    /**
     * The root of a thread's tree, created when new: where a burst's replay starts. Holding the
     * monitor.
     *
     * @since 0.3
     */
    public ContextRef threadRootOf(int context, long threadId, String threadName) {
        return threadRoot(context, threadId, threadName);
    }

    /**
     * The child context of {@code parent} for (call site, method), created when new (with no
     * samples), adding {@code calls} weighted calls to it, its general edge and its method. The
     * reference is valid until the next {@link #applyCap()} or sample: do not keep it. Holding the
     * monitor.
     *
     * @param site the call site in the parent's method, -1 when unknown or under the thread root
     * @param calls weighted calls to add, 0 to only move down
     * @since 0.3
     */
    public ContextRef callInto(ContextRef parent, int site, int methodId, long calls) {
        ContextRef node = child(parent, parent.parent == null ? -1 : site, methods.get(methodId));
        if (calls > 0) {
            callCounts = true;
            node.calls += calls;
            node.callsWindow += calls;
            node.method.calls += calls;
            if (node.callee != null) {
                node.callee.calls += calls;
            }
        }
        return node;
    }

    /**
     * With bursting on: every context a sample passes through that no burst counted a call of gets
     * one call, unweighted. It is on the stack, so it was called at least once; a long-running
     * activation entered before any burst (a thread's main loop, a worker) is otherwise missing
     * from the call counts. Holding the monitor.
     *
     * @since 0.3
     */
    public void setCallFloor(boolean on) {
        callFloor = on;
    }

    /**
     * Every context node of every thread, depth first. Holding the monitor.
     */
    private void forEachNode(java.util.function.Consumer<ContextRef> action) {
        ArrayList<ContextRef> work = new ArrayList<>();
        for (ThreadTree t : threads.values()) {
            for (int i = 0; i < t.root.childCount; i++) {
                work.add(t.root.children[i]);
            }
        }
        while (!work.isEmpty()) {
            ContextRef n = work.remove(work.size() - 1);
            action.accept(n);
            for (int i = 0; i < n.childCount; i++) {
                work.add(n.children[i]);
            }
        }
    }

    /**
     * The burst schedule checked: the calls counted since the last check become the previous
     * interval's. Holding the monitor.
     *
     * @since 0.4
     */
    public void rollCallWindows() {
        forEachNode(n -> {
            n.callsWindowBefore = n.callsWindow;
            n.callsWindow = 0;
        });
    }

    /**
     * The burst probes are being detached: each context keeps the calls of the last two check
     * intervals (since the two {@link #rollCallWindows} before), the rate at which it was called
     * while the calls held still. Holding the monitor.
     *
     * @since 0.4
     */
    public void freezeCallRates() {
        forEachNode(n -> n.callRate = n.callsWindow + n.callsWindowBefore);
    }

    /**
     * Adds to every context the calls the probes did not see while detached, between two points of
     * one detached stretch: its frozen rate ({@link #freezeCallRates}) times {@code to}, less its
     * rate times {@code from}, each rounded, so that the pieces of one stretch add up to the whole
     * ({@code from} and {@code to} are the detached time so far over the time the rate was counted
     * in); its edge and method get the same. {@code last}: the stretch ends here, and the rates are
     * used up. Holding the monitor.
     *
     * @return the calls added
     * @since 0.4
     */
    public long extrapolateCalls(double from, double to, boolean last) {
        long[] added = {0};
        forEachNode(n -> {
            if (n.callRate > 0 && to > from) {
                long c = Math.round(n.callRate * to) - Math.round(n.callRate * Math.max(0, from));
                if (c > 0) {
                    callCounts = true;
                    n.calls += c;
                    n.method.calls += c;
                    if (n.callee != null) {
                        n.callee.calls += c;
                    }
                    added[0] += c;
                }
            }
            if (last) {
                n.callRate = 0;
            }
        });
        return added[0];
    }

    private void floorCall(ContextRef node) {
        callCounts = true;
        node.calls = 1;
        node.method.calls++;
        if (node.callee != null) {
            node.callee.calls++;
        }
    }

    /**
     * Prunes when the context nodes are over the cap (after a burst's replay). Holding the monitor.
     *
     * @since 0.3
     */
    public void applyCap() {
        if (contextRefCount > maxContextNodes) {
            prune(maxContextNodes - maxContextNodes / 4);
        }
    }

    /**
     * Whether bursts added call counts since the last {@link #clear()}. Holding the monitor.
     *
     * @since 0.3
     */
    public boolean hasCallCounts() {
        return callCounts;
    }

    /**
     * Caps the context nodes of all trees together: when a sample makes them more than {@code max},
     * the coldest are pruned down to three quarters of it. Holding the monitor.
     *
     * @param max the cap, at least 1; {@link Integer#MAX_VALUE} for none
     * @since 0.2
     */
    public void setMaxContextNodes(int max) {
        if (max < 1) {
            throw new IllegalArgumentException("the context node cap must be at least 1, not " + max);
        }
        maxContextNodes = max;
        if (contextRefCount > max) {
            prune(max - max / 4);
        }
    }

    /**
     * Ticks whose calling context was cut by the cap, over all threads. Holding the monitor.
     *
     * @since 0.2
     */
    public long prunedTicks() {
        return prunedTicks;
    }

    /**
     * Times the cap pruned the trees. Holding the monitor.
     *
     * @since 0.2
     */
    public long pruneRuns() {
        return pruneRuns;
    }

    /**
     * Prunes the coldest context nodes until at most {@code target} remain: repeatedly the leaf
     * with the fewest total ticks, so a node goes only after its whole subtree. A pruned node's
     * self ticks are folded into its parent's self, so every ancestor's total and the thread's
     * total stay as they were, and its ticks are counted once as pruned (in its thread's
     * accounting). A bottom frame of a thread (a child of its root) goes into the root's self too,
     * remembered apart, and snapshots show those ticks as one frame {@value #PRUNED} under the root
     * (not as samples without a visible frame): so an ended thread's whole tree can go, and with
     * thread churn the cap still holds. The per-method and per-edge counts are not pruned and stay
     * exact.
     */
    private void prune(int target) {
        pruneRuns++;
        java.util.IdentityHashMap<ContextRef, ThreadTree> treeOf = new java.util.IdentityHashMap<>();
        java.util.PriorityQueue<ContextRef> leaves = new java.util.PriorityQueue<>((a, b) -> {
            int c = Long.compare(a.totalSamples(), b.totalSamples());
            return c != 0 ? c : Integer.compare(b.id, a.id); // equal counts: the newest first
        });
        for (ThreadTree t : threads.values()) {
            treeOf.put(t.root, t);
        }
        forEachNode(n -> {
            if (n.childCount == 0) {
                leaves.add(n);
            }
        });
        java.util.IdentityHashMap<ContextRef, int[]> cut = new java.util.IdentityHashMap<>();
        java.util.Set<MethodProfile> methodsTouched = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        java.util.Set<Callee> calleesTouched = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        while (contextRefCount > target && !leaves.isEmpty()) {
            ContextRef n = leaves.poll();
            ContextRef p = n.parent;
            long self = ContextNode.sum(n.self);
            for (int t = 0; t < Tier.COUNT; t++) {
                p.self[t] += n.self[t];
            }
            p.foldedSelf += self;
            long newly = self - n.foldedSelf;
            ContextRef r = p;
            while (r.parent != null) {
                r = r.parent;
            }
            ThreadTree tree = treeOf.get(r);
            if (p == r) {
                if (tree.prunedBottom == null) {
                    tree.prunedBottom = new long[Tier.COUNT];
                    if (prunedMethod < 0) {
                        prunedMethod = internMethod("\0ccsampler\0" + PRUNED, new MethodInfo(-1, "ccsampler", PRUNED, "ccsampler", null, 0, 0, 0, false));
                    }
                }
                for (int t = 0; t < Tier.COUNT; t++) {
                    tree.prunedBottom[t] += n.self[t];
                }
            }
            if (newly > 0) {
                tree.pruned += newly;
                prunedTicks += newly;
            }
            n.pruned = true;
            contextRefCount--;
            methodsTouched.add(n.method);
            if (n.callee != null) {
                calleesTouched.add(n.callee);
            }
            int[] c = cut.computeIfAbsent(p, k -> new int[1]);
            if (++c[0] == p.childCount && p.parent != null) {
                leaves.add(p); // all its children are gone: it is a leaf now
            }
        }
        for (ContextRef p : cut.keySet()) {
            p.compactChildren();
        }
        for (MethodProfile m : methodsTouched) {
            m.contexts.removeIf(r -> r.pruned);
        }
        for (Callee c : calleesTouched) {
            c.contexts.removeIf(r -> r.pruned);
        }
    }

    private Callee callee(CallSite site, MethodProfile m) {
        Callee c = site.calleeByMethod.get(m);
        if (c == null) {
            c = new Callee(site, m);
            c.siteSlot = site.callees.add(c);
            c.edgeSlot = hotEdges.add(c);
            site.calleeByMethod.put(m, c);
            siteByEdge.merge(((long) site.caller.info.id() << 32) | (m.info.id() & 0xffffffffL), site.id, (a, b) -> a.equals(b) ? a : -2);
        }
        return c;
    }

    /**
     * The call site through which {@code callerId} was seen calling {@code calleeId}, when it was
     * exactly one; -1 when none or several. For a frame known without its call node (a late
     * sample placed on a frame that had returned). Holding the monitor.
     *
     * @since 0.4
     */
    public int siteOfEdge(int callerId, int calleeId) {
        Integer s = siteByEdge.get(((long) callerId << 32) | (calleeId & 0xffffffffL));
        return s == null || s < 0 ? -1 : s;
    }

    private ContextRef threadRoot(int context, long threadId, String name) {
        ThreadKey k = new ThreadKey(treeContext(context), threadId);
        ThreadTree t = threads.get(k);
        if (t == null) {
            t = new ThreadTree(k, name, new ContextRef(0, null, null, null));
            threads.put(k, t);
        }
        return t.root;
    }

    /**
     * Context id of a thread's tree that holds the trees of its closed contexts
     * ({@link #foldIntoClosed}).
     *
     * @since 0.5
     */
    public static final int CLOSED_CONTEXTS = -1;

    /**
     * The polyglot context {@code context} closed: every thread's tree in it is folded into the
     * thread's tree of closed contexts ({@link #CLOSED_CONTEXTS}), and a sample of it applied later
     * (its thread's ring drained after the close) goes there directly. Holding the monitor.
     *
     * @return the trees folded
     * @since 0.5
     */
    public int foldContext(int context) {
        if (context < 0 || closedContexts.get(context)) {
            return 0;
        }
        closedContexts.set(context);
        List<Long> ids = new ArrayList<>();
        for (ThreadKey k : threads.keySet()) {
            if (k.context == context) {
                ids.add(k.threadId);
            }
        }
        for (long tid : ids) {
            foldIntoClosed(context, tid);
        }
        return ids.size();
    }

    /**
     * The context under which a thread's tree of {@code context} is kept now: {@link #CLOSED_CONTEXTS}
     * once it was folded ({@link #foldContext}), else {@code context}. Holding the monitor.
     *
     * @since 0.5
     */
    public int treeContext(int context) {
        return context >= 0 && closedContexts.get(context) ? CLOSED_CONTEXTS : context;
    }

    /**
     * Folds the tree of {@code threadId} in {@code context}, which closed, into that thread's tree
     * of closed contexts ({@link #CLOSED_CONTEXTS}): node by node, nodes with equal (call site,
     * method) paths become one, a path the closed-contexts tree does not have moves over whole. So
     * a thread that runs one program in fresh contexts one after another (a server's worker, a
     * benchmark loop) keeps one tree instead of one per context, which filled the cap and was
     * pruned. Every count stays: the thread's, each node's along its path, the per-method and
     * per-edge ones (they never were per context). Holding the monitor.
     *
     * @return whether there was a tree to fold
     */
    private boolean foldIntoClosed(int context, long threadId) {
        ThreadTree src = threads.remove(new ThreadKey(context, threadId));
        if (src == null) {
            return false;
        }
        ThreadKey key = new ThreadKey(CLOSED_CONTEXTS, threadId);
        ThreadTree dst = threads.get(key);
        if (dst == null) {
            ThreadTree moved = new ThreadTree(key, src.name, src.root);
            moved.pruned = src.pruned;
            moved.prunedBottom = src.prunedBottom;
            threads.put(key, moved);
            return true;
        }
        dst.pruned += src.pruned;
        if (src.prunedBottom != null) {
            if (dst.prunedBottom == null) {
                dst.prunedBottom = new long[Tier.COUNT];
            }
            for (int t = 0; t < Tier.COUNT; t++) {
                dst.prunedBottom[t] += src.prunedBottom[t];
            }
        }
        java.util.Set<MethodProfile> methodsTouched = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        java.util.Set<Callee> calleesTouched = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        ArrayList<ContextRef[]> work = new ArrayList<>();
        work.add(new ContextRef[]{src.root, dst.root});
        while (!work.isEmpty()) {
            ContextRef[] w = work.remove(work.size() - 1);
            ContextRef from = w[0];
            ContextRef into = w[1];
            addCounts(from, into);
            for (int i = 0; i < from.childCount; i++) {
                ContextRef c = from.children[i];
                int site = ContextRef.siteId(c);
                ContextRef same = into.findChild(site, c.method.info.id());
                if (same == null) {
                    c.parent = into; // its subtree moves over, and stays where the method and edge lists have it
                    into.addChild(c, site);
                } else {
                    work.add(new ContextRef[]{c, same});
                    c.pruned = true; // gone: out of the method's and the edge's context lists below
                    contextRefCount--;
                    methodsTouched.add(c.method);
                    if (c.callee != null) {
                        calleesTouched.add(c.callee);
                    }
                }
            }
        }
        for (MethodProfile m : methodsTouched) {
            m.contexts.removeIf(r -> r.pruned);
        }
        for (Callee c : calleesTouched) {
            c.contexts.removeIf(r -> r.pruned);
        }
        return true;
    }

    /** Adds the counts of {@code from} to {@code into}, an equal context of another tree. */
    private static void addCounts(ContextRef from, ContextRef into) {
        for (int t = 0; t < Tier.COUNT; t++) {
            into.self[t] += from.self[t];
            into.total[t] += from.total[t];
        }
        into.foldedSelf += from.foldedSelf;
        into.calls += from.calls;
        into.callsWindow += from.callsWindow;
        into.callsWindowBefore += from.callsWindowBefore;
        into.callRate += from.callRate;
        if (into.calleeSlot != null) {
            into.callee.contexts.add(into.calleeSlot, ContextNode.sum(from.total));
        }
    }

    /**
     * Makes sure a thread has a (possibly empty) tree, so threads without samples are reported.
     * Holding the monitor.
     *
     * @since 0.1
     */
    public void touchThread(int context, long threadId, String threadName) {
        threadRoot(context, threadId, threadName);
    }

    /**
     * Forgets every method, call site, tree and count; ids start from 0 again. Holding the
     * monitor.
     *
     * @since 0.1
     */
    public void clear() {
        methods.clear();
        methodsByKey.clear();
        callSites.clear();
        callSitesByKey.clear();
        siteByEdge.clear(); // its site ids are of the call sites just cleared (kept, they sent placed ticks to sites that no longer exist)
        threads.clear();
        prunedTicks = 0;
        callCounts = false;
        prunedMethod = -1;
        nextRefId = 0;
        hotSelf.clearAll();
        hotTotal.clearAll();
        hotEdges.clearAll();
        contextRefCount = 0;
    }

    // ---- queries (hold the monitor) -----------------------------------------------------------

    /**
     * The k methods with most self samples, hottest first. O(k).
     *
     * @since 0.1
     */
    public synchronized List<MethodProfile> hotMethods(int k) {
        return hotSelf.top(k);
    }

    /**
     * The k methods with most total samples. O(k).
     *
     * @since 0.1
     */
    public synchronized List<MethodProfile> hotMethodsByTotal(int k) {
        return hotTotal.top(k);
    }

    /**
     * The k hottest caller→callee edges over all contexts. O(k).
     *
     * @since 0.1
     */
    public synchronized List<Callee> hotEdges(int k) {
        return hotEdges.top(k);
    }

    /**
     * The k hottest contexts in which {@code edge} occurs. O(k).
     *
     * @since 0.1
     */
    public synchronized List<ContextRef> contextsOf(Callee edge, int k) {
        return edge.contexts.top(k);
    }

    /**
     * The callees of a call site, hottest first. O(k).
     *
     * @since 0.1
     */
    public synchronized List<Callee> calleesOf(CallSite site, int k) {
        return site.callees.top(k);
    }

    /**
     * Number of context nodes over all threads (thread roots excluded).
     *
     * @since 0.1
     */
    public synchronized int contextNodeCount() {
        return contextRefCount;
    }

    // ---- snapshot ----------------------------------------------------------------------------

    /**
     * Copies the map into an immutable snapshot. Holding the monitor (callers synchronize on this).
     *
     * @param meta metadata to carry
     * @param accounting accounting per thread key {@code (context, threadId)}
     * @return the snapshot; shares nothing mutable with this map
     * @since 0.1
     */
    public ProfileSnapshot snapshot(ProfileSnapshot.Meta meta, java.util.function.BiFunction<Integer, Long, Accounting> accounting) {
        List<MethodInfo> ms = new ArrayList<>(methods.size());
        List<MethodStats> stats = new ArrayList<>(methods.size());
        for (MethodProfile m : methods) {
            ms.add(m.info);
            stats.add(new MethodStats(m.info.id(), m.self.clone(), m.total.clone()));
        }
        List<CallSiteInfo> cs = new ArrayList<>(callSites.size());
        for (CallSite s : callSites) {
            List<CallSiteInfo.Callee> callees = new ArrayList<>();
            for (Callee c : s.callees.top(Integer.MAX_VALUE)) {
                callees.add(new CallSiteInfo.Callee(c.method.info.id(), c.edgeSlot.count));
            }
            cs.add(new CallSiteInfo(s.id, s.caller.info.id(), s.line, s.column, List.copyOf(callees)));
        }
        List<ThreadProfile> ts = new ArrayList<>(threads.size());
        for (ThreadTree t : threads.values()) {
            ContextNode root = copyTree(t.root, t.prunedBottom, prunedMethod);
            ts.add(new ThreadProfile(t.key.context, t.key.threadId, t.name, root, accounting.apply(t.key.context, t.key.threadId).withPruned(t.pruned)));
        }
        return new ProfileSnapshot(meta, List.copyOf(ms), List.copyOf(stats), List.copyOf(cs), List.copyOf(ts));
    }

    private static ContextNode copyTree(ContextRef root, long[] prunedBottom, int prunedMethod) {
        long[] rootSelf = root.self.clone();
        if (prunedBottom != null) {
            for (int t = 0; t < Tier.COUNT; t++) {
                rootSelf[t] -= prunedBottom[t];
            }
        }
        ContextNode r = new ContextNode(0, -1, -1, rootSelf, root.total.clone(), null);
        int[] ids = {1};
        if (prunedBottom != null) {
            new ContextNode(ids[0]++, prunedMethod, -1, prunedBottom.clone(), prunedBottom.clone(), r);
        }
        ArrayList<Object[]> work = new ArrayList<>();
        work.add(new Object[]{root, r});
        while (!work.isEmpty()) {
            Object[] w = work.remove(work.size() - 1);
            ContextRef from = (ContextRef) w[0];
            ContextNode to = (ContextNode) w[1];
            for (int i = 0; i < from.childCount; i++) {
                ContextRef c = from.children[i];
                ContextNode n = new ContextNode(ids[0]++, c.method.info.id(), c.callee == null ? -1 : c.callee.site.id, c.self.clone(), c.total.clone(), c.calls, to);
                work.add(new Object[]{c, n});
            }
        }
        return r;
    }
}
