package dev.ccsampler.tools.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import java.util.List;

/** Metrics on small trees whose answers are worked out by hand in the comments. */
class ComparisonTest {

    private static final Frame A = Frame.of("a", "t.js", 1);
    private static final Frame B = Frame.of("b", "t.js", 2);
    private static final Frame C = Frame.of("c", "t.js", 3);
    private static final Frame D = Frame.of("d", "t.js", 4);
    private static final Frame E = Frame.of("e", "t.js", 5);

    /**
     * X: root→a 4, a→b 3, a→c 2, root→d 1 (total 10; pweights .4 .3 .2 .1).
     */
    private static Cct x() {
        Cct t = new Cct(Cct.Kind.SAMPLES);
        t.add(List.of(A), 4);
        t.add(List.of(A, B), 3);
        t.add(List.of(A, C), 2);
        t.add(List.of(D), 1);
        return t;
    }

    /**
     * Y: root→a 3, a→b 3, a→e 2, root→d 2 (total 10; pweights .3 .3 .2 .2).
     */
    private static Cct y() {
        Cct t = new Cct(Cct.Kind.SAMPLES);
        t.add(List.of(A), 3);
        t.add(List.of(A, B), 3);
        t.add(List.of(A, E), 2);
        t.add(List.of(D), 2);
        return t;
    }

    @Test
    void overlapIsSumOfMinimumSharesOfCommonEdges() {
        // Common edges: root→a, a→b, root→d. min(.4,.3) + min(.3,.3) + min(.1,.2) = .3 + .3 + .1 = 0.7
        CompareResult r = Comparison.compare(x(), y(), 0.1, 10);
        assertEquals(0.7, r.overlap(), 1e-12);
        assertEquals(3, r.commonEdges());
        assertEquals(0.7, Comparison.compare(y(), x(), 0.1, 10).overlap(), 1e-12, "overlap is symmetric");
    }

    @Test
    void hotEdgeCoverageBothWays() {
        // T = 0.5. X: hottest 4, hot if >= 2: a, b, c (3 edges). Y: hottest 3, hot if >= 1.5: a, b, e, d (4).
        // Hot in both and common: a, b (d is in both but only 1 < 2 in X; c, e are in one tree only).
        // hotcover(X, Y) = 2/4 = 0.5; hotcover(Y, X) = 2/3.
        CompareResult r = Comparison.compare(x(), y(), 0.5, 10);
        assertEquals(3, r.hotEdgesA());
        assertEquals(4, r.hotEdgesB());
        assertEquals(0.5, r.hotCoverAB(), 1e-12);
        assertEquals(2.0 / 3, r.hotCoverBA(), 1e-12);
        // T = 0.1: every edge is hot on both sides (X: >= 0.4, Y: >= 0.3); common a, b, d: 3/4 both ways.
        CompareResult r1 = Comparison.compare(x(), y(), 0.1, 10);
        assertEquals(0.75, r1.hotCoverAB(), 1e-12);
        assertEquals(0.75, r1.hotCoverBA(), 1e-12);
    }

    @Test
    void sameMethodUnderAnotherParentIsAnotherEdge() {
        // P: root→a→f 1. Q: root→b→f 1 and root→a 1. Only root→a is common; its shares are 0 (P) and .5 (Q).
        Frame f = Frame.of("f", "t.js", 9);
        Cct p = new Cct(Cct.Kind.SAMPLES);
        p.add(List.of(A, f), 1);
        Cct q = new Cct(Cct.Kind.SAMPLES);
        q.add(List.of(B, f), 1);
        q.add(List.of(A), 1);
        CompareResult r = Comparison.compare(p, q, 0.1, 10);
        assertEquals(1, r.commonEdges());
        assertEquals(0.0, r.overlap(), 1e-12);
        // Q's hot edges (>= .1): b→f and a (b itself has weight 0); none is hot in P (a has 0 < .1): 0/2.
        assertEquals(0.0, r.hotCoverAB(), 1e-12);
    }

    @Test
    void pearsonAndTopNOverFunctions() {
        // Per-function self: X (a 4, b 3, c 2, d 1, e 0), Y (a 3, b 3, c 0, d 2, e 2). Means 2 and 2.
        // Deviations X (2, 1, 0, -1, -2), Y (1, 1, -2, 0, 0): cov 3, var 10 and 6 -> r = 3 / sqrt(60).
        CompareResult r = Comparison.compare(x(), y(), 0.1, 3);
        assertEquals(5, r.functions());
        assertEquals(3 / Math.sqrt(60), r.pearson(), 1e-12);
        // Top 3: X a, b, c; Y a, b, then d (ties d/e at 2 broken by frame order). 2 of 3 agree.
        assertEquals(List.of(A.label(), B.label(), C.label()), r.topA());
        assertEquals(List.of(A.label(), B.label(), D.label()), r.topB());
        assertEquals(2, r.topCommon());
        assertEquals(2.0 / 3, r.topAgreement(), 1e-12);
    }

    @Test
    void perFunctionMetricsSkippedAgainstCallCounts() {
        Cct calls = new Cct(Cct.Kind.CALLS);
        calls.add(List.of(A), 1);
        calls.add(List.of(A, B), 7);
        CompareResult r = Comparison.compare(x(), calls, 0.1, 10);
        assertTrue(Double.isNaN(r.pearson()) && Double.isNaN(r.topAgreement()));
        assertTrue(r.notes().stream().anyMatch(n -> n.contains("call counts")), r.notes().toString());
        // Edge metrics still work: shares X (.4 .3) vs calls (1/8, 7/8) -> min .125 + .3 = .425
        assertEquals(0.425, r.overlap(), 1e-12);
    }

    @Test
    void matchingOnNamesOnlyMergesLocations() {
        // a at two lines in one tree, one line in the other: no common edge on full frames, 1 on names.
        Cct p = new Cct(Cct.Kind.SAMPLES);
        p.add(List.of(Frame.of("a", "/x/t.js", 1)), 1);
        p.add(List.of(Frame.of("a", "t.js", 7)), 1);
        Cct q = new Cct(Cct.Kind.SAMPLES);
        q.add(List.of(Frame.of("a", "other.js", 3)), 5);
        assertEquals(2, p.edgeCount(), "the source path was cut to the base name, lines still differ");
        assertEquals(0, Comparison.compare(p, q, 0.1, 10).commonEdges());
        CompareResult r = Comparison.compare(p.namesOnly(), q.namesOnly(), 0.1, 10);
        assertEquals(1, r.commonEdges());
        assertEquals(1.0, r.overlap(), 1e-12);
    }

    @Test
    void emptyProfileGivesUndefinedMetricsNotExceptions() {
        CompareResult r = Comparison.compare(new Cct(Cct.Kind.SAMPLES), x(), 0.1, 10);
        assertTrue(Double.isNaN(r.overlap()));
        assertEquals(0.0, r.hotCoverAB(), 1e-12);
        assertTrue(Double.isNaN(r.hotCoverBA()));
    }
}
