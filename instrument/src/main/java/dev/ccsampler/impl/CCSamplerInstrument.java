package dev.ccsampler.impl;

import com.oracle.truffle.api.ContextThreadLocal;
import com.oracle.truffle.api.instrumentation.TruffleInstrument;
import dev.ccsampler.CCSampler;
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
        env.registerService(sampler);
        String pushUrl = o.get(CCSamplerOptions.PUSH_URL);
        if (!enable.enabled() && pushUrl.isEmpty()) {
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
        if (!pushUrl.isEmpty()) {
            PushConfig push = new PushConfig(PushConfig.parseUrl(pushUrl), o.get(CCSamplerOptions.PUSH_FORMAT), o.get(CCSamplerOptions.PUSH_INTERVAL),
                            o.get(CCSamplerOptions.PUSH_NAME));
            pusher = new ProfilePusher(push, sampler::takeSnapshot, line -> new PrintStream(env.err(), true).println(line));
            pusher.start();
        }
    }

    @Override
    protected void onDispose(Env env) {
        sampler.setCollecting(false);
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
        sampler.close();
    }
}
