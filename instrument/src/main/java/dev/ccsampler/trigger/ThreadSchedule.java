package dev.ccsampler.trigger;

import dev.ccsampler.capture.SampledThread;
import dev.ccsampler.capture.ThreadCpuClock;

import java.util.SplittableRandom;

/**
 * The clock's view of one sampled thread: whether it is idle, and whether this tick is one the
 * thread is walked at. Clock thread only.
 *
 * <p>Selection never looks at the stack that would be walked. Each tick whose thread has no request
 * outstanding adds {@code p = min(1, budget × period / cost)} to a credit, where cost is the thread's
 * capture cost averaged over about the last second (a running mean in time, so that {@code p}
 * changes slowly compared with the gaps between samples); the tick is chosen when the credit reaches
 * a threshold drawn at random from [0.5, 1.5), which is then taken off. So the gaps between samples
 * are about {@code 1/p} ticks, dithered by ±50 % so that a program with a period of its own cannot
 * lock onto them. A tick not chosen is not lost: its weight waits in the thread's ledger and the next
 * request carries it, so a sample stands for all the ticks since the previous one and every format
 * adds up to ticks. The gaps form a renewal process that is independent of the stack, so the
 * weighted shares are unbiased. The credit grows also while a request waits for a late poll (under
 * {@code WaitedTicks=top}), where a chosen tick puts the gap on the frame on top then: a gap that
 * started where the wait ended would start at the same place in the program after every wait in a
 * loop that does not poll ({@code RequestLedger.tick}). It does not grow during a walk, which the
 * walk's own ticks pay for and which does not move the program on. Because the gaps vary little
 * (unlike independent coin flips,
 * whose geometric gaps double the variance of a weighted share), thinning costs little precision
 * beyond the smaller number of samples. The budget only decides how many walks pay for them.
 */
final class ThreadSchedule {

    final SampledThread thread;
    private final SplittableRandom random;
    /** Selection credit, in ticks-worth of p; a tick is chosen when it reaches {@link #threshold}. */
    private double credit;
    private double threshold;
    /** The thread's CPU time at the last wake that read it, or -1 before the first ({@link #cpuUnits}). */
    private long cpuSeen = -1;
    /** CPU time, in nanoseconds, not yet counted as ticks: within half a tick unit of 0 after each read. */
    private long cpuCredit;
    /** When a wake last counted this thread by CPU time ({@link #byState}). */
    private long cpuWakeNanos;
    /**
     * Whether the last wake found the thread idle while it counted running threads by CPU time:
     * then the thread does not bound how long the clock sleeps ({@link #ticksUntilChoice}), since
     * the CPU time read at the next wake says how much of the time slept over it ran. Counted by
     * state, an idle thread that woke mid-sleep would get the whole sleep as running ticks.
     */
    private boolean idleByCpu;

    ThreadSchedule(SampledThread thread, long seed) {
        this.thread = thread;
        this.random = new SplittableRandom(seed);
        this.threshold = nextThreshold();
        this.credit = random.nextDouble() * threshold; // a random phase for the first gap
    }

    private double nextThreshold() {
        return 0.5 + random.nextDouble();
    }

    /**
     * One wake of the clock for this thread, standing for {@code n} clock ticks: 1, or more when the
     * clock slept over ticks that {@link #ticksUntilChoice} said could not be chosen; they count as
     * {@code n} ticks of the thread's state now and add {@code n} times to the credit. Returns true
     * when a request is to be sent now. Clock thread only.
     *
     * @param periodNanos the current period
     * @param budget largest share of a thread's time its captures may take, in (0, 1]
     * @param sampleIdle whether parked or blocked threads are sampled too
     * @param units profile ticks this clock tick is worth (period / tick unit)
     * @param now the tick's time ({@link System#nanoTime()})
     * @param n clock ticks this wake stands for
     */
    boolean tick(long periodNanos, double budget, boolean sampleIdle, long units, long now, int n) {
        return tick(periodNanos, budget, sampleIdle, units, now, n, 0);
    }

    /**
     * {@link #tick(long, double, boolean, long, long, int)} where a running thread's ticks follow
     * its CPU time at this wake: {@code cpuUnitNanos} is the profile's tick unit, or 0 to count the
     * wake by the thread's state ({@link #cpuUnits}).
     */
    boolean tick(long periodNanos, double budget, boolean sampleIdle, long units, long now, int n, long cpuUnitNanos) {
        return tick(periodNanos, budget, sampleIdle, units, now, n, cpuUnitNanos, 0, 0);
    }

    /**
     * {@link #tick(long, double, boolean, long, long, int, long)} where each walk also costs the
     * clock {@code clockNanos} of CPU time that the guest threads would otherwise have had (where
     * they leave no core free): the budget then pays for both, {@code p = budget × period /
     * (walk + clockNanos)}. The charge is the same for every thread and tick of a wake, so the
     * selection still never looks at the stack. {@code priorCostNanos} is the walk cost assumed
     * while the thread has no estimate of its own ({@link #costNanos}).
     */
    boolean tick(long periodNanos, double budget, boolean sampleIdle, long units, long now, int n, long cpuUnitNanos, long clockNanos, long priorCostNanos) {
        return tick(periodNanos, budget, sampleIdle, units, now, n, cpuUnitNanos, clockNanos, priorCostNanos, 0L);
    }

    /**
     * {@link #tick(long, double, boolean, long, long, int, long, long, long)} where the clock's
     * previous wake was at {@code sinceNanos} (0: not known): a wake that lands during a walk then
     * gives the walk only the ticks after it began ({@link dev.ccsampler.capture.RequestLedger#tick(boolean, long, long, long, boolean, boolean, long, long)}).
     */
    boolean tick(long periodNanos, double budget, boolean sampleIdle, long units, long now, int n, long cpuUnitNanos, long clockNanos, long priorCostNanos, long sinceNanos) {
        thread.ledger.clockEnter(); // before the end is checked: see RequestLedger.clockEnter
        boolean send = false;
        try {
            send = countTick(periodNanos, budget, sampleIdle, units * n, now, n, cpuUnitNanos, clockNanos, priorCostNanos, sinceNanos);
            return send;
        } finally {
            if (!send) {
                thread.ledger.clockExit(); // else once the request is out (SamplingClock)
            }
        }
    }

    private boolean countTick(long periodNanos, double budget, boolean sampleIdle, long units, long now, int n, long cpuUnitNanos, long clockNanos,
                    long priorCostNanos, long sinceNanos) {
        if (thread.isEnded()) {
            return false; // removed from its context; the clock's copy of the list may still hold it
        }
        Thread.State state = thread.thread.getState();
        if (state == Thread.State.TERMINATED) {
            // a host thread that left its context and ended stays registered until the context
            // closes: it gets no more ticks, and its outstanding request is abandoned (counted once,
            // as failed) by the drain now instead of at close
            thread.markEnded();
            return false;
        }
        if (!thread.inContextNow()) {
            // the thread runs in another context, or in none: not this context's tick (a request
            // would be performed at a poll of the other context, or held until this one is
            // entered again, and its walk would be of the wrong place). Nor is the CPU time it uses
            // there: counted by CPU time, its next tick here starts afresh; from the time last
            // read, one thread in two open contexts got 1 038 ticks for 659 ms of CPU time
            cpuSeen = -1;
            cpuCredit = 0;
            return false;
        }
        // a request Truffle will never perform (the thread was not in the context when it was
        // sent: host work between calls into the guest) is given up now, as failed, and not at the
        // drain's next round: until then the thread could be sent no other, and the first
        // milliseconds of its next call into the guest went unsampled
        thread.abandonIfUnperformable();
        boolean idle = !sampleIdle && isIdle(state);
        idleByCpu = idle && cpuUnitNanos > 0;
        if (cpuUnitNanos <= 0) {
            byState(now);
        } else if (!idle) {
            cpuWakeNanos = now;
            long k = cpuUnits(ThreadCpuClock.of(thread.thread), units, cpuUnitNanos);
            if (k <= 0) {
                idle = true; // runnable, but it ran less than half a tick's CPU since its last tick
            } else if (k != units) {
                n = (int) Math.min(Integer.MAX_VALUE, Math.max(1, Math.round((double) k * n / units)));
                units = k;
            }
        }
        long top = thread.topNow();
        boolean initializing = thread.initializingNow();
        // the selection runs before the ledger counts the tick, and also while a request waits
        // (under WaitedTicks=top): gaps between chosen ticks then never start where a wait ended
        // (RequestLedger.tick)
        boolean select = !idle && thread.ledger.inSelection(initializing);
        return count(idle, units, top, thread.topGenerationNow(), initializing, select ? probabilityNow(periodNanos, budget, now, clockNanos, priorCostNanos) : 0, n, sinceNanos, now);
    }

    /**
     * Counts a tick in the thread's ledger, chosen at probability {@code p} (0: the selection does
     * not run at it, {@link dev.ccsampler.capture.RequestLedger#inSelection}; 1 or more: every tick). Returns true when a
     * request is to be sent. Clock thread only (and tests, with a {@code p} of their own).
     */
    boolean count(boolean idle, long units, long top, long generation, boolean initializing, double p, int n) {
        return count(idle, units, top, generation, initializing, p, n, 0L, 0L);
    }

    /** {@link #count(boolean, long, long, long, boolean, double, int)} for a wake at {@code now} whose ticks began at {@code sinceNanos}. */
    boolean count(boolean idle, long units, long top, long generation, boolean initializing, double p, int n, long sinceNanos, long now) {
        boolean chosen = p > 0 && choose(p, n);
        return thread.ledger.tick(idle, units, top, generation, initializing, chosen, sinceNanos, now) && chosen;
    }

    /**
     * The ticks a wake of the clock is worth by the thread's CPU time: the CPU time it used since the
     * previous wake that read it, plus what earlier wakes left over, in whole tick units rounded to
     * the nearest (so a thread that runs all the time gets one a tick whatever the clock's jitter,
     * and one that got a quarter of a core one in four); the rest, within half a unit either way,
     * waits for the next. A thread is counted by CPU time because on a machine with more busy
     * threads than cores a thread that is runnable is not running: eight busy TruffleRuby threads
     * on two cores were given 4.3 to 5.9 times the CPU time they used, and their split among themselves
     * was off by up to 6 points (docs/sampling.md, <em>Threads that wait for a core</em>). Where the
     * time cannot be read ({@code cpuNow} below 0), and at the first read, the wake is worth its
     * {@code wallUnits}. Clock thread only.
     */
    long cpuUnits(long cpuNow, long wallUnits, long unitNanos) {
        if (cpuNow < 0) {
            return wallUnits;
        }
        if (cpuSeen < 0) {
            cpuSeen = cpuNow;
            return wallUnits;
        }
        cpuCredit += Math.max(0, cpuNow - cpuSeen);
        cpuSeen = cpuNow;
        long k = Math.floorDiv(cpuCredit + unitNanos / 2, unitNanos);
        cpuCredit -= k * unitNanos;
        return k;
    }

    /**
     * A wake counted by state. Within a second of a wake counted by CPU time the CPU time is still
     * read, so that a clock that goes back and forth between the two (threads around the number of
     * cores) counts at each CPU wake the CPU time since the previous wake, not since the last CPU
     * wake, which would count the state wakes' time twice; after that it is not read (about a
     * microsecond a thread), and the next CPU wake starts afresh.
     */
    private void byState(long now) {
        if (cpuSeen < 0) {
            return;
        }
        if (now - cpuWakeNanos > 1_000_000_000L) {
            cpuSeen = -1;
            return;
        }
        long cpu = ThreadCpuClock.of(thread.thread);
        cpuSeen = cpu < 0 ? -1 : cpu;
        cpuCredit = 0;
    }

    /**
     * The thread's walk cost estimate, or {@code priorCostNanos} while it has none of its own (before
     * its second walk): the clock passes the estimate of another thread of the engine, so that a
     * program that starts threads all the time (a worker per task) does not have every tick of each
     * new thread chosen until then, each a wake of the clock; on four Pace threads started ten times
     * a second on two cores that was most of the clock's wakes at 100 µs (docs/sampling.md, <em>The
     * clock's own time, where the guest threads leave no core free</em>). Before the thread's first
     * walk the discount of {@link #probability} still makes its first tick chosen. 0: unknown.
     */
    long costNanos(long priorCostNanos) {
        long own = thread.captureCostNanos();
        return own > 0 ? own : priorCostNanos;
    }

    /** The selection probability of this thread's tick now: 1 while no walk cost is known or with no budget. */
    private double probabilityNow(long periodNanos, double budget, long now, long clockNanos, long priorCostNanos) {
        long cost = costNanos(priorCostNanos);
        if (cost <= 0 || budget >= 1) {
            return 1;
        }
        return probability(periodNanos, budget, cost + clockNanos, now - thread.lastCaptureNanos());
    }

    /**
     * How many of the next clock ticks certainly cannot choose this thread, so that the clock may
     * sleep over them and count them at once: 0 when every tick must be looked at (a walk running,
     * whose ticks are the walk's; every tick chosen; no cost known yet, from the thread or another
     * of the engine, {@link #costNanos}), no bound for a thread that
     * ended or that was idle at the last wake that counted by CPU time (the next wake reads what it
     * ran). A request waiting for a late poll does not keep the clock awake: under
     * {@code WaitedTicks=top} the selection goes on through the wait by the same rule, and under the
     * other policies it stops, so its next choice comes later than this says, never earlier. The
     * selection depends on time only, never on the stack, so where the thinning leaves gaps of
     * several ticks the clock need not wake for each. {@code clockNanos} is what the wake charges a
     * walk for the clock's own time ({@link #tick(long, double, boolean, long, long, int, long, long)}).
     * Clock thread only.
     */
    long ticksUntilChoice(long periodNanos, double budget, long now, long clockNanos, long priorCostNanos) {
        if (thread.isEnded() || idleByCpu) {
            return Long.MAX_VALUE;
        }
        if (budget >= 1 || thread.ledger.capturing()) {
            return 0;
        }
        long cost = costNanos(priorCostNanos);
        if (cost <= 0) {
            return 0;
        }
        // the discount raises p slowly while no walk happens (0.1 % per ms): a margin of 2 %
        return ticksUntilChoice(1.02 * probability(periodNanos, budget, cost + clockNanos, now - thread.lastCaptureNanos()));
    }

    /** How many of the next ticks {@link #choose(double)} at probability {@code p} certainly returns false for. Clock thread only. */
    long ticksUntilChoice(double p) {
        if (p >= 1) {
            return 0;
        }
        return Math.max(0, (long) Math.floor((threshold - credit) / p) - 1);
    }

    /** Time constant of the discount on the cost estimate while no walk happens: one second. */
    static final double DISCOUNT_TAU_NANOS = 1e9;

    /**
     * The selection probability of one tick: {@code budget × period / cost}, with the cost discounted
     * by {@code exp(-sinceLastWalk / 1 s)}. Without the discount a single walk of cost {@code C}
     * (a cold walker, a GC pause inside the walk) sets the next gap to {@code C / budget} of time:
     * 17 s after a 500 ms walk at 3 %. With it the gap is {@code τ ln(1 + C / (budget τ))}: 2.9 s
     * after that walk, after which a cheap walk corrects the estimate. For walks that really are
     * that expensive the budget is then exceeded a little: 3.5 % instead of 3 % at 10 ms a walk,
     * 3.05 % at 1 ms, nothing measurable below. The discount depends on time only, never on the stack.
     */
    static double probability(long periodNanos, double budget, long costNanos, long sinceLastWalkNanos) {
        double discount = sinceLastWalkNanos <= 0 ? 1 : Math.exp(-sinceLastWalkNanos / DISCOUNT_TAU_NANOS);
        return budget * periodNanos / (costNanos * discount);
    }

    /** Whether a tick at selection probability {@code p} is chosen: see the class comment. Clock thread only. */
    boolean choose(double p) {
        return choose(p, 1);
    }

    /** {@link #choose(double)} for {@code n} ticks at once. Clock thread only. */
    boolean choose(double p, int n) {
        if (p >= 1) {
            credit = 0;
            return true;
        }
        credit += p * n;
        if (credit < threshold) {
            return false;
        }
        credit -= threshold;
        threshold = nextThreshold();
        if (credit >= threshold) {
            // a wake that stood for more than a gap (the clock slept for its own cost,
            // SamplingClock.leastBatch) chooses once; the rest would choose the thread at tick
            // after tick once the wakes come at every tick again. Time only, never the stack.
            credit = random.nextDouble() * threshold;
        }
        return true;
    }

    /** Whether a thread in state {@code s} may be running: not parked, waiting, blocked, new or ended. */
    static boolean running(Thread.State s) {
        return s == Thread.State.RUNNABLE;
    }

    private static boolean isIdle(Thread.State s) {
        return s == Thread.State.WAITING || s == Thread.State.TIMED_WAITING || s == Thread.State.BLOCKED;
    }
}
