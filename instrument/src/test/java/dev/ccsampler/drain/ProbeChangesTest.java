package dev.ccsampler.drain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

import org.graalvm.polyglot.Engine;
import org.junit.jupiter.api.Test;

import com.oracle.truffle.api.RootCallTarget;

import dev.ccsampler.capture.FrameTier;
import dev.ccsampler.capture.RequestLedger;
import dev.ccsampler.capture.SampledThread;
import dev.ccsampler.ccmap.live.CCMap;
import dev.ccsampler.fault.FaultLog;
import dev.ccsampler.queue.SampleRecord;

/**
 * The probes that a rule of the drain loop asks for are changed beside the drain ({@link
 * ProbeChanges}): attaching a binding took Truffle a second or more on TruffleRuby, and while the
 * drain thread did it the rings filled and the samples of that second were dropped.
 */
class ProbeChangesTest {

    private static final long PERIOD = 1_000_000L;

    /** Publishes one sample that waited two periods running compiled code; false when the ring was full. */
    private static boolean publishLate(SampledThread t, RootCallTarget target) {
        SampleRecord r = t.ring.claim();
        if (r == null) {
            return false;
        }
        r.ensureCapacity(2);
        r.depth = 2;
        r.targets[0] = target;
        r.targets[1] = target;
        r.tiers[0] = FrameTier.LAST;
        r.tiers[1] = FrameTier.LAST;
        r.weight = 1;
        r.submitNanos = 1_000L;
        r.captureNanos = 1_000L + 2 * PERIOD;
        r.waitCpuNanos = 2 * PERIOD;
        r.places = 0;
        r.walkNanos = 0;
        t.ring.publish();
        return true;
    }

    /**
     * Runs a drain thread whose late-samples rule calls {@code action}, and feeds it late samples,
     * one a millisecond, until the rule fired and {@code after} more; returns how many of those
     * found the ring (64 samples) full.
     */
    private static int drainWhile(Consumer<String> action, CountDownLatch fired, int after, FaultLog faults, Runnable beforeStop) throws InterruptedException {
        try (Engine engine = Engine.create()) { // initialises the Truffle runtime the call targets need
            RootCallTarget target = new PlacementTest.Named("loop").getCallTarget();
            FrameFilter all = new FrameFilter(WildcardFilter.compile(""), WildcardFilter.compile(""), WildcardFilter.compile(""), true);
            Drainer d = new Drainer(new CCMap(), all, PERIOD);
            d.setFaultLog(faults);
            d.onLateSamples(action);
            SampledThread t = new SampledThread(Thread.currentThread(), 0, 64, 128, null, false, RequestLedger.Waited.SKIP);
            d.register(t);
            d.start();
            int full = 0;
            try {
                for (int i = 0; i < 2_000 && fired.getCount() > 0; i++) {
                    publishLate(t, target);
                    Thread.sleep(1);
                }
                assertTrue(fired.await(10, TimeUnit.SECONDS), "the late-samples rule fired");
                for (int i = 0; i < after; i++) {
                    if (!publishLate(t, target)) {
                        full++;
                    }
                    Thread.sleep(1);
                }
                beforeStop.run();
            } finally {
                d.stop();
            }
            return full;
        }
    }

    @Test
    void theDrainGoesOnWhileARuleAttachesProbes() throws Exception {
        CountDownLatch fired = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicReference<String> ranOn = new AtomicReference<>();
        AtomicBoolean finished = new AtomicBoolean();
        AtomicBoolean finishedEarly = new AtomicBoolean();
        // the action stands for Truffle's attachment of a binding: it holds on until 300 more samples
        // came, a third of a second, five rings' worth; on the drain thread, as before 2026-12-05,
        // the ring filled after 64 of them
        int full = drainWhile(why -> {
            ranOn.set(Thread.currentThread().getName());
            fired.countDown();
            try {
                release.await(20, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            finished.set(true);
        }, fired, 300, null, () -> {
            finishedEarly.set(finished.get());
            release.countDown();
        });
        assertEquals(0, full, "samples found the ring full while the probes were being attached");
        assertEquals("ccsampler-probes", ranOn.get());
        assertFalse(finishedEarly.get(), "the change held on while the samples came");
        assertTrue(finished.get(), "stopping the drain waits for a change under way");
    }

    @Test
    void aChangeThatThrowsIsReportedOnceAndTheDrainGoesOn() throws Exception {
        CountDownLatch fired = new CountDownLatch(1);
        List<String> lines = new CopyOnWriteArrayList<>();
        FaultLog faults = new FaultLog(lines::add);
        int full = drainWhile(why -> {
            fired.countDown();
            throw new IllegalStateException("attachment refused");
        }, fired, 150, faults, () -> {
        });
        assertEquals(0, full);
        assertEquals(1, lines.size(), () -> "one line: " + lines);
        assertTrue(lines.get(0).contains("A change of the probes failed (IllegalStateException: attachment refused)"), lines::toString);
    }
}
