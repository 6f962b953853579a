package dev.ccsampler.crosslang;

import com.oracle.truffle.tools.profiler.CPUSampler;
import com.oracle.truffle.tools.profiler.CPUSamplerData;
import com.oracle.truffle.tools.profiler.ProfilerNode;
import dev.ccsampler.CCSampler;
import dev.ccsampler.ccmap.MethodInfo;
import dev.ccsampler.ccmap.ProfileSnapshot;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The JavaScript known split (60 / 30 / 10) in steady state, profiled by ccsampler and by GraalVM's
 * CPUSampler in the same JVM, each through its embedding API: the program first warms up with the
 * profiler off (during warm-up the true split is not 6 : 3 : 1, because the three functions get
 * compiled at different times), then runs with it on at 1 ms. Both errors are measured and printed,
 * not asserted: compiled JavaScript loops that the compiler proves counted carry no safepoint poll,
 * so a sample lands at the next poll after the loop (a return, or the caller's loop) and the split
 * depends on inlining decisions and machine load (errors of 0 to 17 points for ccsampler and 9 to 30
 * for cpusampler were seen here). Reducing that bias is later work; this test keeps it measured.
 */
class CpuSamplerSideBySideTest {

    static final double[] TRUTH = {60, 30, 10};
    static final String[] NAMES = {"alpha", "beta", "gamma"};
    /** The bench workload: evaluates to a function doing 4 rounds of alpha, beta, gamma. */
    static final java.nio.file.Path WORKLOAD = java.nio.file.Path.of("..", "tools", "workloads", "known-split.js").toAbsolutePath();
    static final int WARMUP_ITERATIONS = 40;
    static final int MEASURED_ITERATIONS = 75;

    @Test
    void steadyStateKnownSplitRankedByCcsamplerAndReportedBesideCpuSampler() throws Exception {
        Source lib = Source.newBuilder("js", WORKLOAD.toFile()).build();

        Map<String, Long> ours = new HashMap<>();
        try (Engine engine = Engine.create(); Context c = Context.newBuilder("js").engine(engine).build()) {
            Value iteration = c.eval(lib);
            for (int i = 0; i < WARMUP_ITERATIONS; i++) {
                iteration.execute();
            }
            CCSampler sampler = CCSampler.find(engine);
            sampler.setPeriod(Duration.ofMillis(1));
            sampler.setCollecting(true);
            for (int i = 0; i < MEASURED_ITERATIONS; i++) {
                iteration.execute();
            }
            sampler.setCollecting(false);
            ProfileSnapshot s = sampler.takeSnapshot();
            assertTrue(s.accounting().balanced(), s.accounting().summaryLine());
            for (MethodInfo m : s.methods()) {
                ours.merge(m.name(), s.methodStats().get(m.id()).selfSum(), Long::sum);
            }
            System.out.println("ccsampler steady state: " + s.accounting().summaryLine());
        }

        // GraalVM's sampler at 1 ms now and then ends a run with no samples at all (seen in 1 of 110
        // bench processes and in runs by hand); its measurement is retried then, ours never is
        Map<String, Long> theirs = Map.of();
        for (int attempt = 1; attempt <= 3 && theirs.values().stream().mapToLong(Long::longValue).sum() == 0; attempt++) {
            if (attempt > 1) {
                System.out.println("cpusampler produced no samples; measuring it again (attempt " + attempt + ")");
            }
            theirs = cpuSamplerSelfCounts(lib);
        }

        Map<String, Double> cc = shares(ours);
        Map<String, Double> cs = shares(theirs);
        double ccErr = maxError(cc);
        double csErr = maxError(cs);
        System.out.printf("JS known split 60/30/10, steady state, 1ms: ccsampler %s (max error %.1f points, the caller's own self samples %d); cpusampler %s (max error %.1f points, caller %d)%n",
                        cc, ccErr, ours.getOrDefault("iteration", 0L), cs, csErr, theirs.getOrDefault("iteration", 0L));
        assertTrue(ours.getOrDefault("alpha", 0L) > 0 && ours.getOrDefault("beta", 0L) > 0 && ours.getOrDefault("gamma", 0L) > 0, "ccsampler saw all three functions: " + ours);
        // The errors are printed, not asserted: in JavaScript a request waits for a safepoint poll,
        // compiled counted loops have none, and where it lands depends on inlining and load (runs of
        // this test: ccsampler 3.1 to 15.0 points, cpusampler 8.9 to 25.9). What is asserted is the
        // order, whose margin is the gap between 60, 30 and 10 (worst run seen: 45.0 / 37.1 / 17.8).
        assertTrue(cc.get("alpha") > cc.get("beta") && cc.get("beta") > cc.get("gamma"), "ccsampler ranks alpha > beta > gamma: " + cc);
        assertTrue(theirs.values().stream().mapToLong(Long::longValue).sum() > 0, "cpusampler produced samples");
    }

    /** Self samples per function from GraalVM's CPUSampler over the measured iterations. */
    private static Map<String, Long> cpuSamplerSelfCounts(Source lib) {
        Map<String, Long> theirs = new HashMap<>();
        try (Engine engine = Engine.create(); Context c = Context.newBuilder("js").engine(engine).build()) {
            Value iteration = c.eval(lib);
            for (int i = 0; i < WARMUP_ITERATIONS; i++) {
                iteration.execute();
            }
            CPUSampler sampler = CPUSampler.find(engine);
            sampler.setPeriod(1);
            sampler.setCollecting(true);
            for (int i = 0; i < MEASURED_ITERATIONS; i++) {
                iteration.execute();
            }
            sampler.setCollecting(false);
            for (CPUSamplerData d : sampler.getDataList()) {
                for (Collection<ProfilerNode<CPUSampler.Payload>> roots : d.getThreadData().values()) {
                    ArrayDeque<ProfilerNode<CPUSampler.Payload>> work = new ArrayDeque<>(roots);
                    while (!work.isEmpty()) {
                        ProfilerNode<CPUSampler.Payload> n = work.pop();
                        theirs.merge(n.getRootName(), (long) n.getPayload().getSelfHitCount(), Long::sum);
                        work.addAll(n.getChildren());
                    }
                }
            }
        }
        return theirs;
    }

    static Map<String, Double> shares(Map<String, Long> self) {
        long sum = 0;
        for (String n : NAMES) {
            sum += self.getOrDefault(n, 0L);
        }
        Map<String, Double> r = new LinkedHashMap<>();
        for (String n : NAMES) {
            r.put(n, sum == 0 ? 0 : 100.0 * self.getOrDefault(n, 0L) / sum);
        }
        return r;
    }

    static double maxError(Map<String, Double> shares) {
        double e = 0;
        for (int i = 0; i < NAMES.length; i++) {
            e = Math.max(e, Math.abs(shares.get(NAMES[i]) - TRUTH[i]));
        }
        return e;
    }
}
