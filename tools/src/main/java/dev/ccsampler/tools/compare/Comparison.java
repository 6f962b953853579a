package dev.ccsampler.tools.compare;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The accuracy metrics of Zhuang et al., "Accurate, efficient, and adaptive calling context
 * profiling" (PLDI 2006), §2–3, plus two per-function measures. Pure functions of two {@link Cct}s.
 *
 * <p>Edges: every node of a {@link Cct} except the virtual root is the edge parent → node; top-level
 * frames are edges from the virtual root. Two edges are the same edge when their paths of frames from
 * the root are equal (Definition 1: same method, equivalent parents). Edge weight w(e): self samples
 * of the target context for sampled profiles, call count for the exhaustive tree.
 *
 * <ul>
 * <li><b>Degree of overlap</b>: overlap(A, B) = Σ over e in A ∩ B of min(w_A(e) / W_A, w_B(e) / W_B),
 * W = sum of all edge weights. Symmetric.</li>
 * <li><b>Hot-edge coverage</b> (the paper's Figure 2): hotcover(A, B, T) = |{e ∈ A ∩ B : w_A(e) ≥
 * T·hottest_A and w_B(e) ≥ T·hottest_B}| / |{e ∈ B : w_B(e) ≥ T·hottest_B}|, hottest = the largest
 * edge weight of that tree: the share of B's hot edges that A also has as hot edges. Reported in both
 * directions.</li>
 * <li><b>Pearson</b> of per-function weight (weight summed over the function's contexts: self samples,
 * or calls) over the functions non-zero in A or B (zero where absent). Only when both profiles have
 * the same {@link Cct.Kind}: self time and call counts are different quantities.</li>
 * <li><b>Top-N agreement</b>: the N heaviest functions of each side (non-zero only; ties broken by
 * frame order), |topA ∩ topB| / max(|topA|, |topB|). Same-kind only, as Pearson.</li>
 * </ul>
 *
 * @since 0.1
 */
public final class Comparison {

    private Comparison() {
    }

    /**
     * Compares A against B.
     *
     * @param threshold hot-edge threshold T in [0, 1]
     * @param topN N of the top-N agreement, at least 1
     * @since 0.1
     */
    public static CompareResult compare(Cct a, Cct b, double threshold, int topN) {
        if (!(threshold >= 0 && threshold <= 1)) {
            throw new IllegalArgumentException("Invalid threshold " + threshold + ": use a number from 0 to 1.");
        }
        if (topN < 1) {
            throw new IllegalArgumentException("Invalid top N " + topN + ": use a positive integer.");
        }
        List<String> notes = new ArrayList<>();
        long totalA = a.totalWeight();
        long totalB = b.totalWeight();
        long hottestA = hottest(a);
        long hottestB = hottest(b);
        int hotA = countHot(a, threshold, hottestA);
        int hotB = countHot(b, threshold, hottestB);

        double overlap = 0;
        int common = 0;
        int hotBoth = 0;
        ArrayDeque<Cct.Node[]> work = new ArrayDeque<>();
        work.push(new Cct.Node[]{a.root(), b.root()});
        while (!work.isEmpty()) {
            Cct.Node[] pair = work.pop();
            for (Cct.Node ca : pair[0].children()) {
                Cct.Node cb = pair[1].child(ca.frame());
                if (cb == null) {
                    continue;
                }
                common++;
                if (totalA > 0 && totalB > 0) {
                    overlap += Math.min((double) ca.weight() / totalA, (double) cb.weight() / totalB);
                }
                if (isHot(ca.weight(), threshold, hottestA) && isHot(cb.weight(), threshold, hottestB)) {
                    hotBoth++;
                }
                work.push(new Cct.Node[]{ca, cb});
            }
        }
        if (totalA == 0 || totalB == 0) {
            overlap = Double.NaN;
            notes.add("overlap undefined: " + (totalA == 0 ? "A" : "B") + " has total edge weight 0");
        }
        double coverAB = hotB == 0 ? Double.NaN : (double) hotBoth / hotB;
        double coverBA = hotA == 0 ? Double.NaN : (double) hotBoth / hotA;
        if (hotA == 0 || hotB == 0) {
            notes.add("hot-edge coverage undefined over an empty tree");
        }

        Map<Frame, Long> fa = a.weightByFrame();
        Map<Frame, Long> fb = b.weightByFrame();
        Set<Frame> nonZero = new LinkedHashSet<>();
        fa.forEach((f, w) -> {
            if (w > 0) {
                nonZero.add(f);
            }
        });
        fb.forEach((f, w) -> {
            if (w > 0) {
                nonZero.add(f);
            }
        });
        double pearson = Double.NaN;
        List<String> topA = List.of();
        List<String> topB = List.of();
        int topCommon = 0;
        double topAgreement = Double.NaN;
        if (a.kind() != b.kind()) {
            notes.add("pearson and top-N skipped: A has " + describe(a.kind()) + ", B has " + describe(b.kind()) + "; per-function self time cannot be compared with call counts");
        } else {
            pearson = pearson(nonZero, fa, fb);
            if (Double.isNaN(pearson)) {
                notes.add("pearson undefined: needs at least 2 functions and non-constant weights on both sides");
            }
            List<Frame> ta = top(fa, topN);
            List<Frame> tb = top(fb, topN);
            Set<Frame> inter = new HashSet<>(ta);
            inter.retainAll(tb);
            topCommon = inter.size();
            int denom = Math.max(ta.size(), tb.size());
            topAgreement = denom == 0 ? Double.NaN : (double) topCommon / denom;
            topA = ta.stream().map(Frame::label).toList();
            topB = tb.stream().map(Frame::label).toList();
            if (a.kind() == Cct.Kind.CALLS) {
                notes.add("pearson and top-N compare per-function call counts (both profiles are exhaustive)");
            }
        }
        return new CompareResult(threshold, a.edgeCount(), b.edgeCount(), common, totalA, totalB, overlap, hotA, hotB, coverAB, coverBA, nonZero.size(),
                        pearson, topN, topA, topB, topCommon, topAgreement, List.copyOf(notes));
    }

    private static String describe(Cct.Kind k) {
        return k == Cct.Kind.SAMPLES ? "self samples" : "call counts";
    }

    private static long hottest(Cct c) {
        long[] max = {0};
        c.forEachEdge(n -> max[0] = Math.max(max[0], n.weight()));
        return max[0];
    }

    private static boolean isHot(long w, double threshold, long hottest) {
        // Raw weights: dividing both sides by the tree's total does not change the comparison.
        return w >= threshold * hottest;
    }

    private static int countHot(Cct c, double threshold, long hottest) {
        int[] n = {0};
        c.forEachEdge(e -> {
            if (isHot(e.weight(), threshold, hottest)) {
                n[0]++;
            }
        });
        return n[0];
    }

    private static double pearson(Set<Frame> fs, Map<Frame, Long> a, Map<Frame, Long> b) {
        long[] x = new long[fs.size()];
        long[] y = new long[fs.size()];
        int i = 0;
        for (Frame f : fs) {
            x[i] = a.getOrDefault(f, 0L);
            y[i] = b.getOrDefault(f, 0L);
            i++;
        }
        return pearson(x, y);
    }

    /**
     * Pearson of two weight vectors over the entries where either is non-zero (the functions either
     * profile has); NaN with fewer than two such entries or no spread on a side. @since 0.2
     */
    public static double pearson(long[] x, long[] y) {
        int n = 0;
        double sx = 0;
        double sy = 0;
        for (int i = 0; i < x.length; i++) {
            if (x[i] != 0 || y[i] != 0) {
                n++;
                sx += x[i];
                sy += y[i];
            }
        }
        if (n < 2) {
            return Double.NaN;
        }
        double mx = sx / n;
        double my = sy / n;
        double cov = 0;
        double vx = 0;
        double vy = 0;
        for (int i = 0; i < x.length; i++) {
            if (x[i] != 0 || y[i] != 0) {
                cov += (x[i] - mx) * (y[i] - my);
                vx += (x[i] - mx) * (x[i] - mx);
                vy += (y[i] - my) * (y[i] - my);
            }
        }
        return vx == 0 || vy == 0 ? Double.NaN : cov / Math.sqrt(vx * vy);
    }

    private static List<Frame> top(Map<Frame, Long> weights, int n) {
        return weights.entrySet().stream().filter(e -> e.getValue() > 0)
                        .sorted(Comparator.<Map.Entry<Frame, Long>> comparingLong(Map.Entry::getValue).reversed().thenComparing(Map.Entry::getKey))
                        .limit(n).map(Map.Entry::getKey).toList();
    }
}
