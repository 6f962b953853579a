package dev.ccsampler.tools.launcher;

import dev.ccsampler.tools.GuestThread;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.graalvm.launcher.AbstractLanguageLauncher;
import org.graalvm.options.OptionCategory;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.Value;

/**
 * {@code ccsampler run [options] <file> [args...]}: runs one guest program in any installed Truffle
 * language, the way GraalVM's own language launchers do.
 *
 * <p>
 * Everything that is not ours is left to {@link AbstractLanguageLauncher}, so engine options
 * ({@code --engine.*}, {@code --compiler.*}), language options ({@code --js.*}, and the short form
 * {@code --commonjs-require} for the chosen language), tool options ({@code --ccsampler},
 * {@code --cpusampler.Period=1ms}), {@code --experimental-options}, {@code --log.*} and the
 * {@code --help[:languages|:tools|:engine|:compiler|:all|:<id>]} family are parsed, validated and
 * reported exactly as on GraalVM's launchers. This class adds only:
 * <ul>
 * <li>{@code --lang <id>} (or {@code --lang=<id>}): the language; otherwise
 * {@link Source#findLanguage(File)} picks it from the file;</li>
 * <li>the first argument that does not start with {@code -} is the program file, and every
 * argument after it goes to the guest ({@link Context.Builder#arguments});</li>
 * <li>guest exit status and guest errors map to the process status exactly as without a profiler:
 * {@code exit(n)} gives {@code n}, an uncaught guest error gives 1;</li>
 * <li>a one-line notice on stderr when the engine runs on Truffle's fallback (interpreter-only)
 * runtime.</li>
 * </ul>
 *
 * <p>
 * The context is closed before the process exits, so instruments (ours and {@code cpusampler})
 * write their reports on every path, including a guest {@code exit(n)} or error.
 */
public final class RunLauncher extends AbstractLanguageLauncher {

    /**
     * Set to {@code true} by {@code bin/ccsampler} when it already told the user that the chosen
     * JDK has no JVMCI, so the fallback runtime is reported once, not twice.
     */
    public static final String FALLBACK_REPORTED_PROPERTY = "ccsampler.fallbackReported";

    /** The implementation name of Truffle's fallback runtime ({@code DefaultTruffleRuntime}). */
    static final String FALLBACK_IMPLEMENTATION_NAME = "Interpreted";

    private String languageId;
    private String explicitLanguage;
    private File file;
    private final List<String> guestArguments = new ArrayList<>();

    /** Said after a JavaScript program failed on {@code require}, which GraalJS has off by default. */
    static final String REQUIRE_HINT = "ccsampler: GraalJS has CommonJS require off by default; run with --experimental-options --js.commonjs-require"
                    + " (relative paths resolve from the requiring file).";

    /**
     * Runs the launcher; never returns normally from a guest run: the process exits with the guest
     * status. Returns only when the launcher itself has nothing to run (not reached today; the base
     * class exits on help and on errors). The guest runs on a {@link GuestThread}: a big stack
     * unless the JVM was given one ({@code --vm.Xss…}).
     */
    public static void main(String[] args) {
        GuestThread.run(() -> new RunLauncher().launch(args));
    }

    @Override
    protected List<String> preprocessArguments(List<String> arguments, Map<String, String> polyglotOptions) {
        List<String> unrecognized = new ArrayList<>();
        for (int i = 0; i < arguments.size(); i++) {
            String arg = arguments.get(i);
            if (file != null) {
                guestArguments.add(arg);
            } else if (arg.equals("--lang")) {
                if (i + 1 >= arguments.size()) {
                    throw abortInvalidArgument(arg, "'--lang' needs a language id, e.g. '--lang js'.");
                }
                explicitLanguage = arguments.get(++i);
            } else if (arg.startsWith("--lang=")) {
                explicitLanguage = arg.substring("--lang=".length());
            } else if (arg.equals("--")) {
                if (i + 1 < arguments.size()) {
                    file = new File(arguments.get(++i));
                }
            } else if (arg.startsWith("-") && arg.length() > 1) {
                unrecognized.add(arg);
            } else {
                file = new File(arg);
            }
        }
        languageId = chooseLanguage(unrecognized);
        // The fallback runtime is reported by us in one line; the engine's own warning says the same
        // in eight. An explicit --engine.WarnInterpreterOnly on the command line still wins.
        polyglotOptions.put("engine.WarnInterpreterOnly", "false");
        if ("js".equals(languageId)) {
            // as GraalJS's own launcher does: the shell globals (quit, read, readline, readbuffer)
            // that d8-style programs and benchmark harnesses (Octane's read) use
            polyglotOptions.put("js.shell", "true");
        }
        if ("ruby".equals(languageId)) {
            // as TruffleRuby's own launcher does: a top-level program, not an embedding (which,
            // among other things, is single-threaded: Thread.new failed)
            polyglotOptions.put("ruby.embedded", "false");
        }
        return unrecognized;
    }

    /**
     * The language: {@code --lang} when given, else the one that claims the file. Returns
     * {@code null} only when there is no file (help, version): then option names need their full
     * group prefix.
     */
    private String chooseLanguage(List<String> unrecognized) {
        if (explicitLanguage != null) {
            Set<String> installed = installedLanguages();
            if (!installed.contains(explicitLanguage)) {
                throw abort(String.format("Unknown language '%s' given with --lang. Installed languages: %s.", explicitLanguage, String.join(", ", installed)), 2);
            }
            return explicitLanguage;
        }
        if (file == null) {
            return null;
        }
        if (isHelpOrVersionOnly(unrecognized)) {
            return null;
        }
        String found;
        try {
            found = Source.findLanguage(file);
        } catch (IOException e) {
            throw abort(e);
        }
        if (found == null) {
            throw abort(String.format("Cannot tell the language of '%s' from its name or content. Use --lang <id>; installed languages: %s.", file, String.join(", ", installedLanguages())), 2);
        }
        return found;
    }

    private static boolean isHelpOrVersionOnly(List<String> unrecognized) {
        for (String arg : unrecognized) {
            if (arg.startsWith("--help") || arg.equals("--version:graalvm")) {
                return true;
            }
        }
        return false;
    }

    /** Only for error messages and --lang: the base class's temporary engine is not visible here. */
    private static Set<String> installedLanguages() {
        try (Engine engine = Engine.newBuilder().useSystemProperties(false).option("engine.WarnInterpreterOnly", "false").out(OutputStream.nullOutputStream()).err(
                        OutputStream.nullOutputStream()).build()) {
            return new TreeSet<>(engine.getLanguages().keySet());
        }
    }

    @Override
    protected void validateArguments(Map<String, String> polyglotOptions) {
        if (file == null) {
            throw abort("No program file given. Usage: ccsampler run [options] <file> [args...]; see 'ccsampler run --help'.", 2);
        }
        if (!file.isFile()) {
            throw abort("No such file: " + file, 2);
        }
    }

    @Override
    protected String getLanguageId() {
        return languageId;
    }

    @Override
    protected String[] getDefaultLanguages() {
        return languageId == null ? new String[0] : new String[]{languageId};
    }

    @Override
    protected void launch(Context.Builder contextBuilder) {
        boolean llvm = "llvm".equals(languageId);
        // what GraalVM's own language launchers allow on the JVM: threads (a Ruby or Python program
        // that starts one failed with "threads not allowed in single-threaded mode"), host access,
        // native access, the file system, processes, environment
        contextBuilder.allowAllAccess(true);
        List<String> argv = new ArrayList<>(guestArguments);
        if ("python".equals(languageId)) {
            argv.add(0, file.getPath()); // sys.argv[0] is the script, as with graalpy and CPython
        }
        contextBuilder.arguments(languageId, argv.toArray(new String[0]));
        Source source;
        try {
            source = Source.newBuilder(languageId, file).build();
        } catch (IOException e) {
            throw abort(e);
        }
        int status = 0;
        Context context = contextBuilder.build();
        try {
            reportFallbackRuntime(context.getEngine());
            if ("ruby".equals(languageId) && source.getPath() != null) {
                status = rubyMain(context, source.getPath());
            } else {
                Value result = context.eval(source);
                if (llvm) {
                    // bitcode evaluates to its main function, as GraalVM's lli runs it
                    if (!result.canExecute()) {
                        System.err.println("ccsampler run: " + file + " has no main function to run.");
                        status = 1;
                    } else {
                        status = result.execute().asInt();
                    }
                }
            }
        } catch (PolyglotException e) {
            status = guestStatus(e);
        } finally {
            status = close(context, status);
        }
        System.out.flush();
        System.err.flush();
        throw exit(status);
    }

    /**
     * The source name TruffleRuby's launcher gives its call of {@code Truffle::Boot.main}: Ruby's
     * backtraces leave out frames of a source so named (compared by identity: string literals are
     * interned, so this one is TruffleRuby's).
     */
    private static final String RUBY_BOOT_SOURCE_NAME = "main_boot_source";
    /** TruffleRuby's encoding of "ended by signal n" in a main's status: this plus n. */
    private static final int RUBY_SIGNAL_OFFSET = 1_000_000;

    /**
     * Runs a Ruby file as TruffleRuby's own launcher does, through {@code Truffle::Boot.main}: {@code $0}
     * is the script (so {@code if __FILE__ == $0} runs its block), {@code at_exit} hooks run,
     * {@code exit!} ends with its status (evaluated as a plain source it escaped as an internal
     * error, status 1), and an uncaught exception is printed by Ruby's own formatter. Returns the
     * process status; one that stands for a signal (an uncaught {@code Interrupt}) becomes 128 + n,
     * what a shell shows.
     */
    private static int rubyMain(Context context, String path) {
        Value main = context.eval(Source.newBuilder("ruby", "-> argc, argv, kind, to_execute { Truffle::Boot.main(argc, argv, kind, to_execute) }", RUBY_BOOT_SOURCE_NAME).internal(
                        true).buildLiteral());
        int status = main.execute(0, 0L, "FILE", path).asInt();
        return status > RUBY_SIGNAL_OFFSET ? 128 + (status - RUBY_SIGNAL_OFFSET) : status;
    }

    /** Maps a guest failure to the process status; internal errors go to the base class. */
    private int guestStatus(PolyglotException e) {
        if (e.isExit()) {
            return e.getExitStatus();
        }
        if (e.isInternalError()) {
            throw e;
        }
        printGuestError(e, System.err);
        if ("js".equals(languageId) && String.valueOf(e.getMessage()).contains("require is not defined")) {
            System.err.println(REQUIRE_HINT);
        }
        return 1;
    }

    /**
     * Closes the context (instruments report here). A context that the guest exited or that failed
     * may report the same exit again on close: the status of the run stands.
     */
    private int close(Context context, int status) {
        try {
            context.close();
        } catch (PolyglotException e) {
            if (e.isExit()) {
                return status != 0 ? status : e.getExitStatus();
            }
            if (e.isInternalError()) {
                throw e;
            }
            printGuestError(e, System.err);
            return status != 0 ? status : 1;
        }
        return status;
    }

    /**
     * The guest error and its guest frames, the way the polyglot launchers print them.
     *
     * @since 0.1
     */
    public static void printGuestError(PolyglotException e, PrintStream err) {
        err.println(e.isSyntaxError() || e.getMessage() == null ? String.valueOf(e.getMessage()) : e.getMessage());
        if (e.isSyntaxError()) {
            return;
        }
        List<String> frames = new ArrayList<>();
        for (PolyglotException.StackFrame frame : e.getPolyglotStackTrace()) {
            if (frame.isGuestFrame()) {
                frames.add("\tat " + frame);
            }
        }
        for (String line : guestFrameLines(frames)) {
            err.println(line);
        }
    }

    /** A frame repeated more often than this in a row is printed this many times, then counted. */
    static final int REPEATS_SHOWN = 3;
    /** Of a longer stack, the first {@value} and the last {@link #TAIL_LINES} lines are printed. */
    static final int HEAD_LINES = 60;
    static final int TAIL_LINES = 10;

    /**
     * The lines of a guest stack, each frame's line as given: a runaway recursion's frame, repeated
     * thousands of times (a Ruby {@code SystemStackError} printed 13 651 identical lines, a GraalPy
     * {@code RecursionError} 6 800), is printed {@value #REPEATS_SHOWN} times and then counted, as
     * CPython does; of what is still longer than {@value #HEAD_LINES} + {@value #TAIL_LINES} lines
     * (a mutual recursion), the first and the last are printed and the rest counted.
     */
    static List<String> guestFrameLines(List<String> frames) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < frames.size();) {
            String line = frames.get(i);
            int j = i + 1;
            while (j < frames.size() && frames.get(j).equals(line)) {
                j++;
            }
            for (int k = 0; k < Math.min(j - i, REPEATS_SHOWN); k++) {
                out.add(line);
            }
            if (j - i > REPEATS_SHOWN) {
                out.add("\t... (the frame above repeated " + (j - i - REPEATS_SHOWN) + " more times)");
            }
            i = j;
        }
        if (out.size() <= HEAD_LINES + TAIL_LINES + 1) {
            return out;
        }
        List<String> cut = new ArrayList<>(out.subList(0, HEAD_LINES));
        cut.add("\t... (" + (out.size() - HEAD_LINES - TAIL_LINES) + " more lines)");
        cut.addAll(out.subList(out.size() - TAIL_LINES, out.size()));
        return cut;
    }

    private static void reportFallbackRuntime(Engine engine) {
        if (FALLBACK_IMPLEMENTATION_NAME.equals(engine.getImplementationName()) && !Boolean.getBoolean(FALLBACK_REPORTED_PROPERTY)) {
            System.err.println("ccsampler: running on Truffle's fallback runtime (no JVMCI compiler): guest code is interpreted only, "
                            + "so compilation tiers and compiler hints are absent. Use a JDK 21+ with JVMCI (bin/ccsampler finds one by itself).");
        }
    }

    @Override
    protected void printHelp(OptionCategory maxCategory) {
        println("Usage: ccsampler run [options] <file> [args...]");
        println("");
        println("Runs <file> in the Truffle language that claims it (or the one given with --lang),");
        println("with engine, language and tool options exactly as on GraalVM's language launchers.");
        println("Arguments after <file> go to the guest program. Examples:");
        println("  ccsampler run --ccsampler app.js");
        println("  ccsampler run --cpusampler --cpusampler.Period=1ms --lang js script.txt arg1");
        println("");
        println("Launcher options:");
        launcherOption("--lang <id>", "Run <file> as language <id> instead of guessing from the file.");
        launcherOption("--experimental-options", "Allow experimental engine, language and tool options.");
        launcherOption("--help:tools", "Print the options of every installed tool (ccsampler, cpusampler, ...).");
        launcherOption("--help:languages", "Print the options of every installed language.");
    }

    @Override
    protected void collectArguments(Set<String> options) {
        options.add("--lang");
        options.add("--experimental-options");
        super.collectArguments(options);
    }
}
