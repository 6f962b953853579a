package dev.ccsampler.ccmap.live;

import dev.ccsampler.ccmap.Accounting;
import dev.ccsampler.ccmap.ContextNode;
import dev.ccsampler.ccmap.MethodInfo;
import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.ccmap.ThreadProfile;
import dev.ccsampler.ccmap.Tier;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CCMapTest {

    private static MethodInfo info(String name, int line) {
        return new MethodInfo(-1, "test", name, "t.src", null, line, 1, line + 2, false);
    }

    private final CCMap map = new CCMap();
    private final int main = map.internMethod("main", info("main", 1));
    private final int a = map.internMethod("a", info("a", 10));
    private final int b = map.internMethod("b", info("b", 20));
    private final int leaf = map.internMethod("leaf", info("leaf", 30));
    private final int mainToA = map.internCallSite(main, 100, 3, 2, 5);
    private final int mainToB = map.internCallSite(main, 110, 3, 3, 5);
    private final int aToLeaf = map.internCallSite(a, 200, 6, 11, 5);
    private final int bToLeaf = map.internCallSite(b, 300, 6, 21, 5);

    private void sample(int... frames) {
        // frames: method ids outermost first; call sites derived from the fixture
        int[] sites = new int[frames.length];
        byte[] tiers = new byte[frames.length];
        sites[0] = -1;
        for (int i = 1; i < frames.length; i++) {
            int caller = frames[i - 1];
            sites[i] = caller == main ? (frames[i] == a ? mainToA : mainToB) : caller == a ? aToLeaf : bToLeaf;
            tiers[i] = (byte) (i % Tier.COUNT);
        }
        map.apply(0, 1, "main", frames.length, frames, sites, tiers);
    }

    @Test
    void internIsIdempotentAndDense() {
        assertEquals(a, map.internMethod("a", info("a", 10)));
        assertEquals(mainToA, map.internCallSite(main, 100, 3, 2, 5));
        assertEquals(List.of(0, 1, 2, 3), List.of(main, a, b, leaf));
    }

    @Test
    void countsAndQueries() {
        for (int i = 0; i < 6; i++) {
            sample(main, a, leaf);
        }
        for (int i = 0; i < 3; i++) {
            sample(main, b, leaf);
        }
        sample(main, b);

        List<CCMap.MethodProfile> hot = map.hotMethods(2);
        assertEquals("leaf", hot.get(0).info().name());
        assertEquals(9, hot.get(0).selfSamples());
        assertEquals(1, hot.get(1).selfSamples());
        assertEquals(10, map.hotMethodsByTotal(1).get(0).totalSamples());

        List<CCMap.Callee> edges = map.hotEdges(10);
        assertEquals(4, edges.size());
        assertEquals(6, edges.get(0).samples());
        // leaf has two general edges: a->leaf (6) and b->leaf (3); each has exactly one context
        CCMap.Callee aLeaf = edges.stream().filter(e -> e.site().caller().info().name().equals("a")).findFirst().orElseThrow();
        List<CCMap.ContextRef> ctx = map.contextsOf(aLeaf, 5);
        assertEquals(1, ctx.size());
        assertSame(aLeaf, ctx.get(0).callee(), "context links back to its general edge");
        assertEquals("a", ctx.get(0).parent().method().info().name());
        assertTrue(aLeaf.site().isMonomorphic());
        assertEquals(5, map.contextNodeCount(), "main, a, b, a>leaf, b>leaf");
        assertEquals(2, map.hotMethods(10).size(), "only leaf and b have self samples; main and a are not listed");
    }

    @Test
    void recursionCountsTotalOncePerSample() {
        map.apply(0, 1, "main", 4, new int[]{main, a, a, a}, new int[]{-1, mainToA, aToLeaf, aToLeaf}, new byte[4]);
        CCMap.MethodProfile pa = map.hotMethods(1).get(0);
        assertEquals("a", pa.info().name());
        assertEquals(1, pa.totalSamples());
        assertEquals(3, pa.contexts().size(), "three distinct contexts of a");
    }

    @Test
    void snapshotIsACopy() {
        sample(main, a, leaf);
        ProfileSnapshot s = map.snapshot(new ProfileSnapshot.Meta(1_000_000, 0, 1, "test", true, 100, List.of()), (c, t) -> Accounting.EMPTY);
        sample(main, a, leaf);
        assertEquals(1, s.totalSamples(), "later samples do not change a snapshot");
        ThreadProfile t = s.threads().get(0);
        ContextNode nLeaf = t.root().children().get(0).children().get(0).children().get(0);
        assertEquals(leaf, nLeaf.method());
        assertEquals(aToLeaf, nLeaf.callSite());
        assertEquals(1, nLeaf.self());
        assertEquals(1, nLeaf.selfByTier()[2], "leaf was at index 2: tier ordinal 2");
        assertEquals(1, s.callSites().get(aToLeaf).callees().get(0).samples());
        assertFalse(s.callSites().get(mainToB).callees().iterator().hasNext());
    }

    @Test
    void emptyStackCountsAtTheThreadRoot() {
        map.apply(0, 7, "t", 0, new int[0], new int[0], new byte[0]);
        ProfileSnapshot s = map.snapshot(new ProfileSnapshot.Meta(1, 0, 1, "test", true, 100, List.of()), (c, t) -> Accounting.EMPTY);
        assertEquals(1, s.threads().get(0).root().self());
        assertNull(s.threads().get(0).root().parent());
    }
    /**
     * While the burst probes are detached, each context's calls of the last two check intervals
     * before the detachment stand for the detached stretch: a context called only before them (a
     * start-up) gets nothing more, one called steadily gets its rate times the stretch.
     */
    @Test
    void callsOfADetachedStretchAreExtrapolatedFromTheRatesBeforeIt() {
        synchronized (map) {
            CCMap.ContextRef root = map.threadRootOf(0, 1, "main");
            CCMap.ContextRef m = map.callInto(root, -1, main, 0);
            map.callInto(m, mainToA, a, 50); // start-up only
            map.rollCallWindows();
            map.callInto(m, mainToB, b, 10);
            map.rollCallWindows();
            map.callInto(m, mainToB, b, 14);
            map.freezeCallRates(); // the last two intervals: b 24, a 0
            map.rollCallWindows();
            assertEquals(48, map.extrapolateCalls(0, 2.0, true), "twice the two intervals' time detached");
            assertEquals(50, map.callInto(m, mainToA, a, 0).calls(), "a was called only before the quiet intervals");
            CCMap.ContextRef bNode = map.callInto(m, mainToB, b, 0);
            assertEquals(24 + 48, bNode.calls());
            assertEquals(24 + 48, bNode.callee().calls(), "the general edge gets them too");
            assertEquals(0, map.extrapolateCalls(0, 5.0, true), "a rate is used once: the next stretch needs a new freeze");
        }
    }

    /**
     * Live snapshots extrapolate a detached stretch in pieces: each piece adds the rate times the
     * stretch up to it less what the pieces before added, so that however the stretch is cut, the
     * whole adds the rate times its length, rounding included.
     */
    @Test
    void piecesOfADetachedStretchAddUpToTheWhole() {
        synchronized (map) {
            CCMap.ContextRef root = map.threadRootOf(0, 1, "main");
            CCMap.ContextRef m = map.callInto(root, -1, main, 0);
            map.callInto(m, mainToB, b, 3);
            map.freezeCallRates(); // b: 3 calls in the two intervals
            long added = 0;
            double from = 0;
            for (double to = 0.1; to < 2.05; to += 0.1) { // twenty snapshots, 0.3 calls each
                added += map.extrapolateCalls(from, to, false);
                from = to;
            }
            added += map.extrapolateCalls(from, 2.5, true); // the probes come back
            assertEquals(Math.round(3 * 2.5), added, "the pieces add up to the rate times the stretch");
            assertEquals(3 + Math.round(3 * 2.5), map.callInto(m, mainToB, b, 0).calls());
            assertEquals(0, map.extrapolateCalls(0, 5.0, true), "the rates are used up when the stretch ends");
        }
    }

    /**
     * {@code clear()} forgets which call site each edge was seen through, with the call sites: the
     * drain names the call site of a frame put back on its caller (a late sample's placement) by
     * that edge, and a site id kept across the clear named a call site that no longer existed or
     * was another one. In an embedding that cleared the profile mid-run, a function's placed ticks
     * then left the tree (known-split.js: gamma or beta had no samples after the clear).
     */
    @Test
    void clearForgetsTheCallSitesOfEdges() {
        synchronized (map) {
            map.apply(0, 1, "main", 2, new int[]{main, a}, new int[]{-1, mainToA}, new byte[2]);
            assertEquals(mainToA, map.siteOfEdge(main, a));
            map.clear();
            int m2 = map.internMethod("main", info("main", 1));
            int a2 = map.internMethod("a", info("a", 10));
            assertEquals(-1, map.siteOfEdge(m2, a2), "no edge seen since the clear");
        }
    }

    /** A sample naming a call site or method that does not exist is refused before anything is counted. */
    @Test
    void aSampleWithABadIdCountsNothing() {
        synchronized (map) {
            map.apply(0, 1, "main", 2, new int[]{main, a}, new int[]{-1, mainToA}, new byte[2]);
            org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                            () -> map.apply(0, 1, "main", 2, new int[]{main, b}, new int[]{-1, 999}, new byte[2]));
            org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                            () -> map.apply(0, 1, "main", 2, new int[]{main, 999}, new int[]{-1, mainToB}, new byte[2]));
            ProfileSnapshot s = map.snapshot(new ProfileSnapshot.Meta(1, 0, 1, "test", true, 100, List.of()), (c, t) -> Accounting.EMPTY);
            assertEquals(1, s.threads().get(0).root().total(), "only the good sample is in the tree");
        }
    }
}
