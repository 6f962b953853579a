package dev.ccsampler.tools;

import java.lang.management.ManagementFactory;
import java.util.List;

/**
 * Runs a guest on a thread with a big stack, as a language launcher's main thread should be: a
 * Truffle interpreter uses a few KB of Java stack per guest call, so the JVM's default 1 MB stack
 * overflows at a few hundred guest frames (GraalJS: about 600 nested calls), where Node.js allows
 * about ten thousand. The thread is named {@code main} so that profiles read as they would on the
 * process's main thread.
 *
 * <p>Not bigger than it must be: compiled guest frames are small (a JavaScript self-recursion's,
 * about 60 bytes), so once the recursion is compiled a runaway one goes as deep as the stack allows,
 * and unwinding its overflow took GraalJS about 0.1 ms a frame. With 256 MB (until 2026-11-28) a
 * program that caught a stack overflow took 25 to 130 s for each (up to 1.2 million frames), with
 * 32 MB mostly under half a second (docs/languages.md, *Stack size*).
 *
 * @since 0.1
 */
public final class GuestThread {

    /**
     * Stack of the guest thread when the JVM was given no stack size: 32 MB, reserved, not
     * committed. Enough for 15 000 nested JavaScript calls in the interpreter (Node.js: about
     * 10 000) and a 4 000-deep GraalPy recursion.
     *
     * @since 0.1
     */
    public static final long DEFAULT_STACK_BYTES = 32L << 20;

    private GuestThread() {
    }

    /**
     * Runs {@code body} on the guest thread and waits for it. An exception that escapes
     * {@code body} is thrown here (wrapped if checked), so the process fails as if the body ran on
     * the calling thread.
     *
     * @since 0.1
     */
    public static void run(Runnable body) {
        run(stackBytes(ManagementFactory.getRuntimeMXBean().getInputArguments()), body);
    }

    /**
     * Runs {@code body} on a guest thread with the given stack (0: the JVM's) and waits for it, as
     * {@link #run(Runnable)}.
     *
     * @since 0.1
     */
    public static void run(long stackBytes, Runnable body) {
        Throwable[] failure = {null};
        Thread guest = new Thread(null, () -> {
            try {
                body.run();
            } catch (Throwable t) {
                failure[0] = t;
            }
        }, "main", stackBytes);
        guest.start();
        boolean interrupted = false;
        while (true) {
            try {
                guest.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (failure[0] instanceof RuntimeException r) {
            throw r;
        }
        if (failure[0] instanceof Error e) {
            throw e;
        }
        if (failure[0] != null) {
            throw new IllegalStateException(failure[0]);
        }
    }

    /**
     * The guest thread's stack: 0 (the JVM's, so the user's choice stands) when the JVM was given
     * {@code -Xss} or {@code -XX:ThreadStackSize}, else {@link #DEFAULT_STACK_BYTES}.
     *
     * @since 0.1
     */
    public static long stackBytes(List<String> jvmArguments) {
        for (String a : jvmArguments) {
            if (a.startsWith("-Xss") || a.startsWith("-XX:ThreadStackSize=")) {
                return 0;
            }
        }
        return DEFAULT_STACK_BYTES;
    }
}
