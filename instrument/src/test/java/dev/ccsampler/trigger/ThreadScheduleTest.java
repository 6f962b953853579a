package dev.ccsampler.trigger;

import dev.ccsampler.capture.SampledThread;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The cost budget's thinning rule ({@link ThreadSchedule#choose}) on synthetic programs: a sample
 * carries the ticks of the gap that ends at it, and the weighted shares must come out right whatever
 * the program's rhythm, including a program whose period equals the mean gap (which strictly
 * periodic selection would lock onto).
 */
class ThreadScheduleTest {

    private static ThreadSchedule schedule(long seed) {
        return new ThreadSchedule(new SampledThread(Thread.currentThread(), 0, 4, 16), seed);
    }

    /** Weighted share of the ticks at which {@code inA} holds, from the samples {@code p} selects. */
    private static double weightedShare(ThreadSchedule s, double p, int ticks, java.util.function.IntPredicate inA, long[] samples) {
        long gap = 0;
        long a = 0;
        long all = 0;
        for (int t = 0; t < ticks; t++) {
            gap++;
            if (s.choose(p)) {
                samples[0]++;
                all += gap;
                if (inA.test(t)) {
                    a += gap;
                }
                gap = 0;
            }
        }
        return (double) a / all;
    }

    @Test
    void selectsAboutOneTickInOneOverP() {
        for (double p : new double[]{0.5, 0.1, 0.01}) {
            ThreadSchedule s = schedule(7);
            int ticks = 1_000_000;
            int chosen = 0;
            int longest = 0;
            int gap = 0;
            for (int t = 0; t < ticks; t++) {
                gap++;
                if (s.choose(p)) {
                    chosen++;
                    longest = Math.max(longest, gap);
                    gap = 0;
                }
            }
            assertEquals(p * ticks, chosen, 0.01 * p * ticks, "rate at p=" + p);
            // dithered gaps: never longer than 1.5/p ticks plus rounding (coin flips would give ~14/p here)
            assertTrue(longest <= Math.ceil(1.5 / p) + 1, "longest gap " + longest + " at p=" + p);
        }
        assertTrue(schedule(1).choose(1.0) && schedule(1).choose(3.0), "p >= 1: every tick");
    }

    /**
     * The clock sleeps over the ticks {@link ThreadSchedule#ticksUntilChoice} says cannot be chosen
     * and counts them at once: the ticks chosen are exactly those chosen one tick at a time.
     */
    @Test
    void sleepingOverTicksThatCannotBeChosenChoosesTheSameTicks() {
        for (double p : new double[]{0.5, 0.1, 0.013}) {
            ThreadSchedule single = schedule(11);
            ThreadSchedule batched = schedule(11);
            java.util.List<Integer> one = new java.util.ArrayList<>();
            java.util.List<Integer> many = new java.util.ArrayList<>();
            int ticks = 200_000;
            for (int t = 0; t < ticks; t++) {
                if (single.choose(p)) {
                    one.add(t);
                }
            }
            int wakes = 0;
            for (int t = 0; t < ticks;) {
                int n = (int) Math.min(batched.ticksUntilChoice(p) + 1, ticks - t);
                t += n;
                wakes++;
                if (batched.choose(p, n)) {
                    many.add(t - 1);
                }
            }
            assertEquals(one, many, "p=" + p);
            assertTrue(wakes < ticks * Math.min(1, 3 * p), "woke " + wakes + " times for " + ticks + " ticks at p=" + p);
        }
    }

    @Test
    void weightedSharesAreUnbiasedEvenForAProgramWithTheGapsPeriod() {
        double p = 0.1; // mean gap 10 ticks
        // a program with period 10 ticks that spends 3 of them in A: systematic selection every 10th
        // tick would see A always or never
        for (long seed = 1; seed <= 20; seed++) {
            long[] n = {0};
            double share = weightedShare(schedule(seed), p, 200_000, t -> t % 10 < 3, n);
            assertEquals(0.3, share, 0.02, "seed " + seed + ", " + n[0] + " samples");
        }
        // a program with long phases (5 000 ticks A, 15 000 ticks B): 25 %
        long[] n = {0};
        assertEquals(0.25, weightedShare(schedule(3), 0.02, 2_000_000, t -> t % 20_000 < 5_000, n), 0.01);
    }

    @Test
    void weightedSharesHaveNearlyTheSpreadOfEqualWeights() {
        // 200 repetitions of 1 000 samples of a random 60/40 state: the spread of the weighted share
        // should be near the binomial sqrt(0.24/1000) = 1.55 points (coin flips give ~2.2)
        java.util.SplittableRandom program = new java.util.SplittableRandom(42);
        double sum = 0;
        double sumSq = 0;
        int reps = 200;
        for (int k = 0; k < reps; k++) {
            boolean[] state = new boolean[20_000];
            for (int t = 0; t < state.length; t++) {
                state[t] = program.nextDouble() < 0.6;
            }
            long[] n = {0};
            double share = weightedShare(schedule(100 + k), 0.05, state.length, t -> state[t], n);
            sum += share;
            sumSq += share * share;
        }
        double mean = sum / reps;
        double sd = Math.sqrt(sumSq / reps - mean * mean);
        assertEquals(0.6, mean, 0.005, "mean weighted share");
        assertTrue(sd < 0.019, "spread of the weighted share: " + sd);
    }

    /** Ticks (of {@code periodNanos}) until the schedule chooses one, after a walk that cost {@code costNanos}. */
    private static long gapAfterWalk(long seed, long periodNanos, double budget, long costNanos) {
        ThreadSchedule s = schedule(seed);
        for (long t = 1; t < 100_000_000L; t++) {
            if (s.choose(ThreadSchedule.probability(periodNanos, budget, costNanos, t * periodNanos))) {
                return t;
            }
        }
        return Long.MAX_VALUE;
    }

    @Test
    void oneExpensiveWalkDoesNotStopSamplingForLong() {
        // a 500 ms walk (a cold walker, a GC pause) at 3 % and 1 ms: without the discount the next
        // walk would come ~17 s later; with it, within 1.5 x tau ln(1 + C / (b tau)) = 4.3 s
        // (a fresh schedule starts at a random phase, so single gaps can be short; the mean is not)
        long sum = 0;
        for (long seed = 1; seed <= 20; seed++) {
            long gap = gapAfterWalk(seed, 1_000_000, 0.03, 500_000_000);
            assertTrue(gap < 4_300, "gap after a 500 ms walk: " + gap + " ticks");
            sum += gap;
        }
        assertTrue(sum / 20 > 1_000, "the budget still spaces expensive walks: mean gap " + sum / 20);
        // cheap walks keep the budget: 20 us at 3 % and 1 ms is p = 1.5, every tick; 100 us is
        // p = 0.3, a gap of about 3.3 ticks
        assertEquals(1, gapAfterWalk(1, 1_000_000, 0.03, 20_000));
        ThreadSchedule s = schedule(5);
        long since = 0;
        int walks = 0;
        for (int t = 0; t < 300_000; t++) {
            since++;
            if (s.choose(ThreadSchedule.probability(1_000_000, 0.03, 100_000, since * 1_000_000))) {
                walks++;
                since = 0;
            }
        }
        double mean = 300_000.0 / walks;
        assertEquals(1 / 0.3, mean, 0.05, "mean gap at p = 0.3: the discount over a few ms is negligible");
    }

    /**
     * A program that alternates 2 ticks of code that polls at once with 10 ticks of a loop that
     * does not poll (a request sent in it is taken at its end), thinned to p = 0.1, so that the
     * gaps are about as long as a round. Under {@code WaitedTicks=top} the selection goes on while a
     * request waits, so no gap starts at the loop's end; the weighted share of the polling code
     * must come out at its 2 / 12. (With the selection stopped during waits, which put every waited
     * tick on the frame then on top, it read 19.8 %: each gap started at the loop's end, where the
     * polling code runs first, so the gaps' ends, and the samples, fell where the gap length put
     * them in the round, not anywhere in it.)
     */
    @Test
    void aLoopThatDoesNotPollMovesNoGapStart() {
        long a = (1L << 32) | 1;
        long b = (1L << 32) | 2;
        for (long seed = 1; seed <= 3; seed++) {
            ThreadSchedule s = new ThreadSchedule(new SampledThread(Thread.currentThread(), 0, 4, 16, null, false,
                            dev.ccsampler.capture.RequestLedger.Waited.TOP), seed);
            dev.ccsampler.capture.RequestLedger l = s.thread.ledger;
            long inA = 0;
            long all = 0;
            long submit = 0;
            int ticks = 240_000;
            for (int t = 0; t < ticks; t++) {
                int at = t % 12;
                long top = at < 2 ? a : b;
                if (s.count(false, 1, top, t + 1, false, l.inSelection(false) ? 0.1 : 0, 1)) {
                    submit = t + 1;
                    l.beginRequest(submit, top, t + 1);
                }
                // the guest after the tick: code that polls takes the request now, the loop at its end
                if (submit != 0 && (at < 2 || at == 11)) {
                    long w = l.claim(submit);
                    submit = 0;
                    long placed = 0;
                    for (int i = 1; i < dev.ccsampler.capture.RequestLedger.TOP_SLOTS; i++) {
                        placed += l.claimedTicks(i);
                        if (l.claimedTop(i) == a) {
                            inA += l.claimedTicks(i);
                        }
                    }
                    if (l.claimedTop(0) == a) {
                        inA += w - placed;
                    }
                    all += w;
                }
            }
            assertEquals(ticks, all + l.pendingTicks() + l.outstandingTicks() + l.waitedSkippedTicks(), "every tick once");
            assertEquals(100.0 * 2 / 12, 100.0 * inA / all, 0.6, "weighted share of the polling code, seed " + seed);
        }
    }

    /**
     * A request sent while the thread was outside its context (host work between calls into the
     * guest) is one Truffle completes without performing: the clock gives it up at its next tick
     * and sends a new one there, instead of waiting for the drain's next round, during which the
     * thread's next call into the guest went unsampled (`ContextsCheck solo`).
     */
    @Test
    void aRequestTruffleWillNeverPerformIsGivenUpAtTheNextTick() {
        SampledThread t = new SampledThread(Thread.currentThread(), 0, 4, 16);
        ThreadSchedule s = new ThreadSchedule(t, 3);
        long period = 1_000_000;
        assertTrue(s.tick(period, 1.0, false, 1, 1_000, 1), "the first tick sends a request");
        t.ledger.beginRequest(1_000);
        t.ledger.clockExit();
        t.setPending(new SampledThread.PendingRequest(1_000, java.util.concurrent.CompletableFuture.completedFuture(null)));
        assertTrue(s.tick(period, 1.0, false, 1, 2_000, 1), "the next tick sends a new request");
        assertEquals(1, t.ledger.failed(), "the first counted as failed");
        t.ledger.beginRequest(2_000);
        t.ledger.clockExit();
        t.setPending(new SampledThread.PendingRequest(2_000, new java.util.concurrent.CompletableFuture<>()));
        assertTrue(!s.tick(period, 1.0, false, 1, 3_000, 1), "a request still waiting for its poll is kept");
        assertEquals(1, t.ledger.failed());
        assertEquals(2_000, t.outstandingSince());
    }

    /**
     * Under {@code CpuTime} a wake is worth the CPU time the thread used since the last, in whole
     * tick units: a thread that runs all the time gets one a tick despite the clock's jitter (the
     * rounding keeps the rest within half a unit of 0), one that gets a quarter of a core gets one
     * in four, and over any run the units add up to its CPU time within half a unit.
     */
    @Test
    void cpuTicksFollowTheCpuTimeUsed() {
        long unit = 10_000_000;
        ThreadSchedule s = schedule(1);
        java.util.SplittableRandom r = new java.util.SplittableRandom(7);
        assertEquals(1, s.cpuUnits(5_000_000, 1, unit), "the first read is worth the wake's wall ticks");
        long counted = 0;
        for (int i = 0; i < 1_000; i++) {
            long cpu = 5_000_000 + (i + 1) * unit + r.nextLong(-300_000, 300_001); // each wake up to 0.3 ms late or early
            long k = s.cpuUnits(cpu, 1, unit);
            assertEquals(1, k, "a thread that runs all the time: one tick a wake, at wake " + i);
            counted += k;
        }
        assertEquals(1_000, counted);
        ThreadSchedule q = schedule(2);
        q.cpuUnits(0, 1, unit);
        long used = 0;
        counted = 0;
        int zero = 0;
        for (int i = 0; i < 1_000; i++) {
            long d = unit / 4 + r.nextLong(-500_000, 500_001); // a quarter of a core
            used += d;
            long k = q.cpuUnits(used, 1, unit);
            zero += k == 0 ? 1 : 0;
            counted += k;
        }
        assertTrue(Math.abs(counted * unit - used) <= unit / 2, "units " + counted + " for " + used + " ns of CPU");
        assertTrue(zero >= 700 && zero <= 800, "about three wakes in four worth nothing: " + zero);
        assertEquals(3, q.cpuUnits(used + 3 * unit, 1, unit), "a wake after a long stretch counts it all");
        assertEquals(0, q.cpuUnits(used + 3 * unit, 1, unit), "no CPU since: nothing");
        assertEquals(4, schedule(3).cpuUnits(-1, 4, unit), "where CPU time cannot be read, the wall ticks");
    }

    /** A runnable thread that used no CPU since its last tick is counted idle, not sampled. */
    @Test
    void aRunnableThreadThatDidNotRunIsNotAsked() {
        SampledThread t = new SampledThread(Thread.currentThread(), 0, 4, 16);
        ThreadSchedule s = new ThreadSchedule(t, 5);
        long period = 1_000_000_000_000L; // no thread of this test uses a thousand seconds of CPU
        assertTrue(s.tick(period, 1.0, false, 1, 1_000, 1, period), "the first read counts as a tick");
        t.ledger.beginRequest(1_000);
        t.ledger.clockExit();
        t.setPending(new SampledThread.PendingRequest(1_000, java.util.concurrent.CompletableFuture.completedFuture(null)));
        long ticks = t.ledger.ticks();
        assertTrue(!s.tick(period, 1.0, false, 1, 2_000, 1, period), "less than half a tick of CPU: no request");
        assertEquals(ticks, t.ledger.ticks(), "and no tick");
        assertEquals(1, t.ledger.idleTicks(), "but an idle one");
        assertTrue(s.tick(period, 1.0, false, 1, 3_000, 1, 0), "by state alone the same thread is asked");
    }

    /** A thread whose walks cost {@code costNanos}, last walked at 0. */
    private static SampledThread walkedThread(Thread thread, long costNanos, dev.ccsampler.capture.RequestLedger.Waited waited) {
        SampledThread t = new SampledThread(thread, 0, 4, 16, null, false, waited);
        dev.ccsampler.capture.CaptureCost c = new dev.ccsampler.capture.CaptureCost();
        c.walked(0, 1); // the first walk is not counted
        c.walked(0, costNanos);
        t.shareCost(c);
        return t;
    }

    /** Ticks chosen in {@code ticks} ticks at 100 µs, 3 %, walks of 20 µs, the clock charging {@code clockNanos} a walk. */
    private static long chosenTicks(long clockNanos, int ticks) {
        SampledThread t = walkedThread(Thread.currentThread(), 20_000, dev.ccsampler.capture.RequestLedger.Waited.TOP);
        ThreadSchedule s = new ThreadSchedule(t, 5);
        long chosen = 0;
        for (int i = 0; i < ticks; i++) {
            // one nanosecond after the last walk: no discount, p is budget × period / cost exactly
            if (s.tick(100_000, 0.03, false, 1, 1, 1, 0, clockNanos, 0)) {
                chosen++;
                t.ledger.beginRequest(1);
                t.ledger.clockExit();
                t.ledger.claim(1); // performed at once
            }
        }
        return chosen;
    }

    /**
     * Where the guest threads leave no core free the clock's own time is theirs, and each chosen
     * tick costs the clock a wake: the selection then charges a wake to each walk. At p = 3 % ×
     * 100 µs / 20 µs = 0.15 a tick, a wake of 20 µs halves the walks.
     */
    @Test
    void theClocksTimeChargedToTheWalksThinsThem() {
        int ticks = 100_000;
        long plain = chosenTicks(0, ticks);
        long charged = chosenTicks(20_000, ticks);
        assertEquals(0.15 * ticks, plain, 0.01 * 0.15 * ticks, "walks alone");
        assertEquals(0.075 * ticks, charged, 0.01 * 0.075 * ticks, "walks and the clock's wakes");
    }

    /**
     * The clock sleeps over ticks no thread can be chosen at: a request waiting for a late poll
     * does not keep it awake (under {@code WaitedTicks=top} the selection goes on through the wait,
     * so the same rule says when the next choice can come), nor does a thread that is idle while
     * threads are counted by CPU time (its CPU time, read at the next wake, says what it ran), nor
     * one that ended. On four Pace threads on two cores at 100 µs the clock woke at nearly every
     * tick for such threads.
     */
    @Test
    void waitingRequestsAndIdleThreadsDoNotKeepTheClockAwake() throws Exception {
        long period = 100_000;
        double budget = 0.03;
        double p = 1.02 * ThreadSchedule.probability(period, budget, 20_000, 1);
        SampledThread t = walkedThread(Thread.currentThread(), 20_000, dev.ccsampler.capture.RequestLedger.Waited.TOP);
        ThreadSchedule s = new ThreadSchedule(t, 9);
        int waitingWakes = 0;
        long sleptOver = 0;
        for (int i = 0; i < 2_000; i++) {
            long k = s.ticksUntilChoice(period, budget, 1, 0, 0);
            if (t.ledger.outstandingSince() != 0) {
                assertEquals(s.ticksUntilChoice(p), k, "a waiting request: the selection's own gap");
                waitingWakes++;
                sleptOver += k;
            }
            if (s.tick(period, budget, false, 1, 1, (int) k + 1, 0, 0, 0)) {
                t.ledger.beginRequest(1);
                t.ledger.clockExit(); // and it stays outstanding: a loop that does not poll
            }
        }
        assertTrue(waitingWakes > 1_000 && sleptOver > 2 * waitingWakes, "waking " + waitingWakes + " times, sleeping over " + sleptOver + " ticks");

        java.util.concurrent.CountDownLatch done = new java.util.concurrent.CountDownLatch(1);
        Thread parked = new Thread(() -> {
            try {
                done.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        parked.start();
        try {
            while (parked.getState() != Thread.State.WAITING) {
                Thread.onSpinWait();
            }
            ThreadSchedule idle = new ThreadSchedule(walkedThread(parked, 20_000, dev.ccsampler.capture.RequestLedger.Waited.TOP), 9);
            idle.tick(period, budget, false, 1, 1, 1, 0, 0, 0); // counted by state
            assertTrue(idle.ticksUntilChoice(period, budget, 1, 0, 0) < 100, "idle, counted by state: its credit still bounds the sleep");
            idle.tick(period, budget, false, 1, 1, 1, period, 0, 0); // counted by CPU time
            assertEquals(Long.MAX_VALUE, idle.ticksUntilChoice(period, budget, 1, 0, 0), "idle, counted by CPU time: no bound");
        } finally {
            done.countDown();
            parked.join();
        }
        t.markEnded();
        assertEquals(Long.MAX_VALUE, s.ticksUntilChoice(period, budget, 1, 0, 0), "an ended thread: no bound");
    }

    /**
     * A thread started while others run, after its first walk (which pays one-time costs and is not
     * counted): it has no estimate of its own, and without the clock's prior every tick was chosen
     * (and the clock woke at each) until its second walk; with it, its ticks are thinned as another
     * thread's would be.
     */
    @Test
    void aNewThreadIsThinnedByAnotherThreadsCostUntilItHasItsOwn() {
        long period = 100_000;
        double budget = 0.03;
        SampledThread t = new SampledThread(Thread.currentThread(), 0, 4, 16);
        dev.ccsampler.capture.CaptureCost c = new dev.ccsampler.capture.CaptureCost();
        c.walked(0, 5_000_000); // its first walk: not counted
        t.shareCost(c);
        assertEquals(0, t.captureCostNanos(), "no estimate of its own yet");
        ThreadSchedule s = new ThreadSchedule(t, 3);
        assertEquals(0, s.ticksUntilChoice(period, budget, 1, 0, 0), "no cost known: every tick may be chosen");
        assertEquals(20_000, s.costNanos(20_000));
        int chosen = 0;
        for (int i = 0; i < 10_000; i++) {
            if (s.tick(period, budget, false, 1, 1, 1, 0, 0, 20_000)) {
                chosen++;
                t.ledger.beginRequest(1);
                t.ledger.clockExit();
                t.ledger.claim(1);
            }
        }
        assertEquals(1_500, chosen, 30, "thinned to p = 3 % × 100 µs / 20 µs = 0.15 by the prior");
        c.walked(1, 40_000);
        assertEquals(40_000, s.costNanos(20_000), "its own estimate, once it has one");
    }

    /**
     * Where the guest threads leave no core free, the clock sleeps at least {@link
     * SamplingClock#leastBatch} ticks, so that its wakes (counted twice: the clock's CPU and the
     * guest's switch) take at most half the budget of the cores: m = 4 × wake / (budget × period ×
     * cores), drawn from [m/2, 3m/2). At 1 ms, 3 %, two cores and 30 µs a wake, m = 2; nothing at
     * 10 ms or where the clock costs nothing; never longer than the clock's longest sleep (2 ms).
     */
    @Test
    void theClocksWakesTakeAtMostHalfTheBudget() {
        assertEquals(1, SamplingClock.leastBatch(30_000, 0.03, 10_000_000, 2, 0.5), "10 ms: a wake is cheap beside the budget");
        assertEquals(1, SamplingClock.leastBatch(0, 0.03, 1_000_000, 2, 0.5), "the clock's cost unknown or not charged");
        assertEquals(1, SamplingClock.leastBatch(30_000, 1.0, 1_000_000, 2, 0.5), "no budget");
        assertEquals(2, SamplingClock.leastBatch(30_000, 0.03, 1_000_000, 2, 0.5), "1 ms: the mean");
        assertEquals(2, SamplingClock.leastBatch(30_000, 0.03, 1_000_000, 2, 0.99), "1 ms: at most 2 ms, two ticks");
        assertEquals(1, SamplingClock.leastBatch(15_000, 0.03, 500_000, 2, 0.0), "500 us, m = 2: the draw's low end, m/2");
        assertEquals(3, SamplingClock.leastBatch(15_000, 0.03, 500_000, 2, 0.99), "500 us, m = 2: the draw's high end, 3m/2");
        assertEquals(1, SamplingClock.leastBatch(30_000, 0.03, 1_000_000, 8, 0.5), "eight cores share the wakes' cost");
        assertEquals(20, SamplingClock.leastBatch(60_000, 0.03, 100_000, 2, 0.5), "100 us: m = 40, but at most 2 ms");
        assertEquals(1, SamplingClock.leastBatch(5_000_000, 0.03, 2_000_000, 2, 0.5), "2 ms and more: never, however dear a wake");
        // the mean over draws is m: 4 × 12 µs / (3 % × 100 µs × 2 cores) = 8, drawn from [4, 12)
        double sum = 0;
        int draws = 10_000;
        java.util.SplittableRandom r = new java.util.SplittableRandom(5);
        for (int i = 0; i < draws; i++) {
            sum += SamplingClock.leastBatch(12_000, 0.03, 100_000, 2, r.nextDouble());
        }
        assertEquals(8.0, sum / draws, 0.1, "mean of the drawn batches");
    }

    /**
     * A wake that counts more ticks than the thread's gap (the clock slept over them for its own
     * cost) chooses the thread once, and the credit left over does not carry on: without the
     * bound, the wakes after it, one a tick again, would each choose the thread until the excess
     * was spent (walks in a burst).
     */
    @Test
    void aLongWakeChoosesOnceAndLeavesNoBurstBehind() {
        ThreadSchedule s = schedule(13);
        double p = 0.2;
        assertTrue(s.choose(p, 50), "ten gaps' worth of ticks: chosen");
        int chosen = 0;
        for (int t = 0; t < 5; t++) {
            if (s.choose(p, 1)) {
                chosen++;
            }
        }
        // five ticks add 1.0 to a credit left under one threshold: at most two choices (eight
        // thresholds' worth of credit were left without the bound: one at every tick)
        assertTrue(chosen <= 2, "chosen " + chosen + " times in the next five ticks at p = 0.2");
    }
}
