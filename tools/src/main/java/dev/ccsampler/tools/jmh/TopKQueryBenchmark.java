package dev.ccsampler.tools.jmh;

import dev.ccsampler.ccmap.live.CCMap;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Question: how long does a top-k query take on a large CC-Map, and does it depend on k only (the
 * design promises O(k) from the sorted hot lists) rather than on the map's size? The map is built
 * once from 100 000 synthetic samples of depth 20 over 5 000 methods; {@code contextNodes} is
 * printed at setup. Baseline: {@code contextNodeCount()}, an O(1) read under the same monitor
 * (the floor of any query: taking the lock).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1) // the fork inherits the launching JVM's flags
public class TopKQueryBenchmark {

    @Param({"10", "100"})
    public int k;

    private CCMap map;

    @Setup(Level.Trial)
    public void setUp() {
        map = new CCMap();
        SyntheticStacks s = new SyntheticStacks(map, 5000, 8, 100_000, 20, 7);
        for (int i = 0; i < 100_000; i++) {
            s.apply(map, i);
        }
        System.out.println("TopKQueryBenchmark: contextNodes=" + map.contextNodeCount());
    }

    @Benchmark
    public List<CCMap.MethodProfile> hotMethods() {
        return map.hotMethods(k);
    }

    @Benchmark
    public List<CCMap.Callee> hotEdges() {
        return map.hotEdges(k);
    }

    @Benchmark
    public int baselineNodeCount() {
        return map.contextNodeCount();
    }
}
