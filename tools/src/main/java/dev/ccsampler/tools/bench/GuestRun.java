package dev.ccsampler.tools.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One guest process started by the harness, and what it reported: per-iteration times parsed from
 * the {@link GuestRunner} lines on standard error, the exit status, and where its profile went.
 *
 * @param workload the workload
 * @param config the profiler configuration
 * @param round the pair index (0-based)
 * @param iterationNanos time of each iteration, in order
 * @param exitStatus process exit status (-1: killed on timeout)
 * @param profile the profile file ({@code null} without a profiler)
 * @param log the process's combined output
 * @param wallNanos wall time of the whole process, JVM start to exit
 * @param timedNanos time per known-split function as the workload measured it in this very run
 *            ({@code CCSBENCH timed} lines), empty when it did not
 * @param steadyWalks ccsampler's samples, frames walked and frames in the last third of the
 *            iterations ({@code CCSBENCH walks}), or null when the run did not report them
 * @since 0.1
 */
public record GuestRun(Workload workload, ProfilerConfig config, int round, long[] iterationNanos, int exitStatus, Path profile, Path log,
                long wallNanos, Map<String, Long> timedNanos, long[] steadyWalks) {

    /** A run whose workload timed nothing itself. @since 0.1 */
    public GuestRun(Workload workload, ProfilerConfig config, int round, long[] iterationNanos, int exitStatus, Path profile, Path log, long wallNanos) {
        this(workload, config, round, iterationNanos, exitStatus, profile, log, wallNanos, Map.of());
    }

    /** A run without steady-state walk figures. @since 0.1 */
    public GuestRun(Workload workload, ProfilerConfig config, int round, long[] iterationNanos, int exitStatus, Path profile, Path log, long wallNanos,
                    Map<String, Long> timedNanos) {
        this(workload, config, round, iterationNanos, exitStatus, profile, log, wallNanos, timedNanos, null);
    }

    /**
     * Frames ccsampler's walks visited per frame of the sampled stacks in the last third of the
     * iterations, in percent; NaN when not reported or without samples there.
     *
     * @since 0.1
     */
    public double steadyWalkedPercent() {
        return steadyWalks == null || steadyWalks[0] <= 0 || steadyWalks[2] <= 0 ? Double.NaN : 100.0 * steadyWalks[1] / steadyWalks[2];
    }

    /** Whether the process finished normally and reported at least one iteration. @since 0.1 */
    public boolean ok() {
        return exitStatus == 0 && iterationNanos.length > 0;
    }

    /** Sum of the warm-up iterations, or -1 when the workload has none. @since 0.1 */
    public long warmupNanos() {
        int w = workload.warmupIterations();
        if (w == 0 || iterationNanos.length <= w) {
            return -1;
        }
        long s = 0;
        for (int i = 0; i < w; i++) {
            s += iterationNanos[i];
        }
        return s;
    }

    /** Share of the steady iterations dropped at each end before averaging them ({@link #steadyNanos}). */
    static final double STEADY_TRIM = 0.1;

    /**
     * Mean iteration of the last third of the iterations, the fastest and the slowest tenth left
     * out ({@link Stats#trimmedMean}), and never of a warm-up iteration unless there is nothing
     * else (a whole-program run has one iteration). The last third rather than "everything after
     * the warm-up": on this 2-core machine the compiler queue of a library-sized workload drains
     * for many iterations, and that tail must not count as steady state. A trimmed mean rather
     * than the median (until 2026-11-28): {@code known-split.rb}'s steady iterations alternate
     * between 2.4 and 6.5 ms, and the median of such a series jumps from one mode to the other
     * when their shares cross a half, which made ratios of 0.7 and 1.6 out of the same code.
     *
     * @since 0.1
     */
    public long steadyNanos() {
        int n = iterationNanos.length;
        int w = Math.min(Math.max(workload.warmupIterations(), n - Math.max(1, n / 3)), Math.max(0, n - 1));
        return (long) Stats.trimmedMean(Arrays.stream(iterationNanos, w, iterationNanos.length).asDoubleStream().toArray(), STEADY_TRIM);
    }

    /**
     * Whether the iterations had levelled off by the last third, the part {@link #steadyNanos}
     * averages: the first half of the last third is at most 15 % slower than its second half
     * (trimmed means). False means the process was still warming up (a compile queue still
     * draining) in the very iterations called steady, so its "steady" figure is the tail of the
     * warm-up and a ratio against it measures how much the profiler slows warm-up. Runs of fewer
     * than 6 iterations count as steady (nothing to compare). Until 2026-11-28 this compared the
     * last third with the middle one, which flagged every process whose warm-up ended in the middle
     * third, steady as its last third was.
     *
     * @since 0.1
     */
    public boolean levelled() {
        int n = iterationNanos.length;
        if (n < 6) {
            return true;
        }
        int from = n - n / 3;
        int mid = from + (n - from) / 2;
        double first = Stats.trimmedMean(Arrays.stream(iterationNanos, from, mid).asDoubleStream().toArray(), STEADY_TRIM);
        double second = Stats.trimmedMean(Arrays.stream(iterationNanos, mid, n).asDoubleStream().toArray(), STEADY_TRIM);
        return second >= first / 1.15;
    }

    /**
     * The time split this run's profile is judged against: the split the workload measured in this
     * very run ({@link #timedNanos}) when it timed every known-split function, else the split by
     * construction. The two differ where the warm-up is a large part of the run: there a function
     * that is compiled later (a loop too short to be compiled on the stack) takes more than its
     * steady share, and a profiler that finds that is right, not wrong.
     *
     * @since 0.1
     */
    public Map<String, Double> splitTruth() {
        Map<String, Double> known = workload.knownSplit();
        if (known.isEmpty() || !timedNanos.keySet().containsAll(known.keySet())) {
            return known;
        }
        Map<String, Double> truth = new LinkedHashMap<>();
        known.keySet().forEach(k -> truth.put(k, (double) timedNanos.get(k)));
        return truth;
    }

    /** The same run, attributed to {@code w} (the workload once its iteration count is known). @since 0.1 */
    public GuestRun withWorkload(Workload w) {
        return new GuestRun(w, config, round, iterationNanos, exitStatus, profile, log, wallNanos, timedNanos);
    }

    /**
     * Starts one guest process and waits for it.
     *
     * @param command java executable, JVM flags and class path, ending before the main class
     * @param iterations iterations to run (at most, with a budget)
     * @param budgetMs stop iterating after this much iteration time (0 = no budget)
     * @param timeoutSeconds the process is killed (and the run marked failed) after this long
     * @since 0.1
     */
    static GuestRun launch(List<String> command, Workload w, ProfilerConfig config, int round, int iterations, long budgetMs, Map<String, String> options,
                    Path repo, Path runDir, long timeoutSeconds) throws IOException, InterruptedException {
        return launch(command, w, config, round, iterations, budgetMs, List.of(), options, repo, runDir, timeoutSeconds, w.id() + "." + config.slug() + "." + round);
    }

    /** {@link #launch} with extra runner arguments (before the file) and a log file name of its own. */
    static GuestRun launch(List<String> command, Workload w, ProfilerConfig config, int round, int iterations, long budgetMs, List<String> runnerArgs,
                    Map<String, String> options, Path repo, Path runDir, long timeoutSeconds, String stem) throws IOException, InterruptedException {
        Path profile = config.profiler() == ProfilerConfig.Profiler.NONE ? null : runDir.resolve(stem + ".json");
        Path log = runDir.resolve(stem + ".log");
        if (profile != null) {
            Files.deleteIfExists(profile);
        }
        List<String> cmd = new ArrayList<>(command);
        cmd.add(GuestRunner.class.getName());
        cmd.add("--lang");
        cmd.add(w.language());
        cmd.add("--iterations");
        cmd.add(Integer.toString(iterations));
        if (budgetMs > 0) {
            cmd.add("--budget-ms");
            cmd.add(Long.toString(budgetMs));
        }
        cmd.addAll(runnerArgs);
        options.forEach((k, v) -> {
            cmd.add("--option");
            cmd.add(k + "=" + v);
        });
        if (profile != null) {
            config.options(profile).forEach((k, v) -> {
                cmd.add("--option");
                cmd.add(k + "=" + v);
            });
        }
        cmd.add(repo.resolve(w.file()).toString());
        cmd.addAll(w.args());
        if (runnerArgs.contains("--time-parts")) {
            // Programs that run themselves (Pace) time their parts when their argument after the workload's own is 1.
            cmd.add("1");
        }
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(repo.toFile()).redirectErrorStream(true).redirectOutput(log.toFile());
        long t0 = System.nanoTime();
        Process p = pb.start();
        int status;
        if (p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            status = p.exitValue();
        } else {
            // Only this process, which the harness started, by its handle.
            p.destroyForcibly();
            p.waitFor();
            status = -1;
        }
        long wall = System.nanoTime() - t0;
        List<Long> iters = new ArrayList<>();
        Map<String, Long> timed = new LinkedHashMap<>();
        long[] walks = null;
        for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
            if (line.startsWith(GuestRunner.PREFIX + "iter ")) {
                String[] f = line.split(" ");
                iters.add(Long.parseLong(f[3]));
            } else if (line.startsWith(GuestRunner.PREFIX + "walks ")) {
                walks = parseWalks(line);
            } else if (line.startsWith(GuestRunner.PREFIX + "timed ")) {
                String[] f = line.split(" ");
                if (f.length == 4) {
                    timed.merge(f[2], Long.parseLong(f[3]), Long::sum);
                }
            }
        }
        return new GuestRun(w, config, round, iters.stream().mapToLong(Long::longValue).toArray(), status, profile, log, wall, timed, walks);
    }

    /** {@code CCSBENCH walks <samples> <frames walked> <frames>}, or null when malformed. */
    static long[] parseWalks(String line) {
        String[] f = line.split(" ");
        if (f.length != 5) {
            return null;
        }
        try {
            return new long[]{Long.parseLong(f[2]), Long.parseLong(f[3]), Long.parseLong(f[4])};
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
