package dev.ccsampler.tools.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToLongFunction;

/**
 * {@code ccsampler bench --feedback}: does compiler feedback help? For each workload one learning
 * process runs ccsampler at 10 ms with {@code Feedback=apply} and saves its hints; then, interleaved
 * round by round, processes with plain sampling (10 ms), with the saved hints loaded and applied
 * (at the default {@code MaxHintsPerKind}, and at each cap of {@code --max-hints}), and with
 * {@code Feedback=advise} (the advisor's cost); the learning process iterates for {@link #SECONDS}
 * (or {@code --iterations}), and every other process runs as many iterations, at least
 * {@link #MIN_ITERATIONS}. Every process runs with
 * {@code engine.TraceCompilation} so compilations and deoptimizations can be counted from its log.
 * Figures per configuration are medians over the rounds: time to steady state (the iteration
 * times summed up to the first iteration after which the rolling median ({@link #window}) stays
 * within 5 % of the final median, the median of the last third), peak (median of the last third), compilations
 * and deoptimizations/invalidations. The guest's own output is compared between configurations.
 * No figure is asserted; it only measures and reports.
 *
 * @since 0.2
 */
final class FeedbackBench {

    /**
     * A configuration compared, in the order they run within a round.
     *
     * @param id short name, in log file names
     * @param label in the table
     * @param options ccsampler options added to plain sampling at 10 ms
     * @param loadsHints whether the process loads the learning process's hints ({@code Feedback=apply}, {@code LoadHints})
     */
    record Config(String id, String label, Map<String, String> options, boolean loadsHints) {
    }

    /** Plain sampling at 10 ms: the baseline of every "vs plain". */
    static final Config PLAIN = new Config("plain", "ccsampler 10ms", Map.of(), false);
    /** The saved hints applied with the instrument's default {@code MaxHintsPerKind}. */
    static final Config HINTS = new Config("hints", "+ saved hints (apply)", Map.of(), true);
    /** The advisor alone: what advising costs. */
    static final Config ADVISE = new Config("advise", "+ advise", Map.of("ccsampler.Feedback", "advise"), false);

    /**
     * The configurations of a run: plain, the saved hints at the default cap, one more per value of
     * {@code --max-hints} (the same file loaded with {@code MaxHintsPerKind=n}), and advise.
     */
    static List<Config> configs(List<Integer> maxHints) {
        List<Config> r = new ArrayList<>(List.of(PLAIN, HINTS));
        for (int n : maxHints) {
            r.add(new Config("hints-max" + n, "+ saved hints, MaxHintsPerKind=" + n, Map.of("ccsampler.MaxHintsPerKind", Integer.toString(n)), true));
        }
        r.add(ADVISE);
        return r;
    }

    /**
     * Fewest iterations per process: the steady-state rule needs a rolling window of
     * {@link #WINDOW} and a final median over the last third, so three windows. The suite's Pace
     * programs run 4 iterations in the overhead bench; here they run this many.
     */
    static final int MIN_ITERATIONS = 15;

    /**
     * Seconds of iterations of the learning process, which sizes every process of the workload:
     * 30. A JIT that compiles itself warms up slowly with one compiler thread (Truffle's count on 2
     * cores): {@code acorn-parse} took about 20 s to its first last-tier compilation and went from
     * 1 200 ms to 2–3 ms an iteration, where 15 iterations (the suite's count) end at 100–150 ms, in
     * the middle of the warm-up (docs/feedback.md).
     */
    static final int SECONDS = 30;
    /** As {@link #SECONDS}, with {@code --quick}: 8. */
    static final int QUICK_SECONDS = 8;
    /** Most iterations of a time-sized process: 5 000. */
    static final int MAX_ITERATIONS = 5_000;

    /** Least rolling window of the steady-state rule. */
    static final int WINDOW = 5;
    /** The rolling window is at least this fraction of a run's iterations: 1/20. */
    static final int WINDOW_FRACTION = 20;
    /** Band of the steady-state rule: 5 %. */
    static final double BAND = 0.05;

    private FeedbackBench() {
    }

    /**
     * Index of the first iteration after which the rolling median stays within {@link #BAND} of the
     * final median (median of the last third); the last index when it never settles. The window is
     * {@link #WINDOW} iterations, or a {@link #WINDOW_FRACTION}th of the run when that is more: a
     * compiled parser's iterations alternate between about 2 and 7 ms (collections, compilations
     * beside it), and a median of 5 of those never stays within 5 % of anything.
     */
    static int steadyIndex(long[] it) {
        int n = it.length;
        if (n == 0) {
            return -1;
        }
        int window = window(n);
        double fin = Stats.median(Arrays.stream(it, n - Math.max(1, n / 3), n).asDoubleStream().toArray());
        int steady = n - 1;
        for (int i = n - 1; i >= 0; i--) {
            double m = Stats.median(Arrays.stream(it, Math.max(0, i - window + 1), i + 1).asDoubleStream().toArray());
            if (Math.abs(m - fin) > BAND * fin) {
                break;
            }
            steady = i;
        }
        return steady;
    }

    /** The rolling window of the steady-state rule for {@code n} iterations. */
    static int window(int n) {
        return Math.max(WINDOW, n / WINDOW_FRACTION);
    }

    /** Nanoseconds of iterations up to and including the steady-state iteration. */
    static long timeToSteady(long[] it) {
        int s = steadyIndex(it);
        long t = 0;
        for (int i = 0; i <= s; i++) {
            t += it[i];
        }
        return t;
    }

    /** Median of the last third. */
    static long peak(long[] it) {
        int n = it.length;
        return n == 0 ? 0 : (long) Stats.median(Arrays.stream(it, n - Math.max(1, n / 3), n).asDoubleStream().toArray());
    }

    /**
     * {@code [compilations, deopts and invalidations]} from an engine.TraceCompilation log, up to the
     * runner's {@code CCSBENCH end} line when there is one: closing the engine disposes the
     * instrument's bindings, and Truffle then logs an invalidation for every compiled root that had
     * probes ("Instruments unchanged"), which is not the run's.
     */
    static long[] compilations(Path log) throws IOException {
        return compilations(Files.readAllLines(log, StandardCharsets.UTF_8));
    }

    static long[] compilations(List<String> lines) {
        long end = Long.MAX_VALUE;
        for (String l : lines) {
            if (l.startsWith(GuestRunner.PREFIX + "end ")) {
                end = Long.parseLong(l.substring((GuestRunner.PREFIX + "end ").length()).trim());
            }
        }
        long done = 0;
        long deopt = 0;
        for (String l : lines) {
            boolean isDone = l.contains("opt done");
            boolean isDeopt = !isDone && (l.contains("opt deopt") || l.contains("opt inval"));
            if ((isDone || isDeopt) && end != Long.MAX_VALUE && loggedAt(l) > end) {
                continue;
            }
            if (isDone) {
                done++;
            } else if (isDeopt) {
                deopt++;
            }
        }
        return new long[]{done, deopt};
    }

    /** Epoch millis of a TraceCompilation line ({@code |UTC 2026-11-26T17:02:55.702|}); 0 when it has none. */
    static long loggedAt(String line) {
        int i = line.indexOf("|UTC ");
        if (i < 0) {
            return 0;
        }
        int j = line.indexOf('|', i + 5);
        String ts = (j < 0 ? line.substring(i + 5) : line.substring(i + 5, j)).trim();
        try {
            return java.time.LocalDateTime.parse(ts).toInstant(java.time.ZoneOffset.UTC).toEpochMilli();
        } catch (java.time.format.DateTimeParseException e) {
            return 0;
        }
    }

    /** The guest's own output in a log: every line that is not the runner's, the engine's or ours. */
    static List<String> guestOutput(Path log) throws IOException {
        return guestOutput(Files.readAllLines(log, StandardCharsets.UTF_8));
    }

    static List<String> guestOutput(List<String> lines) {
        List<String> r = new ArrayList<>();
        boolean inRedirectNote = false; // Truffle's "[To redirect Truffle log output ...]" note spans lines
        boolean inClosedLog = false;
        for (String l : lines) {
            if (inRedirectNote || l.startsWith("[To redirect")) {
                inRedirectNote = !l.endsWith("]");
                continue;
            }
            // a background compilation that ends after the engine closed logs (TraceCompilation) to a closed
            // handler, and java.util.logging prints the failure with its stack trace: Truffle's, not the guest's
            if (l.startsWith("java.util.logging.ErrorManager: ")) {
                inClosedLog = true;
                continue;
            }
            if (inClosedLog && (l.startsWith("\t") || l.startsWith("java.lang.RuntimeException: java.lang.AssertionError: The log handler is closed.")
                            || l.startsWith("Caused by: "))) {
                continue;
            }
            inClosedLog = false;
            if (!l.startsWith(GuestRunner.PREFIX) && !l.startsWith("[engine]") && !l.startsWith("[ccsampler]") && !l.startsWith("WARNING")) {
                r.add(l);
            }
        }
        return r;
    }

    /** Per configuration, the runs of one workload. */
    record Result(String workload, List<Config> configs, Map<Config, List<GuestRun>> runs, boolean outputsEqual) {
    }

    /** {@code median (min–max)} of {@code f} over the runs, in ms with {@code decimals}. */
    static String spread(List<GuestRun> runs, ToLongFunction<long[]> f, int decimals) {
        List<Double> v = runs.stream().map(x -> f.applyAsLong(x.iterationNanos()) / 1e6).sorted().toList();
        String fmt = "%." + decimals + "f";
        return String.format(Locale.ROOT, fmt + " (" + fmt + "–" + fmt + ")", Stats.median(v), v.get(0), v.get(v.size() - 1));
    }

    /** The Markdown table of all workloads: medians over the rounds with their range. */
    static String table(List<Result> results) throws IOException {
        StringBuilder b = new StringBuilder();
        b.append("| workload | configuration | time to steady state, ms: median (range) | vs plain | peak iteration, ms: median (range) | vs plain | compilations | deopts+invalidations | output |\n");
        b.append("| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
        for (Result r : results) {
            double plainSteady = 0;
            double plainPeak = 0;
            for (Config c : r.configs()) {
                List<GuestRun> runs = r.runs().getOrDefault(c, List.of()).stream().filter(GuestRun::ok).toList();
                if (runs.isEmpty()) {
                    b.append(String.format(Locale.ROOT, "| %s | %s | failed | | | | | | |%n", r.workload(), c.label()));
                    continue;
                }
                double steady = Stats.median(runs.stream().map(x -> (double) timeToSteady(x.iterationNanos())).toList());
                double pk = Stats.median(runs.stream().map(x -> (double) peak(x.iterationNanos())).toList());
                List<Double> comp = new ArrayList<>();
                List<Double> deop = new ArrayList<>();
                for (GuestRun x : runs) {
                    long[] cd = compilations(x.log());
                    comp.add((double) cd[0]);
                    deop.add((double) cd[1]);
                }
                boolean plain = c.equals(PLAIN);
                if (plain) {
                    plainSteady = steady;
                    plainPeak = pk;
                }
                b.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %.0f | %.0f | %s |%n", r.workload(), c.label(), spread(runs, FeedbackBench::timeToSteady, 0),
                                plain || plainSteady == 0 ? "" : String.format(Locale.ROOT, "%+.1f %%", 100 * (steady / plainSteady - 1)), spread(runs, FeedbackBench::peak, 2),
                                plain || plainPeak == 0 ? "" : String.format(Locale.ROOT, "%+.1f %%", 100 * (pk / plainPeak - 1)), Stats.median(comp), Stats.median(deop),
                                r.outputsEqual() ? "same" : "DIFFERS"));
            }
        }
        return b.toString();
    }

    /**
     * One line per process, tab-separated, for figures the table does not show: workload,
     * configuration, round, exit status, iterations, steady-state index, time to steady state (ms),
     * peak (ms), compilations, deopts and invalidations.
     */
    static String runsTsv(List<Result> results) throws IOException {
        StringBuilder b = new StringBuilder("workload\tconfig\tround\texit\titerations\tsteadyIndex\ttimeToSteadyMs\tpeakMs\tcompilations\tdeopts\n");
        for (Result r : results) {
            for (Config c : r.configs()) {
                for (GuestRun x : r.runs().getOrDefault(c, List.of())) {
                    long[] it = x.iterationNanos();
                    long[] cd = Files.exists(x.log()) ? compilations(x.log()) : new long[2];
                    b.append(String.format(Locale.ROOT, "%s\t%s\t%d\t%d\t%d\t%d\t%.1f\t%.2f\t%d\t%d%n", r.workload(), c.id(), x.round(), x.exitStatus(), it.length,
                                    steadyIndex(it), timeToSteady(it) / 1e6, peak(it) / 1e6, cd[0], cd[1]));
                }
            }
        }
        return b.toString();
    }
}
