package dev.ccsampler.tools.bench;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.Value;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The guest side of the measurement harness: one JVM process that builds a polyglot context with
 * the given options, evaluates one workload file, and reports how long each iteration took. The
 * harness ({@link BenchCommand}) starts it so that it does not depend on the launcher.
 *
 * <pre>
 * GuestRunner --lang js --iterations 20 [--option key=value]... file [guest args...]
 * </pre>
 *
 * <p>Protocol. If evaluating the file yields an executable value, that value is one iteration of a
 * fixed amount of work; it is called {@code --iterations} times and each call is timed on the host
 * with {@link System#nanoTime()}. If the file yields no executable value (a program that runs
 * itself, like the Pace programs), the evaluation is the single iteration. Either way one line per
 * iteration goes to standard error:
 *
 * <pre>
 * CCSBENCH iter &lt;index&gt; &lt;nanos&gt;
 * </pre>
 *
 * followed by {@code CCSBENCH setup <nanos>} (evaluation of the file without the iterations) and
 * {@code CCSBENCH exit <status>}. The process exits with the guest's exit status (0 when it
 * finished normally, 1 on a guest error).
 *
 * @since 0.1
 */
public final class GuestRunner {

    /** Prefix of every parseable line on standard error. @since 0.1 */
    public static final String PREFIX = "CCSBENCH ";

    private GuestRunner() {
    }

    /** Process entry point. @since 0.1 */
    public static void main(String[] args) {
        System.exit(run(args, System.err));
    }

    /** Runs one workload and returns the exit status. @since 0.1 */
    public static int run(String[] args, PrintStream report) {
        String lang = null;
        int iterations = 1;
        Map<String, String> options = new LinkedHashMap<>();
        String file = null;
        List<String> guestArgs = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (file != null) {
                guestArgs.add(a);
                continue;
            }
            switch (a) {
                case "--lang" -> lang = args[++i];
                case "--iterations" -> iterations = Integer.parseInt(args[++i]);
                case "--option" -> {
                    String kv = args[++i];
                    int eq = kv.indexOf('=');
                    if (eq <= 0) {
                        System.err.println("GuestRunner: invalid --option '" + kv + "': use key=value.");
                        return 2;
                    }
                    options.put(kv.substring(0, eq), kv.substring(eq + 1));
                }
                default -> file = a;
            }
        }
        if (lang == null || file == null) {
            System.err.println("usage: GuestRunner --lang <id> --iterations <n> [--option k=v]... <file> [args...]");
            return 2;
        }
        Source source;
        try {
            source = Source.newBuilder(lang, new File(file)).build();
        } catch (IOException e) {
            System.err.println("GuestRunner: cannot read '" + file + "': " + e.getMessage());
            return 2;
        }
        int status = 0;
        try (Context ctx = Context.newBuilder().allowAllAccess(true).allowExperimentalOptions(true).options(options)
                        .arguments(lang, guestArgs.toArray(String[]::new)).build()) {
            try {
                long t0 = System.nanoTime();
                Value v = ctx.eval(source);
                long setup = System.nanoTime() - t0;
                if (v != null && v.canExecute()) {
                    report.println(PREFIX + "setup " + setup);
                    for (int i = 0; i < iterations; i++) {
                        long s = System.nanoTime();
                        v.execute();
                        report.println(PREFIX + "iter " + i + " " + (System.nanoTime() - s));
                    }
                } else {
                    report.println(PREFIX + "setup 0");
                    report.println(PREFIX + "iter 0 " + setup);
                }
            } catch (PolyglotException e) {
                if (e.isExit()) {
                    status = e.getExitStatus();
                } else {
                    System.err.println(e.getMessage());
                    status = 1;
                }
            }
        }
        // After close: the profilers have written their output by now.
        report.println(PREFIX + "exit " + status);
        report.flush();
        return status;
    }
}
