package dev.ccsampler.tools.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One workload of the suite, as read from {@code tools/workloads/workloads.tsv}.
 *
 * @param id short name used in tables
 * @param language polyglot language id
 * @param file path from the repository root
 * @param iterations iterations per process in full mode; 0 = not part of the full suite (both 0: a
 *        program file sized by its first baseline process)
 * @param quickIterations iterations per process with {@code --quick}; 0 = not part of the quick suite
 * @param warmupIterations leading iterations reported as warm-up; the rest is steady state
 * @param knownSplit true self-time share in percent per function name, empty when not known
 * @param args guest arguments
 * @since 0.1
 */
public record Workload(String id, String language, String file, int iterations, int quickIterations, int warmupIterations,
                Map<String, Double> knownSplit, List<String> args) {

    /**
     * Whether this workload is one of the suite's JavaScript workloads, which {@code require} the
     * npm packages of {@code tools/workloads}. A program file given on the command line does not.
     *
     * @since 0.1
     */
    public boolean needsNodeModules() {
        return language.equals("js") && !Path.of(file).isAbsolute();
    }

    /**
     * Whether the iteration count is still open: a program file given without {@code --iterations}
     * is sized by its first baseline process ({@link #withIterations}).
     *
     * @since 0.1
     */
    public boolean sizedByFirstRun() {
        return iterations == 0 && quickIterations == 0;
    }

    /**
     * Iterations per process in the given mode; a workload selected with {@code --only} in a mode
     * it is not part of runs the other mode's count.
     *
     * @since 0.1
     */
    public int iterationsFor(boolean quick) {
        int mine = quick ? quickIterations : iterations;
        return mine > 0 ? mine : quick ? iterations : quickIterations;
    }

    /** Whether this workload runs in the given mode (a suite line may be quick-only or full-only). @since 0.1 */
    public boolean runsIn(boolean quick) {
        return sizedByFirstRun() || (quick ? quickIterations : iterations) > 0;
    }

    /**
     * This workload with {@code n} iterations in both modes and a warm-up of a third of them, at
     * most 5 (none for a single iteration).
     *
     * @since 0.1
     */
    public Workload withIterations(int n) {
        return new Workload(id, language, file, n, n, Math.min(5, n / 3), knownSplit, args);
    }

    /**
     * A program file given on the command line: id = file name without extension, {@code iterations}
     * per process (0 = sized by the first baseline process).
     *
     * @since 0.1
     */
    public static Workload program(Path file, String language, int iterations, Map<String, Double> split) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        Workload w = new Workload(dot > 0 ? name.substring(0, dot) : name, language, file.toString(), 0, 0, 0, split, List.of());
        return iterations > 0 ? w.withIterations(iterations) : w;
    }

    /** The polyglot language id for a file extension, or null. @since 0.1 */
    public static String languageOf(Path file) {
        String n = file.getFileName().toString();
        if (n.endsWith(".js") || n.endsWith(".mjs") || n.endsWith(".cjs")) {
            return "js";
        }
        if (n.endsWith(".py")) {
            return "python";
        }
        if (n.endsWith(".pace")) {
            return "pace";
        }
        if (n.endsWith(".rb")) {
            return "ruby";
        }
        return null;
    }

    /**
     * Parses a known split, {@code name=percent,...}. Throws {@link IllegalArgumentException} naming
     * {@code option} for a malformed list.
     *
     * @since 0.1
     */
    public static Map<String, Double> parseSplit(String text, String option) {
        Map<String, Double> split = new LinkedHashMap<>();
        for (String kv : text.split(",")) {
            String[] p = kv.split("=");
            double v;
            try {
                v = p.length == 2 ? Double.parseDouble(p[1].strip()) : Double.NaN;
            } catch (NumberFormatException e) {
                v = Double.NaN;
            }
            if (p.length != 2 || p[0].isBlank() || !(v > 0) || split.put(p[0].strip(), v) != null) {
                throw new IllegalArgumentException("Invalid value '" + text + "' for " + option + ": use name=percent,... with distinct names and positive percents.");
            }
        }
        return Collections.unmodifiableMap(split);
    }

    /**
     * Reads the suite file: tab-separated, {@code #} comments. A malformed line throws with its
     * number and content.
     *
     * @since 0.1
     */
    public static List<Workload> readSuite(Path tsv) throws IOException {
        List<Workload> out = new ArrayList<>();
        int lineNo = 0;
        for (String line : Files.readAllLines(tsv, StandardCharsets.UTF_8)) {
            lineNo++;
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.split("\t");
            if (f.length != 8) {
                throw new IOException(tsv + ":" + lineNo + ": expected 8 tab-separated fields, found " + f.length + ": '" + line + "'");
            }
            try {
                Map<String, Double> split = f[6].equals("-") ? Map.of() : parseSplit(f[6], "the known split");
                List<String> args = f[7].equals("-") ? List.of() : List.of(f[7].split(" "));
                int full = Integer.parseInt(f[3]);
                int quick = Integer.parseInt(f[4]);
                if (full < 0 || quick < 0 || full + quick == 0) {
                    throw new IllegalArgumentException("iterations must be positive in at least one mode (0 = not in that mode)");
                }
                out.add(new Workload(f[0], f[1], f[2], full, quick, Integer.parseInt(f[5]), split, args));
            } catch (RuntimeException e) {
                throw new IOException(tsv + ":" + lineNo + ": cannot parse '" + line + "': " + e, e);
            }
        }
        return out;
    }
}
