package dev.ccsampler.ccmap;

import java.util.Arrays;

/**
 * An immutable, sparse histogram of submit→capture latencies in nanoseconds, with one fixed bucket
 * layout everywhere, so that the histograms of several threads, contexts or runs merge exactly
 * ({@link #plus}) and an interval is the difference of two cumulative ones ({@link #minus}).
 * Percentiles of a merge are computed from the merged buckets, never from the parts' percentiles.
 *
 * <p>Layout (log-linear, like HdrHistogram at about two significant digits): values 0..127 have one
 * bucket each; above, each power of two [2<sup>e</sup>, 2<sup>e+1</sup>) is split into 64 equal
 * buckets, so a bucket is at most 1/64 (1.6 %) of its values wide. A percentile is reported as the
 * highest value of the bucket that reaches it (an upper bound within that 1.6 %).
 *
 * <p>Only buckets with a count are stored: a thread with a few samples costs a few entries. The
 * {@link Recorder} is the mutable, single-writer form the drain thread fills.
 *
 * @since 0.2
 */
public final class LatencyHistogram {

    /** Linear buckets below this value, and the sub-buckets per power of two above it. */
    private static final int LINEAR = 128;
    private static final int SUB = 64;
    private static final int SUB_BITS = 6;

    /**
     * The empty histogram.
     *
     * @since 0.2
     */
    public static final LatencyHistogram EMPTY = new LatencyHistogram(new int[0], new long[0]);

    /** Bucket indexes, ascending. */
    private final int[] buckets;
    /** Count per bucket, parallel to {@link #buckets}; every entry non-zero. */
    private final long[] counts;
    private final long total;

    private LatencyHistogram(int[] buckets, long[] counts) {
        this.buckets = buckets;
        this.counts = counts;
        long t = 0;
        for (long c : counts) {
            t += c;
        }
        this.total = t;
    }

    /**
     * The bucket of a value (negative values count as 0).
     *
     * @since 0.2
     */
    public static int bucketOf(long nanos) {
        if (nanos < LINEAR) {
            return (int) Math.max(0, nanos);
        }
        int e = 63 - Long.numberOfLeadingZeros(nanos); // >= 7
        int sub = (int) (nanos >>> (e - SUB_BITS)) - SUB; // 0..63
        return LINEAR + (e - 7) * SUB + sub;
    }

    /**
     * The highest value that falls into bucket {@code b}.
     *
     * @since 0.2
     */
    public static long highestValueOf(int b) {
        if (b < LINEAR) {
            return b;
        }
        int e = (b - LINEAR) / SUB + 7;
        int sub = (b - LINEAR) % SUB + SUB;
        long next = (long) (sub + 1) << (e - SUB_BITS);
        return next <= 0 ? Long.MAX_VALUE : next - 1; // the top bucket ends at Long.MAX_VALUE
    }

    /**
     * A histogram from (value, count) pairs, e.g. read back from a profile file; each value counts in
     * its bucket.
     *
     * @throws IllegalArgumentException when a count is negative
     * @since 0.2
     */
    public static LatencyHistogram of(long[] values, long[] counts) {
        Recorder r = new Recorder();
        for (int i = 0; i < values.length; i++) {
            if (counts[i] < 0) {
                throw new IllegalArgumentException("negative count " + counts[i] + " for latency " + values[i]);
            }
            r.record(values[i], counts[i]);
        }
        return r.snapshot();
    }

    /**
     * Values recorded.
     *
     * @since 0.2
     */
    public long totalCount() {
        return total;
    }

    /**
     * Buckets with a count.
     *
     * @since 0.2
     */
    public int bucketCount() {
        return buckets.length;
    }

    /**
     * The highest value of the {@code i}-th non-empty bucket, ascending.
     *
     * @since 0.2
     */
    public long valueAt(int i) {
        return highestValueOf(buckets[i]);
    }

    /**
     * The count of the {@code i}-th non-empty bucket.
     *
     * @since 0.2
     */
    public long countAt(int i) {
        return counts[i];
    }

    /**
     * The value at a percentile (0 < p ≤ 100): the highest value of the first bucket at which the
     * running count reaches {@code ceil(p/100 · total)}; 0 when empty.
     *
     * @since 0.2
     */
    public long valueAtPercentile(double p) {
        if (total == 0) {
            return 0;
        }
        long want = Math.max(1, (long) Math.ceil(p / 100.0 * total));
        long seen = 0;
        for (int i = 0; i < buckets.length; i++) {
            seen += counts[i];
            if (seen >= want) {
                return highestValueOf(buckets[i]);
            }
        }
        return highestValueOf(buckets[buckets.length - 1]);
    }

    /**
     * The highest value of the highest non-empty bucket; 0 when empty.
     *
     * @since 0.2
     */
    public long max() {
        return total == 0 ? 0 : highestValueOf(buckets[buckets.length - 1]);
    }

    /**
     * The exact merge: every bucket's counts added.
     *
     * @since 0.2
     */
    public LatencyHistogram plus(LatencyHistogram o) {
        return combine(o, 1);
    }

    /**
     * This histogram without the values of {@code earlier}, for an interval between two cumulative
     * histograms of the same thread; buckets that would go negative count as 0.
     *
     * @since 0.2
     */
    public LatencyHistogram minus(LatencyHistogram earlier) {
        return combine(earlier, -1);
    }

    private LatencyHistogram combine(LatencyHistogram o, int sign) {
        if (o.total == 0) {
            return this;
        }
        if (total == 0 && sign > 0) {
            return o;
        }
        int[] b = new int[buckets.length + o.buckets.length];
        long[] c = new long[b.length];
        int n = 0;
        int i = 0;
        int j = 0;
        while (i < buckets.length || j < o.buckets.length) {
            int bucket;
            long count;
            if (j >= o.buckets.length || (i < buckets.length && buckets[i] < o.buckets[j])) {
                bucket = buckets[i];
                count = counts[i++];
            } else if (i >= buckets.length || o.buckets[j] < buckets[i]) {
                bucket = o.buckets[j];
                count = sign * o.counts[j++];
            } else {
                bucket = buckets[i];
                count = counts[i++] + sign * o.counts[j++];
            }
            if (count > 0) {
                b[n] = bucket;
                c[n++] = count;
            }
        }
        return new LatencyHistogram(Arrays.copyOf(b, n), Arrays.copyOf(c, n));
    }

    /**
     * Equal when the same buckets hold the same counts.
     *
     * @since 0.2
     */
    @Override
    public boolean equals(Object o) {
        return o instanceof LatencyHistogram h && Arrays.equals(buckets, h.buckets) && Arrays.equals(counts, h.counts);
    }

    /**
     * Hash of the buckets and counts.
     *
     * @since 0.2
     */
    @Override
    public int hashCode() {
        return Arrays.hashCode(buckets) * 31 + Arrays.hashCode(counts);
    }

    /**
     * Values and buckets, for messages.
     *
     * @since 0.2
     */
    @Override
    public String toString() {
        return "LatencyHistogram[" + total + " values in " + buckets.length + " buckets]";
    }

    /**
     * The mutable form: one writer records, {@link #snapshot()} copies the non-empty buckets. The
     * counts array grows to the highest bucket seen (about 1 200 entries for latencies up to 10 ms).
     * Not thread-safe: the drain thread writes and snapshots it under the CC-Map's monitor.
     *
     * @since 0.2
     */
    public static final class Recorder {
        private long[] counts = new long[0];
        private long total;

        /**
         * An empty recorder.
         *
         * @since 0.2
         */
        public Recorder() {
        }

        /**
         * Counts {@code count} values of {@code nanos}.
         *
         * @since 0.2
         */
        public void record(long nanos, long count) {
            int b = bucketOf(nanos);
            if (b >= counts.length) {
                counts = Arrays.copyOf(counts, Math.max(b + 1, Math.min(counts.length * 2, bucketOf(Long.MAX_VALUE) + 1)));
            }
            counts[b] += count;
            total += count;
        }

        /**
         * Adds every bucket of {@code h}.
         *
         * @since 0.2
         */
        public void add(LatencyHistogram h) {
            for (int i = h.buckets.length - 1; i >= 0; i--) {
                record(highestValueOf(h.buckets[i]), h.counts[i]);
            }
        }

        /**
         * Values recorded.
         *
         * @since 0.2
         */
        public long totalCount() {
            return total;
        }

        /**
         * An immutable copy of the non-empty buckets.
         *
         * @since 0.2
         */
        public LatencyHistogram snapshot() {
            if (total == 0) {
                return EMPTY;
            }
            int n = 0;
            for (long c : counts) {
                if (c != 0) {
                    n++;
                }
            }
            int[] b = new int[n];
            long[] c = new long[n];
            int k = 0;
            for (int i = 0; i < counts.length; i++) {
                if (counts[i] != 0) {
                    b[k] = i;
                    c[k++] = counts[i];
                }
            }
            return new LatencyHistogram(b, c);
        }
    }
}
