package dev.ccsampler.impl;

import com.oracle.truffle.api.ContextThreadLocal;
import com.oracle.truffle.api.instrumentation.TruffleInstrument;
import dev.ccsampler.CCSampler;
import dev.ccsampler.FeedbackMode;
import dev.ccsampler.burst.BurstSettings;
import dev.ccsampler.burst.BurstState;
import dev.ccsampler.burst.BurstSwitch;
import dev.ccsampler.capture.CallDepth;
import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.drain.FrameFilter;
import dev.ccsampler.drain.WildcardFilter;
import dev.ccsampler.fault.FaultInjection;
import dev.ccsampler.fault.FaultLog;
import dev.ccsampler.push.ProfilePusher;
import dev.ccsampler.push.PushConfig;
import dev.ccsampler.report.Format;
import dev.ccsampler.report.ReportOptions;
import dev.ccsampler.serve.ListenConfig;
import dev.ccsampler.serve.ProfileServer;
import dev.ccsampler.trigger.SamplingSettings;
import org.graalvm.options.OptionDescriptors;
import org.graalvm.options.OptionValues;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The ccsampler instrument: copies options into the {@link CCSampler} service, registers it, starts
 * the pusher when {@code PushUrl} is set, and writes the report (and the last push) when the engine
 * closes. Everything else lives in the stage packages.
 */
@TruffleInstrument.Registration(id = CCSamplerInstrument.ID, name = "CC Sampler", version = "0.1", services = CCSampler.class, website = "https://github.com/ccsampler")
public final class CCSamplerInstrument extends TruffleInstrument {

    /** Instrument id and option group. */
    public static final String ID = CCSampler.ID;

    /** Per thread, the sizes its call depth marks grew to, for its marks in the next context ({@link CallDepth#CallDepth(int[])}). */
    private final java.util.Map<Thread, int[]> markSizes = new java.util.WeakHashMap<>();
    /** Each guest thread's call depth marks for incremental walks; must be made in the constructor. */
    private final ContextThreadLocal<CallDepth> marks = locals.createContextThreadLocal((context, thread) -> new CallDepth(markSizes(thread)));
    /** Each guest thread's burst state; made in the constructor, used only with --ccsampler.Burst. */
    private final ContextThreadLocal<BurstState> bursts = locals.createContextThreadLocal((context, thread) -> new BurstState(this.burstSettings));
    /** Read by {@link #bursts}' factory, on the first use in each thread: set in onCreate, before any context. */
    private volatile BurstSettings burstSettings = BurstSettings.OFF;
    private CCSampler sampler;
    private boolean report;
    private Format output;
    private String outputFile;
    /** Whether the output file was chosen by us (then we say where it went). */
    private boolean defaultedFile;
    private ReportOptions reportOptions;
    /** Pushes interval profiles when {@code PushUrl} is set, else null. */
    private ProfilePusher pusher;
    /** Serves live profiles when {@code Listen} is set, else null. */
    private ProfileServer server;
    /** Compiler feedback is on ({@code Feedback} or {@code LoadHints} set). */
    private boolean feedback;
    /** {@code SaveHints}, or empty. */
    private String saveHints;
    /** Whether the profile was written (at engine close or VM shutdown, whichever came first). */
    private final java.util.concurrent.atomic.AtomicBoolean finished = new java.util.concurrent.atomic.AtomicBoolean();

    @Override
    protected OptionDescriptors getOptionDescriptors() {
        return new CCSamplerOptionsOptionDescriptors();
    }

    @Override
    protected void onCreate(Env env) {
        OptionValues o = env.getOptions();
        CCSamplerOptions.Enable enable = o.get(CCSamplerOptions.ENABLED);
        FrameFilter filter = new FrameFilter(WildcardFilter.compile(o.get(CCSamplerOptions.FILTER_ROOT)), WildcardFilter.compile(o.get(CCSamplerOptions.FILTER_FILE)),
                        WildcardFilter.compile(o.get(CCSamplerOptions.FILTER_LANGUAGE)), o.get(CCSamplerOptions.SAMPLE_INTERNAL));
        long period = o.get(CCSamplerOptions.PERIOD);
        boolean auto = period == CCSamplerOptions.AUTO_PERIOD;
        long min = o.get(CCSamplerOptions.AUTO_PERIOD_MIN);
        long max = o.get(CCSamplerOptions.AUTO_PERIOD_MAX);
        if (auto && min > max) {
            throw new IllegalArgumentException("Invalid bounds for --ccsampler.Period=auto: ccsampler.AutoPeriodMin (" + min / 1000 + "us) is above ccsampler.AutoPeriodMax ("
                            + max / 1000 + "us).");
        }
        SamplingSettings settings = new SamplingSettings(o.get(CCSamplerOptions.INCREMENTAL), o.get(CCSamplerOptions.VERIFY_INCREMENTAL), o.get(CCSamplerOptions.COST_BUDGET) / 100,
                        o.get(CCSamplerOptions.THREADS_PER_TICK), o.get(CCSamplerOptions.SAMPLE_IDLE), auto, min, max, o.get(CCSamplerOptions.STEADY_STATE),
                        o.get(CCSamplerOptions.WAITED_TICKS), o.get(CCSamplerOptions.SAMPLE_CONTEXT_INITIALIZATION), o.get(CCSamplerOptions.WRITE_KNOWN_FRAMES),
                        o.get(CCSamplerOptions.CPU_TIME));
        burstSettings = new BurstSettings(o.get(CCSamplerOptions.BURST), o.get(CCSamplerOptions.BURST_LENGTH), o.get(CCSamplerOptions.BURST_RR), o.get(CCSamplerOptions.BURST_DETACH),
                        new BurstSwitch(), auto ? 10_000_000L : period);
        sampler = SamplerAccess.create(env, auto ? 10_000_000L : period, o.get(CCSamplerOptions.STACK_LIMIT), o.get(CCSamplerOptions.BUFFER_SIZE), filter, marks, settings,
                        burstSettings, bursts);
        sampler.setMaxContextNodes(o.get(CCSamplerOptions.MAX_CONTEXT_NODES));
        sampler.setFoldClosedContexts(o.get(CCSamplerOptions.FOLD_CLOSED_CONTEXTS));
        env.registerService(sampler);
        String pushUrl = o.get(CCSamplerOptions.PUSH_URL);
        FeedbackMode feedbackMode = o.get(CCSamplerOptions.FEEDBACK);
        String loadHints = o.get(CCSamplerOptions.LOAD_HINTS);
        saveHints = o.get(CCSamplerOptions.SAVE_HINTS);
        feedback = feedbackMode != FeedbackMode.OFF || !loadHints.isEmpty();
        String listen = o.get(CCSamplerOptions.LISTEN);
        ListenConfig listenConfig = listen.isEmpty() ? null : ListenConfig.parse(listen, o.get(CCSamplerOptions.LISTEN_TOKEN));
        if (listenConfig == null && !o.get(CCSamplerOptions.LISTEN_TOKEN).isEmpty()) {
            throw new IllegalArgumentException("ccsampler.ListenToken is set but ccsampler.Listen is not: set --ccsampler.Listen=[<host>:]<port> to serve profiles.");
        }
        if (!enable.enabled() && pushUrl.isEmpty() && !feedback && listenConfig == null) {
            return;
        }
        report = enable.enabled(); // PushUrl or Listen alone samples without a run-end report
        output = enable.output() != null ? enable.output() : o.get(CCSamplerOptions.OUTPUT);
        outputFile = o.get(CCSamplerOptions.OUTPUT_FILE);
        if (report && outputFile.isEmpty() && (output.binary() || output == Format.FLAMEGRAPH)) {
            outputFile = "ccsampler." + output.extension();
            defaultedFile = true;
            CCSamplerOptions.checkWritable(outputFile, "default output file for --ccsampler.Output=" + output.id() + " (set --ccsampler.OutputFile)");
        }
        reportOptions = new ReportOptions(o.get(CCSamplerOptions.SHOW_TIERS), o.get(CCSamplerOptions.SUMMARISE_THREADS), o.get(CCSamplerOptions.MIN_SAMPLES),
                        o.get(CCSamplerOptions.TITLE), o.get(CCSamplerOptions.MIN_WIDTH));
        sampler.setDelay(Duration.ofNanos(o.get(CCSamplerOptions.DELAY)));
        if (!sampler.isOptimizingRuntime()) {
            new PrintStream(env.err(), true).println("[ccsampler] Guest code runs on Truffle's fallback runtime (no compilation): the profile shows interpreter behaviour.");
        }
        sampler.setCollecting(true);
        sampler.setMaxHintsPerKind(o.get(CCSamplerOptions.MAX_HINTS_PER_KIND));
        if (feedback) {
            startFeedback(env, feedbackMode, loadHints);
        }
        if (!pushUrl.isEmpty()) {
            PushConfig push = new PushConfig(PushConfig.parseUrl(pushUrl), o.get(CCSamplerOptions.PUSH_FORMAT), o.get(CCSamplerOptions.PUSH_INTERVAL),
                            o.get(CCSamplerOptions.PUSH_NAME));
            pusher = new ProfilePusher(push, sampler::takeSnapshot, line -> new PrintStream(env.err(), true).println(line));
            pusher.start();
        }
        if (listenConfig != null) {
            server = new ProfileServer(listenConfig, sampler::takeSnapshot, reportOptions, () -> sampler.getAccounting().summaryLine());
            server.start();
            String token = listenConfig.token().isEmpty() ? "" : "&token=<token>";
            new PrintStream(env.err(), true).println("[ccsampler] Live profiles at " + server.url() + "/ (go tool pprof '" + server.url() + "/debug/pprof/profile?seconds=10" + token + "')");
        }
    }

    /** The sizes {@code thread}'s call depth marks grew to in its earlier contexts; any thread. */
    private int[] markSizes(Thread thread) {
        synchronized (markSizes) {
            return markSizes.computeIfAbsent(thread, t -> new int[]{64, 64});
        }
    }

    /** Loads hints (a bad file is reported and the run goes on without them) and sets the mode. */
    private void startFeedback(Env env, FeedbackMode mode, String loadHints) {
        PrintStream err = new PrintStream(env.err(), true);
        if (!loadHints.isEmpty()) {
            try {
                sampler.loadHints(Path.of(loadHints));
                if (mode != FeedbackMode.APPLY && sampler.isOptimizingRuntime()) {
                    err.println("[ccsampler] Hints loaded from " + loadHints + " are listed but not applied: use --ccsampler.Feedback=apply.");
                }
            } catch (IllegalArgumentException e) {
                err.println("[ccsampler] " + e.getMessage() + " The run goes on without these hints.");
            }
        }
        sampler.setFeedback(mode);
    }

    /**
     * Ends feedback (its last round), saves the hints, and returns the text hints report, or null.
     */
    private String finishFeedback(Env env) {
        sampler.close(); // idempotent; ends the feedback thread after a last round
        PrintStream err = new PrintStream(env.err(), true);
        if (!saveHints.isEmpty()) {
            try {
                sampler.saveHints(Path.of(saveHints));
            } catch (IOException | RuntimeException e) {
                err.println("[ccsampler] Could not save hints to " + saveHints + ": " + e);
            }
        }
        java.io.ByteArrayOutputStream text = new java.io.ByteArrayOutputStream();
        try {
            sampler.writeHints(text, false);
        } catch (IOException e) {
            return null;
        }
        return text.toString(java.nio.charset.StandardCharsets.UTF_8);
    }

    /**
     * Writes what the run produced. Truffle calls this when the engine closes (its contexts closed,
     * before {@link #onDispose}) and also when the VM shuts down with the engine still open (Ctrl-C,
     * {@code SIGTERM}, a guest's or embedder's exit that skips closing): then guest threads may
     * still run, and the profile says it holds what was sampled until then. As GraalVM's own
     * sampler, so a program stopped by hand still leaves its profile.
     */
    @Override
    protected void onFinalize(Env env) {
        finish(env, vmShuttingDown());
    }

    /** Writes the profile if {@link #onFinalize} did not (it always runs first), then detaches. */
    @Override
    protected void onDispose(Env env) {
        finish(env, false);
        step(new PrintStream(env.err(), true), "closing the sampler", "nothing of the profile (it was written before)", () -> {
            if (sampler != null) {
                sampler.close();
            }
        });
    }

    /**
     * Whether the VM is running its shutdown hooks: {@link Runtime#addShutdownHook} refuses new ones
     * then, by its specification. Truffle calls {@link #onFinalize} from its engines' hook.
     */
    private static boolean vmShuttingDown() {
        Thread probe = new Thread(() -> {
        });
        try {
            Runtime.getRuntime().addShutdownHook(probe);
            Runtime.getRuntime().removeShutdownHook(probe);
            return false;
        } catch (IllegalStateException e) {
            return true;
        }
    }

    /**
     * Stops sampling and writes what the run produced, once: the hints, the last push, the report.
     * Each step is on its own: a failing one (a bug of ours, a full disk) is reported on the
     * engine's error stream with what it cost, and the others still run, so the guest's exit is
     * never changed by the profiler and no output is lost for another's failure.
     */
    private void finish(Env env, boolean atVmShutdown) {
        if (sampler == null || !finished.compareAndSet(false, true)) {
            return;
        }
        PrintStream err = new PrintStream(env.err(), true);
        step(err, "stopping the sampler", "samples still in the buffers may be missing from the profile", () -> sampler.setCollecting(false));
        if (atVmShutdown) {
            SamplerAccess.note(sampler, "the VM shut down before the engine closed (Ctrl-C, a signal, or an exit that skips closing it): this profile holds what was sampled until then");
        }
        String[] hints = {null};
        if (feedback) {
            step(err, "finishing compiler feedback", "the hints are not saved or reported", () -> hints[0] = finishFeedback(env));
        }
        // one final snapshot for the last push and the run-end report, so the pushes add up to it
        ProfileSnapshot[] last = {null};
        if (report || pusher != null || server != null) {
            step(err, "taking the final snapshot", "this run's profile is lost: no run-end report and no last push", () -> last[0] = sampler.takeSnapshot());
        }
        if (pusher != null && last[0] != null) {
            step(err, "the last push", "the last interval is not pushed", () -> pusher.finish(last[0]));
        }
        if (server != null) {
            // waiting live requests get the interval up to the final snapshot (or what they have)
            step(err, "stopping the live endpoint", "requests still waiting get no answer", () -> server.close(last[0]));
        }
        String[] hintsIn = {null}; // the text report file the hints report was appended to
        if (report && last[0] != null) {
            ProfileSnapshot s = last[0];
            String where = outputFile.isEmpty() ? "standard output" : outputFile;
            try {
                if (outputFile.isEmpty()) {
                    OutputStream out = FaultInjection.wrap(FaultInjection.Point.REPORT, env.out());
                    CCSampler.write(s, output, reportOptions, out);
                    if (hints[0] != null && (output == Format.HISTOGRAM || output == Format.CALLTREE)) {
                        out.write(hints[0].getBytes(java.nio.charset.StandardCharsets.UTF_8));
                        hints[0] = null;
                    }
                    out.flush();
                } else {
                    CCSampler.write(s, output, reportOptions, Path.of(outputFile));
                    if (hints[0] != null && (output == Format.HISTOGRAM || output == Format.CALLTREE)) {
                        hintsIn[0] = appendHints(err, Path.of(outputFile), hints[0]);
                    }
                    if (defaultedFile || atVmShutdown) {
                        // only when the user did not name the file or stopped the program: a guest's stderr stays its own
                        err.println("[ccsampler] Wrote " + output.id() + " profile to " + Path.of(outputFile).toAbsolutePath()
                                        + (atVmShutdown ? " (the VM shut down before the engine closed: what was sampled until then)" : ""));
                    }
                }
            } catch (IOException | RuntimeException | Error e) {
                long samples = s.accounting().samples();
                err.println("[ccsampler] Could not write the " + output.id() + " profile to " + where + " (" + FaultLog.describe(e) + "): "
                                + (outputFile.isEmpty() ? "the report on standard output is incomplete or missing"
                                                : "this run's profile (" + samples + " samples) is not saved, and " + outputFile + " was left as it was")
                                + (pusher != null ? "; the pushes are not affected." : "."));
            }
        }
        if (hints[0] != null) {
            // no text report on standard output to append to: one line, the details are in SaveHints
            // or after the text report in its file
            step(err, "the compiler feedback summary", "the summary line is missing", () -> err.println("[ccsampler] compiler feedback: " + sampler.feedbackSummary()
                            + (saveHints.isEmpty() ? "; --ccsampler.SaveHints=<file> keeps them" : "; saved to " + saveHints)
                            + (hintsIn[0] == null ? "" : "; the hints report follows the profile in " + hintsIn[0])));
        }
    }

    /**
     * Appends the text hints report to the text report just written to {@code file}, as it follows
     * the report on standard output; returns the file, or null when it was not appended (not a
     * regular file, or the append failed: said on {@code err}, the profile in the file stays whole).
     */
    private static String appendHints(PrintStream err, Path file, String hints) {
        if (!Files.isRegularFile(file)) {
            return null; // a pipe or a device: the report went through it already
        }
        try {
            Files.writeString(file, hints, java.nio.charset.StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.APPEND);
            return file.toString();
        } catch (IOException | RuntimeException e) {
            err.println("[ccsampler] Could not append the compiler hints report to " + file + " (" + FaultLog.describe(e) + "): the profile in it is whole; the summary follows.");
            return null;
        }
    }

    /** A step of engine close that may fail without stopping the others; its failure is reported once, with what it cost. */
    private static void step(PrintStream err, String what, String lost, Runnable action) {
        try {
            action.run();
        } catch (RuntimeException | Error e) {
            err.println("[ccsampler] Failed " + what + " (" + FaultLog.describe(e) + "): " + lost + ". The program's run is not affected.");
        }
    }
}
