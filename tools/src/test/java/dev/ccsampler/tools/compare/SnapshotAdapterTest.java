package dev.ccsampler.tools.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.ccsampler.ccmap.Accounting;
import dev.ccsampler.ccmap.ContextNode;
import dev.ccsampler.ccmap.MethodInfo;
import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.ccmap.ThreadProfile;
import dev.ccsampler.ccmap.Tier;
import org.junit.jupiter.api.Test;

import java.util.List;

/** Hand-built snapshots through the adapter. */
class SnapshotAdapterTest {

    private static final List<MethodInfo> METHODS = List.of(
                    new MethodInfo(0, "js", "main", "app.js", "/src/app.js", 1, 1, 20, false),
                    new MethodInfo(1, "js", "work", "app.js", "/src/app.js", 5, 1, 9, false),
                    new MethodInfo(2, "js", "Array.prototype.map", "<unknown>", null, 0, 0, 0, true));

    private static ContextNode node(int id, int method, int callSite, long self, ContextNode parent) {
        long[] s = new long[Tier.COUNT];
        s[0] = self;
        return new ContextNode(id, method, callSite, s, new long[Tier.COUNT], parent);
    }

    private static ProfileSnapshot snapshot() {
        // thread 1: main(1) → work via call site 0 (self 2) and via call site 1 (self 3): one context, 5.
        //           main → map (internal, self 4) → work (self 6).
        ContextNode r1 = node(0, -1, -1, 0, null);
        ContextNode main = node(1, 0, -1, 1, r1);
        node(2, 1, 0, 2, main);
        node(3, 1, 1, 3, main);
        ContextNode map = node(4, 2, 2, 4, main);
        node(5, 1, -1, 6, map);
        // thread 2: main (self 10).
        ContextNode r2 = node(0, -1, -1, 0, null);
        node(1, 0, -1, 10, r2);
        ProfileSnapshot.Meta meta = new ProfileSnapshot.Meta(1_000_000, 0, 0, "test", false, 128, List.of());
        return new ProfileSnapshot(meta, METHODS, List.of(), List.of(), List.of(
                        new ThreadProfile(0, 1, "main", r1, Accounting.EMPTY),
                        new ThreadProfile(0, 2, "worker", r2, Accounting.EMPTY)));
    }

    @Test
    void mergesThreadsAndCallSitesAndSplicesInternalFrames() {
        Cct c = SnapshotAdapter.toCct(snapshot(), false);
        Frame main = Frame.of("main", "app.js", 1);
        Frame work = Frame.of("work", "app.js", 5);
        Cct.Node m = c.root().child(main);
        // main: 1 (thread 1) + 10 (thread 2) + 4 (self of the dropped internal map frame) = 15
        assertEquals(15, m.weight());
        // work under main: 2 + 3 (two call sites) + 6 (through the dropped map frame) = 11
        assertEquals(11, m.child(work).weight());
        assertEquals(2, c.edgeCount());
        assertEquals(26, c.totalWeight());
    }

    @Test
    void keepsInternalFramesWhenAsked() {
        Cct c = SnapshotAdapter.toCct(snapshot(), true);
        Cct.Node m = c.root().child(Frame.of("main", "app.js", 1));
        assertEquals(11, m.weight());
        assertEquals(5, m.child(Frame.of("work", "app.js", 5)).weight());
        Cct.Node map = m.child(Frame.of("Array.prototype.map", null, 0));
        assertEquals(4, map.weight());
        assertEquals(6, map.child(Frame.of("work", "app.js", 5)).weight());
        assertNull(c.root().child(Frame.of("work", "app.js", 5)));
    }

    /** A profile with call counts from bursts weighs edges by calls, as the exhaustive tree does. */
    @Test
    void callCountsMakeACallTree() {
        long[] zero = new long[Tier.COUNT];
        long[] one = new long[Tier.COUNT];
        one[0] = 1;
        ContextNode r = new ContextNode(0, -1, -1, zero, one, 0, null);
        ContextNode main = new ContextNode(1, 0, -1, zero, one, 1, r);
        new ContextNode(2, 1, 0, one, one, 30, main);
        ContextNode map = new ContextNode(3, 2, 1, zero, zero, 5, main);
        new ContextNode(4, 1, -1, zero, zero, 7, map);
        ProfileSnapshot.Meta meta = new ProfileSnapshot.Meta(1_000_000, 0, 0, "test", false, 128, List.of());
        ProfileSnapshot s = new ProfileSnapshot(meta, METHODS, List.of(), List.of(), List.of(new ThreadProfile(0, 1, "main", r, Accounting.EMPTY)));
        Cct c = SnapshotAdapter.toCct(s, false);
        assertEquals(Cct.Kind.CALLS, c.kind());
        Cct.Node m = c.root().child(Frame.of("main", "app.js", 1));
        assertEquals(1, m.weight());
        // work: 30 direct + 7 through the hidden map; the hidden map's own 5 calls are no calls of main
        assertEquals(37, m.child(Frame.of("work", "app.js", 5)).weight());
        assertEquals(38, c.totalWeight());
        assertEquals(Cct.Kind.SAMPLES, SnapshotAdapter.toCct(snapshot(), false).kind(), "no call counts: self samples");
    }
}
