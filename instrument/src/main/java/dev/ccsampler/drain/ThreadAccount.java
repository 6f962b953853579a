package dev.ccsampler.drain;

import dev.ccsampler.capture.SampledThread;
import dev.ccsampler.ccmap.Accounting;
import org.HdrHistogram.Histogram;

/**
 * The drain thread's counters for one guest thread. Drain thread only, except
 * {@link #accounting(SampledThread, boolean)}, which callers use while holding the CC-Map monitor
 * (the drain thread holds it whenever it writes here).
 */
final class ThreadAccount {
    /** The thread's own counters when this account started (after a clear). */
    private final long baseRequested;
    private final long baseDropped;
    private final long baseFailed;
    private final long baseSkipped;
    long taken;
    long late;
    long truncated;
    /** Latency of captured samples, 1µs..1h at 2 significant digits. */
    final Histogram latency = new Histogram(3_600_000_000_000L, 2);

    ThreadAccount(SampledThread t) {
        baseRequested = t.requested();
        baseDropped = t.dropped();
        baseFailed = t.failed();
        baseSkipped = t.skipped();
    }

    /**
     * The thread's accounting. When sampling has stopped every request is resolved, so
     * {@code inFlight} is 0 and the identity must hold exactly; a non-zero difference then shows up
     * as an unbalanced record instead of being hidden.
     */
    Accounting accounting(SampledThread t, boolean stopped) {
        long requested = t.requested() - baseRequested;
        long failed = t.failed() - baseFailed;
        long dropped = t.dropped() - baseDropped;
        long inFlight = stopped ? 0 : Math.max(0, requested - taken - late - dropped - failed);
        boolean any = latency.getTotalCount() > 0;
        return new Accounting(requested, taken, late, dropped, failed, t.skipped() - baseSkipped, truncated,
                        any ? latency.getValueAtPercentile(50) : 0, any ? latency.getValueAtPercentile(99) : 0, any ? latency.getMaxValue() : 0, inFlight);
    }
}
