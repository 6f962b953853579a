package dev.ccsampler.tools.jmh;

import com.oracle.truffle.api.Truffle;
import com.oracle.truffle.api.frame.FrameInstance;
import com.oracle.truffle.api.frame.FrameInstance.FrameAccess;
import com.oracle.truffle.api.frame.FrameInstanceVisitor;
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

import java.util.EnumSet;
import java.util.concurrent.TimeUnit;

/**
 * Question: where does the cost of one stack walk go? The bare {@code iterateFrames}, each
 * {@link FrameInstance} accessor on its own, the three ccsampler needs together, and a walk that
 * stops after {@value #K} frames (what an incremental walk pays when only the top frames changed),
 * on a real GraalJS stack of {@code depth} guest frames, interpreted ({@code engine.Compilation=false})
 * or compiled (warmed up until the walk sees every {@code descend} frame at tier 2).
 *
 * <p>A JavaScript function recurses {@code depth} frames deep and then calls one host
 * {@link ProxyExecutable}, which runs {@value #CAPTURES} walks there. The call site in JavaScript
 * always sees the same proxy object ({@link #dispatch}); what it runs is switched per benchmark, so
 * the compiled guest code is the same for every benchmark. {@code baseline} runs nothing there: it
 * is the cost of the descent itself, amortised over the walks. Score is per walk; subtract the
 * baseline and divide by {@code depth} for the cost per frame.
 *
 * <p>At setup the trial prints one {@code walkcost:} line: the guest frames the walk sees, how many
 * at each tier and how many are compilation roots, and the Java frames per guest frame
 * ({@link StackWalker} with hidden frames, at {@code depth} minus at depth 0, divided by
 * {@code depth}). The walk follows the host stack, so that ratio is what its cost follows.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 500, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 5, time = 500, timeUnit = TimeUnit.MILLISECONDS)
@Fork(1) // the fork inherits the launching JVM's flags: start JMH with the root pom's truffle.jvm.args (docs/bench.md)
public class WalkCostBenchmark {

    static final int CAPTURES = 10;
    static final int K = 10;
    private static final long WARMUP_LIMIT_NANOS = TimeUnit.SECONDS.toNanos(30);

    @Param({"10", "100", "1000"})
    public int depth;

    @Param({"interpreted", "compiled"})
    public String mode;

    private Context context;
    private Value descend;
    private Blackhole bh;
    /** What the host callback runs; set by each benchmark before it descends. */
    private Runnable action;

    private final ProxyExecutable dispatch = args -> {
        action.run();
        return 0;
    };

    private final Runnable nothing = () -> { };
    private final FrameInstanceVisitor<Object> bare = f -> null;
    private final FrameInstanceVisitor<Object> callTarget = f -> {
        bh.consume(f.getCallTarget());
        return null;
    };
    private final FrameInstanceVisitor<Object> callNode = f -> {
        bh.consume(f.getCallNode());
        return null;
    };
    private final FrameInstanceVisitor<Object> tier = f -> {
        bh.consume(f.getCompilationTier());
        return null;
    };
    private final FrameInstanceVisitor<Object> compilationRoot = f -> {
        bh.consume(f.isCompilationRoot());
        return null;
    };
    private final FrameInstanceVisitor<Object> needed = f -> {
        bh.consume(f.getCallTarget());
        bh.consume(f.getCallNode());
        bh.consume(f.getCompilationTier());
        return null;
    };
    private final FrameInstanceVisitor<Object> allFour = f -> {
        bh.consume(f.getCallTarget());
        bh.consume(f.getCallNode());
        bh.consume(f.getCompilationTier());
        bh.consume(f.isCompilationRoot());
        return null;
    };
    private final FrameInstanceVisitor<Object> frameReadOnly = f -> {
        bh.consume(f.getFrame(FrameAccess.READ_ONLY));
        return null;
    };

    /** Reads what ccsampler needs and stops after {@value #K} frames; the counter is reset per walk. */
    private final class FirstK implements FrameInstanceVisitor<Object> {
        int seen;

        @Override
        public Object visitFrame(FrameInstance f) {
            bh.consume(f.getCallTarget());
            bh.consume(f.getCallNode());
            bh.consume(f.getCompilationTier());
            return ++seen == K ? f : null;
        }
    }

    private final FirstK firstK = new FirstK();

    private static final StackWalker STACK =
            StackWalker.getInstance(EnumSet.of(StackWalker.Option.SHOW_HIDDEN_FRAMES, StackWalker.Option.SHOW_REFLECT_FRAMES));

    private Runnable walking(FrameInstanceVisitor<Object> visitor) {
        return () -> {
            for (int i = 0; i < CAPTURES; i++) {
                bh.consume(Truffle.getRuntime().iterateFrames(visitor));
            }
        };
    }

    private Runnable rBare, rCallTarget, rCallNode, rTier, rCompilationRoot, rNeeded, rAllFour, rFrameReadOnly;
    private final Runnable rFirstK = () -> {
        for (int i = 0; i < CAPTURES; i++) {
            firstK.seen = 0;
            bh.consume(Truffle.getRuntime().iterateFrames(firstK));
        }
    };
    private final Runnable rStackWalker = () -> {
        for (int i = 0; i < CAPTURES; i++) {
            bh.consume(STACK.walk(s -> s.count()));
        }
    };

    /** What one walk at the callback sees; filled by {@link #census()}. */
    private int guestFrames, compilationRoots, javaFrames;
    private final int[] tiers = new int[3];
    /** Call targets of the frames still at tier 0, for the setup line; the census is not measured. */
    private final StringBuilder interpretedTargets = new StringBuilder();

    private final Runnable census = () -> {
        guestFrames = 0;
        compilationRoots = 0;
        tiers[0] = tiers[1] = tiers[2] = 0;
        interpretedTargets.setLength(0);
        Truffle.getRuntime().iterateFrames(f -> {
            guestFrames++;
            tiers[f.getCompilationTier()]++;
            if (f.getCompilationTier() == 0 && interpretedTargets.length() < 200) {
                interpretedTargets.append(' ').append(f.getCallTarget());
            }
            if (f.isCompilationRoot()) {
                compilationRoots++;
            }
            return null;
        });
        javaFrames = (int) (long) STACK.walk(s -> s.count());
    };

    @Setup(Level.Trial)
    public void setUp(Blackhole blackhole) {
        bh = blackhole;
        rBare = walking(bare);
        rCallTarget = walking(callTarget);
        rCallNode = walking(callNode);
        rTier = walking(tier);
        rCompilationRoot = walking(compilationRoot);
        rNeeded = walking(needed);
        rAllFour = walking(allFour);
        rFrameReadOnly = walking(frameReadOnly);
        boolean compiled = switch (mode) {
            case "compiled" -> true;
            case "interpreted" -> false;
            default -> throw new IllegalArgumentException("Invalid mode '" + mode + "': use interpreted or compiled.");
        };
        context = Context.newBuilder("js").allowAllAccess(true)
                .option("engine.Compilation", Boolean.toString(compiled))
                .build();
        descend = context.eval("js", "(function descend(n, cb) { return n === 0 ? cb() : descend(n - 1, cb) + 0; })");
        action = nothing;
        long start = System.nanoTime();
        int calls = 0;
        if (compiled) {
            // Warm up through the same proxy the benchmarks use, until every descend frame the walk sees runs
            // in last-tier code (tier 1 alone would move to tier 2 during the measurement); the frames below
            // the outermost descend (the host-to-guest call) may stay at tier 0.
            do {
                for (int i = 0; i < 100; i++) {
                    descend.execute(depth, dispatch);
                    descend.execute(1, dispatch);
                }
                calls += 200;
                action = census;
                descend.execute(depth, dispatch);
                action = nothing;
            } while (tiers[2] < depth + 1 && System.nanoTime() - start < WARMUP_LIMIT_NANOS);
        }
        long warmupMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        action = census;
        descend.execute(0, dispatch);
        int javaFramesAtZero = javaFrames;
        descend.execute(depth, dispatch);
        action = nothing;
        System.out.printf("%nwalkcost: mode=%s depth=%d guestFrames=%d tier0=%d tier1=%d tier2=%d compilationRoots=%d"
                        + " javaFrames=%d javaFramesAtDepth0=%d javaFramesPerGuestFrame=%.2f warmupCalls=%d warmupMs=%d tier0Targets=[%s]%n",
                mode, depth, guestFrames, tiers[0], tiers[1], tiers[2], compilationRoots,
                javaFrames, javaFramesAtZero, (javaFrames - javaFramesAtZero) / (double) depth, calls, warmupMillis, interpretedTargets.toString().trim());
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        action = census;
        descend.execute(depth, dispatch);
        System.out.printf("%nwalkcost at teardown: mode=%s depth=%d guestFrames=%d tier0=%d tier1=%d tier2=%d compilationRoots=%d javaFrames=%d tier0Targets=[%s]%n",
                mode, depth, guestFrames, tiers[0], tiers[1], tiers[2], compilationRoots, javaFrames, interpretedTargets.toString().trim());
        context.close();
    }

    private Value run(Runnable r) {
        action = r;
        return descend.execute(depth, dispatch);
    }

    @Benchmark
    @OperationsPerInvocation(CAPTURES)
    public Value baseline() {
        return run(nothing);
    }

    @Benchmark
    @OperationsPerInvocation(CAPTURES)
    public Value walkBare() {
        return run(rBare);
    }

    @Benchmark
    @OperationsPerInvocation(CAPTURES)
    public Value walkCallTarget() {
        return run(rCallTarget);
    }

    @Benchmark
    @OperationsPerInvocation(CAPTURES)
    public Value walkCallNode() {
        return run(rCallNode);
    }

    @Benchmark
    @OperationsPerInvocation(CAPTURES)
    public Value walkTier() {
        return run(rTier);
    }

    @Benchmark
    @OperationsPerInvocation(CAPTURES)
    public Value walkCompilationRoot() {
        return run(rCompilationRoot);
    }

    /** Call target, call node and tier: what ccsampler records per frame. */
    @Benchmark
    @OperationsPerInvocation(CAPTURES)
    public Value walkNeeded() {
        return run(rNeeded);
    }

    @Benchmark
    @OperationsPerInvocation(CAPTURES)
    public Value walkAllFour() {
        return run(rAllFour);
    }

    @Benchmark
    @OperationsPerInvocation(CAPTURES)
    public Value walkFrameReadOnly() {
        return run(rFrameReadOnly);
    }

    /** What {@link #walkNeeded} reads, for the top {@value #K} frames only. */
    @Benchmark
    @OperationsPerInvocation(CAPTURES)
    public Value walkFirstK() {
        return run(rFirstK);
    }

    /** The JDK's own walk of the same host stack, counting frames: a reference, not a capture. */
    @Benchmark
    @OperationsPerInvocation(CAPTURES)
    public Value stackWalkerCount() {
        return run(rStackWalker);
    }
}
