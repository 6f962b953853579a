package dev.ccsampler.ccmap;

/**
 * The counters that prove no sample was lost. For every thread, and for their sum:
 * {@code requested = taken + late + dropped + failed}.
 *
 * @param requested samples asked of the thread by the trigger
 * @param taken samples captured within one period of the request and applied to the CC-Map
 * @param late samples captured more than one period after the request (still applied)
 * @param dropped samples captured but dropped because the thread's ring was full
 * @param failed requests that produced no sample: the walk threw, or the thread left before its next safepoint
 * @param skipped clock ticks at which no request was sent to the thread (not part of requested): it
 *            still had one outstanding, or its last stack walk was long enough that sampling it
 *            again so soon would cost more than about 10 % of its time
 * @param truncated applied samples whose stack was cut at the stack limit
 * @param latencyP50Nanos median submit→capture latency of captured samples
 * @param latencyP99Nanos 99th percentile submit→capture latency
 * @param latencyMaxNanos largest submit→capture latency
 * @param inFlight requests sent but not yet resolved when a snapshot was taken while sampling; 0 once
 *            sampling has stopped, when the identity holds exactly
 * @since 0.1
 */
public record Accounting(long requested, long taken, long late, long dropped, long failed, long skipped, long truncated,
                long latencyP50Nanos, long latencyP99Nanos, long latencyMaxNanos, long inFlight) {

    /**
     * An all-zero record.
     *
     * @since 0.1
     */
    public static final Accounting EMPTY = new Accounting(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

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
     * Whether {@code requested == taken + late + dropped + failed} (plus {@code inFlight} for a
     * snapshot taken while sampling).
     *
     * @since 0.1
     */
    public boolean balanced() {
        return requested == taken + late + dropped + failed + inFlight;
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
     * Sum of two records. Latency percentiles of a sum cannot be computed exactly from the parts;
     * the larger of each is kept, which is an upper bound.
     *
     * @since 0.1
     */
    public Accounting plus(Accounting o) {
        return new Accounting(requested + o.requested, taken + o.taken, late + o.late, dropped + o.dropped, failed + o.failed,
                        skipped + o.skipped, truncated + o.truncated, Math.max(latencyP50Nanos, o.latencyP50Nanos),
                        Math.max(latencyP99Nanos, o.latencyP99Nanos), Math.max(latencyMaxNanos, o.latencyMaxNanos), inFlight + o.inFlight);
    }

    /**
     * Every counter on one line, for the end of a report; says {@code UNBALANCED} when
     * {@link #balanced()} is false.
     *
     * @since 0.1
     */
    public String summaryLine() {
        return String.format("requested %d = taken %d + late %d + dropped %d + failed %d%s%s; skipped ticks %d; truncated %d; latency p50 %s p99 %s max %s",
                        requested, taken, late, dropped, failed, inFlight == 0 ? "" : " + in flight " + inFlight, balanced() ? "" : " (UNBALANCED)", skipped, truncated,
                        formatNanos(latencyP50Nanos), formatNanos(latencyP99Nanos), formatNanos(latencyMaxNanos));
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
