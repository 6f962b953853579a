package dev.ccsampler.drain;

import dev.ccsampler.capture.SampledThread;
import dev.ccsampler.ccmap.Accounting;
import dev.ccsampler.ccmap.live.CCMap;
import org.junit.jupiter.api.Test;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Registering a thread takes no lock. Truffle registers a thread on the thread itself as it enters
 * a context, so a guest that runs each request or iteration in a fresh context registers at every
 * one of them; the drain holds the CC-Map monitor while it applies samples, and for hundreds of ms
 * when it prunes a CC-Map at its cap. Until 2026-12-03 {@code register} took that monitor, and a
 * 5 000-deep recursion run in a fresh context per iteration waited 376-790 ms at each of about
 * one context in twelve (docs/performance.md, <em>Steady state inside each process</em>).
 */
class RegisterTest {

    @Test
    void registeringDoesNotWaitForTheDrainAndTheThreadIsInTheNextBooks() throws InterruptedException {
        CCMap map = new CCMap();
        Drainer d = new Drainer(map, FrameFilter.DEFAULT, 10_000_000L);
        SampledThread t = new SampledThread(Thread.currentThread(), 0, 16, 128);
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Thread drain = new Thread(() -> {
            synchronized (map) { // as the drain holds it while it applies or prunes
                held.countDown();
                try {
                    release.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        });
        drain.start();
        assertTrue(held.await(30, TimeUnit.SECONDS));
        Thread guest = new Thread(() -> d.register(t));
        guest.start();
        guest.join(10_000);
        boolean returned = !guest.isAlive();
        release.countDown();
        drain.join();
        guest.join();
        assertTrue(returned, "register returned while another thread held the CC-Map monitor");
        // a tick the clock counted after the registration is in the books the next reader takes
        t.ledger.clockEnter();
        assertTrue(t.ledger.tick(false, 1));
        t.ledger.clockExit();
        Accounting a = d.accounting(true);
        assertEquals(1, a.requested(), a::summaryLine);
        assertTrue(a.balanced(), a::summaryLine);
        d.drainOnce();
        assertTrue(d.liveThreads().contains(t), "drained from the next drain on");
    }
}
