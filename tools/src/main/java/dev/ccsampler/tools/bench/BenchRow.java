package dev.ccsampler.tools.bench;

import dev.ccsampler.ccmap.Accounting;
import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.report.JsonProfileReader;
import dev.ccsampler.tools.compare.Cct;
import dev.ccsampler.tools.compare.CompareResult;
import dev.ccsampler.tools.compare.Comparison;
import dev.ccsampler.tools.compare.Frame;
import dev.ccsampler.tools.compare.ProfileFormat;
import dev.ccsampler.tools.compare.ProfileReadException;
import dev.ccsampler.tools.compare.ProfileReaders;
import dev.ccsampler.tools.compare.SnapshotAdapter;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The figures of one (workload, configuration) cell, each a median over the configuration's
 * processes; {@code NaN} where a figure does not apply or could not be computed (a note says why).
 *
 * @param workload workload id
 * @param config configuration label
 * @param runs processes that finished normally
 * @param failed processes that did not
 * @param stillWarming processes whose iterations had not levelled off ({@link GuestRun#levelled()})
 * @param steadyMs median over processes of each process's steady-state iteration ({@link GuestRun#steadyNanos()}: a trimmed mean of its last third), ms
 * @param warmupMs median over processes of each process's summed warm-up iterations, ms
 * @param steadyRatio {@code steadyMs / steadyMs(none)}
 * @param warmupRatio {@code warmupMs / warmupMs(none)}
 * @param pairedSteadyRatio median over rounds of steady(this, round) / steady(none, same round): the two
 *            processes of a pair ran next to each other, so a change of machine load between rounds
 *            cancels out (a robustness check on {@code steadyRatio}, not a replacement)
 * @param samples median samples per process (ccsampler: applied; cpusampler: self hits)
 * @param latencyP50Us ccsampler submit→capture p50, µs (cpusampler reports none)
 * @param latencyP99Us ccsampler p99, µs
 * @param latePerK late samples per 1 000 requested
 * @param missedPerK dropped + failed per 1 000 requested
 * @param skippedPerK ticks carried by no sample per 1 000 requested ticks
 * @param walkedPerSample ccsampler: frames its walks visited per sample (incremental walks stop early)
 * @param framesPerSample ccsampler: frames of the sampled stacks per sample (walked plus reused)
 * @param steadyWalkedPercent ccsampler: frames walked per frame of the sampled stacks, in percent,
 *            in the last third of each process's iterations ({@link GuestRun#steadyWalkedPercent()})
 * @param steadySamples ccsampler: median samples per process in that last third
 * @param splitErrorPoints max abs error of a known-split function's self share, percentage points
 * @param splitNoisePoints the standard deviation sampling alone gives that share, in points ({@link #splitNoise})
 * @param overlap degree of overlap with the exhaustive tree (names only)
 * @param hotCover share of the exhaustive tree's hot edges (T = 0.1) that are hot in the profile
 * @param runToRun Pearson of per-function self counts between the first two processes
 * @param runToRunNoise the Pearson that sampling noise alone leaves between two profiles of those two
 *            processes' sizes drawn from one distribution ({@link #runToRunNoise}): where
 *            {@code runToRun} is far below it, the processes ran differently (a warm-up of other
 *            length or shape), not only sampled differently
 * @since 0.1
 */
public record BenchRow(String workload, String config, int runs, int failed, int stillWarming, double steadyMs, double warmupMs, double steadyRatio, double warmupRatio,
                double pairedSteadyRatio, double samples, double latencyP50Us, double latencyP99Us, double latePerK, double missedPerK, double skippedPerK,
                double walkedPerSample, double framesPerSample, double steadyWalkedPercent, double steadySamples, double splitErrorPoints, double splitNoisePoints, double overlap, double hotCover, double runToRun,
                double runToRunNoise) {

    static BenchRow of(Workload w, ProfilerConfig c, List<GuestRun> all, List<GuestRun> baseline, GuestRun trace, List<String> notes) {
        List<GuestRun> ok = all.stream().filter(GuestRun::ok).toList();
        double steady = Stats.median(ok.stream().map(r -> (double) r.steadyNanos() / 1e6).toList());
        double warm = Stats.median(ok.stream().map(r -> r.warmupNanos() < 0 ? Double.NaN : r.warmupNanos() / 1e6).toList());
        List<GuestRun> base = baseline.stream().filter(GuestRun::ok).toList();
        double baseSteady = Stats.median(base.stream().map(r -> (double) r.steadyNanos() / 1e6).toList());
        double baseWarm = Stats.median(base.stream().map(r -> r.warmupNanos() < 0 ? Double.NaN : r.warmupNanos() / 1e6).toList());

        List<Double> paired = new ArrayList<>();
        for (GuestRun r : ok) {
            base.stream().filter(b -> b.round() == r.round()).findFirst().ifPresent(b -> paired.add((double) r.steadyNanos() / b.steadyNanos()));
        }
        List<Double> samples = new ArrayList<>();
        List<Double> p50 = new ArrayList<>();
        List<Double> p99 = new ArrayList<>();
        List<Double> late = new ArrayList<>();
        List<Double> missed = new ArrayList<>();
        List<Double> skipped = new ArrayList<>();
        List<Double> walked = new ArrayList<>();
        List<Double> frames = new ArrayList<>();
        List<Double> steadyWalked = new ArrayList<>();
        List<Double> steadySamples = new ArrayList<>();
        List<Double> split = new ArrayList<>();
        List<Double> splitNoise = new ArrayList<>();
        List<Double> overlap = new ArrayList<>();
        List<Double> cover = new ArrayList<>();
        List<Cct> trees = new ArrayList<>();
        List<Long> drawn = new ArrayList<>();
        Cct reference = trace != null && trace.ok() ? read(trace, ProfileFormat.CCTRACER, notes) : null;
        if (c.profiler() != ProfilerConfig.Profiler.NONE && trace != null && reference == null) {
            notes.add(w.id() + ": no exhaustive tree (tracer run failed, see " + trace.log() + "); overlap and hot-edge coverage are n/a.");
        }
        for (GuestRun r : ok) {
            ProfileSnapshot snap = null;
            if (c.profiler() == ProfilerConfig.Profiler.CCSAMPLER) {
                try {
                    ProfileSnapshot s = JsonProfileReader.read(r.profile());
                    snap = s;
                    Accounting a = s.accounting();
                    if (a.requested() > 0) {
                        p50.add(a.latencyP50Nanos() / 1e3);
                        p99.add(a.latencyP99Nanos() / 1e3);
                        late.add(1000.0 * a.late() / a.requested());
                        missed.add(1000.0 * (a.dropped() + a.failed()) / a.requested());
                        skipped.add(1000.0 * a.skipped() / a.requested());
                    }
                    if (a.samples() > 0) {
                        walked.add((double) a.framesWalked() / a.samples());
                        frames.add((double) a.frames() / a.samples());
                    }
                    if (!Double.isNaN(r.steadyWalkedPercent())) {
                        steadyWalked.add(r.steadyWalkedPercent());
                        steadySamples.add((double) r.steadyWalks()[0]);
                    }
                } catch (IOException e) {
                    notes.add(w.id() + " / " + c.label() + " round " + r.round() + ": unreadable profile " + r.profile() + ": " + e.getMessage());
                }
            }
            if (c.profiler() == ProfilerConfig.Profiler.NONE) {
                continue;
            }
            Cct t = read(r, c.profiler() == ProfilerConfig.Profiler.CCSAMPLER ? ProfileFormat.CCSAMPLER : ProfileFormat.CPUSAMPLER, notes);
            if (t == null) {
                continue;
            }
            t = t.namesOnly();
            // with bursting the profile's tree counts calls (for overlap and hot cover); samples,
            // the split and run-to-run r stay on the time samples, as for every other row
            Cct calls = t;
            if (snap != null && snap.hasCallCounts()) {
                t = SnapshotAdapter.toCct(snap, false, false).namesOnly();
            }
            if (t.totalWeight() < FEW_SAMPLES && r.wallNanos() > 1_000_000_000L) {
                // a profiler that (nearly) did not sample must not hide behind a median
                notes.add(w.id() + " / " + c.label() + " round " + r.round() + ": only " + t.totalWeight() + " sample(s) in " + r.profile().getFileName()
                                + " from a " + String.format(java.util.Locale.ROOT, "%.1f", r.wallNanos() / 1e9) + " s process: the profiler hardly sampled.");
            }
            trees.add(t);
            // the noise figure's sample count: ccsampler's walks (a sample standing for several ticks counts once)
            long walks = snap == null ? 0 : snap.accounting().samples();
            drawn.add(walks > 0 ? Math.min(walks, t.totalWeight()) : t.totalWeight());
            samples.add((double) t.totalWeight());
            if (!w.knownSplit().isEmpty()) {
                split.add(splitError(t, r.splitTruth()));
                splitNoise.add(splitNoise(t, r.splitTruth()));
            }
            if (reference != null) {
                CompareResult cr = Comparison.compare(calls, reference.namesOnly(), 0.1, 10);
                overlap.add(cr.overlap());
                cover.add(cr.hotCoverAB());
            }
        }
        double r2r = Double.NaN;
        double r2rNoise = Double.NaN;
        if (trees.size() >= 2) {
            r2r = Comparison.compare(trees.get(0), trees.get(1), 0.1, 10).pearson();
            r2rNoise = runToRunNoise(trees.get(0), trees.get(1), drawn.get(0), drawn.get(1));
        }
        return new BenchRow(w.id(), c.label(), ok.size(), all.size() - ok.size(), (int) ok.stream().filter(r -> !r.levelled()).count(), steady, warm, steady / baseSteady, warm / baseWarm, Stats.median(paired),
                        Stats.median(samples),
                        Stats.median(p50), Stats.median(p99), Stats.median(late), Stats.median(missed), Stats.median(skipped),
                        Stats.median(walked), Stats.median(frames), Stats.median(steadyWalked), Stats.median(steadySamples), Stats.median(split), Stats.median(splitNoise),
                        Stats.median(overlap), Stats.median(cover), r2r, r2rNoise);
    }

    /** Pairs of profiles {@link #runToRunNoise} draws. */
    static final int NOISE_DRAWS = 201;

    /** {@link #runToRunNoise(Cct, Cct, long, long)} with each profile's total weight as its sample count. */
    static double runToRunNoise(Cct a, Cct b) {
        return runToRunNoise(a, b, a.totalWeight(), b.totalWeight());
    }

    /**
     * The run-to-run Pearson that sampling noise alone gives: per-function self weights are pooled
     * from {@code a} and {@code b} into one distribution, {@link #NOISE_DRAWS} pairs of profiles of
     * {@code na} and {@code nb} samples are drawn from it (each function's count a Poisson draw of
     * its expected count, independent of the others), and the median of their Pearsons is returned
     * (over the functions either draw has, as {@link Comparison} takes them). Seeded, so a report
     * reads the same every time. The bench passes ccsampler's walks, not its ticks, as the sample
     * counts; samples of unequal weight (late ones, which carry the ticks they waited) are noisier
     * than equal ones, so the figure is an upper bound where weights vary. Where samples carry about
     * one tick each (10 ms on shallow stacks), a run-to-run r well below it is not sampling noise.
     * NaN with fewer than two functions or an empty profile.
     */
    static double runToRunNoise(Cct a, Cct b, long na, long nb) {
        Map<Frame, Long> pooled = new java.util.LinkedHashMap<>();
        a.weightByFrame().forEach((f, w) -> pooled.merge(f, w, Long::sum));
        b.weightByFrame().forEach((f, w) -> pooled.merge(f, w, Long::sum));
        pooled.values().removeIf(w -> w <= 0);
        long total = pooled.values().stream().mapToLong(Long::longValue).sum();
        if (pooled.size() < 2 || na <= 0 || nb <= 0) {
            return Double.NaN;
        }
        double[] p = pooled.values().stream().mapToDouble(w -> (double) w / total).toArray();
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(0x5eedL);
        double[] rs = new double[NOISE_DRAWS];
        int n = 0;
        long[] x = new long[p.length];
        long[] y = new long[p.length];
        for (int d = 0; d < NOISE_DRAWS; d++) {
            for (int i = 0; i < p.length; i++) {
                x[i] = poisson(rnd, na * p[i]);
                y[i] = poisson(rnd, nb * p[i]);
            }
            double r = Comparison.pearson(x, y);
            if (!Double.isNaN(r)) {
                rs[n++] = r;
            }
        }
        if (n == 0) {
            return Double.NaN;
        }
        java.util.Arrays.sort(rs, 0, n);
        return rs[n / 2];
    }

    /** A Poisson draw of mean {@code mean}: by multiplication below 30, else the normal approximation. */
    private static long poisson(java.util.SplittableRandom rnd, double mean) {
        if (mean < 30) {
            double limit = Math.exp(-mean);
            double prod = rnd.nextDouble();
            long k = 0;
            while (prod > limit) {
                prod *= rnd.nextDouble();
                k++;
            }
            return k;
        }
        double g = Math.sqrt(-2 * Math.log(1 - rnd.nextDouble())) * Math.cos(2 * Math.PI * rnd.nextDouble());
        return Math.max(0, Math.round(mean + Math.sqrt(mean) * g));
    }

    /** A profile with fewer samples than this from a process of over a second gets a note. */
    static final int FEW_SAMPLES = 10;

    /**
     * The standard deviation, in points, that sampling alone gives the largest true share among the
     * known functions: {@code 100 · sqrt(p (1 − p) / n)}, n the weight the profile has in them
     * (samples, or ticks where a sample carries several, which makes this a lower bound). A split
     * error within about twice this is what unbiased sampling reads at that many samples.
     */
    static double splitNoise(Cct t, Map<String, Double> truth) {
        double n = java.util.Arrays.stream(knownWeights(t, truth)).sum();
        double truthSum = truth.values().stream().mapToDouble(Double::doubleValue).sum();
        if (n == 0 || truthSum <= 0) {
            return Double.NaN;
        }
        double max = 0;
        for (double share : truth.values()) {
            double p = share / truthSum;
            max = Math.max(max, 100.0 * Math.sqrt(p * (1 - p) / n));
        }
        return max;
    }

    /** Max over the known functions of |measured share − true share|, in points; shares among the known functions only. */
    static double splitError(Cct t, Map<String, Double> truth) {
        double[] w = knownWeights(t, truth);
        double sum = java.util.Arrays.stream(w).sum();
        if (sum == 0) {
            return Double.NaN;
        }
        double truthSum = truth.values().stream().mapToDouble(Double::doubleValue).sum();
        double max = 0;
        int i = 0;
        for (double share : truth.values()) {
            max = Math.max(max, Math.abs(100.0 * w[i++] / sum - 100.0 * share / truthSum));
        }
        return max;
    }

    /** The profile's self weight of each known function, in the order of {@code truth}'s keys. */
    private static double[] knownWeights(Cct t, Map<String, Double> truth) {
        Map<Frame, Long> byFrame = t.weightByFrame();
        double[] w = new double[truth.size()];
        int i = 0;
        for (String name : truth.keySet()) {
            for (var e : byFrame.entrySet()) {
                if (e.getKey().name().equals(name)) {
                    w[i] += e.getValue();
                }
            }
            i++;
        }
        return w;
    }

    private static Cct read(GuestRun r, ProfileFormat f, List<String> notes) {
        try {
            return ProfileReaders.read(r.profile(), f, false);
        } catch (ProfileReadException e) {
            notes.add(r.workload().id() + " / " + r.config().label() + " round " + r.round() + ": " + e.getMessage());
            return null;
        }
    }
}
