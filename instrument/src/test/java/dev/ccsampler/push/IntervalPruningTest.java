package dev.ccsampler.push;

import dev.ccsampler.ccmap.Accounting;
import dev.ccsampler.ccmap.live.CCMap;
import dev.ccsampler.ccmap.MethodInfo;
import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.ccmap.ThreadProfile;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Push intervals under the CC-Map's memory cap: nodes pruned between two snapshots (their ticks
 * folded into a parent or a thread's {@code <pruned>} frame) must not make the interval fall back to
 * the whole run (which would push the earlier samples again). Each interval has exactly the ticks
 * applied in it, and the intervals add up to the run.
 */
class IntervalPruningTest {

    @Test
    void intervalsKeepOnlyNewTicksWhilePruning() {
        CCMap map = new CCMap();
        map.setMaxContextNodes(40);
        int[] m = new int[60];
        for (int i = 0; i < m.length; i++) {
            m[i] = map.internMethod("f" + i, new MethodInfo(-1, "test", "f" + i, "p.src", null, i + 1, 1, i + 1, false));
        }
        Random r = new Random(7);
        ProfileSnapshot previous = null;
        long run = 0;
        long pushed = 0;
        for (int interval = 0; interval < 20; interval++) {
            long ticks = 0;
            for (int k = 0; k < 200; k++) {
                long thread = 1 + r.nextInt(8) + interval / 4 * 8; // threads come and go
                int depth = 1 + r.nextInt(4);
                int[] ms = new int[depth];
                int[] ss = new int[depth];
                ms[0] = m[r.nextInt(m.length)];
                ss[0] = -1;
                for (int i = 1; i < depth; i++) {
                    ms[i] = m[r.nextInt(m.length)];
                    ss[i] = map.internCallSite(ms[i - 1], r.nextInt(3), 1, 1, 1);
                }
                long w = 1 + r.nextInt(2);
                map.apply(0, thread, "t" + thread, depth, ms, ss, new byte[depth], w);
                ticks += w;
            }
            run += ticks;
            ProfileSnapshot now = map.snapshot(new ProfileSnapshot.Meta(1, 0, 100 + interval, "t", true, 100, List.of()), (c, t) -> Accounting.EMPTY);
            long inInterval = intervalTicks(previous, now, "interval " + interval);
            assertEquals(ticks, inInterval, "interval " + interval + " has exactly its own ticks");
            pushed += inInterval;
            previous = now;
        }
        assertTrue(map.pruneRuns() > 5, "pruned while pushing: " + map.pruneRuns());
        assertEquals(run, pushed, "the intervals add up to the run");
    }

    /**
     * The ticks of the interval from {@code previous} to {@code now}, checking that it is a
     * difference (not the whole run again) and that each thread's self ticks add up to its total.
     */
    private static long intervalTicks(ProfileSnapshot previous, ProfileSnapshot now, String what) {
        ProfileSnapshot d = IntervalProfile.between(previous, now);
        long inInterval = 0;
        for (ThreadProfile t : d.threads()) {
            inInterval += t.root().total();
            long[] self = {t.root().self()};
            ProfileSnapshot.forEachNode(t.root(), n -> self[0] += n.self());
            assertEquals(t.root().total(), self[0], what + ", thread " + t.threadId() + ": self adds up to the total");
        }
        if (previous != null) {
            assertEquals(previous.meta().endEpochMillis(), d.meta().startEpochMillis(), what + " is a difference, not the whole run again");
        }
        return inInterval;
    }

    /**
     * Contexts that close between two snapshots: their trees are folded into their threads' trees
     * of closed contexts (the trees of the earlier snapshot disappear, the closed contexts' tree
     * grows by all they had). The interval must still hold exactly its own ticks, under the cap
     * too, and a sample of a closed context drained late counts once.
     */
    @Test
    void intervalsKeepOnlyNewTicksWhileContextsCloseAndFold() {
        for (int cap : new int[]{Integer.MAX_VALUE, 40}) {
            CCMap map = new CCMap();
            map.setMaxContextNodes(cap);
            int[] m = new int[30];
            for (int i = 0; i < m.length; i++) {
                m[i] = map.internMethod("f" + i, new MethodInfo(-1, "test", "f" + i, "p.src", null, i + 1, 1, i + 1, false));
            }
            Random r = new Random(cap);
            ProfileSnapshot previous = null;
            long run = 0;
            long pushed = 0;
            int folds = 0;
            for (int interval = 0; interval < 24; interval++) {
                long ticks = 0;
                int open = interval / 2; // a context opens every other interval, and the one before closes
                for (int k = 0; k < 150; k++) {
                    long thread = 1 + r.nextInt(3);
                    int context = k % 10 == 0 && open > 0 ? open - 1 : open; // some samples of the closed one drained late
                    int depth = 1 + r.nextInt(4);
                    int[] ms = new int[depth];
                    int[] ss = new int[depth];
                    ms[0] = m[r.nextInt(3)];
                    ss[0] = -1;
                    for (int i = 1; i < depth; i++) {
                        ms[i] = m[r.nextInt(m.length)];
                        ss[i] = map.internCallSite(ms[i - 1], r.nextInt(2), 1, 1, 1);
                    }
                    long w = 1 + r.nextInt(2);
                    map.apply(context, thread, "t" + thread, depth, ms, ss, new byte[depth], w);
                    ticks += w;
                    if (k == 75 && interval % 2 == 0 && open > 0) {
                        folds += map.foldContext(open - 1) > 0 ? 1 : 0;
                    }
                }
                run += ticks;
                ProfileSnapshot now = map.snapshot(new ProfileSnapshot.Meta(1, 0, 100 + interval, "t", true, 100, List.of()), (c, t) -> Accounting.EMPTY);
                long inInterval = intervalTicks(previous, now, "cap " + cap + ", interval " + interval);
                assertEquals(ticks, inInterval, "cap " + cap + ", interval " + interval + " has exactly its own ticks");
                pushed += inInterval;
                previous = now;
            }
            assertTrue(folds >= 10, "contexts were folded while pushing: " + folds);
            assertEquals(run, pushed, "cap " + cap + ": the intervals add up to the run");
        }
    }
}
