package dev.ccsampler.ccmap;

import java.util.ArrayList;
import java.util.List;

/**
 * A list kept sorted by count, hottest first, as in the PCCT paper's sorted hot lists, so reading
 * the top k is O(k). Counts only grow by one: an increment moves the entry to the front of the block
 * of entries that had its old count (found by binary search) and swaps it with the entry there, so
 * an increment costs O(log n) even when a million entries share one count (the stream-summary
 * layout), instead of walking past every equal neighbour.
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

    Slot<T> add(T item) {
        Slot<T> s = new Slot<>(item);
        s.pos = slots.size();
        slots.add(s);
        return s;
    }

    /** Adds one to {@code s}'s count and restores the order. O(log n). */
    void increment(Slot<T> s) {
        long old = s.count;
        s.count = old + 1;
        int p = s.pos;
        if (p == 0 || slots.get(p - 1).count > old) {
            return; // still in order: the entry before it is hotter than its new count or equal
        }
        // entries [first, p] all have count == old (descending order, and slots[p-1].count <= old)
        int lo = 0;
        int hi = p;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (slots.get(mid).count > old) {
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

    void clearAll() {
        slots.clear();
    }

    int size() {
        return slots.size();
    }
}
