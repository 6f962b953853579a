package dev.ccsampler.push;

import dev.ccsampler.ccmap.Accounting;
import dev.ccsampler.ccmap.live.CCMap;
import dev.ccsampler.ccmap.CallSiteInfo;
import dev.ccsampler.ccmap.ContextNode;
import dev.ccsampler.ccmap.LatencyHistogram;
import dev.ccsampler.ccmap.MethodStats;
import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.ccmap.ThreadProfile;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The profile of one interval: a later snapshot of the same CC-Map minus an earlier one.
 *
 * <p>The CC-Map only grows while it is not cleared: method and call-site ids stay, a thread's tree
 * is keyed by (context, thread id), and a node's children are distinct by (call site, method). So
 * the earlier snapshot's nodes are found in the later one by their path, and every count of the
 * difference is the later count minus the earlier one, per tier. Nodes with no sample in the
 * interval are left out, and so are threads without one. Summing the intervals of a run gives the
 * run's last snapshot exactly (the differences telescope).
 *
 * <p>Per-method and per-call-site counts are subtracted the same way. The accounting counters are
 * subtracted too ({@code inFlight} is then the change in requests in flight, so the interval's
 * identity {@code requested = taken + late + dropped + failed + skipped + inFlight} holds). Latency
 * histograms are subtracted bucket by bucket, and the interval's percentiles are read from the
 * difference; a thread that ended during the interval keeps its lifetime percentiles in its row,
 * and its buckets of the interval are the growth of the ended threads' pool minus what its row had
 * before.
 *
 * <p>Context nodes pruned by the memory cap between the two snapshots ({@code MaxContextNodes}) had
 * their ticks folded into their parent's self: the earlier subtree's self ticks are taken off the
 * parent's, so the interval keeps only new ticks. A node pruned and created again has fewer ticks
 * than before and counts as new.
 *
 * <p>When the map was cleared between the two snapshots ({@code CCSampler.clear()}), some count went
 * down or a method id now names another method; the later snapshot is then returned whole, as if
 * the earlier one were empty.
 *
 * <p>Pure functions of immutable snapshots; any thread.
 */
public final class IntervalProfile {

    private IntervalProfile() {
    }

    /**
     * {@code current} minus {@code previous}.
     *
     * @param previous the earlier snapshot, or {@code null} for the first interval
     * @param current the later snapshot of the same CC-Map
     * @return a snapshot whose meta spans from {@code previous}'s end (or {@code current}'s start) to
     *         {@code current}'s end, with no warnings
     */
    public static ProfileSnapshot between(ProfileSnapshot previous, ProfileSnapshot current) {
        if (previous == null || wasCleared(previous, current)) {
            return withMeta(current, current.meta().startEpochMillis(), current.threads(), current.methodStats(), current.callSites(), current.endedLatency());
        }
        try {
            List<ThreadProfile> threads = threads(previous, current);
            return withMeta(current, previous.meta().endEpochMillis(), threads, methodStats(previous, current), callSites(previous, current), endedLatency(previous, current));
        } catch (Cleared e) {
            return withMeta(current, current.meta().startEpochMillis(), current.threads(), current.methodStats(), current.callSites(), current.endedLatency());
        }
    }

    private static ProfileSnapshot withMeta(ProfileSnapshot current, long startMillis, List<ThreadProfile> threads, List<MethodStats> stats,
                    List<CallSiteInfo> sites, LatencyHistogram ended) {
        ProfileSnapshot.Meta m = current.meta();
        ProfileSnapshot.Meta meta = new ProfileSnapshot.Meta(m.periodNanos(), startMillis, m.endEpochMillis(), m.runtime(), m.optimizing(), m.stackLimit(), List.of());
        return new ProfileSnapshot(meta, current.methods(), stats, sites, threads, ended);
    }

    private static boolean wasCleared(ProfileSnapshot previous, ProfileSnapshot current) {
        int n = previous.methods().size();
        return current.methods().size() < n || current.callSites().size() < previous.callSites().size()
                        || (n > 0 && !previous.method(n - 1).equals(current.method(n - 1)));
    }

    /** Thrown when a count went down: the map was cleared in between. */
    private static final class Cleared extends Exception {
        private static final long serialVersionUID = 1L;

        Cleared() {
            super(null, null, false, false);
        }
    }

    private static List<ThreadProfile> threads(ProfileSnapshot previous, ProfileSnapshot current) throws Cleared {
        Map<Long, ThreadProfile> before = new HashMap<>();
        for (ThreadProfile t : previous.threads()) {
            before.put(key(t.context(), t.threadId()), t);
        }
        foldClosed(before, current);
        List<ThreadProfile> r = new ArrayList<>();
        int pruned = prunedMethod(current);
        for (ThreadProfile t : current.threads()) {
            ThreadProfile b = before.remove(key(t.context(), t.threadId()));
            ContextNode root = subtractTree(t.root(), b == null ? null : b.root(), pruned);
            if (root.total() > 0) {
                r.add(new ThreadProfile(t.context(), t.threadId(), t.threadName(), root, b == null ? t.accounting() : minus(t.accounting(), b.accounting())));
            }
        }
        if (!before.isEmpty()) {
            throw new Cleared(); // a thread's tree disappeared
        }
        return List.copyOf(r);
    }

    /**
     * Contexts that closed in the interval: the map folded their trees into their threads' trees of
     * closed contexts ({@code CCMap.foldContext}), so the earlier trees are folded the same way here
     * (into the earlier tree of closed contexts, when there was one) before the subtraction.
     */
    private static void foldClosed(Map<Long, ThreadProfile> before, ProfileSnapshot current) {
        java.util.Set<Long> now = new java.util.HashSet<>();
        for (ThreadProfile t : current.threads()) {
            now.add(key(t.context(), t.threadId()));
        }
        Map<Long, List<ThreadProfile>> folded = new HashMap<>();
        for (ThreadProfile b : List.copyOf(before.values())) {
            long k = key(b.context(), b.threadId());
            if (b.context() >= 0 && !now.contains(k) && now.contains(key(CCMap.CLOSED_CONTEXTS, b.threadId()))) {
                before.remove(k);
                folded.computeIfAbsent(b.threadId(), x -> new ArrayList<>()).add(b);
            }
        }
        folded.forEach((thread, trees) -> {
            ThreadProfile old = before.remove(key(CCMap.CLOSED_CONTEXTS, thread));
            if (old != null) {
                trees.add(old);
            }
            List<ContextNode> roots = new ArrayList<>();
            Accounting acc = Accounting.EMPTY;
            for (ThreadProfile t : trees) {
                roots.add(t.root());
                acc = acc.plus(t.accounting());
            }
            before.put(key(CCMap.CLOSED_CONTEXTS, thread), new ThreadProfile(CCMap.CLOSED_CONTEXTS, thread, trees.get(0).threadName(), ProfileSnapshot.mergeTrees(roots), acc));
        });
    }

    /**
     * The ended threads' latency buckets of the interval: the pool's growth, minus the buckets the
     * rows of threads that ended in the interval had before (they were counted in an earlier one).
     */
    private static LatencyHistogram endedLatency(ProfileSnapshot previous, ProfileSnapshot current) {
        LatencyHistogram d = current.endedLatency().minus(previous.endedLatency());
        Map<Long, ThreadProfile> now = new HashMap<>();
        for (ThreadProfile t : current.threads()) {
            now.put(key(t.context(), t.threadId()), t);
        }
        Map<Long, ThreadProfile> earlier = new HashMap<>();
        for (ThreadProfile b : previous.threads()) {
            earlier.put(key(b.context(), b.threadId()), b);
        }
        foldClosed(earlier, current); // a thread of a context that closed is matched with its tree of closed contexts
        for (ThreadProfile b : earlier.values()) {
            ThreadProfile t = now.get(key(b.context(), b.threadId()));
            LatencyHistogram before = b.accounting().latency();
            if (t != null && before != null && before.totalCount() > 0 && t.accounting().latency() != null && t.accounting().latency().totalCount() == 0) {
                d = d.minus(before); // ended in the interval: its buckets moved into the pool
            }
        }
        return d;
    }

    private static long key(int context, long threadId) {
        return ((long) context << 48) ^ threadId;
    }

    /** The nodes of {@code now} with samples since {@code then}, with the differences as counts. */
    private static ContextNode subtractTree(ContextNode now, ContextNode then, int prunedMethod) throws Cleared {
        int[] ids = {0};
        ContextNode root = new ContextNode(ids[0]++, -1, -1, minus(now.selfByTier(), then == null ? null : then.selfByTier()),
                        minus(now.totalByTier(), then == null ? null : then.totalByTier()), null);
        List<ContextNode[]> work = new ArrayList<>();
        work.add(new ContextNode[]{now, then, root});
        while (!work.isEmpty()) {
            ContextNode[] w = work.remove(work.size() - 1);
            ContextNode from = w[0];
            ContextNode old = w[1];
            Map<Long, ContextNode> oldChildren = new HashMap<>();
            if (old != null) {
                for (ContextNode c : old.children()) {
                    oldChildren.put(childKey(c), c);
                }
            }
            for (ContextNode c : from.children()) {
                ContextNode o = oldChildren.remove(childKey(c));
                if (o != null && lessThan(c.totalByTier(), o.totalByTier())) {
                    oldChildren.put(childKey(o), o); // pruned and created again: its old ticks are in the parent's self
                    o = null;
                }
                long[] total = minus(c.totalByTier(), o == null ? null : o.totalByTier());
                if (ContextNode.sum(total) == 0) {
                    continue; // nothing below it can have samples either
                }
                ContextNode n = new ContextNode(ids[0]++, c.method(), c.callSite(), minus(c.selfByTier(), o == null ? null : o.selfByTier()), total, w[2]);
                work.add(new ContextNode[]{c, o, n});
            }
            for (ContextNode gone : oldChildren.values()) {
                // pruned by the memory cap: its subtree's self ticks were folded into this node's self
                long[] folded = new long[gone.selfByTier().length];
                addSelf(gone, folded);
                ContextNode into = w[2];
                if (from.method() < 0) {
                    // a bottom frame: its ticks went to the thread's <pruned> frame
                    into = null;
                    for (ContextNode c : w[2].children()) {
                        if (c.method() == prunedMethod) {
                            into = c;
                        }
                    }
                    if (into == null) {
                        throw new Cleared();
                    }
                    subtract(into.totalByTier(), folded);
                }
                subtract(into.selfByTier(), folded);
            }
        }
        return root;
    }

    private static void subtract(long[] from, long[] amount) throws Cleared {
        for (int i = 0; i < from.length; i++) {
            from[i] -= amount[i];
            if (from[i] < 0) {
                throw new Cleared(); // not folded here: the map was cleared
            }
        }
    }

    /** Id of the CC-Map's synthetic {@code <pruned>} method in {@code s}, or -1. */
    private static int prunedMethod(ProfileSnapshot s) {
        for (int i = s.methods().size() - 1; i >= 0; i--) {
            if (CCMap.PRUNED.equals(s.method(i).name()) && "ccsampler".equals(s.method(i).language())) {
                return i;
            }
        }
        return -1;
    }

    private static boolean lessThan(long[] now, long[] then) {
        for (int i = 0; i < now.length; i++) {
            if (now[i] < then[i]) {
                return true;
            }
        }
        return false;
    }

    /** Adds the self ticks of {@code n} and all its descendants to {@code into}, per tier. */
    private static void addSelf(ContextNode n, long[] into) {
        List<ContextNode> stack = new ArrayList<>();
        stack.add(n);
        while (!stack.isEmpty()) {
            ContextNode x = stack.remove(stack.size() - 1);
            for (int i = 0; i < into.length; i++) {
                into[i] += x.selfByTier()[i];
            }
            stack.addAll(x.children());
        }
    }

    private static long childKey(ContextNode c) {
        return ((long) c.callSite() << 32) | (c.method() & 0xffffffffL);
    }

    private static long[] minus(long[] now, long[] then) throws Cleared {
        long[] d = now.clone();
        if (then != null) {
            for (int i = 0; i < d.length; i++) {
                d[i] -= then[i];
                if (d[i] < 0) {
                    throw new Cleared();
                }
            }
        }
        return d;
    }

    private static List<MethodStats> methodStats(ProfileSnapshot previous, ProfileSnapshot current) throws Cleared {
        List<MethodStats> r = new ArrayList<>(current.methodStats().size());
        for (MethodStats s : current.methodStats()) {
            MethodStats b = s.method() < previous.methodStats().size() ? previous.methodStats().get(s.method()) : null;
            r.add(new MethodStats(s.method(), minus(s.self(), b == null ? null : b.self()), minus(s.total(), b == null ? null : b.total())));
        }
        return List.copyOf(r);
    }

    private static List<CallSiteInfo> callSites(ProfileSnapshot previous, ProfileSnapshot current) throws Cleared {
        List<CallSiteInfo> r = new ArrayList<>(current.callSites().size());
        for (CallSiteInfo s : current.callSites()) {
            Map<Integer, Long> before = new HashMap<>();
            if (s.id() < previous.callSites().size()) {
                for (CallSiteInfo.Callee c : previous.callSites().get(s.id()).callees()) {
                    before.put(c.method(), c.samples());
                }
            }
            List<CallSiteInfo.Callee> callees = new ArrayList<>();
            for (CallSiteInfo.Callee c : s.callees()) {
                long d = c.samples() - before.getOrDefault(c.method(), 0L);
                if (d < 0) {
                    throw new Cleared();
                }
                if (d > 0) {
                    callees.add(new CallSiteInfo.Callee(c.method(), d));
                }
            }
            callees.sort((a, b) -> Long.compare(b.samples(), a.samples()));
            r.add(new CallSiteInfo(s.id(), s.caller(), s.line(), s.column(), List.copyOf(callees)));
        }
        return List.copyOf(r);
    }

    private static Accounting minus(Accounting a, Accounting b) {
        LatencyHistogram h = a.latency();
        long p50 = a.latencyP50Nanos();
        long p99 = a.latencyP99Nanos();
        if (h != null && b.latency() != null && h.totalCount() > 0) {
            // a live thread: its interval's own buckets (an ended one keeps its lifetime figures)
            h = h.minus(b.latency());
            if (h.totalCount() > 0) {
                p50 = h.valueAtPercentile(50);
                p99 = h.valueAtPercentile(99);
            }
        }
        return new Accounting(a.requested() - b.requested(), a.taken() - b.taken(), a.late() - b.late(), a.dropped() - b.dropped(), a.failed() - b.failed(),
                        a.skipped() - b.skipped(), a.truncated() - b.truncated(), p50, p99, a.latencyMaxNanos(),
                        a.inFlight() - b.inFlight(), a.samples() - b.samples(), a.idle() - b.idle(), a.framesWalked() - b.framesWalked(), a.frames() - b.frames(),
                        a.deferred() - b.deferred(), a.pruned() - b.pruned(), h);
    }
}
