package dev.ccsampler.tools;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParameterException;

/**
 * The command line of every {@code ccsampler} subcommand but {@code run} (which takes GraalVM
 * launcher options): picocli parses, and this class makes help, errors and exit codes the same
 * for all of them.
 *
 * <p><b>The contract</b> (docs/bad-input.md):
 * <ul>
 * <li>{@code -h} / {@code --help} on any subcommand prints its usage to standard output, status
 * {@value #OK}.</li>
 * <li>A usage error (unknown option, missing or malformed value, wrong number of files) and bad
 * input (a file that is missing, a directory, empty, of the wrong format or malformed; an output
 * that exists without {@code --force}, is an input, or cannot be written) print <em>one</em> line to
 * standard error, {@code ccsampler <subcommand>: <message>}, naming the option or the file, and the
 * status is {@value #USAGE}. No stack trace; nothing the user had is overwritten.</li>
 * <li>A failure of the run itself (a benchmark whose guest processes all failed, an I/O error in the
 * middle of a run, a bug) is status {@value #FAILED}, also one line.</li>
 * </ul>
 *
 * @since 0.1
 */
public final class Cli {

    /** Success. @since 0.1 */
    public static final int OK = 0;
    /** The run itself failed. @since 0.1 */
    public static final int FAILED = 1;
    /** A usage error or bad input; as the polyglot launchers use for an unrecognized argument. @since 0.1 */
    public static final int USAGE = 2;

    /**
     * Bad input found while running (a file, a value that only the run can check): one line, status
     * {@value #USAGE}. The message should name the file or option.
     *
     * @since 0.1
     */
    public static final class BadInput extends RuntimeException {
        private static final long serialVersionUID = 1L;

        /** @since 0.1 */
        public BadInput(String message) {
            super(message, null, false, false);
        }
    }

    /**
     * The run failed for a reason other than its input: one line, status {@value #FAILED}.
     *
     * @since 0.1
     */
    public static final class Failure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        /** @since 0.1 */
        public Failure(String message) {
            super(message, null, false, false);
        }
    }

    private Cli() {
    }

    /**
     * Parses {@code args} into {@code command} (a picocli {@link Command} that is a
     * {@code Callable<Integer>}), runs it and returns the status; every message goes to {@code out}
     * (help) or {@code err} (errors) as the class comment says.
     *
     * @param name the subcommand's name, as in {@code ccsampler <name>}
     * @since 0.1
     */
    public static int execute(String name, Callable<Integer> command, String[] args, PrintStream out, PrintStream err) {
        CommandLine cl = new CommandLine(command);
        cl.setCommandName("ccsampler " + name);
        // '--extra --ccsampler.Period=1ms', '-o -' : option-like values are values
        cl.setAllowOptionsAsOptionParameters(true);
        // a file named '@x' is a file, not a file of arguments
        cl.setExpandAtFiles(false);
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        cl.setOverwrittenOptionsAllowed(true);
        cl.setOut(writer(out));
        cl.setErr(writer(err));
        cl.setParameterExceptionHandler((ParameterException e, String[] a) -> {
            String message = e.getMessage();
            java.util.List<String> unmatched = e.getCommandLine().getUnmatchedArguments();
            if (!(e instanceof CommandLine.UnmatchedArgumentException) && !unmatched.isEmpty()) {
                // picocli checks required options before it reports what it did not recognise; the unknown word is the better message
                String u = unmatched.get(0);
                message = u.startsWith("-") ? "Unknown option: '" + u + "'" : "Unexpected argument: '" + u + "'";
            }
            err.println(line(name, message) + " (see 'ccsampler " + name + " --help')");
            err.flush();
            return USAGE;
        });
        cl.setExecutionExceptionHandler((e, c, parseResult) -> {
            if (e instanceof BadInput) {
                err.println(line(name, e.getMessage()));
                err.flush();
                return USAGE;
            }
            err.println(line(name, e instanceof Failure ? e.getMessage() : "failed: " + e));
            err.flush();
            return FAILED;
        });
        int status = cl.execute(args);
        out.flush();
        err.flush();
        return status;
    }

    private static PrintWriter writer(PrintStream s) {
        return new PrintWriter(new java.io.OutputStreamWriter(s, s.charset() != null ? s.charset() : Charset.defaultCharset()), true);
    }

    /** {@code ccsampler <name>: <message>} on one line. */
    static String line(String name, String message) {
        String m = String.valueOf(message).strip();
        int nl = m.indexOf('\n');
        if (nl >= 0) {
            m = m.substring(0, nl).strip();
        }
        return "ccsampler " + name + ": " + m;
    }

    /**
     * Checks that {@code file} can be read as an input: it exists, is a regular file, is readable
     * and not empty.
     *
     * @throws BadInput naming the file and what is wrong with it
     * @since 0.1
     */
    public static void checkInput(Path file) {
        if (Files.isDirectory(file)) {
            throw new BadInput(file + ": is a directory, not a profile file");
        }
        if (!Files.exists(file)) {
            throw new BadInput(file + ": no such file");
        }
        if (!Files.isRegularFile(file)) {
            throw new BadInput(file + ": not a regular file");
        }
        if (!Files.isReadable(file)) {
            throw new BadInput(file + ": not readable (permission denied)");
        }
        try {
            if (Files.size(file) == 0) {
                throw new BadInput(file + ": the file is empty: no profile in it");
            }
        } catch (java.io.IOException e) {
            throw new BadInput(file + ": cannot read: " + e.getMessage());
        }
    }

    /**
     * Checks that {@code target} may be written: not one of the inputs, not a directory, not an
     * existing file unless {@code replace}, in a directory that exists or can be created.
     *
     * @throws BadInput naming the file and the rule
     * @since 0.1
     */
    public static void checkOutput(Path target, boolean replace, Path... inputs) {
        for (Path in : inputs) {
            if (in != null && sameFile(in, target)) {
                throw new BadInput(target + ": is an input of this command; write the output to another file");
            }
        }
        if (Files.isDirectory(target)) {
            throw new BadInput(target + ": is a directory; give a file name for the output");
        }
        if (Files.exists(target) && !replace) {
            throw new BadInput(target + " exists; use --force to replace it.");
        }
        if (Files.exists(target) && !Files.isWritable(target)) {
            throw new BadInput(target + ": not writable (permission denied)");
        }
        Path dir = target.toAbsolutePath().getParent();
        for (Path d = dir; d != null; d = d.getParent()) {
            if (Files.exists(d)) {
                if (!Files.isDirectory(d)) {
                    throw new BadInput(target + ": cannot write there: " + d + " is not a directory");
                }
                if (!Files.isWritable(d)) {
                    throw new BadInput(target + ": cannot write there: directory " + d + " is not writable");
                }
                break;
            }
        }
    }

    private static boolean sameFile(Path a, Path b) {
        try {
            if (Files.exists(a) && Files.exists(b)) {
                return Files.isSameFile(a, b);
            }
        } catch (java.io.IOException e) {
            // fall back to the names
        }
        return a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize());
    }
}
