package dev.ccsampler.tools;

import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

import dev.ccsampler.tools.launcher.RunLauncher;

/**
 * The {@code ccsampler} command: {@code ccsampler <subcommand> [args...]}.
 *
 * <p>
 * {@code run} is the language launcher ({@link RunLauncher}). The other subcommands live in their
 * own packages, each a class with {@code public static int run(String[] args)} returning the
 * process status; their command lines are parsed by picocli through {@link Cli}, which gives them
 * the same {@code --help}, error lines and exit codes (0 ok, 2 usage error or bad input, 1 the run
 * failed). They are loaded by name so that a build without one of them still compiles and
 * says "not available in this build" instead.
 */
public final class Main {

    /** Subcommand name to implementing class, in the order the usage lists them. */
    public static final Map<String, String> SUBCOMMANDS;

    static {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("convert", "dev.ccsampler.tools.convert.ConvertCommand");
        m.put("diff", "dev.ccsampler.tools.diff.DiffCommand");
        m.put("compare", "dev.ccsampler.tools.compare.CompareCommand");
        m.put("bench", "dev.ccsampler.tools.bench.BenchCommand");
        m.put("split-check", "dev.ccsampler.tools.bench.SplitCheckCommand");
        SUBCOMMANDS = java.util.Collections.unmodifiableMap(m);
    }

    /** Status for a usage error, as the polyglot launchers use for an unrecognized argument ({@link Cli#USAGE}). */
    public static final int USAGE_ERROR = Cli.USAGE;

    private Main() {
    }

    public static void main(String[] args) {
        if (args.length > 0 && args[0].equals("run")) {
            // The launcher owns the process from here: it exits with the guest's status.
            RunLauncher.main(Arrays.copyOfRange(args, 1, args.length));
            return;
        }
        int status = dispatch(args, SUBCOMMANDS, System.out, System.err);
        System.out.flush();
        System.err.flush();
        System.exit(status);
    }

    /**
     * Runs every subcommand but {@code run} and returns the process status.
     *
     * @param commands subcommand name to class name; the real table is {@link #SUBCOMMANDS}
     */
    public static int dispatch(String[] args, Map<String, String> commands, PrintStream out, PrintStream err) {
        if (args.length == 0 || args[0].equals("help") || args[0].equals("--help") || args[0].equals("-h")) {
            printUsage(commands, out);
            return 0;
        }
        String name = args[0];
        String className = commands.get(name);
        if (className == null) {
            err.println("ccsampler: unknown subcommand '" + name + "'. Legal subcommands: " + legalSubcommands(commands) + " (see 'ccsampler help').");
            return USAGE_ERROR;
        }
        Method run = findRunMethod(className);
        if (run == null) {
            err.println("ccsampler: subcommand " + name + " is not available in this build (" + className + " is missing).");
            return USAGE_ERROR;
        }
        try {
            return (Integer) run.invoke(null, (Object) Arrays.copyOfRange(args, 1, args.length));
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException re) {
                throw re;
            }
            if (cause instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException("ccsampler " + name + " failed", cause);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(className + ".run must be public", e);
        }
    }

    /** {@code public static int run(String[])} of the class, or {@code null} when it is absent. */
    private static Method findRunMethod(String className) {
        try {
            Method m = Class.forName(className).getMethod("run", String[].class);
            if (!Modifier.isStatic(m.getModifiers()) || m.getReturnType() != int.class) {
                return null;
            }
            return m;
        } catch (ClassNotFoundException | NoSuchMethodException | LinkageError e) {
            return null;
        }
    }

    private static String legalSubcommands(Map<String, String> commands) {
        StringBuilder sb = new StringBuilder("run");
        for (String name : commands.keySet()) {
            sb.append(", ").append(name);
        }
        return sb.append(", help").toString();
    }

    static void printUsage(Map<String, String> commands, PrintStream out) {
        out.println("Usage: ccsampler <subcommand> [args...]");
        out.println();
        out.println("Subcommands:");
        out.println("  run [options] <file> [args...]  Run a guest program in any installed Truffle language, with");
        out.println("                                  GraalVM launcher options: --ccsampler, --ccsampler.Period=1ms,");
        out.println("                                  --cpusampler, --engine.*, --<lang>.*, --help:tools, ...");
        for (Map.Entry<String, String> e : commands.entrySet()) {
            String availability = findRunMethod(e.getValue()) == null ? "(not available in this build)" : "";
            out.printf("  %-31s %s%s%n", e.getKey() + " ...", describe(e.getKey()), availability.isEmpty() ? "" : " " + availability);
        }
        out.println("  help                            Print this message.");
        out.println();
        out.println("'ccsampler <subcommand> --help' prints the options of one subcommand.");
    }

    private static String describe(String name) {
        return switch (name) {
            case "convert" -> "Convert a saved profile to another format.";
            case "diff" -> "Show the difference between two profiles.";
            case "compare" -> "Compare two profiles: overlap, hot-edge coverage, correlation.";
            case "bench" -> "Measure profiler overhead and accuracy.";
            case "split-check" -> "Compare profiles with programs that time their own phases.";
            default -> "";
        };
    }
}
