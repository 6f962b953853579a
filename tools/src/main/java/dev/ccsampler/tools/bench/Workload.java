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
 * @param iterations iterations per process in full mode
 * @param quickIterations iterations per process with {@code --quick}; 0 = not part of the quick suite
 * @param warmupIterations leading iterations reported as warm-up; the rest is steady state
 * @param knownSplit true self-time share in percent per function name, empty when not known
 * @param args guest arguments
 * @since 0.1
 */
public record Workload(String id, String language, String file, int iterations, int quickIterations, int warmupIterations,
                Map<String, Double> knownSplit, List<String> args) {

    /** Whether this workload uses GraalJS CommonJS {@code require} (and so needs the npm packages). @since 0.1 */
    public boolean needsNodeModules() {
        return language.equals("js");
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
                Map<String, Double> split = new LinkedHashMap<>();
                if (!f[6].equals("-")) {
                    for (String kv : f[6].split(",")) {
                        String[] p = kv.split("=");
                        split.put(p[0].strip(), Double.parseDouble(p[1]));
                    }
                }
                List<String> args = f[7].equals("-") ? List.of() : List.of(f[7].split(" "));
                out.add(new Workload(f[0], f[1], f[2], Integer.parseInt(f[3]), Integer.parseInt(f[4]), Integer.parseInt(f[5]),
                                Collections.unmodifiableMap(split), args));
            } catch (RuntimeException e) {
                throw new IOException(tsv + ":" + lineNo + ": cannot parse '" + line + "': " + e, e);
            }
        }
        return out;
    }
}
