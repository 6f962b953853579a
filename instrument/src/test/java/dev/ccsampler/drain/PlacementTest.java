package dev.ccsampler.drain;

import com.oracle.truffle.api.RootCallTarget;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.RootNode;
import dev.ccsampler.capture.RootHashes;
import dev.ccsampler.capture.SampledThread;
import dev.ccsampler.ccmap.live.CCMap;
import dev.ccsampler.queue.SampleRecord;
import org.graalvm.polyglot.Engine;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * The drain's side of {@code WaitedTicks=top}: a late sample's placed ticks go to the stack the
 * record describes (the walked one cut at its drop, then the returned frames named by their root
 * hashes), the rest of its weight to the walked stack, and nothing is counted twice.
 */
class PlacementTest {

    /** A root that is never executed: it only names frames. */
    static final class Named extends RootNode {
        private final String name;

        Named(String name) {
            super(null);
            this.name = name;
        }

        @Override
        public Object execute(VirtualFrame frame) {
            return null;
        }

        @Override
        public String getName() {
            return name;
        }
    }

    @Test
    void placedTicksGoToTheStackTheRecordNames() {
        try (Engine engine = Engine.create()) { // initialises the Truffle runtime the call targets need
            Named program = new Named("program");
            Named caller = new Named("caller");
            Named late = new Named("late");
            Named inner = new Named("inner");
            RootCallTarget programTarget = program.getCallTarget();
            RootCallTarget callerTarget = caller.getCallTarget();
            CCMap map = new CCMap();
            Drainer d = drainerOf(map, late, inner);
            SampledThread t = new SampledThread(Thread.currentThread(), 0, 16, 64);
            d.register(t);

            SampleRecord r = lateRecord(t, callerTarget, programTarget, 3);
            // 9 ticks: late and inner had returned; put back on top of caller
            placeReturned(r, 0, 9, System.identityHashCode(late), System.identityHashCode(inner));
            // 6 ticks: program was on top (caller is newer): the top frame is dropped
            r.placeTicks[1] = 6;
            r.placeDrop[1] = 1;
            r.placeChainLength[1] = 0;
            // 2 ticks: a frame whose root is not known any more: the placement ends at its caller
            r.placeTicks[2] = 2;
            r.placeDrop[2] = 0;
            r.placeChainStart[2] = 2;
            r.placeChainLength[2] = 1;
            r.placeChain[2] = 12345;
            t.ring.publish();
            d.drainOnce();

            Map<String, Long> self = new HashMap<>();
            Map<String, Long> total = new HashMap<>();
            for (CCMap.MethodProfile m : map.hotMethodsByTotal(10)) {
                self.put(m.info().name(), m.selfSamples());
                total.put(m.info().name(), m.totalSamples());
            }
            assertEquals(9L, self.get("inner"), "the returned chain's top: " + self);
            assertEquals(9L, total.get("late"), "the returned chain: " + total);
            assertEquals(6L, self.get("program"), "the dropped top: " + self);
            assertEquals(3L + 2L, self.get("caller"), "the walked stack's own 3 ticks and the unnamed placement's 2: " + self);
            assertEquals(20L, total.get("program"), "every tick once: " + total);
        }
    }

    /** A drainer into {@code map} that knows the roots of {@code returned} by their hashes and shows every frame. */
    private static Drainer drainerOf(CCMap map, Named... returned) {
        RootHashes hashes = new RootHashes();
        for (Named n : returned) {
            hashes.register(n);
        }
        // the roots have no source section: shown only with internal frames
        FrameFilter all = new FrameFilter(WildcardFilter.compile(""), WildcardFilter.compile(""), WildcardFilter.compile(""), true);
        Drainer d = new Drainer(map, all, 1_000_000L);
        d.setRootHashes(hashes);
        return d;
    }

    /** A late sample of {@code top} on {@code bottom}, 20 ticks, with {@code places} placements to fill. */
    private static SampleRecord lateRecord(SampledThread t, RootCallTarget top, RootCallTarget bottom, int places) {
        SampleRecord r = t.ring.claim();
        r.depth = 2; // walked, top first
        r.targets[0] = top;
        r.targets[1] = bottom;
        r.weight = 20;
        r.submitNanos = 0;
        r.captureNanos = 5_000_000L; // late
        r.places = places;
        return r;
    }

    /** Placement {@code k}, the first: {@code ticks} on the walked stack with these returned roots on top. */
    private static void placeReturned(SampleRecord r, int k, long ticks, int... returned) {
        r.placeTicks[k] = ticks;
        r.placeDrop[k] = 0;
        r.placeChainStart[k] = 0;
        r.placeChainLength[k] = returned.length;
        for (int j = 0; j < returned.length; j++) {
            r.placeChain[j] = returned[j];
        }
    }

    /**
     * A placement, the walked stack plus the frames that had returned, is cut at {@code StackLimit}
     * like any stack: its outer frames go. Before 2026-11-27 (seventh session) a deep recursion's
     * placement made a 5 003-deep context at a limit of 1 000 (PaceProfileTest, once).
     */
    @Test
    void aPlacementKeepsToTheStackLimit() {
        try (Engine engine = Engine.create()) {
            Named program = new Named("program");
            Named caller = new Named("caller");
            Named late = new Named("late");
            Named inner = new Named("inner");
            CCMap map = new CCMap();
            Drainer d = drainerOf(map, late, inner);
            d.setStackLimit(3);
            SampledThread t = new SampledThread(Thread.currentThread(), 0, 16, 64);
            d.register(t);

            SampleRecord r = lateRecord(t, caller.getCallTarget(), program.getCallTarget(), 1); // within the limit
            // 9 ticks on top of caller with late and inner returned: 4 frames, one over the limit
            placeReturned(r, 0, 9, System.identityHashCode(late), System.identityHashCode(inner));
            t.ring.publish();
            d.drainOnce();

            Map<String, Long> total = new HashMap<>();
            for (CCMap.MethodProfile m : map.hotMethodsByTotal(10)) {
                total.put(m.info().name(), m.totalSamples());
            }
            assertEquals(9L, total.get("inner"), "the placement is kept: " + total);
            assertEquals(20L, total.get("caller"), "caller is in both stacks: " + total);
            assertEquals(11L, total.get("program"), "the placement lost its outermost frame, program: " + total);
            assertEquals(1L, d.accounting(false).truncated(), "the sample counts as truncated");
        }
    }

    /**
     * {@code Incremental=auto} attaches the root probes when a thread's stacks are deep and the
     * cost budget thins its walks (samples standing for 4 ticks or more). A placed sample's weight
     * also holds the ticks it waited for its poll ({@code WaitedTicks=top}); those are not thinning,
     * and a deep stack whose samples wait (three-phase.js at 10 ms) must not count as thinned (the
     * rule woke the trivial roots' probes for it until 2026-11-28; no rule wakes them now).
     */
    @Test
    void waitedTicksAreNotThinning() {
        try (Engine engine = Engine.create()) {
            Named deep = new Named("deep");
            Named returned = new Named("returned");
            RootCallTarget target = deep.getCallTarget();
            RootHashes hashes = new RootHashes();
            hashes.register(returned);
            CCMap map = new CCMap();
            FrameFilter all = new FrameFilter(WildcardFilter.compile(""), WildcardFilter.compile(""), WildcardFilter.compile(""), true);
            Drainer d = new Drainer(map, all, 1_000_000L);
            d.setRootHashes(hashes);
            d.onDeepStacks(64, 0.03, (name, roots) -> {
            });
            SampledThread t = new SampledThread(Thread.currentThread(), 0, 16, 128);
            d.register(t);
            // 30 samples 100 frames deep, each waited 9 periods for its poll and carries 10 ticks:
            // 9 placed on a frame that had returned, 1 its own
            for (int i = 0; i < 30; i++) {
                SampleRecord r = record(t, target, 100, 10, 9_500_000L);
                r.places = 1;
                r.placeTicks[0] = 9;
                r.placeDrop[0] = 0;
                r.placeChainStart[0] = 0;
                r.placeChainLength[0] = 1;
                r.placeChain[0] = System.identityHashCode(returned);
                t.ring.publish();
                d.drainOnce();
            }
            assertNull(d.deepStacksSeen(), "waited ticks are not thinning");
            // the same stacks walked promptly, each standing for 10 ticks the budget did not walk
            for (int i = 0; i < 12; i++) {
                record(t, target, 100, 10, 100_000L);
                t.ring.publish();
                d.drainOnce();
            }
            assertEquals(t.threadName, d.deepStacksSeen(), "thinned deep stacks");
        }
    }

    /**
     * The walks themselves show a deep stack the budget must thin: three walks in a row after the
     * thread's first, each of 64 frames or more and costing four ticks' worth of the budget, attach
     * the probes, whatever the samples' weights so far. Cheaper walks of the same depth, shallow
     * costly walks, costly walks now and then among cheap ones (a walk that a GC or a deoptimisation
     * made slow), and the first walk (one-time costs) do not.
     */
    @Test
    void threeCostlyWalksOfADeepStackInARowAttachTheProbes() {
        try (Engine engine = Engine.create()) {
            RootCallTarget target = new Named("deep").getCallTarget();
            CCMap map = new CCMap();
            FrameFilter all = new FrameFilter(WildcardFilter.compile(""), WildcardFilter.compile(""), WildcardFilter.compile(""), true);
            long period = 10_000_000L;
            Drainer d = new Drainer(map, all, period);
            d.onDeepStacks(64, 0.03, (name, roots) -> {
            });
            SampledThread t = new SampledThread(Thread.currentThread(), 0, 16, 128);
            d.register(t);
            long costly = 4 * 300_000L; // 4 ticks of a 3 % budget at 10 ms
            // the first walk, costly and deep: one-time costs, not counted
            walk(d, t, target, 100, 50_000_000L);
            // deep but affordable, and costly but shallow
            for (int i = 0; i < 6; i++) {
                walk(d, t, target, i % 2 == 0 ? 100 : 63, i % 2 == 0 ? costly - 1 : 10 * costly);
            }
            assertNull(d.deepStacksSeen(), "no costly walk of a deep stack yet");
            // two costly deep walks in a row, then a cheap one, again and again
            for (int i = 0; i < 5; i++) {
                walk(d, t, target, 64, costly);
                walk(d, t, target, 3000, 20 * costly);
                walk(d, t, target, 100, costly / 2);
            }
            assertNull(d.deepStacksSeen(), "costly deep walks, never three in a row");
            walk(d, t, target, 3000, 20 * costly);
            walk(d, t, target, 3000, 20 * costly);
            assertNull(d.deepStacksSeen(), "two in a row");
            walk(d, t, target, 3000, 20 * costly);
            assertEquals(t.threadName, d.deepStacksSeen(), "three costly deep walks in a row");
        }
    }

    /** One walk of a deep stack that costs 25 times the budget's threshold or more is as good as three. */
    @Test
    void oneFarCostlierWalkOfADeepStackAttachesTheProbes() {
        try (Engine engine = Engine.create()) {
            RootCallTarget target = new Named("deep").getCallTarget();
            FrameFilter all = new FrameFilter(WildcardFilter.compile(""), WildcardFilter.compile(""), WildcardFilter.compile(""), true);
            Drainer d = new Drainer(new CCMap(), all, 10_000_000L);
            d.onDeepStacks(64, 0.03, (name, roots) -> {
            });
            SampledThread t = new SampledThread(Thread.currentThread(), 0, 16, 128);
            d.register(t);
            long costly = 4 * 300_000L;
            walk(d, t, target, 20_000, 100 * costly); // the first walk: not counted
            walk(d, t, target, 63, 100 * costly); // shallow
            assertNull(d.deepStacksSeen(), "the first walk and a shallow one");
            walk(d, t, target, 20_000, 25 * costly);
            assertEquals(t.threadName, d.deepStacksSeen(), "a walk the budget affords once in a hundred ticks");
        }
    }

    private static void walk(Drainer d, SampledThread t, RootCallTarget target, int depth, long walkNanos) {
        record(t, target, depth, 1, 0).walkNanos = walkNanos;
        t.ring.publish();
        d.drainOnce();
    }

    private static SampleRecord record(SampledThread t, RootCallTarget target, int depth, long weight, long latencyNanos) {
        SampleRecord r = t.ring.claim();
        r.ensureCapacity(depth);
        r.depth = depth;
        for (int i = 0; i < depth; i++) {
            r.targets[i] = target;
        }
        r.weight = weight;
        r.submitNanos = 1_000L;
        r.captureNanos = 1_000L + latencyNanos;
        r.places = 0;
        r.walkNanos = 0;
        return r;
    }
}
