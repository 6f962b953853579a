package dev.ccsampler.ccmap.live;


import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HotListTest {

    /** Random increments keep the list sorted, positions right, and top(k) equal to a full sort. */
    @Test
    void staysSortedUnderRandomIncrements() {
        HotList<Integer> list = new HotList<>();
        List<HotList.Slot<Integer>> slots = new ArrayList<>();
        long[] truth = new long[500];
        for (int i = 0; i < truth.length; i++) {
            slots.add(list.add(i));
        }
        Random r = new Random(42);
        for (int step = 0; step < 50_000; step++) {
            // skewed: low ids more often, many ties among the rest
            int i = r.nextInt(10) < 3 ? r.nextInt(5) : r.nextInt(truth.length);
            list.increment(slots.get(i));
            truth[i]++;
        }
        List<Integer> top = list.top(truth.length);
        for (int k = 1; k < top.size(); k++) {
            long prev = truth[top.get(k - 1)];
            long cur = truth[top.get(k)];
            assertEquals(true, prev >= cur, "sorted at " + k);
        }
        for (HotList.Slot<Integer> s : slots) {
            assertEquals(truth[s.item], s.count);
        }
        for (int k = 0; k < top.size(); k++) {
            assertEquals(k, slots.get(top.get(k)).pos, "position of " + top.get(k));
        }
        long zeros = java.util.Arrays.stream(truth).filter(t -> t == 0).count();
        assertEquals(truth.length - zeros, top.size(), "top lists only entries with a count");
    }

    /** A million entries with the same count: each increment is a binary search, not a walk. */
    @Test
    void manyEqualCountsStayCheap() {
        HotList<Integer> list = new HotList<>();
        List<HotList.Slot<Integer>> slots = new ArrayList<>();
        int n = 1_000_000;
        for (int i = 0; i < n; i++) {
            HotList.Slot<Integer> s = list.add(i);
            list.increment(s);
            slots.add(s);
        }
        long before = list.probes;
        for (int i = n - 1; i >= n - 1000; i--) {
            list.increment(slots.get(i)); // each jumps over ~a million equal entries
        }
        // a binary search reads ~log2(10^6) = 20 entries per increment; a walk past the equal
        // neighbours would read ~10^6 each. Bound: 2 x (log2 n + 2) per increment.
        long perIncrement = (list.probes - before) / 1000;
        assertTrue(perIncrement <= 2 * (Math.ceil(Math.log(n) / Math.log(2)) + 2), "entries read per increment: " + perIncrement);
        List<Integer> top = list.top(1000);
        assertEquals(1000, top.size());
        for (int i : top) {
            assertEquals(2, slots.get(i).count);
        }
    }
}
