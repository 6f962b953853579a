package dev.ccsampler.tools.bench;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;

/** Markdown and JSON forms of a harness run; pure functions of the rows. @since 0.1 */
public final class BenchReport {

    private BenchReport() {
    }

    /** The Markdown table, its legend and the notes. @since 0.1 */
    public static String markdown(String header, List<BenchRow> rows, List<String> notes) {
        StringBuilder sb = new StringBuilder();
        sb.append("### ").append(header).append("\n\n");
        sb.append("| workload | config | runs | steady ms | steady ×none | paired ×none | warm-up ms | warm-up ×none | samples | lat p50 µs | lat p99 µs | late ‰ | missed ‰ | skipped ‰ | walked / sample | frames / sample | walked %, last third (samples) | split err pts | overlap | hot cover | run-to-run r |\n");
        sb.append("|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n");
        for (BenchRow r : rows) {
            sb.append("| ").append(r.workload()).append(" | ").append(r.config()).append(" | ").append(r.runs()).append(r.failed() > 0 ? " (" + r.failed() + " failed)" : "")
                            .append(" | ").append(f(r.steadyMs(), 1)).append(r.stillWarming() > 0 ? " †" : "").append(" | ").append(f(r.steadyRatio(), 2)).append(" | ").append(f(r.pairedSteadyRatio(), 2))
                            .append(" | ").append(f(r.warmupMs(), 0)).append(" | ").append(f(r.warmupRatio(), 2))
                            .append(" | ").append(f(r.samples(), 0))
                            .append(" | ").append(f(r.latencyP50Us(), 0)).append(" | ").append(f(r.latencyP99Us(), 0))
                            .append(" | ").append(f(r.latePerK(), 1)).append(" | ").append(f(r.missedPerK(), 1)).append(" | ").append(f(r.skippedPerK(), 1))
                            .append(" | ").append(f(r.walkedPerSample(), 1)).append(" | ").append(f(r.framesPerSample(), 1)).append(" | ").append(f(r.steadyWalkedPercent(), 1)).append(Double.isNaN(r.steadySamples()) ? "" : " (" + f(r.steadySamples(), 0) + ")")
                            .append(" | ").append(f(r.splitErrorPoints(), 1)).append(Double.isNaN(r.splitNoisePoints()) ? "" : " (σ " + f(r.splitNoisePoints(), 1) + ")")
                            .append(" | ").append(f(r.overlap(), 2)).append(" | ").append(f(r.hotCover(), 2))
                            .append(" | ").append(f(r.runToRun(), 3)).append(Double.isNaN(r.runToRunNoise()) ? "" : " (noise " + f(r.runToRunNoise(), 3) + ")").append(" |\n");
        }
        sb.append("""

                        steady: median over processes of each process's mean iteration in the last third of its iterations, its fastest and slowest tenth left out (a trimmed mean: steady iterations of some workloads alternate between two speeds, where a median jumps); \
                        †: at least one process of the cell was still warming up (the second half of the last third of its \
                        iterations more than 15 % faster than the first half), so the steady figure is the tail of the warm-up and its ratio mostly \
                        shows how much the profiler slows warm-up; raise the workload's iterations. paired ×none: median over rounds of the ratio to the baseline process of the same round (robust to load \
                        that changes between rounds); warm-up: median of the summed first iterations (count per workload in tools/workloads/workloads.tsv); ×none: ratio \
                        of medians against the same workload without a profiler. samples: per process (ccsampler applied samples, \
                        cpusampler self hits). Late, missed (dropped + failed) and skipped are per 1 000 requested ticks \
                        from ccsampler's accounting, latency per sample; --cpusampler reports none (n/a). walked / frames per \
                        sample: frames ccsampler's walks visited, and frames of the sampled stacks, per sample, over the whole \
                        process; walked %, last third: frames walked per frame of the sampled stacks, in percent, over the last third \
                        of each process's iterations (its steady state; the first full walks, before the root probes are attached, \
                        are warm-up), with the median number of samples it rests on. split err: largest error, in percentage points, \
                        of a known-split function's share of self samples among the known functions, against the split the \
                        process timed itself (known-split-js, known-split-rb and pace-known-split time every call, warm-up included) or else the split by construction; \
                        σ: the standard deviation sampling alone gives the largest true share p over the n samples the profile has in \
                        the known functions, sqrt(p (1 − p) / n) (n counts ticks where a sample carries several, so σ is then a lower \
                        bound): an error within about 2σ is what unbiased sampling reads at that many samples. overlap / hot cover: against \
                        the exhaustive tracer's tree of the same workload, frames matched by name, T = 0.1 (hot cover = share of the \
                        tree's hot edges that are hot in the profile; the tree counts calls, a profile counts time). run-to-run r: \
                        Pearson of per-function self samples between the first two processes of the configuration; noise: the \
                        median Pearson of pairs of profiles of the same two sizes (ccsampler: its walks) drawn from the two processes' \
                        pooled per-function distribution, what sampling noise alone leaves (an upper bound where samples carry unequal \
                        weights, as late ones do); where a sample carries about one tick, an r well below it means the processes ran \
                        differently (their warm-up), not that they were sampled differently.
                        """);
        if (!notes.isEmpty()) {
            sb.append("\nNotes:\n\n");
            for (String n : notes) {
                sb.append("- ").append(n).append('\n');
            }
        }
        return sb.toString();
    }

    /** The rows as JSON; NaN becomes null. @since 0.1 */
    public static String json(String header, boolean quick, int pairs, List<BenchRow> rows, List<String> notes) {
        StringWriter w = new StringWriter();
        try (JsonGenerator g = new JsonFactory().createGenerator(w)) {
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeStringField("header", header);
            g.writeBooleanField("quick", quick);
            g.writeNumberField("pairs", pairs);
            g.writeArrayFieldStart("rows");
            for (BenchRow r : rows) {
                g.writeStartObject();
                g.writeStringField("workload", r.workload());
                g.writeStringField("config", r.config());
                g.writeNumberField("runs", r.runs());
                g.writeNumberField("failed", r.failed());
                g.writeNumberField("stillWarming", r.stillWarming());
                num(g, "steadyMs", r.steadyMs());
                num(g, "steadyRatio", r.steadyRatio());
                num(g, "pairedSteadyRatio", r.pairedSteadyRatio());
                num(g, "warmupMs", r.warmupMs());
                num(g, "warmupRatio", r.warmupRatio());
                num(g, "samples", r.samples());
                num(g, "latencyP50Us", r.latencyP50Us());
                num(g, "latencyP99Us", r.latencyP99Us());
                num(g, "latePerThousand", r.latePerK());
                num(g, "missedPerThousand", r.missedPerK());
                num(g, "skippedPerThousand", r.skippedPerK());
                num(g, "framesWalkedPerSample", r.walkedPerSample());
                num(g, "framesPerSample", r.framesPerSample());
                num(g, "steadyWalkedPercent", r.steadyWalkedPercent());
                num(g, "steadySamples", r.steadySamples());
                num(g, "splitErrorPoints", r.splitErrorPoints());
                num(g, "splitNoisePoints", r.splitNoisePoints());
                num(g, "overlap", r.overlap());
                num(g, "hotEdgeCoverage", r.hotCover());
                num(g, "runToRunPearson", r.runToRun());
                num(g, "runToRunNoisePearson", r.runToRunNoise());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("notes");
            for (String n : notes) {
                g.writeString(n);
            }
            g.writeEndArray();
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return w.toString() + "\n";
    }

    private static void num(JsonGenerator g, String name, double v) throws IOException {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            g.writeNullField(name);
        } else {
            g.writeNumberField(name, v);
        }
    }

    private static String f(double v, int digits) {
        return Double.isNaN(v) || Double.isInfinite(v) ? "n/a" : String.format(Locale.ROOT, "%." + digits + "f", v);
    }
}
