package dev.ccsampler.drain;

import dev.ccsampler.capture.SampledThread;
import dev.ccsampler.ccmap.Accounting;
import dev.ccsampler.ccmap.live.CCMap;
import dev.ccsampler.fault.FaultInjection;
import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.ccmap.ThreadProfile;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An ended thread's books are frozen when the drain retires it, so they must not be frozen while
 * the clock is between counting a tick and putting it somewhere (a fresh clone's suite once read
 * "requested 1 = taken 0 + late 0 + dropped 0 + failed 0 + skipped 0" for one of 1 000 churned
 * threads). The clock says when it is busy with a thread ({@code RequestLedger.clockEnter}); the
 * drain waits for it.
 */
class RetireTest {

    @Test
    void anEndedThreadIsNotRetiredWhileTheClockCountsItsTick() {
        Drainer d = new Drainer(new CCMap(), FrameFilter.DEFAULT, 10_000_000L);
        SampledThread t = new SampledThread(Thread.currentThread(), 0, 16, 128);
        d.register(t);
        t.ledger.clockEnter(); // the clock checked the thread was live, and counts its tick
        t.markEnded(); // meanwhile its context closes
        d.drainOnce();
        assertTrue(d.liveThreads().contains(t), "not retired while the clock is busy with it");
        assertTrue(t.ledger.tick(false, 1));
        t.ledger.clockExit();
        d.drainOnce();
        assertFalse(d.liveThreads().contains(t), "retired once the tick is where it goes");
        Accounting a = d.accounting(true);
        assertEquals(1, a.requested());
        assertEquals(1, a.skipped(), "the unsent tick of an ended thread");
        assertTrue(a.balanced(), a::summaryLine);
    }

    /** Registers a thread with {@code d} and has the clock count one tick and send its request, submitted at 100. */
    private static SampledThread withARequestOut(Drainer d) {
        SampledThread t = new SampledThread(Thread.currentThread(), 0, 16, 128);
        d.register(t);
        t.ledger.clockEnter();
        assertTrue(t.ledger.tick(false, 1));
        t.ledger.beginRequest(100L);
        t.ledger.clockExit();
        return t;
    }

    /** Drains once more, checks that {@code t} is retired now, and returns the books, which must balance. */
    private static Accounting retiredBooks(Drainer d, SampledThread t, String what) {
        d.drainOnce();
        assertFalse(d.liveThreads().contains(t), what);
        Accounting a = d.accounting(true);
        assertEquals(1, a.requested());
        assertTrue(a.balanced(), a::summaryLine);
        return a;
    }

    /**
     * The other window: the guest has claimed a request (it is no longer outstanding) and walks,
     * its record not yet published, when the thread is marked ended (Truffle tells instruments a
     * polyglot thread is disposed while it is still entered, and a context's close marks its
     * threads ended from the closing thread). Retired then, the books froze without the claimed
     * tick: one short, the shape of the gap a CI run of FaultTest showed on 2026-11-27
     * ("requested 191 = ... 190"), though that run left no trace to prove it was this window.
     */
    @Test
    void anEndedThreadIsNotRetiredWhileItsGuestHoldsAClaimedRequest() {
        Drainer d = new Drainer(new CCMap(), FrameFilter.DEFAULT, 10_000_000L);
        SampledThread t = withARequestOut(d);
        long w = t.ledger.claim(100L); // the guest reached its poll and walks
        assertEquals(1, w);
        t.markEnded();
        d.drainOnce();
        assertTrue(d.liveThreads().contains(t), "not retired while the guest holds the claimed tick");
        t.ledger.dropped(w); // the record could not be stored: the tick is counted as dropped
        t.ledger.settled();
        Accounting a = retiredBooks(d, t, "retired once the claimed tick is counted");
        assertEquals(1, a.dropped(), a::summaryLine);
    }

    /**
     * A third window, and the one that matched the gap seen: the clock (after its submission found
     * the thread ended) or the stopping thread abandons the thread's request; its compare-and-set
     * clears the request before its ticks are counted as failed. A drain that retired the thread in
     * between froze its books one request short with {@code failed 0} (seen 2026-11-27 in
     * SamplingStageTest: "requested 751 = taken 542 + late 201 + dropped 0 + failed 0 + skipped 7",
     * where the runs that balance read failed 1). Forced here with a hold between the two.
     */
    @Test
    void anEndedThreadIsNotRetiredWhileItsRequestIsBeingAbandoned() throws Exception {
        Drainer d = new Drainer(new CCMap(), FrameFilter.DEFAULT, 10_000_000L);
        SampledThread t = withARequestOut(d);
        t.markEnded(); // the context closed after the submission
        try (FaultInjection.Armed hold = FaultInjection.hold(FaultInjection.Point.ABANDON, 0)) {
            Thread clock = new Thread(() -> t.abandonRequest(100L), "clock");
            clock.start();
            assertTrue(hold.awaitHeld(60), "the abandon cleared the request");
            d.drainOnce();
            assertTrue(d.liveThreads().contains(t), "not retired while the abandon has not counted its tick");
            hold.release();
            clock.join();
        }
        Accounting a = retiredBooks(d, t, "retired once the abandoned tick is counted");
        assertEquals(1, a.failed(), a::summaryLine);
    }

    /**
     * A thread that ran in contexts that closed one after another: its rows are one, under the
     * thread's tree of closed contexts, whether its context was folded before the drain retired it
     * (context 0) or after (context 1), and a context still open keeps its own row (context 2).
     */
    @Test
    void theRowsOfClosedContextsAreFoldedWithTheirTrees() {
        Drainer d = new Drainer(new CCMap(), FrameFilter.DEFAULT, 10_000_000L);
        SampledThread[] ts = new SampledThread[3];
        for (int c = 0; c < 3; c++) {
            ts[c] = new SampledThread(Thread.currentThread(), c, 16, 128);
            d.register(ts[c]);
            ts[c].ledger.clockEnter();
            assertTrue(ts[c].ledger.tick(false, 1)); // one tick, not sent: skipped when it ends
            ts[c].ledger.clockExit();
        }
        ts[0].markEnded();
        d.contextClosed(0); // folded at the next drain, before the thread retires in it
        d.drainOnce();
        ts[1].markEnded();
        d.drainOnce(); // retired while its context is not yet folded
        d.contextClosed(1);
        ProfileSnapshot s = d.snapshot(new ProfileSnapshot.Meta(1, 0, 1, "t", true, 100, List.of()), true);
        Map<Integer, Accounting> rows = new TreeMap<>();
        for (ThreadProfile t : s.threads()) {
            assertEquals(null, rows.put(t.context(), t.accounting()), "one row per context key");
        }
        assertEquals(java.util.Set.of(CCMap.CLOSED_CONTEXTS, 2), rows.keySet(), "the closed contexts' row and the open one's");
        Accounting closed = rows.get(CCMap.CLOSED_CONTEXTS);
        assertEquals(2, closed.requested(), closed::summaryLine);
        assertEquals(2, closed.skipped(), closed::summaryLine);
        assertTrue(closed.balanced(), closed::summaryLine);
        assertEquals(1, rows.get(2).requested());
        assertEquals(3, d.accounting(true).requested(), "nothing counted twice or lost");
        d.setFoldClosedContexts(false);
        ts[2].markEnded();
        d.contextClosed(2);
        d.drainOnce();
        ProfileSnapshot apart = d.snapshot(new ProfileSnapshot.Meta(1, 0, 1, "t", true, 100, List.of()), true);
        assertEquals(2, apart.threads().size(), "switched off, a closed context keeps its row");
    }
}
