package dev.ccsampler.capture;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * A thread's own CPU time, to tell a wait for a safepoint poll that the guest spent running code
 * that does not poll from one it spent not running at all (descheduled on a busy machine, stopped
 * for a garbage collection or another VM safepoint). Only the first kind is what the root probes of
 * {@code WaitedTicks=top} are attached for: a thread stopped at a VM safepoint resumes at a poll,
 * and one descheduled resumes where it was, so a late sample of either finds the stack the tick
 * found. Measured (docs/sampling.md, <em>Waits in code that does not poll</em>): in the first seconds of
 * a parser's run on 2 cores, three quarters of the time its samples waited more than a millisecond
 * was time the guest thread did not run.
 *
 * <p>
 * Where the JVM cannot measure thread CPU time (or it is switched off) every method answers -1 and
 * callers fall back to wall time.
 */
public final class ThreadCpuClock {

    private static final ThreadMXBean MX = bean();

    private ThreadCpuClock() {
    }

    private static ThreadMXBean bean() {
        try {
            ThreadMXBean b = ManagementFactory.getThreadMXBean();
            return b.isThreadCpuTimeSupported() && b.isCurrentThreadCpuTimeSupported() && b.isThreadCpuTimeEnabled() ? b : null;
        } catch (RuntimeException | LinkageError e) {
            return null; // a runtime without java.management: wall time, as before
        }
    }

    /** Whether thread CPU time can be read here. */
    public static boolean available() {
        return MX != null;
    }

    /**
     * CPU time, in nanoseconds, that {@code thread} has used so far, or -1 when unknown. Any thread
     * (the clock reads the guest's); about a microsecond, and it allocates, so never on a guest thread.
     */
    public static long of(Thread thread) {
        ThreadMXBean b = MX;
        if (b == null) {
            return -1;
        }
        try {
            return b.getThreadCpuTime(thread.threadId());
        } catch (RuntimeException e) {
            return -1;
        }
    }

    /** CPU time, in nanoseconds, the current thread has used so far, or -1 when unknown. No allocation. */
    public static long current() {
        ThreadMXBean b = MX;
        if (b == null) {
            return -1;
        }
        try {
            return b.getCurrentThreadCpuTime();
        } catch (RuntimeException e) {
            return -1;
        }
    }
}
