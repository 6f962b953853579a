package dev.ccsampler.crosslang;

import dev.ccsampler.capture.SampledThread;
import dev.ccsampler.queue.SampleRecord;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.util.function.IntUnaryOperator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Invariant 3: the capture path allocates nothing per sample in steady state. A JavaScript program
 * 30 frames deep calls into Java, which captures the guest stack 20 000 times with the real
 * {@link SampledThread#capture(long, dev.ccsampler.capture.TickGate)} (the drain side releases each record), reading the thread's
 * allocated bytes around the loop. Truffle's own frame iteration may allocate (its FrameInstance
 * objects), so the same loop with an empty {@code iterateFrames} visitor is the baseline; what
 * capture adds on top must be zero.
 */
class CaptureAllocationTest {

    private static long allocated() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
    }

    @Test
    void captureAddsNoAllocationPerSample() {
        int n = 10_000; // 20 000 until 2026-12-04: 19 s of the suite; the third round still starts after 20 000 captures
        long[] result = new long[4];
        try (Context c = Context.newBuilder("js").allowAllAccess(true).build()) {
            IntUnaryOperator probe = mode -> {
                SampledThread t = new SampledThread(Thread.currentThread(), 0, 8, 10000);
                // warm up: slots reach their steady size, the code gets compiled
                for (int round = 0; round < 3; round++) {
                    long a0 = allocated();
                    for (int i = 0; i < n; i++) {
                        com.oracle.truffle.api.Truffle.getRuntime().iterateFrames(f -> null);
                    }
                    long a1 = allocated();
                    for (int i = 1; i <= n; i++) {
                        t.ledger.tick(false, 1);
                        t.ledger.beginRequest(i);
                        t.capture(i, null);
                        SampleRecord r = t.ring.peek();
                        if (r == null || r.depth < 30) {
                            throw new AssertionError("capture did not record the stack: " + (r == null ? "no record" : r.depth + " frames"));
                        }
                        t.ring.release();
                    }
                    long a2 = allocated();
                    result[0] = a1 - a0;
                    result[1] = a2 - a1;
                    result[2] = t.ledger.requests();
                    result[3] = t.ledger.dropped() + t.ledger.failed();
                }
                return 0;
            };
            c.getBindings("js").putMember("probe", probe);
            Value fn = c.eval("js", "(function deep(d) { return d == 0 ? probe.applyAsInt(0) : deep(d - 1); })");
            fn.execute(30);
        }
        long baseline = result[0];
        long capture = result[1];
        double extraPerSample = (capture - baseline) / (double) n;
        System.out.printf("allocation over %d samples 30 frames deep: empty walk %d bytes, capture %d bytes, capture adds %.2f bytes/sample%n", n, baseline, capture, extraPerSample);
        assertEquals(0, result[3], "no sample dropped or failed");
        assertTrue(extraPerSample < 1.0, "capture allocates " + extraPerSample + " bytes per sample beyond Truffle's frame iteration");
    }
}
