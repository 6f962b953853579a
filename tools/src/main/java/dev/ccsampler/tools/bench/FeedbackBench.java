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

/**
 * {@code ccsampler bench --feedback}: does compiler feedback help? For each workload one learning
 * process runs ccsampler at 10 ms with {@code Feedback=apply} and saves its hints; then, interleaved
 * round by round, processes with plain sampling (10 ms), with the saved hints loaded and applied,
 * and with {@code Feedback=advise} (the advisor's cost). Every process runs with
 * {@code engine.TraceCompilation} so compilations and deoptimizations can be counted from its log.
 * Figures per configuration are medians over the rounds: time to steady state (the iteration
 * times summed up to the first iteration after which the rolling median of 5 stays within 5 % of
 * the final median, the median of the last third), peak (median of the last third), compilations
 * and deoptimizations/invalidations. The guest's own output is compared between configurations.
 * No figure is asserted; it only measures and reports.
 *
 * @since 0.2
 */
final class FeedbackBench {

    /** The configurations compared, in the order they run within a round. */
    enum Config {
        PLAIN("ccsampler 10ms", Map.of()),
        HINTS("+ saved hints (apply)", null),
        ADVISE("+ advise", Map.of("ccsampler.Feedback", "advise"));

        final String label;
        final Map<String, String> options;

        Config(String label, Map<String, String> options) {
            this.label = label;
            this.options = options;
        }
    }

    /** Rolling window of the steady-state rule. */
    static final int WINDOW = 5;
    /** Band of the steady-state rule: 5 %. */
    static final double BAND = 0.05;

    private FeedbackBench() {
    }

    /**
     * Index of the first iteration after which the rolling median (window {@link #WINDOW}) stays
     * within {@link #BAND} of the final median (median of the last third); the last index when it
     * never settles.
     */
    static int steadyIndex(long[] it) {
        int n = it.length;
        if (n == 0) {
            return -1;
        }
        double fin = Stats.median(Arrays.stream(it, n - Math.max(1, n / 3), n).asDoubleStream().toArray());
        int steady = n - 1;
        for (int i = n - 1; i >= 0; i--) {
            double m = Stats.median(Arrays.stream(it, Math.max(0, i - WINDOW + 1), i + 1).asDoubleStream().toArray());
            if (Math.abs(m - fin) > BAND * fin) {
                break;
            }
            steady = i;
        }
        return steady;
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

    /** {@code [compilations, deopts and invalidations]} from an engine.TraceCompilation log. */
    static long[] compilations(Path log) throws IOException {
        long done = 0;
        long deopt = 0;
        for (String l : Files.readAllLines(log, StandardCharsets.UTF_8)) {
            if (l.contains("opt done")) {
                done++;
            } else if (l.contains("opt deopt") || l.contains("opt inval")) {
                deopt++;
            }
        }
        return new long[]{done, deopt};
    }

    /** The guest's own output in a log: every line that is not the runner's, the engine's or ours. */
    static List<String> guestOutput(Path log) throws IOException {
        return guestOutput(Files.readAllLines(log, StandardCharsets.UTF_8));
    }

    static List<String> guestOutput(List<String> lines) {
        List<String> r = new ArrayList<>();
        boolean inRedirectNote = false; // Truffle's "[To redirect Truffle log output ...]" note spans lines
        for (String l : lines) {
            if (inRedirectNote || l.startsWith("[To redirect")) {
                inRedirectNote = !l.endsWith("]");
                continue;
            }
            if (!l.startsWith(GuestRunner.PREFIX) && !l.startsWith("[engine]") && !l.startsWith("[ccsampler]") && !l.startsWith("WARNING")) {
                r.add(l);
            }
        }
        return r;
    }

    /** Per configuration, the runs of one workload. */
    record Result(String workload, Map<Config, List<GuestRun>> runs, boolean outputsEqual) {
    }

    /** The Markdown table of all workloads. */
    static String table(List<Result> results) throws IOException {
        StringBuilder b = new StringBuilder();
        b.append("| workload | configuration | time to steady state (median) | vs plain | peak iteration (median) | vs plain | compilations | deopts+invalidations | output |\n");
        b.append("| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
        for (Result r : results) {
            double plainSteady = 0;
            double plainPeak = 0;
            for (Config c : Config.values()) {
                List<GuestRun> runs = r.runs().getOrDefault(c, List.of()).stream().filter(GuestRun::ok).toList();
                if (runs.isEmpty()) {
                    b.append(String.format(Locale.ROOT, "| %s | %s | failed | | | | | | |%n", r.workload(), c.label));
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
                if (c == Config.PLAIN) {
                    plainSteady = steady;
                    plainPeak = pk;
                }
                b.append(String.format(Locale.ROOT, "| %s | %s | %.0f ms | %s | %.2f ms | %s | %.0f | %.0f | %s |%n", r.workload(), c.label, steady / 1e6,
                                c == Config.PLAIN ? "" : String.format(Locale.ROOT, "%+.1f %%", 100 * (steady / plainSteady - 1)), pk / 1e6,
                                c == Config.PLAIN ? "" : String.format(Locale.ROOT, "%+.1f %%", 100 * (pk / plainPeak - 1)), Stats.median(comp), Stats.median(deop),
                                r.outputsEqual() ? "same" : "DIFFERS"));
            }
        }
        return b.toString();
    }
}
