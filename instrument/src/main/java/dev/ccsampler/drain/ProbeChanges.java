package dev.ccsampler.drain;

import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

import dev.ccsampler.fault.FaultLog;

/**
 * Where the probes are attached, woken and detached when a rule of the drain loop asks for it: the
 * daemon thread {@code ccsampler-probes}, one change at a time, in the order asked, so that the
 * drain thread goes on emptying the rings meanwhile.
 *
 * <p>
 * Attaching a binding makes Truffle visit every root the language has loaded, and disposing one
 * every node it instrumented: on TruffleRuby, whose core library is some thousands of roots loaded
 * at start-up, one attachment took the drain thread away for a second or more. The rings filled
 * (128 samples: 128 ms at 1 ms) and every later sample of that time was dropped; and since the
 * deep-stack rule attaches the probes while a deep stack runs, the dropped samples were the deep
 * phase's (a three-phase Ruby program: its deep phase 26 % of the ticks against 45 % by its own
 * clock at 1 ms, 2 204 of 19 322 ticks dropped; docs/sampling.md, <em>Probes attached beside the
 * drain</em>). Here the drain thread only asks.
 *
 * <p>
 * The changes take the sampler's probe lock, never the CC-Map's monitor while they call into
 * Truffle, and check under that lock that sampling still runs: a change still waiting when sampling
 * stops is made first ({@link #stop}).
 *
 * @since 0.5
 */
final class ProbeChanges {

    /** How long {@link #stop} waits, at most, for the changes asked for (each an attachment of a binding, seconds on TruffleRuby). */
    private static final long STOP_WAIT_NANOS = TimeUnit.SECONDS.toNanos(30);

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    /** The changes asked for and not yet started. Guarded by {@link #lock}. */
    private final ArrayDeque<Runnable> queue = new ArrayDeque<>();
    /** The thread, while it runs; null before the first change and after {@link #stop}. Guarded by {@link #lock}. */
    private Thread thread;
    /** Whether a change runs now. Guarded by {@link #lock}. */
    private boolean busy;
    /** Where a change that throws is reported, once; null for nowhere. */
    private volatile FaultLog faults;

    void setFaultLog(FaultLog log) {
        faults = log;
    }

    /** Runs {@code change} on {@code ccsampler-probes} after the changes asked before it; starts the thread if need be. Any thread. */
    void ask(Runnable change) {
        lock.lock();
        try {
            queue.add(change);
            if (thread == null) {
                Thread t = new Thread(this::loop, "ccsampler-probes");
                t.setDaemon(true);
                thread = t;
                t.start();
            }
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    private void loop() {
        Thread self = Thread.currentThread();
        while (true) {
            Runnable next;
            lock.lock();
            try {
                while (queue.isEmpty() && thread == self) {
                    changed.awaitUninterruptibly();
                }
                if (thread != self) {
                    return;
                }
                next = queue.poll();
                busy = true;
            } finally {
                lock.unlock();
            }
            try {
                next.run();
            } catch (RuntimeException | Error e) {
                FaultLog f = faults;
                if (f != null) {
                    f.once(FaultLog.Kind.PROBES, () -> "A change of the probes failed (" + FaultLog.describe(e)
                                    + "); sampling goes on with the probes as they were. Further failures are not reported.");
                }
            } finally {
                lock.lock();
                try {
                    busy = false;
                    changed.signalAll();
                } finally {
                    lock.unlock();
                }
            }
        }
    }

    /**
     * Waits for the changes asked for to be made, at most {@value #STOP_WAIT_NANOS} ns in all (a
     * rule that fired before the stop is as good as it was: the deep-stack rule asks once per set of
     * roots), then ends the thread; what is left then is dropped. A later {@link #ask} starts a new
     * thread. Any thread.
     */
    void stop() {
        lock.lock();
        try {
            long left = STOP_WAIT_NANOS;
            while ((busy || !queue.isEmpty()) && thread != null && left > 0) {
                try {
                    left = changed.awaitNanos(left);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
            queue.clear();
            thread = null;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }
}
