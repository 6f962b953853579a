package dev.ccsampler.tools.convert;

import dev.ccsampler.CCSampler;
import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.report.Format;
import dev.ccsampler.report.ReportOptions;
import dev.ccsampler.tools.Cli;
import dev.ccsampler.tools.CliOptions;
import dev.ccsampler.tools.OutputFiles;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ccsampler convert profile.json --to FORMAT [-o OUT]}: writes a saved profile (the
 * {@code json} output) in any output format. The output goes to a temporary file first and replaces
 * {@code OUT} only when complete, so a failed conversion never leaves a half-written file behind.
 * Exit status and messages follow {@link Cli}.
 *
 * @since 0.1
 */
@Command(name = "convert", sortOptions = false, usageHelpAutoWidth = true,
                description = "Writes a saved ccsampler profile (the json output) in another format.",
                footer = {"", "Exit status: 0 written; 2 usage error or bad input (the message names the option or file); 1 the conversion itself failed."})
public final class ConvertCommand implements Callable<Integer> {

    @Mixin
    CliOptions.Help help;

    @Parameters(index = "0", paramLabel = "PROFILE.json", description = "a profile saved with --ccsampler.Output=json")
    Path input;

    @Option(names = "--to", required = true, paramLabel = "FORMAT", converter = CliOptions.FormatConverter.class,
                    description = "output format: ${COMPLETION-CANDIDATES}", completionCandidates = CliOptions.FormatNames.class)
    Format format;

    @Option(names = {"-o", "--output"}, paramLabel = "OUT",
                    description = "where to write (default: PROFILE.<format extension>; text formats may use '-' for standard output)")
    String output;

    @Option(names = "--force", description = "replace OUT if it exists (otherwise an existing file is an error)")
    boolean force;

    @Option(names = "--tiers", description = "show compilation tiers")
    boolean tiers;

    @Option(names = "--summarise-threads", description = "merge all threads")
    boolean summariseThreads;

    @Option(names = "--title", paramLabel = "T", description = "title of the flame graph page")
    String title;

    @Option(names = "--min-width", paramLabel = "P", converter = CliOptions.Percent.class, description = "hide frames under P %% of the samples, 0 <= P < 100")
    Double minWidth;

    @Option(names = "--min-samples", paramLabel = "N", converter = CliOptions.NonNegativeLong.class, description = "hide entries with fewer than N samples")
    Long minSamples;

    private PrintStream out;
    private PrintStream err;

    private ConvertCommand() {
    }

    /**
     * Runs the command on the arguments after the word {@code convert}.
     *
     * @return 0 on success, 2 on bad arguments or input, 1 when the conversion itself failed
     * @since 0.1
     */
    public static int run(String[] args) {
        return run(args, System.out, System.err);
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        ConvertCommand c = new ConvertCommand();
        c.out = out;
        c.err = err;
        return Cli.execute("convert", c, args, out, err);
    }

    @Override
    public Integer call() throws IOException {
        ReportOptions o = ReportOptions.DEFAULT.withShowTiers(tiers).withSummariseThreads(summariseThreads);
        if (title != null) {
            o = o.withTitle(title);
        }
        if (minWidth != null) {
            o = o.withMinWidth(minWidth);
        }
        if (minSamples != null) {
            o = o.withMinSamples(minSamples);
        }
        boolean toStdout = "-".equals(output);
        if (toStdout && format.binary()) {
            throw new Cli.BadInput("Format " + format.id() + " is binary: give -o FILE.");
        }
        Path target = toStdout ? null : output != null ? Path.of(output) : defaultOutput(input, format);
        ProfileSnapshot s = CliOptions.readProfile(input);
        if (toStdout) {
            ByteArrayOutputStream buf = new ByteArrayOutputStream();
            CCSampler.write(s, format, o, buf);
            out.write(buf.toByteArray());
            out.flush();
            return Cli.OK;
        }
        Cli.checkOutput(target, force, input);
        ReportOptions opts = o;
        try {
            OutputFiles.write(target, force, file -> CCSampler.write(s, format, opts, file));
        } catch (java.nio.file.FileAlreadyExistsException e) {
            throw new Cli.BadInput(target + " exists; use --force to replace it.");
        } catch (IOException e) {
            throw new Cli.BadInput(target + ": cannot write " + format.id() + " output: " + e.getMessage());
        }
        err.println("ccsampler convert: wrote " + format.id() + " to " + target);
        return Cli.OK;
    }

    static Path defaultOutput(Path input, Format f) {
        String name = input.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String base = dot > 0 ? name.substring(0, dot) : name;
        return input.toAbsolutePath().resolveSibling(base + "." + f.extension());
    }
}
