package dev.ccsampler.impl;

import com.oracle.truffle.api.ContextThreadLocal;
import com.oracle.truffle.api.instrumentation.TruffleInstrument;
import dev.ccsampler.CCSampler;
import dev.ccsampler.FeedbackMode;
import dev.ccsampler.capture.CallDepth;
import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.drain.FrameFilter;
import dev.ccsampler.drain.WildcardFilter;
import dev.ccsampler.push.ProfilePusher;
import dev.ccsampler.push.PushConfig;
import dev.ccsampler.report.Format;
import dev.ccsampler.report.ReportOptions;
import dev.ccsampler.trigger.SamplingSettings;
import org.graalvm.options.OptionDescriptors;
import org.graalvm.options.OptionValues;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
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

    /** Each guest thread's call depth marks for incremental walks; must be made in the constructor. */
    private final ContextThreadLocal<CallDepth> marks = locals.createContextThreadLocal((context, thread) -> new CallDepth());
    private CCSampler sampler;
    private boolean report;
    private Format output;
    private String outputFile;
    /** Whether the output file was chosen by us (then we say where it went). */
    private boolean defaultedFile;
    private ReportOptions reportOptions;
    /** Pushes interval profiles when {@code PushUrl} is set, else null. */
    private ProfilePusher pusher;
    /** Compiler feedback is on ({@code Feedback} or {@code LoadHints} set). */
    private boolean feedback;
    /** {@code SaveHints}, or empty. */
    private String saveHints;

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
                        o.get(CCSamplerOptions.WAITED_TICKS));
        sampler = CCSampler.create(env, auto ? 10_000_000L : period, o.get(CCSamplerOptions.STACK_LIMIT), o.get(CCSamplerOptions.BUFFER_SIZE), filter, marks, settings);
        sampler.setMaxContextNodes(o.get(CCSamplerOptions.MAX_CONTEXT_NODES));
        env.registerService(sampler);
        String pushUrl = o.get(CCSamplerOptions.PUSH_URL);
        FeedbackMode feedbackMode = o.get(CCSamplerOptions.FEEDBACK);
        String loadHints = o.get(CCSamplerOptions.LOAD_HINTS);
        saveHints = o.get(CCSamplerOptions.SAVE_HINTS);
        feedback = feedbackMode != FeedbackMode.OFF || !loadHints.isEmpty();
        if (!enable.enabled() && pushUrl.isEmpty() && !feedback) {
            return;
        }
        report = enable.enabled(); // PushUrl alone samples and pushes, without a run-end report
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
        if (feedback) {
            startFeedback(env, feedbackMode, loadHints);
        }
        if (!pushUrl.isEmpty()) {
            PushConfig push = new PushConfig(PushConfig.parseUrl(pushUrl), o.get(CCSamplerOptions.PUSH_FORMAT), o.get(CCSamplerOptions.PUSH_INTERVAL),
                            o.get(CCSamplerOptions.PUSH_NAME));
            pusher = new ProfilePusher(push, sampler::takeSnapshot, line -> new PrintStream(env.err(), true).println(line));
            pusher.start();
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

    @Override
    protected void onDispose(Env env) {
        sampler.setCollecting(false);
        String hints = feedback ? finishFeedback(env) : null;
        // one final snapshot for the last push and the run-end report, so the pushes add up to it
        ProfileSnapshot last = report || pusher != null ? sampler.takeSnapshot() : null;
        if (pusher != null) {
            pusher.finish(last);
        }
        if (report) {
            ProfileSnapshot s = last;
            try {
                if (outputFile.isEmpty()) {
                    OutputStream out = env.out();
                    CCSampler.write(s, output, reportOptions, out);
                    if (hints != null && (output == Format.HISTOGRAM || output == Format.CALLTREE)) {
                        out.write(hints.getBytes(java.nio.charset.StandardCharsets.UTF_8));
                        hints = null;
                    }
                    out.flush();
                } else {
                    CCSampler.write(s, output, reportOptions, Path.of(outputFile));
                    if (defaultedFile) {
                        // only when the user did not name the file: a guest's stderr stays its own
                        new PrintStream(env.err(), true).println("[ccsampler] Wrote " + output.id() + " profile to " + Path.of(outputFile).toAbsolutePath());
                    }
                }
            } catch (IOException | RuntimeException e) {
                new PrintStream(env.err(), true).println("[ccsampler] Could not write the " + output.id() + " profile" + (outputFile.isEmpty() ? "" : " to " + outputFile) + ": " + e);
            }
        }
        if (hints != null) {
            // no text report on standard output to append to: one line, the details are in SaveHints
            new PrintStream(env.err(), true).println("[ccsampler] compiler feedback: " + sampler.feedbackSummary()
                            + (saveHints.isEmpty() ? "; --ccsampler.SaveHints=<file> keeps them" : "; saved to " + saveHints));
        }
        sampler.close();
    }
}
