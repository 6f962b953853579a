package dev.ccsampler.feedback;

import dev.ccsampler.ccmap.CallSiteInfo;
import dev.ccsampler.ccmap.ContextNode;
import dev.ccsampler.ccmap.MethodInfo;
import dev.ccsampler.ccmap.MethodStats;
import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.ccmap.ThreadProfile;
import dev.ccsampler.ccmap.Tier;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The advisor's rules: a pure function from a CC-Map snapshot to proposed hints, each with the rule
 * that fired and its evidence. It never touches the engine, so it is tested on snapshots alone.
 * The rules, in {@code docs/feedback.md} as well:
 *
 * <ul>
 * <li><b>compile early</b> — a non-internal root with at least {@link #HOT_SHARE} of all samples on
 * the stack (and {@link #MIN_EDGE_SAMPLES}), of which at least half were interpreted, that is not
 * an entry root (the outermost frame of a thread runs once: its loops are compiled by on-stack
 * replacement, a call count cannot help it);
 * <li><b>split</b> — a callee {@code B} with a call site {@code T} that has 2 to
 * {@link #MAX_POLYMORPHIC} callees, reached from at least two call sites {@code S} that are each
 * hot ({@link #HOT_SHARE}), where the callees seen at {@code T} differ between those call sites:
 * one split of {@code B} at each hot {@code S} makes {@code T} monomorphic in each copy. Not when
 * {@code S} is megamorphic (no direct call node) or the call is recursive;
 * <li><b>inline</b> — a hot call edge ({@link #HOT_SHARE}) from a compiled caller whose callee ran
 * mostly as its own compilation root (first or last tier, not inlined), on a call site with at most
 * {@link #MAX_POLYMORPHIC} callees, not recursive.
 * </ul>
 *
 * Cold roots and edges (below the thresholds), megamorphic call sites and recursive edges get no
 * hint. Threading: stateless; any thread.
 */
final class Advisor {

    /** No advice before the snapshot has this many samples. */
    static final long MIN_SAMPLES = 100;
    /** A root or edge is hot with this share of all samples (5 %). */
    static final double HOT_SHARE = 0.05;
    /** ... and at least this many samples. */
    static final long MIN_EDGE_SAMPLES = 20;
    /** A call site with more callees than this is megamorphic (Pace's and GraalJS's caches hold 3). */
    static final int MAX_POLYMORPHIC = 3;

    private Advisor() {
    }

    /**
     * A proposed hint, in snapshot method ids; the controller turns ids into {@link RootKey}s.
     *
     * @param kind the lever
     * @param target compile: the root; split, inline: the callee
     * @param caller split, inline: the method holding the call site; -1 for compile
     * @param siteLine line of the call site, 0 for compile
     * @param siteColumn column of the call site, 0 for compile
     * @param reason the rule that fired, in words, with the numbers
     * @param evidence the numbers
     */
    record Proposal(Hint.Kind kind, int target, int caller, int siteLine, int siteColumn, String reason, Hint.Evidence evidence) {
    }

    /** Every hint the rules give for {@code s} (threads are merged first). */
    static List<Proposal> advise(ProfileSnapshot snapshot) {
        ProfileSnapshot s = snapshot.threads().size() == 1 ? snapshot : snapshot.mergeThreads();
        long all = s.totalSamples();
        List<Proposal> out = new ArrayList<>();
        if (all < MIN_SAMPLES) {
            return out;
        }
        compileEarly(s, all, out);
        split(s, all, out);
        inline(s, all, out);
        return out;
    }

    private static boolean hot(long samples, long all) {
        return samples >= MIN_EDGE_SAMPLES && samples >= HOT_SHARE * all;
    }

    /** The entry roots of {@code s}: the outermost frame of some thread's stacks. */
    static Set<Integer> entryRoots(ProfileSnapshot s) {
        Set<Integer> entry = new HashSet<>();
        for (ThreadProfile t : s.threads()) {
            for (ContextNode c : t.root().children()) {
                entry.add(c.method());
            }
        }
        return entry;
    }

    private static void compileEarly(ProfileSnapshot s, long all, List<Proposal> out) {
        Set<Integer> entry = entryRoots(s);
        Map<Integer, Integer> contexts = new HashMap<>();
        for (ThreadProfile t : s.threads()) {
            t.root().children().forEach(c -> ProfileSnapshot.forEachNode(c, n -> {
                if (hot(n.total(), all) || n.total() * 100 >= all) {
                    contexts.merge(n.method(), 1, Integer::sum);
                }
            }));
        }
        for (MethodStats st : s.methodStats()) {
            MethodInfo m = s.method(st.method());
            long total = st.totalSum();
            long interp = st.total()[Tier.INTERPRETED.ordinal()];
            if (m.internal() || entry.contains(m.id()) || !hot(total, all) || interp * 2 < total) {
                continue;
            }
            double share = 100.0 * total / all;
            out.add(new Proposal(Hint.Kind.COMPILE, m.id(), -1, 0, 0,
                            String.format("%.1f%% of samples have %s on the stack and %.0f%% of them ran interpreted", share, m.name(), 100.0 * interp / total),
                            new Hint.Evidence(total, share, contexts.getOrDefault(m.id(), 0), List.of())));
        }
    }

    private static void split(ProfileSnapshot s, long all, List<Proposal> out) {
        // for each callee B and each call site S into B: samples, contexts, and callees seen at each call site T inside B
        Map<Integer, Map<Integer, long[]>> edgeSamples = new HashMap<>(); // B -> S -> {samples, contexts}
        Map<Integer, Map<Integer, Map<Integer, Map<Integer, Long>>>> inner = new HashMap<>(); // B -> T -> S -> callee -> samples
        for (ThreadProfile t : s.threads()) {
            ProfileSnapshot.forEachNode(t.root(), n -> {
                if (n.method() < 0 || n.callSite() < 0 || n.parent() == null || n.parent().method() < 0) {
                    return;
                }
                long[] e = edgeSamples.computeIfAbsent(n.method(), k -> new HashMap<>()).computeIfAbsent(n.callSite(), k -> new long[2]);
                e[0] += n.total();
                e[1]++;
                for (ContextNode c : n.children()) {
                    if (c.callSite() >= 0) {
                        inner.computeIfAbsent(n.method(), k -> new HashMap<>()).computeIfAbsent(c.callSite(), k -> new HashMap<>())
                                        .computeIfAbsent(n.callSite(), k -> new TreeMap<>()).merge(c.method(), c.total(), Long::sum);
                    }
                }
            });
        }
        for (Map.Entry<Integer, Map<Integer, Map<Integer, Map<Integer, Long>>>> byB : inner.entrySet()) {
            int b = byB.getKey();
            for (Map.Entry<Integer, Map<Integer, Map<Integer, Long>>> byT : byB.getValue().entrySet()) {
                CallSiteInfo tSite = s.callSites().get(byT.getKey());
                int n = tSite.callees().size();
                if (n < 2 || n > MAX_POLYMORPHIC || calls(tSite, b)) {
                    continue; // monomorphic, megamorphic or recursive inside B
                }
                // hot call sites S into B whose view of T differs from another hot S
                Map<Integer, Map<Integer, Long>> byS = new LinkedHashMap<>();
                for (Map.Entry<Integer, Map<Integer, Long>> e : byT.getValue().entrySet()) {
                    long[] es = edgeSamples.get(b).get(e.getKey());
                    if (es != null && hot(es[0], all)) {
                        byS.put(e.getKey(), e.getValue());
                    }
                }
                if (byS.size() < 2 || allSameCallees(byS)) {
                    continue;
                }
                for (Map.Entry<Integer, Map<Integer, Long>> e : byS.entrySet()) {
                    CallSiteInfo sSite = s.callSites().get(e.getKey());
                    if (sSite.caller() == b || sSite.callees().size() > MAX_POLYMORPHIC) {
                        continue; // recursive, or megamorphic: no direct call node to split
                    }
                    long[] es = edgeSamples.get(b).get(e.getKey());
                    List<String> dist = distribution(s, e.getValue());
                    double share = 100.0 * es[0] / all;
                    String reason = String.format("%s's call at line %d has %d callees across its %d hot callers; from %s line %d it calls %s (%.1f%% of samples)",
                                    s.method(b).name(), tSite.line(), n, byS.size(), s.method(sSite.caller()).name(), sSite.line(), String.join(", ", dist), share);
                    out.add(new Proposal(Hint.Kind.SPLIT, b, sSite.caller(), sSite.line(), sSite.column(), reason, new Hint.Evidence(es[0], share, (int) es[1], dist)));
                }
            }
        }
    }

    private static boolean allSameCallees(Map<Integer, Map<Integer, Long>> byS) {
        Set<Integer> first = null;
        for (Map<Integer, Long> m : byS.values()) {
            if (first == null) {
                first = m.keySet();
            } else if (!first.equals(m.keySet())) {
                return false;
            }
        }
        return true;
    }

    private static boolean calls(CallSiteInfo site, int method) {
        for (CallSiteInfo.Callee c : site.callees()) {
            if (c.method() == method) {
                return true;
            }
        }
        return false;
    }

    private static List<String> distribution(ProfileSnapshot s, Map<Integer, Long> callees) {
        long sum = 0;
        for (long v : callees.values()) {
            sum += v;
        }
        List<String> r = new ArrayList<>();
        for (Map.Entry<Integer, Long> c : callees.entrySet()) {
            r.add(String.format("%s %.0f%%", s.method(c.getKey()).label(), sum == 0 ? 0 : 100.0 * c.getValue() / sum));
        }
        return r;
    }

    private static void inline(ProfileSnapshot s, long all, List<Proposal> out) {
        // per edge (call site, callee): samples, contexts, callee tiers, caller tiers
        Map<Long, long[]> edges = new LinkedHashMap<>();
        for (ThreadProfile t : s.threads()) {
            ProfileSnapshot.forEachNode(t.root(), n -> {
                if (n.method() < 0 || n.callSite() < 0 || n.parent() == null || n.parent().method() < 0) {
                    return;
                }
                long[] e = edges.computeIfAbsent(((long) n.callSite() << 32) | n.method(), k -> new long[3 + 2 * Tier.COUNT]);
                e[0] += n.total();
                e[1]++;
                e[2 + 2 * Tier.COUNT] += n.calls(); // bursts' call counts (0 without --ccsampler.Burst)
                long[] ct = n.totalByTier();
                long[] pt = n.parent().totalByTier();
                // the caller's tier while this callee ran is not recorded per sample; the parent's tiers weighted by our share are close enough
                for (int i = 0; i < Tier.COUNT; i++) {
                    e[2 + i] += ct[i];
                    e[2 + Tier.COUNT + i] += n.parent().total() == 0 ? 0 : pt[i] * n.total() / n.parent().total();
                }
            });
        }
        for (Map.Entry<Long, long[]> en : edges.entrySet()) {
            int siteId = (int) (en.getKey() >>> 32);
            int callee = (int) (long) en.getKey();
            long[] e = en.getValue();
            CallSiteInfo site = s.callSites().get(siteId);
            if (!hot(e[0], all) || site.caller() == callee || site.callees().size() > MAX_POLYMORPHIC || s.method(callee).internal()) {
                continue;
            }
            long calleeRoot = e[2 + Tier.FIRST.ordinal()] + e[2 + Tier.LAST.ordinal()];
            long callerCompiled = e[2 + Tier.COUNT + Tier.FIRST.ordinal()] + e[2 + Tier.COUNT + Tier.LAST.ordinal()] + e[2 + Tier.COUNT + Tier.INLINED.ordinal()];
            long callerAll = 0;
            for (int i = 0; i < Tier.COUNT; i++) {
                callerAll += e[2 + Tier.COUNT + i];
            }
            if (calleeRoot * 2 < e[0] || callerCompiled * 2 < callerAll) {
                continue;
            }
            double share = 100.0 * e[0] / all;
            List<String> dist = new ArrayList<>();
            for (CallSiteInfo.Callee c : site.callees()) {
                dist.add(String.format("%s %.0f%%", s.method(c.method()).label(), site.samples() == 0 ? 0 : 100.0 * c.samples() / site.samples()));
            }
            String reason = String.format("hot edge %s line %d -> %s (%.1f%% of samples): the caller runs compiled but %.0f%% of the callee's samples are its own compilation root, not inlined",
                            s.method(site.caller()).name(), site.line(), s.method(callee).name(), share, 100.0 * calleeRoot / e[0]);
            long calls = e[2 + 2 * Tier.COUNT];
            if (calls > 0) {
                // bursting on: how often the edge is taken, which is what inlining weighs
                reason += String.format("; about %d calls counted by bursts (%.1f samples per 1000 calls)", calls, 1000.0 * e[0] / calls);
            }
            out.add(new Proposal(Hint.Kind.INLINE, callee, site.caller(), site.line(), site.column(), reason, new Hint.Evidence(e[0], share, (int) e[1], dist)));
        }
    }
}
