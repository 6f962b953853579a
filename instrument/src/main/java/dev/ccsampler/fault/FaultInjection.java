package dev.ccsampler.fault;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * Test only: makes the profiler fail on purpose at a few chosen points, so that tests can check
 * what a user would see if ccsampler itself broke (issue 10). Nothing here is reachable through an
 * option or a system property: the package is not exported by the module, and the only way in is
 * {@link #arm}, which a test calls around the run it checks. Disarmed (always, outside such a test),
 * each point costs one volatile read of a null reference.
 *
 * <p>The hook is JVM-wide, not per engine: a fault armed while two engines run fires in both.
 * Tests run one at a time in their JVM and disarm with try-with-resources.
 *
 * <p>Threads: {@link #arm} and {@link Armed#close()} from the test's thread; {@link #at} and
 * {@link #fires} from whatever thread runs the point (guest, clock, drain, pusher, the thread that
 * closes the engine). Wait-free.
 */
public final class FaultInjection {

    /** Where a fault can be injected; docs/faults.md says what each one stands for. */
    public enum Point {
        /** The sampling clock's tick, on the clock thread. */
        CLOCK,
        /** Applying one record to the CC-Map, on the drain thread. */
        DRAIN,
        /** A capture, after the record's slot was claimed and before the stack walk ends: a thread failing or ending mid-walk. */
        CAPTURE,
        /** The ring: {@link #fires} makes the producer see it full. */
        RING,
        /** Each write of the run-end report to its file or to standard output. */
        REPORT,
        /** Each push of an interval profile, on the pusher thread or at engine close. */
        PUSH,
        /** A thread leaving its context ({@code onThreadDisposed}), after the sampler marked it ended; for {@link #hold}. */
        THREAD_END,
        /** A request being abandoned, after the compare-and-set resolved it and before its ticks are counted as failed; for {@link #hold}. */
        ABANDON
    }

    /** One armed point: fires on hits {@code after + 1} to {@code after + times}. */
    public static final class Armed implements AutoCloseable {
        private final Point point;
        private final long after;
        private final long times;
        private final Supplier<? extends Throwable> failure;
        private final AtomicLong hits = new AtomicLong();
        private final AtomicLong fired = new AtomicLong();
        /** For a hold: counted down when a thread stops at the point, and to let it go on; else null. */
        private final java.util.concurrent.CountDownLatch reached;
        private final java.util.concurrent.CountDownLatch released;

        private Armed(Point point, long after, long times, Supplier<? extends Throwable> failure, boolean hold) {
            this.point = point;
            this.after = after;
            this.times = times;
            this.failure = failure;
            this.reached = hold ? new java.util.concurrent.CountDownLatch(1) : null;
            this.released = hold ? new java.util.concurrent.CountDownLatch(1) : null;
        }

        /** For a hold: waits until a thread stopped at the point, at most {@code seconds}; whether one did. Test thread. */
        public boolean awaitHeld(long seconds) throws InterruptedException {
            return reached.await(seconds, java.util.concurrent.TimeUnit.SECONDS);
        }

        /** For a hold: lets the stopped thread (and any later one) go on. Test thread. */
        public void release() {
            released.countDown();
        }

        boolean hit() {
            long h = hits.incrementAndGet();
            if (h > after && h - after <= times) {
                fired.incrementAndGet();
                return true;
            }
            return false;
        }

        /** How many times the fault fired. */
        public long fired() {
            return fired.get();
        }

        /** How many times the point was reached while armed. */
        public long hits() {
            return hits.get();
        }

        /** Disarms this point (and lets a held thread go on). */
        @Override
        public void close() {
            if (released != null) {
                released.countDown();
            }
            synchronized (FaultInjection.class) {
                Armed[] a = armed;
                if (a != null && a[point.ordinal()] == this) {
                    Armed[] copy = a.clone();
                    copy[point.ordinal()] = null;
                    boolean any = false;
                    for (Armed x : copy) {
                        any |= x != null;
                    }
                    armed = any ? copy : null;
                }
            }
        }
    }

    /** Fires forever once it starts. */
    public static final long ALWAYS = Long.MAX_VALUE;

    /** The armed points by ordinal, or null when none is armed (the only state outside tests). */
    private static volatile Armed[] armed;

    private FaultInjection() {
    }

    /**
     * Test only: arms {@code point} to fail on hits {@code after + 1} to {@code after + times}
     * (counting from now), throwing what {@code failure} makes ({@link RuntimeException} or
     * {@link Error}; a {@link #fires} point ignores it). Close the result to disarm.
     */
    public static Armed arm(Point point, long after, long times, Supplier<? extends Throwable> failure) {
        return install(new Armed(point, after, times, failure, false));
    }

    /**
     * Test only: the thread that reaches {@code point} for the {@code (after + 1)}-th time stops
     * there until {@link Armed#release()} (or close), then goes on without a failure: for forcing
     * the interleaving of a race. At most one thread is held.
     */
    public static Armed hold(Point point, long after) {
        return install(new Armed(point, after, 1, null, true));
    }

    private static synchronized Armed install(Armed a) {
        Point point = a.point;
        Armed[] copy = armed == null ? new Armed[Point.values().length] : armed.clone();
        copy[point.ordinal()] = a;
        armed = copy;
        return a;
    }

    /** Test only: arms {@code point} to throw an {@link IllegalStateException} on hits {@code after + 1} to {@code after + times}. */
    public static Armed arm(Point point, long after, long times) {
        return arm(point, after, times, () -> new IllegalStateException("fault injected at " + point.name().toLowerCase(java.util.Locale.ROOT)));
    }

    /**
     * A fault point: throws the armed failure when {@code point} fires, else returns. Any thread;
     * on the guest thread it allocates nothing unless armed.
     */
    public static void at(Point point) {
        Armed[] a = armed; // volatile read: null outside tests
        if (a != null) {
            Armed x = a[point.ordinal()];
            if (x != null && x.hit()) {
                if (x.released != null) {
                    x.reached.countDown();
                    try {
                        x.released.await(); // test only: the test lets it go on
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return;
                }
                Throwable t = x.failure.get();
                if (t instanceof Error e) {
                    throw e;
                } else if (t instanceof RuntimeException r) {
                    throw r;
                }
                throw new IllegalStateException(t);
            }
        }
    }

    /** A fault point that does not throw: whether {@code point} fires at this hit. Any thread. */
    public static boolean fires(Point point) {
        Armed[] a = armed; // volatile read: null outside tests
        if (a != null) {
            Armed x = a[point.ordinal()];
            return x != null && x.hit();
        }
        return false;
    }

    /**
     * {@code out}, or when {@code point} is armed a stream that calls {@link #at} before each write
     * (the fault is then an {@link IOException} when the armed failure is one, as a full disk gives).
     */
    public static OutputStream wrap(Point point, OutputStream out) {
        Armed[] a = armed;
        if (a == null || a[point.ordinal()] == null) {
            return out;
        }
        return new FilterOutputStream(out) {
            @Override
            public void write(int b) throws IOException {
                check();
                out.write(b);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                check();
                out.write(b, off, len);
            }

            private void check() throws IOException {
                Armed[] now = armed;
                Armed x = now == null ? null : now[point.ordinal()];
                if (x != null && x.hit()) {
                    Throwable t = x.failure.get();
                    if (t instanceof IOException io) {
                        throw io;
                    } else if (t instanceof Error e) {
                        throw e;
                    }
                    throw (RuntimeException) t;
                }
            }
        };
    }
}
