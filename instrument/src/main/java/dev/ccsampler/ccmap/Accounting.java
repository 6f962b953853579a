package dev.ccsampler.ccmap;

/**
 * The counters that prove no sample was lost, in clock ticks. For every thread, and for their sum:
 * {@code requested = taken + late + dropped + failed + skipped}. A tick is one period of one live,
 * non-idle thread; a sample stands for the ticks since its thread's previous sample (its weight),
 * so the ticks of the profile's trees add up to {@code taken + late}.
 *
 * @param requested ticks at which the thread was live and not idle
 * @param taken ticks of samples captured within one period of their request and applied
 * @param late ticks of samples captured more than one period after their request (still applied)
 * @param dropped ticks of samples dropped because the thread's ring was full
 * @param failed ticks of requests that produced no sample: the walk threw, the thread left before its next safepoint, or
 *            the drain could not apply the sample it took (docs/faults.md)
 * @param skipped ticks carried by no sample because sampling stopped before the next one
 * @param truncated applied samples whose stack was cut at the stack limit
 * @param latencyP50Nanos median submit→capture latency of captured samples
 * @param latencyP99Nanos 99th percentile submit→capture latency
 * @param latencyMaxNanos largest submit→capture latency
 * @param inFlight ticks not yet resolved when a snapshot was taken while sampling; 0 once sampling
 *            has stopped, when the identity holds exactly
 * @param samples stack walks applied (each stands for one or more ticks)
 * @param idle ticks at which the thread was parked or blocked and not sampled, or (counted by CPU time)
 *            runnable but given less than half a tick of CPU since the last (not part of requested)
 * @param framesWalked frames the applied walks visited
 * @param frames frames of the applied samples' stacks (walked plus reused from the previous sample)
 * @param deferred requests not walked where they were performed, passed over by a partial safepoint or performed after the thread switched contexts (their ticks went to the thread's next sample)
 * @param pruned ticks whose calling context was cut by the CC-Map's memory cap
 *            ({@code --ccsampler.MaxContextNodes}): they stay in the tree, folded into an ancestor
 *            context, so the trees still add up to {@code taken + late}; informative, not part of
 *            the identity
 * @param latency the latency buckets this record contributes to a merge, so that percentiles of
 *            several threads are computed from merged buckets; {@code null} when unknown (profiles
 *            written before 0.2), then merges fall back to the larger percentile (an upper bound). The
 *            row of a thread that has ended carries {@link LatencyHistogram#EMPTY}: its buckets were
 *            merged into its context's pool ({@link ProfileSnapshot#endedLatency()}) when its
 *            memory was released, and its own percentiles are kept as numbers
 * @since 0.1
 */
public record Accounting(long requested, long taken, long late, long dropped, long failed, long skipped, long truncated,
                long latencyP50Nanos, long latencyP99Nanos, long latencyMaxNanos, long inFlight, long samples, long idle, long framesWalked,
                long frames, long deferred, long pruned, LatencyHistogram latency) {

    /**
     * An all-zero record.
     *
     * @since 0.1
     */
    public static final Accounting EMPTY = new Accounting(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, LatencyHistogram.EMPTY);

    /**
     * A record without pruned ticks and without latency buckets (percentiles only, as profiles
     * written before 0.2 have them).
     *
     * @since 0.1
     */
    public Accounting(long requested, long taken, long late, long dropped, long failed, long skipped, long truncated,
                    long latencyP50Nanos, long latencyP99Nanos, long latencyMaxNanos, long inFlight, long samples, long idle, long framesWalked,
                    long frames, long deferred) {
        this(requested, taken, late, dropped, failed, skipped, truncated, latencyP50Nanos, latencyP99Nanos, latencyMaxNanos, inFlight, samples, idle, framesWalked,
                        frames, deferred, 0, null);
    }

    /**
     * A record of one tick per sample and nothing else measured, as profiles written before
     * weights had.
     *
     * @since 0.1
     */
    public Accounting(long requested, long taken, long late, long dropped, long failed, long skipped, long truncated,
                    long latencyP50Nanos, long latencyP99Nanos, long latencyMaxNanos, long inFlight) {
        this(requested, taken, late, dropped, failed, skipped, truncated, latencyP50Nanos, latencyP99Nanos, latencyMaxNanos, inFlight, taken + late, 0, 0, 0, 0);
    }

    /**
     * A record with nothing in flight ({@code inFlight} 0), as after sampling has stopped.
     *
     * @since 0.1
     */
    public Accounting(long requested, long taken, long late, long dropped, long failed, long skipped, long truncated,
                    long latencyP50Nanos, long latencyP99Nanos, long latencyMaxNanos) {
        this(requested, taken, late, dropped, failed, skipped, truncated, latencyP50Nanos, latencyP99Nanos, latencyMaxNanos, 0);
    }

    /**
     * Whether {@code requested == taken + late + dropped + failed + skipped} (plus {@code inFlight}
     * for a snapshot taken while sampling).
     *
     * @since 0.1
     */
    public boolean balanced() {
        return requested == taken + late + dropped + failed + skipped + inFlight;
    }

    /**
     * Samples that reached the CC-Map: {@code taken + late}.
     *
     * @since 0.1
     */
    public long applied() {
        return taken + late;
    }

    /**
     * Sum of two records. When both carry latency buckets, the buckets are merged exactly and the
     * percentiles of the sum are read from the merged buckets; when either has none (a profile
     * written before 0.2), the larger of each percentile is kept, which is an upper bound.
     *
     * @since 0.1
     */
    public Accounting plus(Accounting o) {
        LatencyHistogram h = latency != null && o.latency != null ? latency.plus(o.latency) : null;
        return new Accounting(requested + o.requested, taken + o.taken, late + o.late, dropped + o.dropped, failed + o.failed,
                        skipped + o.skipped, truncated + o.truncated, percentile(h, 50, Math.max(latencyP50Nanos, o.latencyP50Nanos)),
                        percentile(h, 99, Math.max(latencyP99Nanos, o.latencyP99Nanos)), Math.max(latencyMaxNanos, o.latencyMaxNanos), inFlight + o.inFlight,
                        samples + o.samples, idle + o.idle, framesWalked + o.framesWalked, frames + o.frames, deferred + o.deferred, pruned + o.pruned, h);
    }

    /**
     * This record with more latency buckets merged in (the pool of threads that have ended), its
     * percentiles read from the merged buckets; this record itself when it has no buckets (unknown)
     * or {@code extra} is empty.
     *
     * @since 0.2
     */
    public Accounting withLatencyOf(LatencyHistogram extra) {
        if (latency == null || extra == null || extra.totalCount() == 0) {
            return this;
        }
        LatencyHistogram h = latency.plus(extra);
        return new Accounting(requested, taken, late, dropped, failed, skipped, truncated, percentile(h, 50, latencyP50Nanos), percentile(h, 99, latencyP99Nanos),
                        Math.max(latencyMaxNanos, extra.max()), inFlight, samples, idle, framesWalked, frames, deferred, pruned, h);
    }

    /**
     * This record with {@code ticks} more pruned ticks.
     *
     * @since 0.2
     */
    public Accounting withPruned(long ticks) {
        if (ticks == 0) {
            return this;
        }
        return new Accounting(requested, taken, late, dropped, failed, skipped, truncated, latencyP50Nanos, latencyP99Nanos, latencyMaxNanos, inFlight, samples, idle,
                        framesWalked, frames, deferred, pruned + ticks, latency);
    }

    /** The percentile from merged buckets when there are any, else {@code fallback}. */
    private static long percentile(LatencyHistogram h, double p, long fallback) {
        return h != null && h.totalCount() > 0 ? h.valueAtPercentile(p) : fallback;
    }

    /**
     * Every counter on one line, for the header of a report; says {@code UNBALANCED} when
     * {@link #balanced()} is false.
     *
     * @since 0.1
     */
    public String summaryLine() {
        return String.format("ticks requested %d = taken %d + late %d + dropped %d + failed %d + skipped %d%s%s; %d samples (%s frames walked per sample of %s); idle ticks %d; deferred %d; truncated %d%s; latency p50 %s p99 %s max %s",
                        requested, taken, late, dropped, failed, skipped, inFlight == 0 ? "" : " + in flight " + inFlight, balanced() ? "" : " (UNBALANCED)", samples,
                        perSample(framesWalked), perSample(frames), idle, deferred, truncated, pruned == 0 ? "" : "; pruned ticks " + pruned + " (context cut by --ccsampler.MaxContextNodes)",
                        formatNanos(latencyP50Nanos), formatNanos(latencyP99Nanos), formatNanos(latencyMaxNanos));
    }

    private String perSample(long n) {
        return samples == 0 ? "0" : String.format("%.1f", (double) n / samples);
    }

    /**
     * Formats a duration in nanoseconds with a readable unit, switching at 10 of the next unit:
     * {@code 9500ns}, {@code 950.0us}, {@code 12.5ms}, {@code 12.00s}.
     *
     * @since 0.1
     */
    public static String formatNanos(long ns) {
        if (ns < 10_000) {
            return ns + "ns";
        } else if (ns < 10_000_000) {
            return String.format("%.1fus", ns / 1e3);
        } else if (ns < 10_000_000_000L) {
            return String.format("%.1fms", ns / 1e6);
        }
        return String.format("%.2fs", ns / 1e9);
    }
}
