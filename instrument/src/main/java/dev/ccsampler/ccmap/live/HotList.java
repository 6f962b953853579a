package dev.ccsampler.ccmap.live;

import java.util.ArrayList;
import java.util.List;

/**
 * A list kept sorted by count, hottest first, as in the PCCT paper's sorted hot lists, so reading
 * the top k is O(k). Counts only grow: an increment moves the entry to the front of the block of
 * entries that had its old count (found by binary search) and swaps it with the entry there, so an
 * increment by one costs O(log n) even when a million entries share one count (the stream-summary
 * layout), instead of walking past every equal neighbour. An increment by a weight {@code w} jumps
 * block by block, O(b log n) for the b distinct counts it passes (at most w).
 *
 * <p>Single writer (the drain thread); readers must hold the CC-Map's monitor.
 *
 * @param <T> the item type
 */
final class HotList<T> {

    /** One item's place in one hot list. */
    static final class Slot<T> {
        final T item;
        long count;
        int pos;

        Slot(T item) {
            this.item = item;
        }
    }

    private final ArrayList<Slot<T>> slots = new ArrayList<>();
    /** Entries read by {@link #add(Slot, long)} since creation: what its cost bound is about (tests). */
    long probes;

    Slot<T> add(T item) {
        Slot<T> s = new Slot<>(item);
        s.pos = slots.size();
        slots.add(s);
        return s;
    }

    /** Adds one to {@code s}'s count and restores the order. O(log n). */
    void increment(Slot<T> s) {
        add(s, 1);
    }

    /** Adds {@code w >= 1} to {@code s}'s count and restores the order. */
    void add(Slot<T> s, long w) {
        long c = s.count + w;
        s.count = c;
        int p = s.pos;
        while (p > 0) {
            probes++;
            long before = slots.get(p - 1).count;
            if (before >= c) {
                return; // in order: the entry before it is at least as hot
            }
            // entries [lo, p - 1] all have count == before: swap with the first of them
            int lo = 0;
            int hi = p - 1;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                probes++;
                if (slots.get(mid).count > before) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            Slot<T> other = slots.get(lo);
            slots.set(lo, s);
            slots.set(p, other);
            other.pos = p;
            s.pos = lo;
            p = lo;
        }
    }

    /** The k hottest items with a non-zero count, hottest first. O(k). */
    List<T> top(int k) {
        List<T> out = new ArrayList<>(Math.min(k, slots.size()));
        for (int i = 0; i < slots.size() && out.size() < k; i++) {
            Slot<T> s = slots.get(i);
            if (s.count == 0) {
                break;
            }
            out.add(s.item);
        }
        return out;
    }

    /** Removes the items that match, keeping the order of the rest (it stays sorted). O(n). */
    void removeIf(java.util.function.Predicate<T> p) {
        int n = 0;
        for (int i = 0; i < slots.size(); i++) {
            Slot<T> s = slots.get(i);
            if (!p.test(s.item)) {
                s.pos = n;
                slots.set(n++, s);
            }
        }
        while (slots.size() > n) {
            slots.remove(slots.size() - 1);
        }
    }

    void clearAll() {
        slots.clear();
    }

    int size() {
        return slots.size();
    }
}
