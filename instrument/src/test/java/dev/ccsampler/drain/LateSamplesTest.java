package dev.ccsampler.drain;

import com.oracle.truffle.api.RootCallTarget;
import dev.ccsampler.capture.FrameTier;
import dev.ccsampler.capture.RequestLedger;
import dev.ccsampler.capture.SampledThread;
import dev.ccsampler.ccmap.live.CCMap;
import dev.ccsampler.queue.SampleRecord;
import org.graalvm.polyglot.Engine;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What attaches the root probes of {@code WaitedTicks=top} ({@link Drainer#onLateSamples}): waits
 * for a poll that the thread spent running compiled code, not waits it spent off a CPU (descheduled,
 * stopped for a garbage collection) nor waits that ended at an interpreted frame.
 */
class LateSamplesTest {

    private static final long PERIOD = 10_000_000L;

    /**
     * Feeds {@code n} samples, each waiting {@code latency} ns for its poll, of which the thread ran
     * {@code ran} ns (-1: not measured), with its top frame at {@code tier}; returns what fired.
     */
    private static String feed(int n, long latency, long ran, byte tier) {
        return feed(n, latency, ran, tier, PERIOD, 1, RequestLedger.Waited.SKIP);
    }

    /**
     * {@link #feed(int, long, long, byte)} at {@code period}, each record weighing {@code weight}
     * ticks, on a thread whose ledger follows {@code waited}.
     */
    private static String feed(int n, long latency, long ran, byte tier, long period, long weight, RequestLedger.Waited waited) {
        try (Engine engine = Engine.create()) { // initialises the Truffle runtime the call targets need
            RootCallTarget target = new PlacementTest.Named("loop").getCallTarget();
            FrameFilter all = new FrameFilter(WildcardFilter.compile(""), WildcardFilter.compile(""), WildcardFilter.compile(""), true);
            Drainer d = new Drainer(new CCMap(), all, period);
            d.onLateSamples(why -> {
            });
            SampledThread t = new SampledThread(Thread.currentThread(), 0, 16, 128, null, false, waited);
            d.register(t);
            for (int i = 0; i < n; i++) {
                SampleRecord r = t.ring.claim();
                r.ensureCapacity(2);
                r.depth = 2;
                r.targets[0] = target;
                r.targets[1] = target;
                r.tiers[0] = tier;
                r.tiers[1] = tier;
                r.weight = weight;
                r.submitNanos = 1_000L;
                r.captureNanos = 1_000L + latency;
                r.waitCpuNanos = ran;
                r.places = 0;
                r.walkNanos = 0;
                t.ring.publish();
                d.drainOnce();
            }
            return d.lateSamplesSeen();
        }
    }

    @Test
    void wholePeriodsTheThreadRanInCompiledCodeAttachTheProbes() {
        // every request waits two periods, running all along: far more than a tenth of the time
        String why = feed(40, 2 * PERIOD, 2 * PERIOD, FrameTier.LAST);
        assertNotNull(why);
        assertTrue(why.contains("running while it waited"), why);
        assertNotNull(feed(40, 2 * PERIOD, -1, FrameTier.LAST), "where CPU time is not measured, the wait counts whole");
    }

    @Test
    void waitsTheThreadSpentOffACpuDoNotAttachTheProbes() {
        // two periods of wall time, of which the thread ran 0.1 ms: descheduled, or stopped at a
        // VM safepoint; it resumes where the tick found it
        assertNull(feed(200, 2 * PERIOD, 100_000L, FrameTier.LAST));
    }

    @Test
    void waitsThatEndAtAnInterpretedFrameDoNotAttachTheProbes() {
        // interpreted guest code polls at every call and loop: a long wait there is host work the
        // late sample still finds at the frame's return poll
        assertNull(feed(200, 2 * PERIOD, 2 * PERIOD, FrameTier.INTERPRETED));
    }

    @Test
    void pollsHalfAMillisecondLateInCompiledCodeAttachTheProbes() {
        // within the period, but the thread ran 0.6 ms before each poll: safepoint bias
        String why = feed(40, 600_000L, 600_000L, FrameTier.INLINED);
        assertNotNull(why);
        assertTrue(why.contains("in compiled code ran 0.60 ms on average"), why);
        assertNull(feed(200, 600_000L, 50_000L, FrameTier.INLINED), "0.6 ms of wall time, 50 µs of it running");
        assertNull(feed(200, 600_000L, 600_000L, FrameTier.INTERPRETED), "interpreted polls do not count");
        assertNull(feed(10, 600_000L, 600_000L, FrameTier.INLINED), "too few samples to judge");
    }

    @Test
    void theWaitedTicksALateSampleCarriesCountOnce() {
        // at 0.1 ms, each request stands for 17 ticks of its own and waits two more, running: 2 of
        // 19 ticks, over a tenth. Where the ledger carries the waited ticks to the late sample
        // (WaitedTicks=sample, or top before the root probes), its weight of 19 holds them; counted
        // again beside it, the share read 2 of 21, under a tenth (until 2026-11-28)
        assertNotNull(feed(200, 205_000L, 205_000L, FrameTier.LAST, 100_000L, 19, RequestLedger.Waited.SAMPLE));
        // where the waited ticks are in no sample (skipped), the same weight is the request's own:
        // 2 of 21
        assertNull(feed(200, 205_000L, 205_000L, FrameTier.LAST, 100_000L, 19, RequestLedger.Waited.SKIP));
    }
}
