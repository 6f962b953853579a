package dev.ccsampler.ccmap.live;

import dev.ccsampler.ccmap.Accounting;
import dev.ccsampler.ccmap.ContextNode;
import dev.ccsampler.ccmap.MethodInfo;
import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.ccmap.ThreadProfile;
import dev.ccsampler.ccmap.Tier;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 10: the CC-Map's memory cap. A very wide calling context tree (200 functions, each called
 * from many sites, in random paths of 2 to 6 frames on three threads) is applied under a cap of 300
 * context nodes: after every sample the nodes are at most the cap; every tree still adds up to its
 * thread's ticks and every node's total is its self plus its children's totals; the pruned ticks
 * are counted in the thread's accounting; the per-method and per-edge counts are those of the same
 * samples without a cap; queries never return a pruned context.
 */
class CCMapPruningTest {

    static final int CAP = 300;

    record Sample(long thread, int[] methods, int[] sites, byte[] tiers, long weight) {
    }

    /** The same random samples for every map: ids are interned in the same order. */
    static List<Sample> samples(CCMap map) {
        int n = 200;
        int[] m = new int[n];
        for (int i = 0; i < n; i++) {
            m[i] = map.internMethod("f" + i, new MethodInfo(-1, "test", "f" + i, "wide.src", null, i + 1, 1, i + 1, false));
        }
        Random r = new Random(42);
        List<Sample> out = new ArrayList<>();
        for (int k = 0; k < 20_000; k++) {
            int depth = 2 + r.nextInt(5);
            int[] ms = new int[depth];
            int[] ss = new int[depth];
            byte[] ts = new byte[depth];
            ms[0] = m[0];
            ss[0] = -1;
            for (int i = 1; i < depth; i++) {
                // skewed: low ids are hot, so there are hot and cold contexts
                ms[i] = m[Math.min(n - 1, (int) Math.abs(r.nextGaussian() * 40))];
                ss[i] = map.internCallSite(ms[i - 1], r.nextInt(8) * 10, 5, 1, 1);
                ts[i] = (byte) r.nextInt(Tier.COUNT);
            }
            out.add(new Sample(1 + r.nextInt(3), ms, ss, ts, 1 + r.nextInt(3)));
        }
        return out;
    }

    @Test
    void theCapHoldsAndEveryTotalStillAddsUp() {
        CCMap capped = new CCMap();
        capped.setMaxContextNodes(CAP);
        CCMap full = new CCMap();
        List<Sample> ss = samples(capped);
        samples(full);
        long[] ticks = new long[4];
        for (Sample s : ss) {
            capped.apply(0, s.thread, "t" + s.thread, s.methods.length, s.methods, s.sites, s.tiers, s.weight);
            full.apply(0, s.thread, "t" + s.thread, s.methods.length, s.methods, s.sites, s.tiers, s.weight);
            ticks[(int) s.thread] += s.weight;
            assertTrue(capped.contextNodeCount() <= CAP, () -> capped.contextNodeCount() + " context nodes, cap " + CAP);
        }
        assertTrue(full.contextNodeCount() > 10 * CAP, "the tree is wide: " + full.contextNodeCount() + " nodes without a cap");
        assertTrue(capped.pruneRuns() > 1, "pruned more than once");

        ProfileSnapshot s = capped.snapshot(new ProfileSnapshot.Meta(1, 0, 0, "t", true, 100, List.of()), (c, t) -> Accounting.EMPTY);
        int[] nodes = {0};
        s.forEachNode(n -> nodes[0] += s.method(n.method()).name().equals(CCMap.PRUNED) ? 0 : 1);
        assertEquals(capped.contextNodeCount(), nodes[0], "the snapshot has the live nodes (and a <pruned> frame per thread whose bottom frames went)");
        long pruned = 0;
        for (ThreadProfile t : s.threads()) {
            assertEquals(ticks[(int) t.threadId()], t.root().total(), "thread " + t.threadId() + ": the tree adds up to its ticks");
            long[] self = {t.root().self()};
            ProfileSnapshot.forEachNode(t.root(), n -> {
                self[0] += n.self();
                long children = 0;
                for (ContextNode c : n.children()) {
                    children += c.total();
                }
                assertEquals(n.total(), n.self() + children, "a node's total is its self plus its children's totals");
            });
            assertEquals(t.root().total(), self[0], "self ticks add up to the thread's ticks");
            assertTrue(t.accounting().pruned() > 0 && t.accounting().pruned() <= t.root().total(), "thread " + t.threadId() + " pruned " + t.accounting().pruned());
            pruned += t.accounting().pruned();
        }
        assertEquals(capped.prunedTicks(), pruned);
        assertEquals(pruned, s.accounting().pruned(), "the header's accounting has them");

        // flat counts are not pruned
        ProfileSnapshot f = full.snapshot(s.meta(), (c, t) -> Accounting.EMPTY);
        for (int i = 0; i < s.methodStats().size(); i++) {
            assertEquals(f.methodStats().get(i).selfSum(), s.methodStats().get(i).selfSum(), "method " + i + " self");
        }
        assertEquals(f.callSites(), s.callSites(), "caller→callee counts per call site");
        // queries see only the contexts still there
        for (CCMap.Callee e : capped.hotEdges(50)) {
            for (CCMap.ContextRef c : capped.contextsOf(e, 1000)) {
                assertTrue(!c.pruned, "contextsOf returned a pruned context");
            }
        }
    }

    /**
     * Thread churn: 3 000 threads with a few samples each. Their bottom frames go too (the cap
     * holds), and each ended thread's row keeps its ticks, under a {@code <pruned>} frame.
     */
    @Test
    void bottomFramesOfColdThreadsGoIntoAPrunedFrame() {
        CCMap map = new CCMap();
        map.setMaxContextNodes(100);
        int[] m = new int[50];
        for (int i = 0; i < m.length; i++) {
            m[i] = map.internMethod("g" + i, new MethodInfo(-1, "test", "g" + i, "churn.src", null, i + 1, 1, i + 1, false));
        }
        int site = map.internCallSite(m[0], 5, 5, 1, 1);
        for (int t = 1; t <= 3000; t++) {
            for (int k = 0; k < 3; k++) {
                int bottom = m[t % m.length];
                map.apply(0, t, "t" + t, 2, new int[]{bottom, m[(t + k) % m.length]}, new int[]{-1, map.internCallSite(bottom, 5, 5, 1, 1)}, new byte[2], 2);
            }
            assertTrue(map.contextNodeCount() <= 100, () -> map.contextNodeCount() + " nodes");
        }
        assertTrue(site >= 0);
        ProfileSnapshot s = map.snapshot(new ProfileSnapshot.Meta(1, 0, 0, "t", true, 100, List.of()), (c, t) -> Accounting.EMPTY);
        assertEquals(3000, s.threads().size(), "every thread keeps its row");
        long prunedFrames = 0;
        for (ThreadProfile t : s.threads()) {
            assertEquals(6, t.root().total(), "thread " + t.threadId());
            assertEquals(0, t.root().self(), "pruned bottom frames are not samples without a visible frame");
            long children = 0;
            for (ContextNode c : t.root().children()) {
                children += c.total();
                if (s.method(c.method()).name().equals(CCMap.PRUNED)) {
                    prunedFrames++;
                    assertEquals(c.total(), c.self());
                }
            }
            assertEquals(6, children);
        }
        assertTrue(prunedFrames > 2500, prunedFrames + " threads with a <pruned> frame");
        assertEquals(s.accounting().pruned(), map.prunedTicks());
    }

    @Test
    void aCapBelowOneIsRejected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new CCMap().setMaxContextNodes(0));
        assertTrue(e.getMessage().contains("at least 1"), e.getMessage());
    }
}
