package dev.ccsampler.tools.jmh;

import dev.ccsampler.ccmap.live.CCMap;
import dev.ccsampler.queue.SampleRecord;
import dev.ccsampler.queue.SpscSampleRing;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * Question: how many samples per second can the drain side apply to the CC-Map, at stack depth
 * 10 and 100, and how many does a producer lose to a full {@link SpscSampleRing} when it writes as
 * fast as it can?
 * <ul>
 * <li>{@code applyOnly}: {@link CCMap#apply} alone on pre-interned ids (the CC-Map update cost);</li>
 * <li>group {@code ring}: one producer thread fills records (frames as boxed ids, standing in for
 * call targets; interning is not measured here) and publishes them; one consumer thread peeks,
 * converts, applies to the CC-Map and releases. {@code produced}, {@code dropped} and
 * {@code applied} are {@link AuxCounters}: the consumer's {@code applied} rate is the drain
 * throughput; {@code dropped} counts claims refused by the full ring, so with a producer that
 * never waits it is the producer's spin rate, and {@code dropped / (produced + dropped)} is the
 * share a burst would lose. The group's primary score counts every call of both methods,
 * including empty polls, and means nothing on its own: read the counters.</li>
 * </ul>
 * On a 2-core machine the two group threads share the cores with JMH's own threads; say so next to
 * any figure.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1) // the fork inherits the launching JVM's flags
public class DrainThroughputBenchmark {

    static final int STACKS = 4096;

    /** The CC-Map and the stacks, shared by the producer and consumer of a group. */
    @State(Scope.Group)
    public static class Shared {
        @Param({"10", "100"})
        public int depth;
        CCMap map;
        SyntheticStacks stacks;
        Integer[] boxed;
        SpscSampleRing ring;

        @Setup(Level.Trial)
        public void setUp() {
            map = new CCMap();
            stacks = new SyntheticStacks(map, 500, 4, STACKS, depth, 42);
            boxed = new Integer[500];
            for (int i = 0; i < boxed.length; i++) {
                boxed[i] = i;
            }
            ring = new SpscSampleRing(128, depth);
        }
    }

    /** Producer-side counters, reset per iteration by JMH. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class ProducerCounters {
        public long produced;
        public long dropped;
        int next;
    }

    /** Consumer-side counters. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class ConsumerCounters {
        public long applied;
        int[] methodIds = new int[128];
        int[] siteIds = new int[128];
        byte[] tiers = new byte[128];
    }

    /** Next stack of {@code applyOnly} (no counters: its score is the samples per second). */
    @State(Scope.Thread)
    public static class Cursor {
        int next;
    }

    @Benchmark
    @Group("applyOnly") // a one-thread group, so it can use the group-scoped map
    @GroupThreads(1)
    public int applyOnly(Shared s, Cursor c) {
        int k = c.next++ & (STACKS - 1);
        s.stacks.apply(s.map, k);
        return k;
    }

    @Benchmark
    @Group("ring")
    @GroupThreads(1)
    public boolean producer(Shared s, ProducerCounters c) {
        SampleRecord r = s.ring.claim();
        if (r == null) {
            c.dropped++;
            return false;
        }
        int k = c.next++ & (STACKS - 1);
        int[] ids = s.stacks.methodIds[k];
        r.ensureCapacity(s.depth);
        for (int i = 0; i < s.depth; i++) {
            r.targets[i] = s.boxed[ids[i]];
            r.callNodes[i] = null;
            r.tiers[i] = 0;
        }
        r.depth = s.depth;
        r.submitNanos = k; // carries the stack index to the consumer (call sites are not in the record)
        s.ring.publish();
        c.produced++;
        return true;
    }

    @Benchmark
    @Group("ring")
    @GroupThreads(1)
    public boolean consumer(Shared s, ConsumerCounters c) {
        SampleRecord r = s.ring.peek();
        if (r == null) {
            return false;
        }
        int d = r.depth;
        for (int i = 0; i < d; i++) {
            c.methodIds[i] = (Integer) r.targets[i];
        }
        int[] sites = s.stacks.callSiteIds[(int) r.submitNanos];
        s.ring.release();
        s.map.apply(0, 1L, "main", d, c.methodIds, sites, c.tiers);
        c.applied++;
        return true;
    }
}
