package dev.ccsampler.tools.convert;

import dev.ccsampler.CCSampler;
import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.report.Format;
import dev.ccsampler.report.JsonProfileReader;
import dev.ccsampler.report.ReportOptions;
import dev.ccsampler.tools.OutputFiles;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * {@code ccsampler convert profile.json --to FORMAT [-o OUT]}: writes a saved profile (the
 * {@code json} output) in any output format. The output goes to a temporary file first and replaces
 * {@code OUT} only when complete, so a failed conversion never leaves a half-written file behind.
 *
 * @since 0.1
 */
public final class ConvertCommand {

    static final String USAGE = """
                    Usage: ccsampler convert PROFILE.json --to FORMAT [-o OUT] [--tiers] [--summarise-threads] [--title T] [--min-width P] [--min-samples N]
                      FORMAT: %s
                      -o, --output OUT       where to write (default: PROFILE.<format extension>; text formats may use '-' for stdout)
                      --force                replace OUT if it exists (otherwise an existing file is an error)
                    """.formatted(Format.legalNames());

    private ConvertCommand() {
    }

    /**
     * Runs the command on the arguments after the word {@code convert}.
     *
     * @return 0 on success, 1 when a file could not be read or written, 2 on bad arguments
     * @since 0.1
     */
    public static int run(String[] args) {
        return run(args, System.out, System.err);
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        Path input = null;
        Format format = null;
        String output = null;
        boolean force = false;
        ReportOptions o = ReportOptions.DEFAULT;
        try {
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                switch (a) {
                    case "-h", "--help" -> {
                        out.print(USAGE);
                        return 0;
                    }
                    case "--tiers" -> o = o.withShowTiers(true);
                    case "--summarise-threads" -> o = o.withSummariseThreads(true);
                    case "--force" -> force = true;
                    case "--to", "-o", "--output", "--title", "--min-width", "--min-samples" -> {
                        if (i + 1 >= args.length) {
                            return usage(err, "Missing value after '" + a + "'.");
                        }
                        String v = args[++i];
                        switch (a) {
                            case "--to" -> format = Format.parse(v);
                            case "--title" -> o = o.withTitle(v);
                            case "--min-width" -> o = o.withMinWidth(Double.parseDouble(v));
                            case "--min-samples" -> o = o.withMinSamples(Long.parseLong(v));
                            default -> output = v;
                        }
                    }
                    default -> {
                        if (a.startsWith("-")) {
                            return usage(err, "Unknown option '" + a + "'.");
                        }
                        if (input != null) {
                            return usage(err, "Only one input profile, found '" + input + "' and '" + a + "'.");
                        }
                        input = Path.of(a);
                    }
                }
            }
        } catch (IllegalArgumentException e) {
            return usage(err, e.getMessage());
        }
        if (input == null || format == null) {
            return usage(err, input == null ? "Missing the input profile." : "Missing --to FORMAT.");
        }
        ProfileSnapshot s;
        try {
            s = JsonProfileReader.read(input);
        } catch (NoSuchFileException e) {
            err.println("ccsampler convert: no such file: " + input);
            return 1;
        } catch (IOException e) {
            err.println("ccsampler convert: " + e.getMessage());
            return 1;
        }
        try {
            if ("-".equals(output)) {
                if (format.binary()) {
                    return usage(err, "Format " + format.id() + " is binary: give -o FILE.");
                }
                ByteArrayOutputStream buf = new ByteArrayOutputStream();
                CCSampler.write(s, format, o, buf);
                out.write(buf.toByteArray());
                out.flush();
                return 0;
            }
            Path target = output != null ? Path.of(output) : defaultOutput(input, format);
            ReportOptions opts = o;
            ProfileSnapshot snapshot = s;
            Format to = format;
            try {
                OutputFiles.write(target, force, file -> CCSampler.write(snapshot, to, opts, file));
            } catch (java.nio.file.FileAlreadyExistsException e) {
                err.println("ccsampler convert: " + target + " exists; use --force to replace it.");
                return 1;
            }
            err.println("ccsampler convert: wrote " + format.id() + " to " + target);
            return 0;
        } catch (IOException | RuntimeException e) {
            err.println("ccsampler convert: cannot write " + format.id() + " output: " + e.getMessage());
            return 1;
        }
    }

    static Path defaultOutput(Path input, Format f) {
        String name = input.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String base = dot > 0 ? name.substring(0, dot) : name;
        return input.toAbsolutePath().resolveSibling(base + "." + f.extension());
    }

    private static int usage(PrintStream err, String message) {
        err.println("ccsampler convert: " + message);
        err.print(USAGE);
        return 2;
    }
}
