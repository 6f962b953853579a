package dev.ccsampler.capture;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;

/**
 * The clock's submission a thread remembers: Truffle's future holds the action, and the action
 * the states of every thread its tick asked. Kept after it was resolved, a live thread's last
 * request kept threads that had ended since reachable, rings and all (the likely cause of the 3
 * {@code SampledThread}s a CI run found left after {@code ThreadChurnMemoryTest}'s 2 000 threads
 * ended; not reproduced here).
 */
class PendingRequestTest {

    @Test
    void aResolvedRequestIsForgottenAndAnOutstandingOneKept() {
        SampledThread t = new SampledThread(Thread.currentThread(), 1, 16, 64);
        SampledThread other = new SampledThread(new Thread(() -> {
        }), 1, 16, 64);
        long submitted = 1_000;
        t.ledger.tick(false, 1);
        t.ledger.beginRequest(submitted);
        CompletableFuture<Object> future = CompletableFuture.completedFuture(new SampledThread[]{t, other});
        t.setPending(new SampledThread.PendingRequest(submitted, future));

        t.forgetResolvedRequest();
        assertTrue(t.remembersRequest(), "an outstanding request is kept: the drain may have to resolve it");

        assertTrue(t.ledger.abandon(submitted));
        t.forgetResolvedRequest();
        assertFalse(t.remembersRequest(), "a resolved request is forgotten, and with it the other threads its action asked");
    }

    @Test
    void aNewerSubmissionIsNotForgotten() {
        SampledThread t = new SampledThread(Thread.currentThread(), 1, 16, 64);
        t.ledger.tick(false, 1);
        t.ledger.beginRequest(1_000);
        t.setPending(new SampledThread.PendingRequest(1_000, CompletableFuture.completedFuture(null)));
        assertTrue(t.ledger.abandon(1_000));
        // the clock begins the next request before it records the submission
        t.ledger.tick(false, 1);
        t.ledger.beginRequest(2_000);
        t.setPending(new SampledThread.PendingRequest(2_000, CompletableFuture.completedFuture(null)));
        t.forgetResolvedRequest();
        assertTrue(t.remembersRequest(), "the outstanding submission stays");
    }
}
