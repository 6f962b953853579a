package dev.ccsampler.capture;

import org.junit.jupiter.api.Test;

import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The books in ticks: every tick ends in exactly one place. A deterministic walk through the cases,
 * and a race in the jcstress manner between a capture and an abandon of the same request.
 */
class RequestLedgerTest {

    @Test
    void ticksGoToTheRequestThatCarriesThem() {
        RequestLedger l = new RequestLedger(RequestLedger.Waited.SAMPLE);
        assertTrue(l.tick(false, 1));
        assertTrue(l.tick(false, 1)); // not sent at the first tick: the second request carries both
        assertEquals(2, l.beginRequest(10));
        assertTrue(!l.tick(false, 1)); // outstanding: this tick waits in the carry
        assertTrue(!l.tick(true, 1)); // idle: counted apart, carried by nothing
        assertEquals(3, l.claim(10), "the late capture takes its own two ticks and the one it waited");
        assertEquals(-1, l.claim(10), "a request is claimed once");
        assertTrue(l.tick(false, 4)); // a clock tick worth four ticks of the unit
        assertEquals(4, l.beginRequest(20));
        assertTrue(l.abandon(20));
        assertEquals(4, l.failedTicks());
        assertTrue(l.tick(false, 1));
        assertEquals(1, l.beginRequest(30));
        long w = l.claim(30);
        l.deferred(w); // a partial safepoint passed it over: its tick goes on to the next capture
        assertTrue(l.tick(false, 1));
        assertEquals(2, l.beginRequest(40));
        assertEquals(2, l.claim(40));
        assertEquals(1, l.idleTicks());
        assertEquals(9, l.ticks(), "ticks of a live, non-idle thread");
        assertEquals(0, l.pendingTicks());
    }

    @Test
    void ticksDuringAWalkGoToThatSampleUnderEveryPolicy() {
        for (RequestLedger.Waited policy : RequestLedger.Waited.values()) {
            RequestLedger l = new RequestLedger(policy);
            assertTrue(l.tick(false, 1));
            assertEquals(1, l.beginRequest(10));
            assertEquals(1, l.claim(10));
            l.beginCapture();
            assertTrue(!l.tick(false, 1), policy + ": no request is sent while the thread walks");
            assertTrue(!l.tick(false, 2));
            assertEquals(3, l.pendingTicks(), "a snapshot taken mid-walk counts them as pending");
            assertEquals(3, l.endCapture(), policy + ": the walk's own ticks are the sample's, not the next one's");
            assertTrue(l.tick(false, 1));
            assertEquals(1, l.beginRequest(20), policy + ": the next request carries only what came after the walk");
            assertEquals(0, l.waitedSkippedTicks());
            assertEquals(5, l.ticks());
            // a walk that throws: its ticks are failed with the request's
            assertEquals(1, l.claim(20));
            l.beginCapture();
            assertTrue(!l.tick(false, 1));
            l.walkFailed(1 + l.endCapture());
            assertEquals(2, l.failedTicks());
            assertEquals(0, l.pendingTicks());
        }
    }

    /**
     * A wake of the clock that counts several ticks and lands during a walk: only the ticks after
     * the walk began are the walk's; those before it passed while the request waited, and go
     * where a waited tick that was not chosen goes, by the policy. A walk that began before the
     * previous wake, or a time not known, gives the walk them all, as before.
     */
    @Test
    void aWakeDuringAWalkGivesTheWalkOnlyTheTicksAfterItBegan() {
        for (RequestLedger.Waited policy : RequestLedger.Waited.values()) {
            RequestLedger l = new RequestLedger(policy);
            assertTrue(l.tick(false, 1));
            assertEquals(1, l.beginRequest(1_000));
            assertEquals(1, l.claim(1_000));
            l.beginCapture(8_000); // the previous wake at 1 000, this one at 11 000: 7 of 10 ticks before the walk
            assertTrue(!l.tick(false, 10, 0, 0, false, false, 1_000, 11_000));
            assertTrue(!l.tick(false, 1, 0, 0, false, false, 11_000, 12_000)); // the walk began before this wake's ticks: all the walk's
            long during = l.endCapture();
            switch (policy) {
                case SAMPLE -> assertEquals(11, during, "the late sample is this walk: all its own");
                case TOP, NEXT -> {
                    assertEquals(4, during, policy + ": three ticks after the walk began, and the next wake's one");
                    assertTrue(l.tick(false, 1));
                    assertEquals(7 + 1, l.beginRequest(20_000), policy + ": the next request carries the seven before the walk");
                }
                case SKIP -> {
                    assertEquals(4, during);
                    assertEquals(7, l.waitedSkippedTicks(), "skipped, as waited ticks are under SKIP");
                }
            }
            boolean nextTick = policy == RequestLedger.Waited.TOP || policy == RequestLedger.Waited.NEXT;
            assertEquals(nextTick ? 13 : 12, l.ticks(), policy + ": every tick once");
        }
        RequestLedger l = new RequestLedger(RequestLedger.Waited.TOP);
        assertTrue(l.tick(false, 1));
        l.beginRequest(1_000);
        l.claim(1_000);
        l.beginCapture(); // no start known
        assertTrue(!l.tick(false, 10, 0, 0, false, false, 1_000, 11_000));
        assertEquals(10, l.endCapture(), "no start known: the walk's, as before");
    }

    @Test
    void waitedTicksFollowThePolicy() {
        for (RequestLedger.Waited policy : RequestLedger.Waited.values()) {
            RequestLedger l = new RequestLedger(policy);
            assertTrue(l.tick(false, 1));
            assertEquals(1, l.beginRequest(10));
            assertTrue(!l.tick(false, 1)); // waits while the request is outstanding
            assertTrue(!l.tick(false, 1));
            long w = l.claim(10);
            assertTrue(l.tick(false, 1));
            long next = l.beginRequest(20);
            switch (policy) {
                case SAMPLE -> assertEquals(3, w, "the late sample carries the two waited ticks");
                case NEXT -> assertEquals(3, next, "the next request carries the two waited ticks");
                case SKIP -> assertEquals(2, l.waitedSkippedTicks(), "the two waited ticks are skipped");
                case TOP -> assertEquals(2, l.waitedSkippedTicks(), "without a known top frame the two waited ticks are skipped");
            }
            assertEquals(4, w + next + l.waitedSkippedTicks(), policy + ": every tick once");
        }
    }

    @Test
    void skippedTicksBeforeTheFirstPollAreTold() {
        // a thread's first request waits for its first poll: a language that is still starting
        // (parsing, building its globals) runs no guest code and polls nowhere
        for (RequestLedger.Waited policy : new RequestLedger.Waited[]{RequestLedger.Waited.SKIP, RequestLedger.Waited.TOP}) {
            RequestLedger l = new RequestLedger(policy);
            assertTrue(l.tick(false, 1));
            assertEquals(1, l.beginRequest(10));
            assertTrue(!l.tick(false, 3));
            assertEquals(3, l.beforeFirstPollTicks(), policy + ": waited ticks before any poll");
            assertEquals(1, l.claim(10));
            assertTrue(l.tick(false, 1));
            assertEquals(1, l.beginRequest(20));
            assertTrue(!l.tick(false, 2)); // waited after the first poll: skipped as before, not start-up
            assertEquals(1, l.claim(20));
            assertEquals(5, l.waitedSkippedTicks());
            assertEquals(3, l.beforeFirstPollTicks(), policy + ": only the ticks before the first poll");
        }
        RequestLedger carried = new RequestLedger(RequestLedger.Waited.SAMPLE);
        assertTrue(carried.tick(false, 1));
        carried.beginRequest(10);
        assertTrue(!carried.tick(false, 3));
        assertEquals(4, carried.claim(10), "a policy that carries waited ticks still carries them");
        assertEquals(0, carried.beforeFirstPollTicks());
    }

    /**
     * While the thread initializes a language context (whose samples are one frame), the ticks a
     * request waits go to that sample under {@code TOP}, where the clock reads no top frame; other
     * policies keep their meaning.
     */
    @Test
    void ticksWaitedInContextInitializationGoToItsSample() {
        RequestLedger l = new RequestLedger(RequestLedger.Waited.TOP);
        assertTrue(l.tick(false, 1, 0L, 0L, true));
        assertEquals(1, l.beginRequest(10));
        assertTrue(!l.tick(false, 3, 0L, 0L, true));
        assertEquals(4, l.claim(10), "the waited ticks are the sample's");
        assertEquals(0, l.waitedSkippedTicks());
        assertTrue(l.tick(false, 1, 0L, 0L, false));
        assertEquals(1, l.beginRequest(20));
        assertTrue(!l.tick(false, 2, 0L, 0L, false)); // initialized: no top known, skipped as before
        assertEquals(1, l.claim(20));
        assertEquals(2, l.waitedSkippedTicks());
        RequestLedger skip = new RequestLedger(RequestLedger.Waited.SKIP);
        assertTrue(skip.tick(false, 1, 0L, 0L, true));
        skip.beginRequest(10);
        assertTrue(!skip.tick(false, 3, 0L, 0L, true));
        assertEquals(1, skip.claim(10), "WaitedTicks=skip still skips");
        assertEquals(3, skip.waitedSkippedTicks());
    }

    /**
     * A request taken as a language's initialization ends ({@code SampledThread.initializationEnds}:
     * GraalJS initializes in Java and never polls there) is no poll of guest code: the ticks that
     * wait after it for the thread's first poll (parsing) are still counted as before that poll.
     */
    @Test
    void aClaimAtTheEndOfInitializationIsNoPoll() {
        RequestLedger l = new RequestLedger(RequestLedger.Waited.TOP);
        assertTrue(l.tick(false, 1, RequestLedger.NO_PROBES, 0L, true));
        assertEquals(1, l.beginRequest(5, RequestLedger.NO_PROBES, 0L));
        assertTrue(!l.tick(false, 4, RequestLedger.NO_PROBES, 0L, true));
        assertEquals(5, l.claim(5, false), "the initialization's ticks are its sample's");
        l.settled();
        assertTrue(l.tick(false, 1, RequestLedger.NO_PROBES, 0L, false));
        assertEquals(1, l.beginRequest(10, RequestLedger.NO_PROBES, 0L));
        assertTrue(!l.tick(false, 2, RequestLedger.NO_PROBES, 0L, false)); // parsing
        assertEquals(2, l.beforeFirstPollTicks(), "still before the first poll");
        assertEquals(1, l.claim(10, true));
        l.settled();
        assertTrue(l.tick(false, 1, RequestLedger.NO_PROBES, 0L, false));
        assertEquals(1, l.beginRequest(20, RequestLedger.NO_PROBES, 0L));
        assertTrue(!l.tick(false, 3, RequestLedger.NO_PROBES, 0L, false));
        assertEquals(4, l.claim(20), "after a real poll the waited ticks are the late sample's");
        assertEquals(2, l.beforeFirstPollTicks());
        l.settled();
        // a language initialized later (a polyglot eval): until the next poll, start-up again
        l.initializationEnded();
        assertTrue(l.tick(false, 1, RequestLedger.NO_PROBES, 0L, false));
        assertEquals(1, l.beginRequest(30, RequestLedger.NO_PROBES, 0L));
        assertTrue(!l.tick(false, 5, RequestLedger.NO_PROBES, 0L, false));
        assertEquals(7, l.beforeFirstPollTicks(), "the ticks after an initialization ended wait as before a first poll");
        assertEquals(1, l.claim(30));
    }

    /**
     * Under {@code TOP}, while no root probe is attached (the clock reads {@link
     * RequestLedger#NO_PROBES}), the ticks a request waits go to its late sample, as under {@code
     * SAMPLE}; a top that is merely unknown with the probes attached (0) is still skipped. Before
     * 2026-11-28 both were skipped: {@code poll-late.pace} lost half of its ticks.
     */
    @Test
    void ticksWaitedBeforeTheProbesAreAttachedGoToTheLateSample() {
        RequestLedger l = new RequestLedger(RequestLedger.Waited.TOP);
        // before the thread's first poll (a language starting) they are skipped all the same
        assertTrue(l.tick(false, 1, RequestLedger.NO_PROBES, 0L, false));
        assertEquals(1, l.beginRequest(5, RequestLedger.NO_PROBES, 0L));
        assertTrue(!l.tick(false, 2, RequestLedger.NO_PROBES, 0L, false));
        assertEquals(1, l.claim(5));
        assertEquals(2, l.beforeFirstPollTicks());
        assertEquals(2, l.waitedSkippedTicks());
        assertTrue(l.tick(false, 1, RequestLedger.NO_PROBES, 0L, false));
        assertEquals(1, l.beginRequest(10, RequestLedger.NO_PROBES, 0L));
        assertTrue(!l.tick(false, 3, RequestLedger.NO_PROBES, 0L, false));
        assertEquals(4, l.claim(10), "the waited ticks are the late sample's");
        assertEquals(0L, l.claimedTop(0), "NO_PROBES is no top to place ticks on");
        assertEquals(2, l.waitedSkippedTicks(), "none after the first poll");
        assertTrue(l.tick(false, 1, 0L, 0L, false));
        assertEquals(1, l.beginRequest(20, 0L, 0L));
        assertTrue(!l.tick(false, 2, 0L, 0L, false)); // probes attached, no counted frame on top: skipped
        assertEquals(1, l.claim(20));
        assertEquals(4, l.waitedSkippedTicks());
    }

    /** A top frame as {@link CallDepth#top()} gives it. */
    private static long top(int depth, int root) {
        return ((long) depth << 32) | (root & 0xffffffffL);
    }

    @Test
    void waitedTicksAreKeptApartByTheTopFrameTheClockSaw() {
        RequestLedger l = new RequestLedger(RequestLedger.Waited.TOP);
        long a = top(3, 111);
        long b = top(4, 222);
        assertTrue(l.tick(false, 1, a, 7));
        assertEquals(1, l.beginRequest(10, a, 7));
        assertTrue(!l.tick(false, 1, a, 7)); // the request's own top: slot 0
        assertTrue(!l.tick(false, 2, b, 8)); // a callee on top: slot 1
        assertTrue(!l.tick(false, 1, a, 9)); // the same root at the same depth, entered again
        assertTrue(!l.tick(false, 1, 0, 0)); // no top known (no probes): skipped
        assertTrue(!l.tick(false, 1, top(5, 333), 12));
        assertTrue(!l.tick(false, 1, top(3, 444), 13));
        assertTrue(!l.tick(false, 1, top(6, 555), 14)); // a fifth distinct top: no slot left, skipped
        long w = l.claim(10);
        assertEquals(1 + 2 + 2 + 1 + 1, w, "the request's tick and every waited tick with a slot");
        assertEquals(a, l.claimedTop(0));
        assertEquals(2, l.claimedTicks(0), "waited ticks with the request's top; the request's own tick is not among them");
        assertEquals(9, l.claimedGeneration(0), "the newest activation seen on top");
        assertEquals(b, l.claimedTop(1));
        assertEquals(2, l.claimedTicks(1));
        assertEquals(8, l.claimedGeneration(1));
        assertEquals(top(5, 333), l.claimedTop(2));
        assertEquals(1, l.claimedTicks(2));
        assertEquals(top(3, 444), l.claimedTop(3), "same root at another depth, or another root at the same depth, is another frame");
        assertEquals(2, l.waitedSkippedTicks());
        // the next request starts with empty slots; an abandon counts its waited ticks as failed
        assertTrue(l.tick(false, 1, b, 20));
        assertEquals(1, l.beginRequest(20, b, 20));
        assertTrue(!l.tick(false, 3, b, 20));
        assertTrue(!l.tick(false, 1, a, 21));
        assertEquals(4, l.pendingTicks(), "waited ticks in the slots are pending until resolved");
        assertTrue(l.abandon(20));
        assertEquals(5, l.failedTicks());
        assertEquals(0, l.pendingTicks());
        assertEquals(w + l.failedTicks() + l.waitedSkippedTicks(), l.ticks(), "every tick once");
    }

    /**
     * Under {@code top} the selection goes on while a request waits: a waited tick that is not
     * chosen joins the gap the next chosen tick carries, and a chosen one puts that whole gap on
     * the frame on top then. So no gap starts where a wait ended (at the poll after a loop that
     * does not poll, the same place in the program every time).
     */
    @Test
    void waitedTicksNotChosenJoinTheGapOfTheNextChosenTick() {
        RequestLedger l = new RequestLedger(RequestLedger.Waited.TOP);
        long a = top(3, 111);
        long b = top(4, 222);
        assertTrue(l.tick(false, 1, a, 7, false, true));
        assertEquals(1, l.beginRequest(10, a, 7));
        assertTrue(l.inSelection(false), "the selection runs while the request waits");
        assertTrue(!l.inSelection(true), "not in a language's initialization: its ticks go to its sample");
        assertTrue(!l.tick(false, 1, a, 7, false, false));
        assertTrue(!l.tick(false, 1, a, 7, false, false));
        assertTrue(!l.tick(false, 1, b, 8, false, true)); // chosen with b on top: the gap of 3 ticks to b
        assertTrue(!l.tick(false, 2, b, 8, false, false)); // not chosen: waits for the next chosen tick
        assertEquals(3 + 2, l.pendingTicks(), "the slot and the gap still open; the request's own tick is in the request");
        long w = l.claim(10);
        assertEquals(1 + 3, w, "the request's tick and the gap that ended at a chosen tick while it waited");
        assertEquals(a, l.claimedTop(0));
        assertEquals(0, l.claimedTicks(0));
        assertEquals(b, l.claimedTop(1));
        assertEquals(3, l.claimedTicks(1));
        // the capture ended the wait; the two ticks after b's gap go on with the next gap
        l.beginCapture();
        assertTrue(!l.inSelection(false), "no selection while the thread walks: the walk's ticks are its own");
        assertTrue(!l.tick(false, 1, b, 8, false, true));
        assertEquals(1, l.endCapture());
        assertTrue(l.tick(false, 1, a, 9, false, false)); // free (a request may go), not chosen: 1 more in the gap
        assertTrue(l.tick(false, 1, a, 9, false, true));
        assertEquals(2 + 1 + 1, l.beginRequest(30, a, 9), "the next request carries the waited ticks no chosen tick took");
        // a chosen tick with no top known skips the gap it ends
        assertTrue(!l.tick(false, 2, 0, 0, false, false));
        assertTrue(!l.tick(false, 1, 0, 0, false, true));
        assertEquals(3, l.waitedSkippedTicks());
        assertEquals(4, l.claim(30));
        assertEquals(w + 1 + 4 + l.waitedSkippedTicks(), l.ticks(), "every tick once");
    }

    /** Under the other policies the selection stops while a request waits, as before. */
    @Test
    void otherPoliciesStopTheSelectionWhileARequestWaits() {
        for (RequestLedger.Waited policy : new RequestLedger.Waited[]{RequestLedger.Waited.SAMPLE, RequestLedger.Waited.NEXT, RequestLedger.Waited.SKIP}) {
            RequestLedger l = new RequestLedger(policy);
            assertTrue(l.inSelection(false));
            assertTrue(l.tick(false, 1));
            l.beginRequest(10);
            assertTrue(!l.inSelection(false), policy.toString());
        }
    }

    @Test
    void theFramesStillThereAreFoundByGeneration() {
        long[] gens = {3, 5, 9, 12, 40};
        assertEquals(0, SampledThread.firstNewer(gens, 5, 2));
        assertEquals(2, SampledThread.firstNewer(gens, 5, 5));
        assertEquals(3, SampledThread.firstNewer(gens, 5, 11));
        assertEquals(5, SampledThread.firstNewer(gens, 5, 40));
        assertEquals(3, SampledThread.firstNewer(gens, 3, 100), "only the frames on the stack now count");
    }

    /**
     * A capture and an abandon race for the same request, many times. Acceptable: exactly one of
     * them wins, and the request's ticks are counted once (claimed or failed). Forbidden: both win,
     * or neither does.
     */
    @Test
    void captureAndAbandonCountEveryRequestOnce() throws Exception {
        int rounds = 20_000;
        RequestLedger l = new RequestLedger();
        CyclicBarrier start = new CyclicBarrier(2);
        AtomicLong claimed = new AtomicLong();
        AtomicLong bothOrNeither = new AtomicLong();
        long[] abandonWins = new long[1];
        boolean[] claimWins = new boolean[rounds];
        Thread guest = new Thread(() -> {
            try {
                for (int i = 1; i <= rounds; i++) {
                    start.await();
                    long w = l.claim(i);
                    if (w >= 0) {
                        claimed.addAndGet(w);
                        claimWins[i - 1] = true;
                    }
                    start.await();
                }
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
        guest.start();
        for (int i = 1; i <= rounds; i++) {
            l.tick(false, 1);
            l.beginRequest(i);
            start.await();
            boolean won = l.abandon(i);
            start.await(); // the guest has finished its claim for this round
            if (won) {
                abandonWins[0]++;
            }
            if (won == claimWins[i - 1]) {
                bothOrNeither.incrementAndGet();
            }
        }
        guest.join();
        assertEquals(0, bothOrNeither.get(), "rounds where both or neither resolved the request");
        assertEquals(rounds, claimed.get() + l.failedTicks(), "every tick claimed or failed, once");
        assertEquals(abandonWins[0], l.failed());
        System.out.printf("capture/abandon race: %d captures won, %d abandons won%n", rounds - abandonWins[0], abandonWins[0]);
    }
}
