package dev.ccsampler.ccmap;

import java.util.ArrayList;
import java.util.List;

/**
 * A list kept sorted by count, hottest first, as in the PCCT paper's sorted hot lists: an increment
 * moves the entry up past colder neighbours, so reading the top k is O(k). Counts only grow, so an
 * entry only ever moves towards the front; the amortised cost of an increment is the number of
 * entries it overtakes.
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

    void increment(Slot<T> s, long delta) {
        s.count += delta;
        int p = s.pos;
        while (p > 0 && slots.get(p - 1).count < s.count) {
            Slot<T> prev = slots.get(p - 1);
            slots.set(p, prev);
            prev.pos = p;
            p--;
        }
        slots.set(p, s);
        s.pos = p;
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
