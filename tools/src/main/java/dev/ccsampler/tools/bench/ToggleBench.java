package dev.ccsampler.tools.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code ccsampler bench --toggled}: the steady-state cost of sampling measured inside each
 * process, where separate processes differ by their compilations (±30 % a cell over two pairs on
 * the 2-core machine, docs/performance.md). Every process runs its workload for a warm-up of
 * {@link #WARMUP_SECONDS} with its profiler as configured, then for {@link #WINDOWS} windows of
 * {@link #WINDOW_MS} ms in which the profiler's sampling is switched off and on in blocks of four
 * (off, on, on, off: {@link GuestRunner.WindowToggle}); a block's ratio is the mean iteration of its
 * two sampled windows over that of its two others. Per workload and configuration the table gives
 * the blocks of all its processes: their median, their geometric mean with the standard error of
 * the mean of their logarithms, and their range. The configurations are ccsampler at 10 ms, 1 ms
 * and 100 µs, {@code --cpusampler} at 10 ms and 1 ms, and a placebo: the same windows and
 * arithmetic with no profiler, which reads what the method gives when nothing changes. Probes a
 * profiler attached, and the code compiled with them, stay in both states: this is the cost of the
 * sampling itself (clock, walks, drain), not of probes or of a slower warm-up, which the
 * separate-process bench measures. No figure is asserted; it measures and reports.
 *
 * @since 0.2
 */
final class ToggleBench {

    /** Warm-up before the first window, in seconds: 15 (quick 5). */
    static final int WARMUP_SECONDS = 15;
    /** As {@link #WARMUP_SECONDS} with {@code --quick}. */
    static final int QUICK_WARMUP_SECONDS = 5;
    /** Length of a window: 1 s, a hundred samples at 10 ms. */
    static final int WINDOW_MS = 1000;
    /** Windows per process: 16, four blocks (quick 8). */
    static final int WINDOWS = 16;
    /** As {@link #WINDOWS} with {@code --quick}. */
    static final int QUICK_WINDOWS = 8;

    /** The configurations, in the order they run within a round; {@link ProfilerConfig#NONE} is the placebo. */
    static final List<ProfilerConfig> CONFIGS = List.of(ProfilerConfig.NONE, ProfilerConfig.CCSAMPLER_10MS, ProfilerConfig.CPUSAMPLER_10MS,
                    ProfilerConfig.CCSAMPLER_1MS, ProfilerConfig.CPUSAMPLER_1MS, ProfilerConfig.CCSAMPLER_100US);

    private ToggleBench() {
    }

    /** Label of a configuration in the table: the baseline is the placebo here. */
    static String label(ProfilerConfig c) {
        return c == ProfilerConfig.NONE ? "placebo (no profiler)" : c.label();
    }

    /** The block ratios a process reported ({@code CCSBENCH toggleblock}), NaN blocks left out. */
    static List<Double> blocks(List<String> lines) {
        List<Double> r = new ArrayList<>();
        for (String l : lines) {
            if (l.startsWith(GuestRunner.PREFIX + "toggleblock ")) {
                String[] f = l.split(" ");
                if (f.length == 4) {
                    try {
                        double v = Double.parseDouble(f[3]);
                        if (v > 0 && !Double.isInfinite(v)) {
                            r.add(v);
                        }
                    } catch (NumberFormatException e) {
                        // a malformed line is no block
                    }
                }
            }
        }
        return r;
    }

    /**
     * Mean iteration, in ms, of the windows in which nothing sampled ({@code CCSBENCH window <i> off
     * <iterations> <nanos>}); NaN when there are none.
     */
    static double offIterationMs(List<String> lines) {
        long n = 0;
        long sum = 0;
        for (String l : lines) {
            if (l.startsWith(GuestRunner.PREFIX + "window ")) {
                String[] f = l.split(" ");
                if (f.length == 6 && f[3].equals("off")) {
                    try {
                        n += Long.parseLong(f[4]);
                        sum += Long.parseLong(f[5]);
                    } catch (NumberFormatException e) {
                        // a malformed line counts nothing
                    }
                }
            }
        }
        return n == 0 ? Double.NaN : sum / 1e6 / n;
    }

    private static List<String> lines(Path log) {
        try {
            return Files.readAllLines(log, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return List.of();
        }
    }

    /** {@link #blocks(List)} of a run's log; empty when it cannot be read. */
    static List<Double> blocks(Path log) {
        return blocks(lines(log));
    }

    /**
     * Geometric mean of the ratios and the standard error of the mean of their logarithms, as
     * {@code {mean, low, high}} (the mean times and divided by {@code exp(se)}); NaN when fewer than
     * two.
     */
    static double[] geometricMean(List<Double> ratios) {
        int n = ratios.size();
        if (n < 2) {
            return new double[]{Double.NaN, Double.NaN, Double.NaN};
        }
        double s = 0;
        for (double r : ratios) {
            s += Math.log(r);
        }
        double m = s / n;
        double ss = 0;
        for (double r : ratios) {
            ss += (Math.log(r) - m) * (Math.log(r) - m);
        }
        double se = Math.sqrt(ss / (n - 1) / n);
        return new double[]{Math.exp(m), Math.exp(m - se), Math.exp(m + se)};
    }

    /** One workload's processes, per configuration. */
    record Result(String workload, Map<ProfilerConfig, List<GuestRun>> runs) {
    }

    /** Median over the processes that finished of their unsampled windows' mean iteration, ms; NaN when none. */
    static double unsampledMs(List<GuestRun> runs) {
        return Stats.median(runs.stream().filter(GuestRun::ok).map(x -> offIterationMs(lines(x.log()))).toList());
    }

    /** The blocks of every process of {@code runs} that finished, pooled. */
    static List<Double> pooledBlocks(List<GuestRun> runs) {
        List<Double> blocks = new ArrayList<>();
        for (GuestRun x : runs) {
            if (x.ok()) {
                blocks.addAll(blocks(x.log()));
            }
        }
        return blocks;
    }

    /**
     * The Markdown table: per workload and configuration, processes that finished, blocks, the
     * blocks' median, geometric mean ± standard error, range, and the mean iteration of the
     * unsampled windows (the median over the processes: what the program runs at) and its ratio to
     * the placebo's: across processes, so as noisy as the separate-process bench, but in steady
     * state; where a profiler's probes stay attached, their cost is there and not in the blocks.
     */
    static String table(List<Result> results) {
        StringBuilder b = new StringBuilder();
        b.append("| workload | configuration | processes | blocks | median block ratio | geometric mean (± s.e.) | range | iteration unsampled, ms | unsampled ×placebo |\n");
        b.append("|---|---|--:|--:|--:|--:|--:|--:|--:|\n");
        for (Result r : results) {
            double placebo = unsampledMs(r.runs().getOrDefault(ProfilerConfig.NONE, List.of()));
            for (ProfilerConfig c : CONFIGS) {
                List<GuestRun> runs = r.runs().getOrDefault(c, List.of());
                if (runs.isEmpty()) {
                    continue;
                }
                long ok = runs.stream().filter(GuestRun::ok).count();
                List<Double> blocks = pooledBlocks(runs);
                if (blocks.isEmpty()) {
                    b.append(String.format(Locale.ROOT, "| %s | %s | %d of %d | 0 | n/a | n/a | n/a | n/a | n/a |%n", r.workload(), label(c), ok, runs.size()));
                    continue;
                }
                double[] g = geometricMean(blocks);
                List<Double> sorted = blocks.stream().sorted().toList();
                double unsampled = unsampledMs(runs);
                b.append(String.format(Locale.ROOT, "| %s | %s | %d of %d | %d | %.3f | %s | %.3f–%.3f | %.2f | %s |%n", r.workload(), label(c), ok, runs.size(), blocks.size(),
                                Stats.median(blocks), Double.isNaN(g[0]) ? "n/a" : String.format(Locale.ROOT, "%.3f (%.3f–%.3f)", g[0], g[1], g[2]), sorted.get(0),
                                sorted.get(sorted.size() - 1), unsampled, Double.isNaN(unsampled) || Double.isNaN(placebo) ? "n/a" : String.format(Locale.ROOT, "%.3f", unsampled / placebo)));
            }
        }
        b.append("\n| configuration | workloads | median over workloads of the geometric means |\n|---|--:|--:|\n");
        for (ProfilerConfig c : CONFIGS) {
            List<Double> means = new ArrayList<>();
            for (Result r : results) {
                double g = geometricMean(pooledBlocks(r.runs().getOrDefault(c, List.of())))[0];
                if (!Double.isNaN(g)) {
                    means.add(g);
                }
            }
            if (!means.isEmpty()) {
                b.append(String.format(Locale.ROOT, "| %s | %d | %.3f |%n", label(c), means.size(), Stats.median(means)));
            }
        }
        return b.toString();
    }
}
