package dev.ccsampler.trigger;

import com.oracle.truffle.api.Truffle;
import com.oracle.truffle.api.TruffleContext;
import com.oracle.truffle.api.instrumentation.TruffleInstrument;
import dev.ccsampler.capture.CaptureAction;
import dev.ccsampler.capture.SampledThread;
import dev.ccsampler.capture.ThreadCpuClock;
import dev.ccsampler.capture.TickGate;
import dev.ccsampler.fault.FaultInjection;
import dev.ccsampler.fault.FaultLog;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * The only thread that decides when and whom to sample. Every tick it counts a tick for every live
 * thread, lets each thread's {@link ThreadSchedule} decide whether this tick is walked (never
 * looking at the stack), and sends one {@link CaptureAction} per live polyglot context to the
 * chosen threads; the action runs on each guest thread at its next safepoint poll.
 *
 * <p>Ticks are jittered: each interval is drawn uniformly from [period/2, 3·period/2), so guest code
 * that runs in cycles of about the period cannot alias with the clock.
 *
 * <p>The clock never waits for a guest thread: a thread that has not reached a safepoint since its
 * request keeps it (it is captured late, with the ticks it waited carried by that late sample).
 * With {@code ThreadsPerTick} set, only the first that many threads to reach a poll at a tick are
 * walked ({@link TickGate}). Ticks the clock itself could not keep (it was descheduled for more than
 * a period) are counted in {@link #overruns()} and not made up.
 */
public final class SamplingClock {

    /** A polyglot context and its sampled threads. */
    public static final class ContextEntry {
        final TruffleContext context;
        final int id;
        final CopyOnWriteArrayList<ThreadSchedule> threads = new CopyOnWriteArrayList<>();
        volatile boolean closed;

        ContextEntry(TruffleContext context, int id) {
            this.context = context;
            this.id = id;
        }

        /** Dense id of the context. */
        public int id() {
            return id;
        }
    }

    private final TruffleInstrument.Env env;
    private final Map<TruffleContext, ContextEntry> contexts = new ConcurrentHashMap<>();
    private final List<ContextEntry> order = new CopyOnWriteArrayList<>();
    private final AtomicInteger nextContextId = new AtomicInteger();
    private volatile long periodNanos;
    /** The profile's tick: the period's value when sampling was set up; a longer period is worth several. */
    private volatile long tickUnitNanos;
    private volatile long delayNanos;
    private volatile double budget = 1.0;
    private volatile int threadsPerTick;
    private volatile boolean sampleIdle;
    /** When a running thread's ticks follow its CPU time ({@link ThreadSchedule#cpuUnits}), not its state alone. */
    private volatile SamplingSettings.CpuTime cpuTime = SamplingSettings.CpuTime.OFF;
    private final int cores = Runtime.getRuntime().availableProcessors();
    /** Wakes of the clock, and those that counted running threads by CPU time (single writer: the clock). */
    private volatile long wakes;
    private volatile long cpuWakes;
    /** The threads {@link #runnableThreads} counted at a wake, so none is counted twice. Clock thread only. */
    private Thread[] runnableSeen = new Thread[0];
    /**
     * The clock's own CPU time per wake, smoothed over windows of {@link #CLOCK_COST_WINDOW_NANOS};
     * 0 until measured. Where at least as many threads are runnable as the machine has cores, the
     * clock's time is taken from them, so the selection charges a wake to each walk beside the
     * walk's own cost ({@link ThreadSchedule#tick}). Single writer: the clock.
     */
    private volatile long clockNanosPerWake;
    /** The clock's CPU time and wakes since the window began, and when it began. Clock thread only. */
    private long windowCpu;
    private long windowWakes;
    private long windowStart;
    /** The clock thread's CPU time at its last wake, -1 before the first read. Clock thread only. */
    private long clockCpuSeen = -1;
    /** What this wake charges each walk for the clock's time: {@link #clockNanosPerWake} or 0. Clock thread only. */
    private long wakeClockNanos;
    /**
     * The latest walk cost estimate of any sampled thread the clock looked at: a new thread's until it
     * has its own ({@link ThreadSchedule#costNanos}); 0 before any. Clock thread only.
     */
    private long anyCostNanos;
    /** When the clock last counted ticks, 0 before the first: the ticks a wake counts passed since. Clock thread only. */
    private long lastWakeNanos;
    /** Wakes that charged the clock's time to the walks. Single writer: the clock. */
    private volatile long chargedWakes;
    /** Wakes after which the clock slept longer than the selection needed ({@link #leastBatch}). Single writer: the clock. */
    private volatile long stretchedWakes;
    /** Whether each request notes the guest thread's CPU time ({@link SampledThread#noteRequestCpu}). */
    private volatile boolean measureWaitCpu;
    private volatile boolean running;
    private volatile Thread thread;
    private volatile long overruns;
    /** Where a failure of the clock thread is reported; null: to the JVM's error stream. */
    private volatile FaultLog faults;
    private final java.util.concurrent.atomic.AtomicLong seed = new java.util.concurrent.atomic.AtomicLong(0x5DEECE66DL);

    public SamplingClock(TruffleInstrument.Env env, long periodNanos) {
        this.env = env;
        this.periodNanos = periodNanos;
        this.tickUnitNanos = periodNanos;
    }

    /**
     * Sets the period and makes it the profile's tick unit; only while stopped. Any thread.
     */
    public void setPeriodNanos(long p) {
        periodNanos = p;
        tickUnitNanos = p;
    }

    /**
     * Changes the period while sampling, keeping the tick unit: the tuner's periods are whole
     * multiples of it, and each clock tick then counts as that many ticks. Any thread.
     */
    public void tunePeriodNanos(long p) {
        periodNanos = p;
    }

    /** Sets the profile's tick unit (the tuner's smallest period). Any thread, while stopped. */
    public void setTickUnitNanos(long unit) {
        tickUnitNanos = unit;
    }

    /** The profile's tick unit in nanoseconds. */
    public long tickUnitNanos() {
        return tickUnitNanos;
    }

    public long periodNanos() {
        return periodNanos;
    }

    public void setDelayNanos(long d) {
        delayNanos = d;
    }

    /**
     * Sets the capture cost budget: the largest share of a thread's time its captures may take
     * (1 turns the budget off). Any thread.
     */
    public void setBudget(double share) {
        budget = share;
    }

    /** Threads walked per tick (partial safepoints); 0 walks every thread that is asked. Any thread. */
    public void setThreadsPerTick(int n) {
        threadsPerTick = n;
    }

    /**
     * Whether each request notes its guest thread's CPU time, so that the drain can tell how much of
     * a wait for a poll the thread spent running (about a microsecond a request on the clock
     * thread). Any thread.
     */
    public void setMeasureWaitCpu(boolean on) {
        measureWaitCpu = on && ThreadCpuClock.available();
    }

    /**
     * When a thread that is not parked, waiting or blocked gets one tick per period of CPU time it
     * used instead of one per period it was in that state ({@link SamplingSettings.CpuTime}); by
     * state always where the JVM does not measure thread CPU time. Any thread.
     */
    public void setCpuTime(SamplingSettings.CpuTime when) {
        cpuTime = ThreadCpuClock.available() ? when : SamplingSettings.CpuTime.OFF;
    }

    /**
     * What {@link #setCpuTime} did, and where the clock's own time was charged to the walks, for
     * the profile's notes: null when every wake counted by state and charged nothing, else at how
     * many of the clock's wakes running threads were counted by CPU time, and at how many the
     * clock's time was charged.
     */
    public String cpuTimeSummary() {
        long c = cpuWakes;
        long g = chargedWakes;
        if (c == 0 && g == 0) {
            return null;
        }
        long w = wakes;
        long st = stretchedWakes;
        String charged = g == 0 ? ""
                        : String.format("the cost budget paid for the clock's own CPU time beside each walk at %d wakes where the runnable threads left none of the %d cores free (%.1f us a wake at the end)%s",
                                        g, cores, clockNanosPerWake / 1e3,
                                        st == 0 ? "" : String.format(", and after %d of them the clock slept over more ticks than the walks needed, so that its wakes took at most half the budget", st));
        if (c == 0) {
            return Character.toUpperCase(charged.charAt(0)) + charged.substring(1);
        }
        String counted = c == w ? "running threads counted by the CPU time they used (one tick per period of it), not by their state"
                        : String.format("running threads counted by the CPU time they used at %d of the clock's %d wakes (%.0f%%), where the runnable threads left none of the %d cores free; "
                                        + "by their state at the others", c, w, 100.0 * c / Math.max(1, w), cores);
        return g == 0 ? counted : counted + "; " + charged;
    }

    /** Window over which the clock's CPU time per wake is measured. */
    static final long CLOCK_COST_WINDOW_NANOS = 250_000_000L;

    /**
     * Reads the clock thread's CPU time at a wake (what the wakes since the last read took, the
     * kernel's part of sleeping and waking included) and, once a window has passed, folds the
     * window's CPU time per wake into {@link #clockNanosPerWake}: half the old estimate, half the
     * window's. Per wake, not per request: every chosen tick needs a wake, which is what a walk
     * adds to the clock's work (the submission itself took 2.5 µs of a 22-µs wake, measured on four
     * Pace threads at 100 µs); charging all of the clock's time to the requests instead made the
     * estimate grow as the requests thinned, since the clock also wakes to count ticks (207 µs a
     * request where a wake took 25). Clock thread only.
     */
    private void measureClock(long now) {
        long c = ThreadCpuClock.current();
        if (c < 0) {
            return;
        }
        if (clockCpuSeen >= 0) {
            windowCpu += Math.max(0, c - clockCpuSeen);
            windowWakes++;
        }
        clockCpuSeen = c;
        if (windowStart == 0) {
            windowStart = now;
        } else if (now - windowStart >= CLOCK_COST_WINDOW_NANOS && windowWakes > 0) {
            long per = windowCpu / windowWakes;
            long old = clockNanosPerWake;
            clockNanosPerWake = old == 0 ? per : (old + per) / 2; // single writer
            windowCpu = 0;
            windowWakes = 0;
            windowStart = now;
        }
    }

    /** Whether parked and blocked threads are sampled. Any thread. */
    public void setSampleIdle(boolean on) {
        sampleIdle = on;
    }

    /** Registers a context; returns its entry (idempotent; ids are unique even when contexts are created at once). */
    public ContextEntry context(TruffleContext c) {
        return contexts.computeIfAbsent(c, k -> {
            ContextEntry e = new ContextEntry(k, nextContextId.getAndIncrement());
            order.add(e);
            return e;
        });
    }

    /** The contexts registered and not closed, in creation order. Any thread; a copy. */
    public List<TruffleContext> liveContexts() {
        List<TruffleContext> l = new ArrayList<>(order.size());
        for (ContextEntry e : order) {
            if (!e.closed) {
                l.add(e.context);
            }
        }
        return l;
    }

    /**
     * Marks a context closed and forgets it: it is no longer sampled, its threads count as ended
     * (their rings are drained, then released), and nothing here keeps the context reachable.
     *
     * @return the context's id, -1 when it was not known
     */
    public int contextClosed(TruffleContext c) {
        ContextEntry e = contexts.remove(c);
        if (e == null) {
            return -1;
        }
        e.closed = true;
        order.remove(e);
        for (ThreadSchedule s : e.threads) {
            s.thread.flushBurst(); // the closing thread's own burst; other threads' are lost
            s.thread.markEnded();
        }
        e.threads.clear();
        return e.id;
    }

    /**
     * Hands the calling thread's running bursts, in every context, to the drain: sampling stops,
     * and no walk will end them.
     */
    public void flushBurstsOfCurrentThread() {
        for (ContextEntry e : contexts.values()) {
            for (ThreadSchedule s : e.threads) {
                s.thread.flushBurst();
            }
        }
    }

    /**
     * The calling thread is about to end a language's initialization in {@code c}: its waiting
     * request is taken now, on the initialization's frame ({@link SampledThread#initializationEnds}).
     * Guest thread, from the contexts listener.
     */
    public void initializationEnds(TruffleContext c) {
        ContextEntry e = contexts.get(c);
        if (e == null) {
            return;
        }
        Thread me = Thread.currentThread();
        for (ThreadSchedule s : e.threads) {
            if (s.thread.thread == me) {
                s.thread.initializationEnds();
            }
        }
    }

    /**
     * Adds a thread to its context's sampled set. Any thread, takes no lock: Truffle calls it on the
     * guest thread as it enters a context (it was synchronized, and four Pace threads starting
     * together waited up to 9 ms for each other on a 2-core machine).
     */
    public void addThread(ContextEntry e, SampledThread t) {
        e.threads.add(new ThreadSchedule(t, seed.getAndIncrement() * 0x9E3779B97F4A7C15L));
    }

    /** Removes a thread from its context's sampled set. */
    public void removeThread(TruffleContext c, Thread t) {
        ContextEntry e = contexts.get(c);
        if (e != null) {
            for (ThreadSchedule s : e.threads) {
                if (s.thread.thread == t) {
                    e.threads.remove(s);
                    s.thread.flushBurst(); // before it is marked ended: the drain takes the burst before it retires the thread
                    s.thread.markEnded();
                    FaultInjection.at(FaultInjection.Point.THREAD_END); // test only: holds the race open
                }
            }
        }
    }

    /** Starts ticking. */
    public synchronized void start() {
        if (running) {
            return;
        }
        running = true;
        Thread t = new Thread(this::loop, "ccsampler-clock");
        t.setDaemon(true);
        t.setPriority(Thread.MAX_PRIORITY);
        thread = t;
        t.start();
    }

    /** Stops ticking and waits for the clock thread to end. No request is sent after this returns. */
    public void stop() {
        Thread t;
        synchronized (this) {
            running = false;
            t = thread;
            thread = null;
        }
        if (t != null) {
            LockSupport.unpark(t);
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * Walks this thread's (empty) guest stack once before the first tick. The first
     * {@code iterateFrames} of a JVM initializes Truffle's stack introspection, which on the
     * optimizing runtime took 250–320 ms on the first sampled guest thread (measured on a 2-core
     * machine); here the clock thread pays it instead of the guest.
     */
    private static void warmUpStackWalk() {
        try {
            Truffle.getRuntime().iterateFrames(f -> f);
        } catch (RuntimeException e) {
            // a runtime that cannot walk here walks on the guest threads as before
        }
    }

    /** Ticks the clock could not keep. */
    public long overruns() {
        return overruns;
    }

    /** Where a failure of the clock thread is reported (once). Any thread, before {@link #start()}. */
    public void setFaultLog(FaultLog log) {
        faults = log;
    }

    /**
     * The clock thread. A failure of the clock (a bug of ours) stops sampling cleanly instead of
     * ending the thread with a stack trace: the requests of the failed tick are resolved, the
     * failure is reported once, and {@link #stop()} later finds the thread ended. A clock that
     * failed once could fail on every tick, and ticks counted but never sent would bias the
     * profile; the samples taken so far stay valid.
     */
    private void loop() {
        long started = System.nanoTime();
        long[] ticks = {0};
        try {
            run(ticks);
        } catch (Throwable t) {
            running = false;
            double after = (System.nanoTime() - started) / 1e9;
            String what = String.format("The sampling clock failed (%s) %.2f s after sampling started, after %d ticks: sampling stopped, so guest time after this is not in the profile; the samples taken before are kept.",
                            FaultLog.describe(t), after, ticks[0]);
            FaultLog f = faults;
            if (f != null) {
                f.once(FaultLog.Kind.CLOCK, () -> what);
            } else {
                System.err.println(FaultLog.PREFIX + what);
            }
        }
    }

    private void run(long[] ticks) {
        // a clock started again (sampling switched off and on) is a new thread: its CPU time
        // starts afresh; the estimate per wake is kept
        clockCpuSeen = -1;
        lastWakeNanos = 0;
        windowCpu = 0;
        windowWakes = 0;
        windowStart = 0;
        warmUpStackWalk();
        long next = System.nanoTime() + delayNanos;
        int batch = 1;
        while (running) {
            long now = System.nanoTime();
            if (now < next) {
                LockSupport.parkNanos(next - now);
                continue;
            }
            tick(now, batch);
            ticks[0] += batch;
            long p = periodNanos;
            batch = nextBatch(p, now);
            next += (batch - 1) * p + p / 2 + java.util.concurrent.ThreadLocalRandom.current().nextLong(p);
            long after = System.nanoTime();
            if (after - next > p) {
                long missed = (after - next) / p;
                overruns += missed; // single writer
                next += missed * p;
            }
        }
    }

    /** Longest time the clock sleeps over ticks that cannot be chosen ({@link #nextBatch}). */
    static final long MAX_BATCH_NANOS = 2_000_000L;

    /**
     * How many clock ticks the next wake counts: 1, or more where the cost budget thins the walks
     * so that no thread can be chosen at the ticks in between ({@link ThreadSchedule#ticksUntilChoice}),
     * at most {@link #MAX_BATCH_NANOS} of them. At 100 µs the clock woke 10 000 times a second,
     * about a tenth of a core on its own; where it sleeps over ticks it counts them at the next
     * wake, each as a tick of the thread's state then. Where the guest threads leave no core free
     * the clock also sleeps at least {@link #leastBatch} ticks, whatever the threads would choose.
     * Clock thread.
     */
    private int nextBatch(long p, long now) {
        long cap = MAX_BATCH_NANOS / Math.max(1, p);
        int least = wakeClockNanos <= 0 ? 1 : leastBatch(wakeClockNanos, budget, p, cores, java.util.concurrent.ThreadLocalRandom.current().nextDouble());
        int batch = chosenBatch(p, now, cap);
        if (least > batch) {
            stretchedWakes = stretchedWakes + 1; // single writer
            return least;
        }
        return batch;
    }

    /** {@link #nextBatch} by the threads' selection alone. Clock thread. */
    private int chosenBatch(long p, long now, long cap) {
        if (cap <= 1) {
            return 1;
        }
        double b = budget;
        long k = cap - 1;
        for (ContextEntry e : order) {
            if (e.closed) {
                continue;
            }
            for (ThreadSchedule s : e.threads) {
                k = Math.min(k, s.ticksUntilChoice(p, b, now, wakeClockNanos, anyCostNanos));
                if (k <= 0) {
                    return 1;
                }
            }
        }
        return (int) k + 1;
    }

    /**
     * The fewest ticks the clock sleeps where the guest threads leave no core free and each wake
     * costs them {@code clockNanos} of the clock's CPU time: enough that the wakes take at most
     * half the cost budget of the machine's {@code cores}, counting each wake twice, since a wake
     * that takes a core from a guest thread also costs that thread about as much again in the
     * kernel (the timer's interrupt, the switch to the clock and back: 1.1 % more of the machine
     * beside the clock's own 1.7 % on four Pace threads at 1 ms, measured with {@code perf}).
     * Each thread's selection then runs over all the ticks slept, and a thread chosen at the wake
     * carries them, so the walks the budget allows share wakes instead of each needing one: on
     * four threads at 1 ms the clock had woken at 92 % of the ticks for walks at 89 % of them
     * (docs/sampling.md, <em>Walks that share the clock's wakes</em>). The mean is {@code m = 4 ×
     * clockNanos / (budget × period × cores)}; each wake draws from [m/2, 3m/2) ({@code draw} in
     * [0, 1)), so that the wakes do not fall into step with a program's own period; 1 where
     * {@code m} is under 1.5. At most {@link #MAX_BATCH_NANOS}, as any sleep of the clock: a wake
     * costs more the rarer the wakes (about 30 µs of the clock's CPU at 300 to 900 wakes a second,
     * 110 to 185 µs at 90 to 110, its code and data no longer in the caches the guests use), so a
     * longer sleep saved little and thinned the walks to those of a period ten times as long.
     * Depends on time and the clock's cost only, never on a stack.
     */
    static int leastBatch(long clockNanos, double budget, long periodNanos, int cores, double draw) {
        long most = MAX_BATCH_NANOS / Math.max(1, periodNanos);
        if (clockNanos <= 0 || budget >= 1 || most <= 1) {
            return 1;
        }
        double m = 4.0 * clockNanos / (budget * periodNanos * Math.max(1, cores));
        if (m < 1.5) {
            return 1;
        }
        return (int) Math.max(1, Math.min(most, Math.round(m * (0.5 + draw))));
    }

    /**
     * How many of the sampled threads are runnable now (not parked, waiting or blocked, by
     * {@link Thread#getState()}, in a context or not), counted up to {@code limit}. As many as the
     * machine has cores or more: no core is left for anything else, and a runnable thread is not
     * necessarily running. A thread in several contexts is counted once: it has a schedule in
     * each, and counted twice one thread in two open contexts on 2 cores looked like two filling
     * them. Clock thread only.
     */
    private int runnableThreads(int limit) {
        Thread[] seen = runnableSeen;
        if (seen.length < limit) {
            seen = new Thread[limit];
            runnableSeen = seen;
        }
        int runnable = 0;
        for (ContextEntry e : order) {
            if (e.closed) {
                continue;
            }
            for (ThreadSchedule s : e.threads) {
                Thread t = s.thread.thread;
                if (s.thread.isEnded() || !ThreadSchedule.running(t.getState()) || counted(seen, runnable, t)) {
                    continue;
                }
                seen[runnable++] = t;
                if (runnable >= limit) {
                    break;
                }
            }
            if (runnable >= limit) {
                break;
            }
        }
        Arrays.fill(seen, 0, runnable, null); // holds no ended thread until the next wake
        return runnable;
    }

    private static boolean counted(Thread[] seen, int n, Thread t) {
        for (int i = 0; i < n; i++) {
            if (seen[i] == t) {
                return true;
            }
        }
        return false;
    }

    private void tick(long now, int n) {
        long since = lastWakeNanos;
        lastWakeNanos = now;
        long p = periodNanos;
        double b = budget;
        boolean idle = sampleIdle;
        // with idle threads sampled the profile is of wall-clock time: every thread's state counts
        SamplingSettings.CpuTime when = idle ? SamplingSettings.CpuTime.OFF : cpuTime;
        // the runnable threads leave no core free: anything else that runs then (the clock, the
        // compiler's threads, a collector, a thread of the embedder's, another process) takes its
        // core from one of them
        boolean full = runnableThreads(cores) >= cores;
        // so they are counted by CPU time there, not only where they outnumber the cores: by state,
        // the two threads that ran last of six on 2 cores got 23 % more ticks than their CPU time,
        // and two beside a busy host thread 2.7 times (docs/sampling.md, Threads that fill the
        // cores). With a core free each has one, and by state counts the time a program measures
        // of its own phases, collections and compilations included.
        boolean cpu = when == SamplingSettings.CpuTime.ON || when == SamplingSettings.CpuTime.AUTO && full;
        wakes = wakes + 1; // single writer
        measureClock(now);
        // and the clock's time is theirs there; elsewhere it has a core of its own, or shares one
        // with the compiler
        long clockNanos = full ? clockNanosPerWake : 0;
        wakeClockNanos = clockNanos;
        if (clockNanos > 0) {
            chargedWakes = chargedWakes + 1; // single writer
        }
        if (cpu) {
            cpuWakes = cpuWakes + 1;
        }
        int limit = threadsPerTick;
        long unit = tickUnitNanos;
        long units = Math.max(1, Math.round((double) p / unit));
        TickGate gate = null;
        for (ContextEntry e : order) {
            if (e.closed) {
                continue;
            }
            List<SampledThread> chosen = null;
            for (ThreadSchedule s : e.threads) {
                long own = s.thread.captureCostNanos();
                if (own > 0) {
                    anyCostNanos = own;
                }
                if (s.tick(p, b, idle, units, now, n, cpu ? unit : 0, clockNanos, anyCostNanos, since)) {
                    if (chosen == null) {
                        chosen = new ArrayList<>(e.threads.size());
                    }
                    chosen.add(s.thread);
                }
            }
            if (chosen == null) {
                continue;
            }
            if (limit > 0 && gate == null) {
                gate = new TickGate(limit);
            }
            // a thread seen outside its context between calls is asked alone: Truffle's answer to
            // a submission for it alone tells whether it was in the context (SampledThread.closeBracket)
            List<SampledThread[]> batches = new ArrayList<>(1);
            List<SampledThread> together = new ArrayList<>(chosen.size());
            for (SampledThread t : chosen) {
                if (t.countedAlone()) {
                    batches.add(new SampledThread[] {t});
                } else {
                    together.add(t);
                }
            }
            if (!together.isEmpty()) {
                batches.add(together.toArray(new SampledThread[0]));
            }
            int i = 0;
            try {
                for (; i < batches.size(); i++) {
                    send(e, batches.get(i), now, gate);
                }
            } finally {
                // the clock ends on an error (see loop); the batches not sent are not the clock's any more
                for (int j = i + 1; j < batches.size(); j++) {
                    for (SampledThread st : batches.get(j)) {
                        st.ledger.clockExit();
                    }
                }
            }
        }
    }

    /** Sends one request to {@code states}, threads of {@code e} the tick at {@code now} chose. */
    private void send(ContextEntry e, SampledThread[] states, long now, TickGate gate) {
        Thread[] threads = new Thread[states.length];
        try {
            // test only: a bug of the clock's own, which ends the clock (see loop); the chosen
            // threads' ticks wait unsent and are skipped at stop. Or a hold that opens the race below.
            FaultInjection.at(FaultInjection.Point.CLOCK);
            for (int i = 0; i < threads.length; i++) {
                threads[i] = states[i].thread;
                states[i].noteSwitches();
                states[i].noteRequestCpu(measureWaitCpu);
                long top = states[i].topNow();
                states[i].ledger.beginRequest(now, top, states[i].topGenerationNow());
            }
        } finally {
            for (SampledThread st : states) {
                st.ledger.clockExit(); // the tick's ticks are in the request (RequestLedger.clockEnter)
            }
        }
        CaptureAction action;
        try {
            action = new CaptureAction(now, states, gate);
        } catch (RuntimeException | Error ex) {
            abandon(states, now);
            throw ex; // ends the clock (see loop)
        }
        Future<Void> f;
        try {
            f = env.submitThreadLocal(e.context, threads, action);
        } catch (RuntimeException ex) {
            // refused: the context closed under us, or a thread left it; expected, not a fault
            abandon(states, now);
            return;
        } catch (Error ex) {
            abandon(states, now);
            throw ex;
        }
        if (states.length == 1) {
            states[0].closeBracket(f, now);
        }
        SampledThread.PendingRequest pr = new SampledThread.PendingRequest(now, f);
        // a thread can end (its context closing) between its tick and here, and the drain may
        // then have retired it before this request existed: nothing would ever resolve the
        // request. Full fence: either this sees the end mark, or the drain, which reads the mark
        // before the request, sees the request and resolves it.
        java.lang.invoke.VarHandle.fullFence();
        for (SampledThread t : states) {
            t.setPending(pr);
            if (t.isEnded()) {
                t.abandonRequest(now);
            }
        }
    }

    /** Resolves requests that will never be performed: each is counted once, as failed. */
    private static void abandon(SampledThread[] states, long submitNanos) {
        for (SampledThread t : states) {
            t.abandonRequest(submitNanos);
        }
    }
}
