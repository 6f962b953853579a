package dev.ccsampler.drain;

import dev.ccsampler.capture.SampledThread;
import dev.ccsampler.ccmap.Accounting;
import dev.ccsampler.ccmap.live.CCMap;
import org.junit.jupiter.api.Test;

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
}
