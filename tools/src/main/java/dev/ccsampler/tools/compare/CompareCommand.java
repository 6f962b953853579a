package dev.ccsampler.tools.compare;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;

import java.io.IOException;
import java.io.PrintStream;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import dev.ccsampler.tools.Cli;
import dev.ccsampler.tools.CliOptions;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code compare [options] <profileA> <profileB>}: accuracy of profile A against profile B (usually
 * B is the exhaustive tracer's tree). Exit status and messages follow {@link Cli}: 0 on success, 2 on
 * a usage error or an unreadable or malformed profile (the message names the file and the line).
 *
 * @since 0.1
 */
@Command(name = "compare", sortOptions = false, usageHelpAutoWidth = true,
                description = {"Compares calling context trees: degree of overlap, hot-edge coverage both ways",
                        "(Zhuang et al., PLDI 2006), Pearson of per-function self counts, top-N agreement.",
                        "Formats (auto-detected): ccsampler JSON, GraalVM --cpusampler.Output=json,",
                        "cctracer JSON, folded stacks ('a;b;c count'). Threads and contexts are merged."},
                footer = {"", "Exit status: 0 compared; 2 usage error or bad input (the message names the option or file)."})
public final class CompareCommand implements Callable<Integer> {

    /** A profile format name. */
    static final class FormatConverter implements CommandLine.ITypeConverter<ProfileFormat> {
        @Override
        public ProfileFormat convert(String value) {
            try {
                return ProfileFormat.parse(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }

    @Mixin
    CliOptions.Help help;

    @Parameters(index = "0", paramLabel = "<profileA>", description = "the profile to assess")
    String a;

    @Parameters(index = "1", paramLabel = "<profileB>", description = "the reference (usually the tracer's tree)")
    String b;

    @Option(names = "--format1", paramLabel = "<f>", converter = FormatConverter.class, description = "force the format of A: ccsampler|cpusampler|cctracer|folded")
    ProfileFormat f1;

    @Option(names = "--format2", paramLabel = "<f>", converter = FormatConverter.class, description = "force the format of B")
    ProfileFormat f2;

    @Option(names = "--threshold", paramLabel = "<T>", description = "hot-edge threshold, 0..1 (default 0.1)")
    String threshold = "0.1";

    @Option(names = "--top", paramLabel = "<N>", description = "top-N functions compared (default 10)")
    String top = "10";

    @Option(names = "--match", paramLabel = "full|name", description = "frame key: (name, source base name, line) (default) or name only")
    String match = "full";

    @Option(names = "--include-internal", description = "keep internal frames of ccsampler profiles")
    boolean internal;

    @Option(names = "--json", description = "print JSON instead of a table")
    boolean json;

    @Spec
    CommandSpec spec;

    private PrintStream out;

    private CompareCommand() {
    }

    /** Runs with {@code System.out} / {@code System.err}. @since 0.1 */
    public static int run(String[] args) {
        return run(args, System.out, System.err);
    }

    /** Entry point for a plain {@code java} launch. @since 0.1 */
    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs and returns the exit status. @since 0.1 */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        CompareCommand c = new CompareCommand();
        c.out = out;
        return Cli.execute("compare", c, args, out, err);
    }

    @Override
    public Integer call() {
        double t = parseThreshold(threshold);
        int n = parseTop(top);
        if (!match.equals("full") && !match.equals("name")) {
            throw new ParameterException(spec.commandLine(), "Invalid value '" + match + "' for --match: use full or name.");
        }
        boolean namesOnly = match.equals("name");
        try {
            Path pa = Path.of(a);
            Path pb = Path.of(b);
            ProfileFormat fa = f1 != null ? f1 : ProfileFormat.detect(pa);
            ProfileFormat fb = f2 != null ? f2 : ProfileFormat.detect(pb);
            Cct ca = ProfileReaders.read(pa, fa, internal);
            Cct cb = ProfileReaders.read(pb, fb, internal);
            if (namesOnly) {
                ca = ca.namesOnly();
                cb = cb.namesOnly();
            }
            CompareResult r = Comparison.compare(ca, cb, t, n);
            out.print(json ? toJson(r, a, fa, b, fb, namesOnly) : toText(r, a, fa, b, fb, namesOnly));
            out.flush();
            return Cli.OK;
        } catch (ProfileReadException e) {
            throw new Cli.BadInput(e.getMessage());
        } catch (java.nio.file.InvalidPathException e) {
            throw new Cli.BadInput("invalid path: " + e.getMessage());
        }
    }

    private double parseThreshold(String s) {
        try {
            double v = Double.parseDouble(s);
            if (v >= 0 && v <= 1) {
                return v;
            }
        } catch (NumberFormatException e) {
            // fall through to the message
        }
        throw new ParameterException(spec.commandLine(), "Invalid threshold '" + s + "' for --threshold: use a number from 0 to 1.");
    }

    private int parseTop(String s) {
        try {
            int v = Integer.parseInt(s);
            if (v >= 1) {
                return v;
            }
        } catch (NumberFormatException e) {
            // fall through to the message
        }
        throw new ParameterException(spec.commandLine(), "Invalid value '" + s + "' for --top: use a positive integer.");
    }

    /** A readable table. @since 0.1 */
    public static String toText(CompareResult r, String a, ProfileFormat fa, String b, ProfileFormat fb, boolean namesOnly) {
        StringBuilder s = new StringBuilder();
        s.append(String.format(Locale.ROOT, "A: %s (%s): %d edges, total weight %d%n", a, fa.id(), r.edgesA(), r.totalA()));
        s.append(String.format(Locale.ROOT, "B: %s (%s): %d edges, total weight %d%n", b, fb.id(), r.edgesB(), r.totalB()));
        s.append("frames match on ").append(namesOnly ? "name only" : "(name, source base name, start line)").append("; threads merged\n\n");
        String row = "%-36s %8s   %s%n";
        s.append(String.format(Locale.ROOT, row, "metric", "value", "detail"));
        s.append(String.format(Locale.ROOT, row, "degree of overlap (symmetric)", pct(r.overlap()), r.commonEdges() + " common edges"));
        s.append(String.format(Locale.ROOT, row, "hot-edge coverage A over B, T=" + num(r.threshold()), pct(r.hotCoverAB()),
                        "of B's " + r.hotEdgesB() + " hot edges"));
        s.append(String.format(Locale.ROOT, row, "hot-edge coverage B over A, T=" + num(r.threshold()), pct(r.hotCoverBA()),
                        "of A's " + r.hotEdgesA() + " hot edges"));
        s.append(String.format(Locale.ROOT, row, "pearson, per-function weight", Double.isNaN(r.pearson()) ? "n/a" : String.format(Locale.ROOT, "%.3f", r.pearson()),
                        "over " + r.functions() + " functions"));
        s.append(String.format(Locale.ROOT, row, "top-" + r.topN() + " agreement", pct(r.topAgreement()), r.topCommon() + " in both"));
        if (!r.topA().isEmpty() || !r.topB().isEmpty()) {
            s.append("\ntop-").append(r.topN()).append(" of A: ").append(String.join(", ", r.topA())).append('\n');
            s.append("top-").append(r.topN()).append(" of B: ").append(String.join(", ", r.topB())).append('\n');
        }
        for (String n : r.notes()) {
            s.append("note: ").append(n).append('\n');
        }
        return s.toString();
    }

    /** The result as one JSON object; undefined metrics are {@code null}. @since 0.1 */
    public static String toJson(CompareResult r, String a, ProfileFormat fa, String b, ProfileFormat fb, boolean namesOnly) {
        StringWriter w = new StringWriter();
        try (JsonGenerator g = new JsonFactory().createGenerator(w)) {
            g.writeStartObject();
            g.writeStringField("a", a);
            g.writeStringField("formatA", fa.id());
            g.writeStringField("b", b);
            g.writeStringField("formatB", fb.id());
            g.writeStringField("match", namesOnly ? "name" : "full");
            g.writeNumberField("threshold", r.threshold());
            g.writeNumberField("edgesA", r.edgesA());
            g.writeNumberField("edgesB", r.edgesB());
            g.writeNumberField("commonEdges", r.commonEdges());
            g.writeNumberField("totalA", r.totalA());
            g.writeNumberField("totalB", r.totalB());
            number(g, "overlap", r.overlap());
            g.writeNumberField("hotEdgesA", r.hotEdgesA());
            g.writeNumberField("hotEdgesB", r.hotEdgesB());
            number(g, "hotCoverAB", r.hotCoverAB());
            number(g, "hotCoverBA", r.hotCoverBA());
            g.writeNumberField("functions", r.functions());
            number(g, "pearson", r.pearson());
            g.writeNumberField("topN", r.topN());
            strings(g, "topA", r.topA());
            strings(g, "topB", r.topB());
            g.writeNumberField("topCommon", r.topCommon());
            number(g, "topAgreement", r.topAgreement());
            strings(g, "notes", r.notes());
            g.writeEndObject();
        } catch (IOException e) {
            throw new IllegalStateException("writing to a StringWriter cannot fail", e);
        }
        return w + System.lineSeparator();
    }

    private static void number(JsonGenerator g, String name, double v) throws IOException {
        if (Double.isNaN(v)) {
            g.writeNullField(name);
        } else {
            g.writeNumberField(name, v);
        }
    }

    private static void strings(JsonGenerator g, String name, List<String> v) throws IOException {
        g.writeArrayFieldStart(name);
        for (String s : v) {
            g.writeString(s);
        }
        g.writeEndArray();
    }

    private static String pct(double v) {
        return Double.isNaN(v) ? "n/a" : String.format(Locale.ROOT, "%.1f%%", v * 100);
    }

    private static String num(double v) {
        return String.format(Locale.ROOT, "%.2f", v).replaceAll("0+$", "").replaceAll("\\.$", "");
    }
}
