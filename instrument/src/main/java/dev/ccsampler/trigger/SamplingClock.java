package dev.ccsampler.trigger;

import com.oracle.truffle.api.Truffle;
import com.oracle.truffle.api.TruffleContext;
import com.oracle.truffle.api.instrumentation.TruffleInstrument;
import dev.ccsampler.capture.CaptureAction;
import dev.ccsampler.capture.SampledThread;
import dev.ccsampler.capture.TickGate;

import java.util.ArrayList;
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
    private volatile boolean running;
    private volatile Thread thread;
    private volatile long overruns;
    private long seed = 0x5DEECE66DL;

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
     */
    public void contextClosed(TruffleContext c) {
        ContextEntry e = contexts.remove(c);
        if (e != null) {
            e.closed = true;
            order.remove(e);
            for (ThreadSchedule s : e.threads) {
                s.thread.markEnded();
            }
            e.threads.clear();
        }
    }

    /** Adds a thread to its context's sampled set. */
    public synchronized void addThread(ContextEntry e, SampledThread t) {
        e.threads.add(new ThreadSchedule(t, seed++ * 0x9E3779B97F4A7C15L));
    }

    /** Removes a thread from its context's sampled set. */
    public void removeThread(TruffleContext c, Thread t) {
        ContextEntry e = contexts.get(c);
        if (e != null) {
            for (ThreadSchedule s : e.threads) {
                if (s.thread.thread == t) {
                    e.threads.remove(s);
                    s.thread.markEnded();
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

    private void loop() {
        warmUpStackWalk();
        long next = System.nanoTime() + delayNanos;
        while (running) {
            long now = System.nanoTime();
            if (now < next) {
                LockSupport.parkNanos(next - now);
                continue;
            }
            tick(now);
            long p = periodNanos;
            next += p / 2 + java.util.concurrent.ThreadLocalRandom.current().nextLong(p);
            long after = System.nanoTime();
            if (after - next > p) {
                long missed = (after - next) / p;
                overruns += missed; // single writer
                next += missed * p;
            }
        }
    }

    private void tick(long now) {
        long p = periodNanos;
        double b = budget;
        boolean idle = sampleIdle;
        int limit = threadsPerTick;
        long units = Math.max(1, Math.round((double) p / tickUnitNanos));
        TickGate gate = null;
        for (ContextEntry e : order) {
            if (e.closed) {
                continue;
            }
            List<SampledThread> chosen = null;
            for (ThreadSchedule s : e.threads) {
                if (s.tick(p, b, idle, units)) {
                    if (chosen == null) {
                        chosen = new ArrayList<>(e.threads.size());
                    }
                    chosen.add(s.thread);
                }
            }
            if (chosen == null) {
                continue;
            }
            SampledThread[] states = chosen.toArray(new SampledThread[0]);
            Thread[] threads = new Thread[states.length];
            for (int i = 0; i < threads.length; i++) {
                threads[i] = states[i].thread;
                states[i].ledger.beginRequest(now);
            }
            if (limit > 0 && gate == null) {
                gate = new TickGate(limit);
            }
            Future<Void> f;
            try {
                f = env.submitThreadLocal(e.context, threads, new CaptureAction(now, states, gate));
            } catch (RuntimeException ex) {
                // the context closed under us: these requests will never be performed
                for (SampledThread t : states) {
                    t.abandonRequest(now);
                }
                continue;
            }
            SampledThread.PendingRequest pr = new SampledThread.PendingRequest(now, f);
            for (SampledThread t : states) {
                t.setPending(pr);
            }
        }
    }
}
