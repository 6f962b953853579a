package dev.ccsampler.pace;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.SourceSection;

/**
 * Runs one Pace program in-process, the way a launcher would, and captures what it printed and
 * how it ended. Reusable by any test that wants to rerun Pace programs under other options.
 *
 * <p>
 * Error output format (the golden files depend on it): for a guest error, one line
 * {@code Error: <message>} followed by one line per guest frame, innermost first,
 * {@code   at <name> (<file>:<line>)}; exit status 1. A hard {@code exit(n)} prints nothing and
 * gives status {@code n}. A normal end gives status 0.
 */
public final class GoldenRunner {

    /** What a run produced; {@code log} holds engine log output (compiler warnings etc.), kept apart. */
    public record Result(String stdout, String stderr, int exitStatus, String log) {

        /** The text a {@code .output} golden file holds: stdout, then stderr, then {@code exit: N}. */
        public String transcript() {
            return stdout + stderr + "exit: " + exitStatus + "\n";
        }
    }

    /**
     * Stack size of the thread the program runs on. A Pace call costs about 2 KB of Java stack
     * in a cold interpreter, so the 5 000-deep recursion tests need about 10 MB; running on our
     * own thread makes that independent of {@code -Xss} and of how warm the JVM is.
     */
    public static final long GUEST_STACK_SIZE = 64L << 20;

    private GoldenRunner() {
    }

    /**
     * Runs {@code program} in a new context (with its own engine) with the given polyglot
     * options (e.g. {@code engine.Compilation=false}) and application arguments (read by
     * {@code arg(i, default)}).
     */
    public static Result run(Path program, Map<String, String> options, String... args) {
        Result[] result = new Result[1];
        RuntimeException[] failure = new RuntimeException[1];
        Thread thread = new Thread(null, () -> {
            try {
                result[0] = runOnThisThread(program, options, args);
            } catch (RuntimeException e) {
                failure[0] = e;
            }
        }, "pace-main", GUEST_STACK_SIZE);
        thread.start();
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + program, e);
        }
        if (failure[0] != null) {
            throw failure[0];
        }
        return result[0];
    }

    /** Like {@link #run} but on the calling thread, whose stack size then limits recursion depth. */
    public static Result runOnThisThread(Path program, Map<String, String> options, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        PrintStream errPrinter = new PrintStream(err, true, StandardCharsets.UTF_8);
        Source source;
        try {
            source = Source.newBuilder(PaceLanguage.ID, program.toFile()).build();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Context.Builder builder = Context.newBuilder(PaceLanguage.ID)
                        .out(out)
                        .err(err)
                        .logHandler(log)
                        .allowAllAccess(true)
                        .allowExperimentalOptions(true)
                        .arguments(PaceLanguage.ID, args);
        options.forEach(builder::option);
        int status = 0;
        Context context = builder.build();
        try {
            context.eval(source);
        } catch (PolyglotException e) {
            status = report(e, errPrinter);
        } finally {
            try {
                context.close();
            } catch (PolyglotException e) {
                // After exit(n) or an error, closing reports the same end again; keep the first.
                if (status == 0) {
                    status = report(e, errPrinter);
                }
            }
        }
        return new Result(out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8), status, log.toString(StandardCharsets.UTF_8));
    }

    /** Prints a guest error as described in the class comment and returns its exit status. */
    static int report(PolyglotException e, PrintStream err) {
        if (e.isExit()) {
            return e.getExitStatus();
        }
        if (e.isInternalError() || e.isHostException()) {
            // Not a Pace error: show everything so the failing golden test explains itself.
            e.printStackTrace(err);
            return 1;
        }
        err.println("Error: " + e.getMessage());
        for (PolyglotException.StackFrame frame : e.getPolyglotStackTrace()) {
            if (frame.isGuestFrame()) {
                err.println("  at " + frame.getRootName() + " (" + location(frame.getSourceLocation()) + ")");
            }
        }
        return 1;
    }

    private static String location(SourceSection section) {
        if (section == null) {
            return "unknown";
        }
        return section.getSource().getName() + ":" + section.getStartLine();
    }

    /** True when the engine runs on the optimizing Truffle runtime (not the fallback interpreter). */
    public static boolean isOptimizingRuntime() {
        try (Engine engine = Engine.newBuilder().option("engine.WarnInterpreterOnly", "false").build()) {
            return !engine.getImplementationName().toLowerCase().contains("interpreted");
        }
    }

    /** The engine's implementation name, for skip messages. */
    public static String implementationName() {
        try (Engine engine = Engine.newBuilder().option("engine.WarnInterpreterOnly", "false").build()) {
            return engine.getImplementationName();
        }
    }
}
