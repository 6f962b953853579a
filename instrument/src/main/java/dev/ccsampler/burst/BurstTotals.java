package dev.ccsampler.burst;

/**
 * What became of the walks and bursts of every thread so far, for the report. Every walk that
 * could be followed by a burst is either {@code started}, {@code skippedByHistory} or {@code busy};
 * every started burst is {@code applied}, {@code dropped}, {@code withoutBase}, or still running or
 * waiting for the drain (the rest, never negative).
 *
 * @param started bursts started after a walk
 * @param skippedByHistory walks not followed by a burst because the history table had seen their
 *            context and it was not its RR-th time (their weight is in the next burst of the context)
 * @param busy walks not followed by a burst because the thread had no free buffer
 * @param dropped finished bursts dropped because the drain had not yet taken the thread's previous ones
 * @param applied bursts whose calls went into the CC-Map
 * @param withoutBase bursts left out because the sample they follow was not applied
 * @param events call, return and resume events of the applied bursts
 * @param walkedEnters enters during bursts that walked two frames for their caller's call node
 * @param cachedEnters enters during bursts whose call node came from the thread's call-node cache
 * @param sampledSiteEnters enters during bursts of a caller and callee joined by several call sites
 *            that took the site of the pair's last walked enter (one in eight such enters is walked)
 * @param detachedWalks walks taken while the probes were detached ({@link BurstSchedule}): not
 *            among the walks that could be followed by a burst
 * @param missedReturns returns recorded without their probes' events: frames entered before the
 *            probes were attached again, found returned by a walked enter
 * @since 0.3
 */
public record BurstTotals(long started, long skippedByHistory, long busy, long dropped, long applied, long withoutBase, long events, long walkedEnters,
                long cachedEnters, long sampledSiteEnters, long detachedWalks, long missedReturns) {

    /** No walk, no burst. @since 0.3 */
    public static final BurstTotals NONE = new BurstTotals(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

    /** Totals of a run whose probes were never detached. @since 0.3 */
    public BurstTotals(long started, long skippedByHistory, long busy, long dropped, long applied, long withoutBase, long events, long walkedEnters, long cachedEnters,
                    long sampledSiteEnters) {
        this(started, skippedByHistory, busy, dropped, applied, withoutBase, events, walkedEnters, cachedEnters, sampledSiteEnters, 0, 0);
    }

    /** The sum of two totals. @since 0.3 */
    public BurstTotals plus(BurstTotals o) {
        return new BurstTotals(started + o.started, skippedByHistory + o.skippedByHistory, busy + o.busy, dropped + o.dropped, applied + o.applied,
                        withoutBase + o.withoutBase, events + o.events, walkedEnters + o.walkedEnters, cachedEnters + o.cachedEnters,
                        sampledSiteEnters + o.sampledSiteEnters, detachedWalks + o.detachedWalks, missedReturns + o.missedReturns);
    }

    /**
     * One line for the report's sampling notes, e.g. {@code bursts: 408 started after 592 walks
     * (175 skipped by the history table, 9 with no free buffer), 400 applied (1 287 events each on
     * average; call nodes of 80 % of the calls from the call-node cache, of 12 % sampled among
     * several call sites), 8 dropped}.
     *
     * @since 0.3
     */
    public String summary() {
        long walks = started + skippedByHistory + busy;
        StringBuilder b = new StringBuilder("bursts: ").append(started).append(" started after ").append(walks).append(walks == 1 ? " walk" : " walks");
        b.append(" (").append(skippedByHistory).append(" skipped by the history table, ").append(busy).append(" with no free buffer), ");
        b.append(applied).append(" applied");
        if (applied > 0) {
            b.append(" (").append(events / applied).append(" events each on average");
            long enters = walkedEnters + cachedEnters + sampledSiteEnters;
            if (enters > 0) {
                b.append("; call nodes of ").append(Math.round(100.0 * cachedEnters / enters)).append(" % of the calls from the call-node cache");
                if (sampledSiteEnters > 0) {
                    b.append(", of ").append(Math.round(100.0 * sampledSiteEnters / enters)).append(" % sampled among several call sites");
                }
            }
            b.append(')');
        }
        b.append(", ").append(dropped).append(" dropped because the drain had not taken the thread's previous ones");
        if (withoutBase > 0) {
            b.append(", ").append(withoutBase).append(" left out because their sample was not applied");
        }
        if (detachedWalks > 0) {
            b.append("; ").append(detachedWalks).append(detachedWalks == 1 ? " walk" : " walks").append(" while the probes were detached");
        }
        if (missedReturns > 0) {
            b.append("; ").append(missedReturns).append(missedReturns == 1 ? " return" : " returns").append(" of frames entered before the probes were attached again, recorded from walks");
        }
        return b.toString();
    }
}
