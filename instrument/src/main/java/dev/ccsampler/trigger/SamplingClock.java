package dev.ccsampler.trigger;

import com.oracle.truffle.api.ThreadLocalAction;
import com.oracle.truffle.api.Truffle;
import com.oracle.truffle.api.TruffleContext;
import com.oracle.truffle.api.instrumentation.TruffleInstrument;
import dev.ccsampler.capture.SampledThread;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Future;
import java.util.concurrent.locks.LockSupport;

/**
 * The only thread that decides when and whom to sample. Every period it sends one
 * {@link ThreadLocalAction} per live polyglot context to the context's threads that have no request
 * outstanding; the action runs on each guest thread at its next safepoint poll and captures there.
 *
 * <p>Ticks are jittered: each interval is drawn uniformly from [period/2, 3·period/2), so the mean
 * rate is the period's but guest code that runs in cycles of about the period (or a multiple of it)
 * cannot alias with the clock and be sampled at the same phase again and again.
 *
 * <p>The clock never waits for a guest thread: a thread that has not reached a safepoint since the
 * last tick keeps its one outstanding request (it will be captured late, with its latency recorded)
 * and the tick is counted as skipped for it. Ticks the clock itself could not keep (it was
 * descheduled for more than a period) are counted in {@link #overruns()} and not made up.
 */
public final class SamplingClock {

    /** A polyglot context and its sampled threads. */
    public static final class ContextEntry {
        final TruffleContext context;
        final int id;
        final CopyOnWriteArrayList<SampledThread> threads = new CopyOnWriteArrayList<>();
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
    private volatile long periodNanos;
    private volatile long delayNanos;
    private volatile boolean running;
    private volatile Thread thread;
    private volatile long overruns;

    public SamplingClock(TruffleInstrument.Env env, long periodNanos) {
        this.env = env;
        this.periodNanos = periodNanos;
    }

    public void setPeriodNanos(long p) {
        periodNanos = p;
    }

    public long periodNanos() {
        return periodNanos;
    }

    public void setDelayNanos(long d) {
        delayNanos = d;
    }

    /** Registers a context; returns its entry (idempotent). */
    public ContextEntry context(TruffleContext c) {
        return contexts.computeIfAbsent(c, k -> {
            ContextEntry e = new ContextEntry(k, order.size());
            order.add(e);
            return e;
        });
    }

    /** Marks a context closed; it is no longer sampled. */
    public void contextClosed(TruffleContext c) {
        ContextEntry e = contexts.get(c);
        if (e != null) {
            e.closed = true;
        }
    }

    /** Adds a thread to its context's sampled set. */
    public void addThread(ContextEntry e, SampledThread t) {
        e.threads.add(t);
    }

    /** Removes a thread from its context's sampled set. */
    public void removeThread(TruffleContext c, Thread t) {
        ContextEntry e = contexts.get(c);
        if (e != null) {
            for (SampledThread st : e.threads) {
                if (st.thread == t) {
                    e.threads.remove(st);
                    st.markEnded();
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
     * machine, probably waiting for the compiler's background initialization); here the clock
     * thread pays it instead of the guest, and the first samples come that much later.
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
        for (ContextEntry e : order) {
            if (e.closed) {
                continue;
            }
            List<SampledThread> chosen = null;
            for (SampledThread t : e.threads) {
                if (t.beginRequest(now)) {
                    if (chosen == null) {
                        chosen = new ArrayList<>(e.threads.size());
                    }
                    chosen.add(t);
                }
            }
            if (chosen == null) {
                continue;
            }
            Thread[] threads = new Thread[chosen.size()];
            SampledThread[] states = chosen.toArray(new SampledThread[0]);
            for (int i = 0; i < threads.length; i++) {
                threads[i] = states[i].thread;
            }
            Future<Void> f;
            try {
                f = env.submitThreadLocal(e.context, threads, new SampleAction(now, states));
            } catch (RuntimeException ex) {
                // the context closed under us: these requests will never be performed
                for (SampledThread t : states) {
                    t.abandonRequest(now);
                }
                continue;
            }
            SampledThread.PendingRequest p = new SampledThread.PendingRequest(now, f);
            for (SampledThread t : states) {
                t.setPending(p);
            }
        }
    }

    /** One tick's request to the threads of one context. */
    private static final class SampleAction extends ThreadLocalAction {
        private final long submitNanos;
        private final SampledThread[] states;

        SampleAction(long submitNanos, SampledThread[] states) {
            super(false, false);
            this.submitNanos = submitNanos;
            this.states = states;
        }

        /** Runs on the guest thread: finds its state by identity (no hashing) and captures. */
        @Override
        protected void perform(Access access) {
            Thread me = access.getThread();
            for (SampledThread t : states) {
                if (t.thread == me) {
                    t.capture(submitNanos);
                    return;
                }
            }
        }
    }
}
