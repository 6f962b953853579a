package dev.ccsampler.tools.diff;

import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.report.DiffFlameGraph;
import dev.ccsampler.report.ReportOptions;
import dev.ccsampler.tools.Cli;
import dev.ccsampler.tools.CliOptions;
import dev.ccsampler.tools.OutputFiles;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ccsampler diff before.json after.json [-o out.html] [--title T] [--min-width P]}: a
 * differential flame graph of two saved profiles (the {@code json} output format), written as one
 * HTML page. See {@link DiffFlameGraph} for what the colours mean and how frames of the two runs are
 * matched. Exit status and messages follow {@link Cli}.
 *
 * @since 0.1
 */
@Command(name = "diff", sortOptions = false, usageHelpAutoWidth = true,
                description = {"Writes a differential flame graph: the AFTER profile's flame graph, each frame red when",
                        "its share of all samples grew since BEFORE, blue when it shrank."},
                footer = {"", "Exit status: 0 written; 2 usage error or bad input (the message names the option or file); 1 the diff itself failed."})
public final class DiffCommand implements Callable<Integer> {

    /** Reads a saved profile; the command uses {@link CliOptions#readProfile(Path)}. */
    @FunctionalInterface
    interface ProfileReader {
        ProfileSnapshot read(Path path) throws IOException;
    }

    @Mixin
    CliOptions.Help help;

    @Parameters(index = "0", paramLabel = "BEFORE.json", description = "the profile before the change (saved with --ccsampler.Output=json)")
    Path before;

    @Parameters(index = "1", paramLabel = "AFTER.json", description = "the profile after the change")
    Path after;

    @Option(names = {"-o", "--output"}, paramLabel = "OUT.html", description = "where to write (default: flamegraph-diff.html)")
    Path output = Path.of("flamegraph-diff.html");

    @Option(names = "--force", description = "replace OUT.html if it exists (otherwise an existing file is an error)")
    boolean force;

    @Option(names = "--title", paramLabel = "TITLE", description = "page title (default: \"ccsampler diff\")")
    String title = "ccsampler diff";

    @Option(names = "--min-width", paramLabel = "PERCENT", converter = CliOptions.Percent.class,
                    description = "hide frames under PERCENT %% of the samples (default: 0)")
    double minWidth;

    private ProfileReader reader;
    private PrintStream out;

    private DiffCommand() {
    }

    /**
     * Runs the command on the arguments after the word {@code diff}.
     *
     * @return 0 on success, 2 on bad arguments or input, 1 when the diff itself failed
     * @since 0.1
     */
    public static int run(String[] args) {
        return run(args, CliOptions::readProfile, System.out, System.err);
    }

    static int run(String[] args, ProfileReader reader, PrintStream out, PrintStream err) {
        DiffCommand c = new DiffCommand();
        c.reader = reader;
        c.out = out;
        return Cli.execute("diff", c, args, out, err);
    }

    @Override
    public Integer call() throws IOException {
        ProfileSnapshot b = read(before);
        ProfileSnapshot a = read(after);
        Cli.checkOutput(output, force, before, after);
        ReportOptions opts = ReportOptions.DEFAULT.withTitle(title).withMinWidth(minWidth);
        try {
            OutputFiles.write(output, force, file -> {
                try (OutputStream o = new BufferedOutputStream(Files.newOutputStream(file))) {
                    DiffFlameGraph.write(b, a, opts, o);
                }
            });
        } catch (java.nio.file.FileAlreadyExistsException e) {
            throw new Cli.BadInput(output + " exists; use --force to replace it.");
        } catch (IOException e) {
            throw new Cli.BadInput(output + ": cannot write: " + e.getMessage());
        }
        out.println("ccsampler diff: wrote " + output);
        return Cli.OK;
    }

    private ProfileSnapshot read(Path p) {
        try {
            return reader.read(p);
        } catch (IOException e) {
            throw new Cli.BadInput(p + ": cannot read: " + e.getMessage());
        }
    }
}
