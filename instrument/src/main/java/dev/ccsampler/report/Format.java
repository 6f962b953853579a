package dev.ccsampler.report;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Every output format, and the one place that maps a format name to its reporter.
 *
 * @since 0.1
 */
public enum Format {
    /**
     * Flat list of functions by self time.
     *
     * @since 0.1
     */
    HISTOGRAM("histogram", false, "txt", new HistogramReporter()),
    /**
     * Indented calling context tree.
     *
     * @since 0.1
     */
    CALLTREE("calltree", false, "txt", new CallTreeReporter()),
    /**
     * The whole CC-Map, schema in docs/json-schema.md.
     *
     * @since 0.1
     */
    JSON("json", false, "json", new JsonProfileWriter()),
    /**
     * One {@code root;...;leaf count} line per stack.
     *
     * @since 0.1
     */
    FOLDED("folded", false, "folded", new FoldedReporter()),
    /**
     * Self-contained HTML flame graph.
     *
     * @since 0.1
     */
    FLAMEGRAPH("flamegraph", false, "html", new FlameGraphReporter()),
    /**
     * gzipped pprof profile.proto.
     *
     * @since 0.1
     */
    PPROF("pprof", true, "pb.gz", new PprofReporter()),
    /**
     * speedscope file format.
     *
     * @since 0.1
     */
    SPEEDSCOPE("speedscope", false, "speedscope.json", new SpeedscopeReporter()),
    /**
     * Chrome DevTools .cpuprofile.
     *
     * @since 0.1
     */
    CPUPROFILE("cpuprofile", false, "cpuprofile", new CpuProfileReporter()),
    /**
     * JFR recording with jdk.ExecutionSample events of guest frames.
     *
     * @since 0.1
     */
    JFR("jfr", true, "jfr", new JfrReporter());

    private final String id;
    private final boolean binary;
    private final String extension;
    private final Reporter reporter;

    Format(String id, boolean binary, String extension, Reporter reporter) {
        this.id = id;
        this.binary = binary;
        this.extension = extension;
        this.reporter = reporter;
    }

    /**
     * The name used in options and on the command line.
     *
     * @since 0.1
     */
    public String id() {
        return id;
    }

    /**
     * Whether the output is binary (must go to a file, not the terminal).
     *
     * @since 0.1
     */
    public boolean binary() {
        return binary;
    }

    /**
     * Usual file extension, without the dot.
     *
     * @since 0.1
     */
    public String extension() {
        return extension;
    }

    /**
     * The reporter that writes this format; stateless, so it may be shared between threads.
     *
     * @since 0.1
     */
    public Reporter reporter() {
        return reporter;
    }

    /**
     * The legal names, comma separated, for error messages.
     *
     * @since 0.1
     */
    public static String legalNames() {
        return Arrays.stream(values()).map(Format::id).collect(Collectors.joining(", "));
    }

    /**
     * Looks a format up by name (case-insensitive).
     *
     * @throws IllegalArgumentException naming the value and the legal ones
     * @since 0.1
     */
    public static Format parse(String name) {
        String n = name.trim().toLowerCase(Locale.ROOT);
        for (Format f : values()) {
            if (f.id.equals(n)) {
                return f;
            }
        }
        throw new IllegalArgumentException("Unknown output format '" + name + "': use one of " + legalNames() + ".");
    }
}
