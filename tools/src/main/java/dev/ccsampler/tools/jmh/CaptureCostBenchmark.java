package dev.ccsampler.tools.jmh;

import com.oracle.truffle.api.Truffle;
import com.oracle.truffle.api.frame.FrameInstance;
import com.oracle.truffle.api.frame.FrameInstanceVisitor;
import dev.ccsampler.capture.SampledThread;
import dev.ccsampler.queue.SampleRecord;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.proxy.ProxyExecutable;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

import java.util.concurrent.TimeUnit;

/**
 * Question: what does one capture cost on a real guest stack, and how much of it is the bare
 * Truffle frame walk? A JavaScript function recurses {@code depth} frames deep and then calls back
 * into the host, which runs {@value #CAPTURES} captures there. Three variants on the same stack:
 * <ul>
 * <li>{@code baseline}: the callback does nothing (cost of getting there, amortised);</li>
 * <li>{@code iterateFrames}: {@code Truffle.getRuntime().iterateFrames} with a visitor that only
 * reads the call target (the floor any stack sampler pays);</li>
 * <li>{@code sampledThread}: ccsampler's {@link SampledThread#capture} (a full walk: no call depth marks) (request, walk into the
 * preallocated record, publish) followed by the drain side's release of the record.</li>
 * </ul>
 * Score is per capture; divide by {@code depth} for the cost per frame.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1) // the fork inherits the launching JVM's flags: start JMH with the root pom's truffle.jvm.args (docs/bench.md)
public class CaptureCostBenchmark {

    static final int CAPTURES = 100;

    @Param({"10", "100"})
    public int depth;

    private Context context;
    private Value descend;
    private SampledThread sampled;
    private Blackhole bh;

    private final ProxyExecutable nothing = args -> 0;
    private final FrameInstanceVisitor<Object> readTarget = (FrameInstance f) -> {
        bh.consume(f.getCallTarget());
        return null;
    };
    private final ProxyExecutable walk = args -> {
        for (int i = 0; i < CAPTURES; i++) {
            Truffle.getRuntime().iterateFrames(readTarget);
        }
        return 0;
    };
    private final ProxyExecutable capture = args -> {
        for (int i = 0; i < CAPTURES; i++) {
            long now = System.nanoTime();
            sampled.ledger.tick(false, 1);
            sampled.ledger.beginRequest(now);
            sampled.capture(now, null);
            SampleRecord r = sampled.ring.peek();
            if (r != null) {
                bh.consume(r.depth);
                sampled.ring.release();
            }
        }
        return 0;
    };

    @Setup(Level.Trial)
    public void setUp(Blackhole blackhole) {
        bh = blackhole;
        context = Context.newBuilder("js").allowAllAccess(true).build();
        descend = context.eval("js", "(function descend(n, cb) { return n === 0 ? cb() : descend(n - 1, cb) + 0; })");
        sampled = new SampledThread(Thread.currentThread(), 0, 16, 10_000);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        context.close();
    }

    @Benchmark
    @OperationsPerInvocation(CAPTURES)
    public Value baseline() {
        return descend.execute(depth, nothing);
    }

    @Benchmark
    @OperationsPerInvocation(CAPTURES)
    public Value iterateFrames() {
        return descend.execute(depth, walk);
    }

    @Benchmark
    @OperationsPerInvocation(CAPTURES)
    public Value sampledThread() {
        return descend.execute(depth, capture);
    }
}
