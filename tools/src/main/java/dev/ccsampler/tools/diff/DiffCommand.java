package dev.ccsampler.tools.diff;

import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.report.DiffFlameGraph;
import dev.ccsampler.report.JsonProfileReader;
import dev.ccsampler.report.ReportOptions;
import dev.ccsampler.tools.OutputFiles;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code ccsampler diff before.json after.json [-o out.html] [--title T] [--min-width P]}: a
 * differential flame graph of two saved profiles (the {@code json} output format), written as one
 * HTML page. See {@link DiffFlameGraph} for what the colours mean and how frames of the two runs are
 * matched.
 *
 * @since 0.1
 */
public final class DiffCommand {

    static final String USAGE = """
                    Usage: ccsampler diff BEFORE.json AFTER.json [-o OUT.html] [--force] [--title TITLE] [--min-width PERCENT]
                      Writes a differential flame graph: the AFTER profile's flame graph, each frame red when
                      its share of all samples grew since BEFORE, blue when it shrank.
                      -o, --output OUT.html   where to write (default: flamegraph-diff.html)
                      --force                 replace OUT.html if it exists (otherwise an existing file is an error)
                      --title TITLE           page title (default: "ccsampler diff")
                      --min-width PERCENT     hide frames under PERCENT % of the samples (default: 0)
                    """;

    /** Reads a saved profile; the command uses {@link JsonProfileReader#read(Path)}. */
    @FunctionalInterface
    interface ProfileReader {
        ProfileSnapshot read(Path path) throws IOException;
    }

    private DiffCommand() {
    }

    /**
     * Runs the command on the arguments after the word {@code diff}.
     *
     * @return 0 on success, 1 when a file could not be read or written, 2 on bad arguments
     * @since 0.1
     */
    public static int run(String[] args) {
        return run(args, JsonProfileReader::read, System.out, System.err);
    }

    static int run(String[] args, ProfileReader reader, PrintStream out, PrintStream err) {
        Path before = null;
        Path after = null;
        Path output = Path.of("flamegraph-diff.html");
        ReportOptions options = ReportOptions.DEFAULT.withTitle("ccsampler diff");
        boolean force = false;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "-h", "--help" -> {
                    out.print(USAGE);
                    return 0;
                }
                case "--force" -> force = true;
                case "-o", "--output", "--title", "--min-width" -> {
                    if (i + 1 >= args.length) {
                        return usage(err, "Missing value after '" + a + "'.");
                    }
                    String v = args[++i];
                    if (a.equals("--title")) {
                        options = options.withTitle(v);
                    } else if (a.equals("--min-width")) {
                        try {
                            double w = Double.parseDouble(v);
                            if (!(w >= 0 && w < 100)) {
                                throw new NumberFormatException();
                            }
                            options = options.withMinWidth(w);
                        } catch (NumberFormatException e) {
                            return usage(err, "Invalid --min-width '" + v + "': use a percentage from 0 up to (not including) 100.");
                        }
                    } else {
                        output = Path.of(v);
                    }
                }
                default -> {
                    if (a.startsWith("-") && a.length() > 1) {
                        return usage(err, "Unknown option '" + a + "': use -o, --title, --min-width or --help.");
                    } else if (before == null) {
                        before = Path.of(a);
                    } else if (after == null) {
                        after = Path.of(a);
                    } else {
                        return usage(err, "Unexpected argument '" + a + "': give exactly two profiles, BEFORE and AFTER.");
                    }
                }
            }
        }
        if (after == null) {
            return usage(err, "Give two profiles: BEFORE.json and AFTER.json (profiles saved in the json output format).");
        }
        ProfileSnapshot b;
        ProfileSnapshot a;
        try {
            b = reader.read(before);
            a = reader.read(after);
        } catch (IOException | RuntimeException e) {
            err.println("ccsampler diff: cannot read a profile: " + e.getMessage());
            return 1;
        }
        ReportOptions opts = options;
        try {
            OutputFiles.write(output, force, file -> {
                try (OutputStream o = new BufferedOutputStream(Files.newOutputStream(file))) {
                    DiffFlameGraph.write(b, a, opts, o);
                }
            });
        } catch (java.nio.file.FileAlreadyExistsException e) {
            err.println("ccsampler diff: " + output + " exists; use --force to replace it.");
            return 1;
        } catch (IOException e) {
            err.println("ccsampler diff: cannot write '" + output + "': " + e.getMessage());
            return 1;
        }
        out.println("ccsampler diff: wrote " + output);
        return 0;
    }

    private static int usage(PrintStream err, String message) {
        err.println("ccsampler diff: " + message);
        err.print(USAGE);
        return 2;
    }
}
