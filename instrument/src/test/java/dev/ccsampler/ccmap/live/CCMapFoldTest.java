package dev.ccsampler.ccmap.live;

import dev.ccsampler.ccmap.Accounting;
import dev.ccsampler.ccmap.ContextNode;
import dev.ccsampler.ccmap.MethodInfo;
import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.ccmap.ThreadProfile;
import dev.ccsampler.ccmap.Tier;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Folding a closed context's trees into its threads' trees of closed contexts
 * ({@link CCMap#foldContext}): the folded tree is what merging the trees path by path gives, no
 * count is lost or doubled (the thread's, each path's, the methods' and edges'), the nodes that
 * became one leave the methods' and edges' context lists, and a thread that runs one program in
 * fresh contexts keeps one tree, where without folding the cap prunes.
 */
class CCMapFoldTest {

    private static final ProfileSnapshot.Meta META = new ProfileSnapshot.Meta(1, 0, 1, "t", true, 100, List.of());

    private final CCMap map = new CCMap();
    private final int[] m = new int[8];
    {
        for (int i = 0; i < m.length; i++) {
            m[i] = map.internMethod("f" + i, new MethodInfo(-1, "test", "f" + i, "p.src", null, i + 1, 1, i + 1, false));
        }
    }

    /** A random stack of methods f0..f7 (recursion allowed), through one of two call sites per caller. */
    private void randomSample(Random r, int context, long thread) {
        int depth = 1 + r.nextInt(6);
        int[] ms = new int[depth];
        int[] ss = new int[depth];
        byte[] tiers = new byte[depth];
        ms[0] = m[r.nextInt(3)];
        ss[0] = -1;
        for (int i = 1; i < depth; i++) {
            ms[i] = m[r.nextInt(m.length)];
            ss[i] = map.internCallSite(ms[i - 1], r.nextInt(2), 1, 1, 1);
            tiers[i] = (byte) r.nextInt(Tier.COUNT);
        }
        map.apply(context, thread, "t" + thread, depth, ms, ss, tiers, 1 + r.nextInt(3));
    }

    /** Self ticks by path (method and call site per frame) of every tree of {@code thread}, summed. */
    private static Map<String, Long> selfByPath(ProfileSnapshot s, long thread) {
        Map<String, Long> r = new TreeMap<>();
        for (ThreadProfile t : s.threads()) {
            if (t.threadId() != thread) {
                continue;
            }
            r.merge("<root>", t.root().self(), Long::sum);
            ProfileSnapshot.forEachNode(t.root(), n -> {
                StringBuilder p = new StringBuilder();
                for (ContextNode q : ProfileSnapshot.path(n)) {
                    p.append(q.method()).append('@').append(q.callSite()).append(';');
                }
                if (n.self() > 0) {
                    r.merge(p.toString(), n.self(), Long::sum);
                }
            });
        }
        return r;
    }

    private ProfileSnapshot snapshot() {
        return map.snapshot(META, (c, t) -> Accounting.EMPTY);
    }

    @Test
    void theFoldedTreeHoldsEveryCountOfTheTreesItReplaces() {
        Random r = new Random(11);
        for (int k = 0; k < 400; k++) {
            randomSample(r, k % 3, 1 + k % 2); // contexts 0, 1, 2 on threads 1 and 2
        }
        ProfileSnapshot before = snapshot();
        int nodesBefore = map.contextNodeCount();
        assertEquals(2, map.foldContext(0), "both threads had a tree in context 0");
        assertEquals(2, map.foldContext(1));
        assertEquals(0, map.foldContext(1), "a context folds once");
        ProfileSnapshot after = snapshot();
        for (long thread : new long[]{1, 2}) {
            assertEquals(selfByPath(before, thread), selfByPath(after, thread), "thread " + thread + ": every path keeps its self ticks");
        }
        assertEquals(before.totalSamples(), after.totalSamples());
        assertEquals(stats(before), stats(after), "per-method counts were never per context");
        assertEquals(before.callSites(), after.callSites(), "nor the edges'");
        assertEquals(4, after.threads().size(), "per thread: the closed contexts' tree and the open context's");
        assertEquals(List.of("closed contexts", "closed contexts", "context 2", "context 2"), after.threads().stream().map(ThreadProfile::contextLabel).sorted().toList());
        assertEquals("all contexts", after.mergeThreads().threads().get(0).contextLabel(), "merged threads are not a thread's closed contexts");
        for (ThreadProfile t : after.threads()) {
            assertTrue(t.context() == CCMap.CLOSED_CONTEXTS || t.context() == 2, "context " + t.context());
            long[] self = {t.root().self()};
            ProfileSnapshot.forEachNode(t.root(), n -> self[0] += n.self());
            assertEquals(t.root().total(), self[0], "the folded tree's self adds up to its total");
            ProfileSnapshot.forEachNode(t.root(), n -> {
                long below = n.self();
                for (ContextNode c : n.children()) {
                    below += c.total();
                }
                assertEquals(n.total(), below, "a node's total is its self plus its children's totals");
            });
        }
        assertTrue(map.contextNodeCount() < nodesBefore, "paths both contexts had became one: " + map.contextNodeCount() + " of " + nodesBefore);
        int listed = 0;
        for (CCMap.MethodProfile mp : map.hotMethods(m.length)) {
            listed += mp.contexts().size();
            for (CCMap.ContextRef c : mp.contexts()) {
                assertFalse(c.pruned, "a node that became one with another left its method's list");
            }
        }
        assertEquals(map.contextNodeCount(), listed, "every node is in its method's list once");
        for (CCMap.Callee e : map.hotEdges(1000)) {
            long sum = 0;
            for (CCMap.ContextRef c : map.contextsOf(e, Integer.MAX_VALUE)) {
                assertFalse(c.pruned, "a node that became one with another left its edge's list");
                assertEquals(c.totalSamples(), sumOfSlot(e, c), "an edge's context is ranked by its samples");
                sum += c.totalSamples();
            }
            assertTrue(sum >= e.samples(), "the edge's contexts hold its samples");
        }
    }

    private static List<String> stats(ProfileSnapshot s) {
        return s.methodStats().stream().map(x -> x.method() + ":" + java.util.Arrays.toString(x.self()) + java.util.Arrays.toString(x.total())).toList();
    }

    private static long sumOfSlot(CCMap.Callee e, CCMap.ContextRef c) {
        return c.calleeSlot.count;
    }

    @Test
    void aSampleOfAFoldedContextGoesIntoTheClosedContextsTree() {
        Random r = new Random(3);
        for (int k = 0; k < 50; k++) {
            randomSample(r, 4, 9);
        }
        map.foldContext(4);
        assertEquals(CCMap.CLOSED_CONTEXTS, map.treeContext(4));
        assertEquals(5, map.treeContext(5));
        long before = snapshot().totalSamples();
        map.apply(4, 9, "t9", 1, new int[]{m[0]}, new int[]{-1}, new byte[1], 2); // drained after the close
        ProfileSnapshot s = snapshot();
        assertEquals(1, s.threads().size(), "no tree of the closed context again");
        assertEquals(CCMap.CLOSED_CONTEXTS, s.threads().get(0).context());
        assertEquals("closed contexts", s.threads().get(0).contextLabel());
        assertEquals(before + 2, s.totalSamples());
    }

    @Test
    void freshContextsOneAfterAnotherKeepOneTreeUnderTheCap() {
        // a 300-deep recursion sampled in 50 fresh contexts on one thread, under a cap of 1 000
        // nodes: folded, the thread keeps one chain; kept apart, every context adds a chain
        for (boolean fold : new boolean[]{true, false}) {
            CCMap c = new CCMap();
            c.setMaxContextNodes(1000);
            int down = c.internMethod("down", new MethodInfo(-1, "test", "down", "p.src", null, 1, 1, 5, false));
            int site = c.internCallSite(down, 10, 4, 2, 3);
            for (int ctx = 0; ctx < 50; ctx++) {
                for (int depth = 1; depth <= 300; depth += 7) {
                    int[] ms = new int[depth];
                    int[] ss = new int[depth];
                    java.util.Arrays.fill(ms, down);
                    java.util.Arrays.fill(ss, site);
                    ss[0] = -1;
                    c.apply(ctx, 1, "main", depth, ms, ss, new byte[depth], 1);
                }
                if (fold) {
                    c.foldContext(ctx);
                }
            }
            if (fold) {
                assertEquals(0, c.pruneRuns(), "folded, the cap is never reached");
                assertEquals(0, c.prunedTicks());
                assertTrue(c.contextNodeCount() <= 2 * 295, "two chains at most (the closed contexts' and the open one's): " + c.contextNodeCount());
            } else {
                assertTrue(c.pruneRuns() > 0, "kept apart, the chains fill the cap");
            }
        }
    }
}
