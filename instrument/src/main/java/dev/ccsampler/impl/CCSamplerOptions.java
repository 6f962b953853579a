package dev.ccsampler.impl;

import dev.ccsampler.burst.BurstSettings;
import com.oracle.truffle.api.Option;
import dev.ccsampler.FeedbackMode;
import dev.ccsampler.drain.WildcardFilter;
import dev.ccsampler.feedback.FeedbackController;
import dev.ccsampler.push.PushConfig;
import dev.ccsampler.serve.ListenConfig;
import dev.ccsampler.report.Format;
import dev.ccsampler.trigger.SamplingSettings;
import org.graalvm.options.OptionCategory;
import org.graalvm.options.OptionKey;
import org.graalvm.options.OptionStability;
import org.graalvm.options.OptionType;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Every option of the ccsampler instrument, in one group. The README's option table is checked
 * against these descriptors by {@code OptionTableInReadmeTest}.
 */
@Option.Group(CCSamplerInstrument.ID)
public final class CCSamplerOptions {

    private CCSamplerOptions() {
    }

    /** Value of {@code --ccsampler}: on/off and an optional output format. */
    public record Enable(boolean enabled, Format output) {
    }

    /** Smallest accepted period. */
    public static final long MIN_PERIOD_NANOS = 100_000;

    /** Largest period: one minute. */
    public static final long MAX_PERIOD_NANOS = 60_000_000_000L;

    /**
     * Parses a period: see {@link DurationOption}, from 100us to 60s.
     *
     * @throws IllegalArgumentException naming the value and the legal forms
     */
    public static long parsePeriodNanos(String s) {
        return DurationOption.parse(s, "ccsampler.Period", MIN_PERIOD_NANOS, MAX_PERIOD_NANOS);
    }

    static final OptionType<Enable> ENABLE_TYPE = new OptionType<>("ccsampler", s -> {
        String v = s.trim().toLowerCase(Locale.ROOT);
        switch (v) {
            case "", "true":
                return new Enable(true, null);
            case "false":
                return new Enable(false, null);
            default:
                try {
                    return new Enable(true, Format.parse(v));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("Invalid value '" + s + "' for --ccsampler: use true, false or an output format (" + Format.legalNames() + ").");
                }
        }
    });

    /** The value of {@code Period=auto}. */
    public static final long AUTO_PERIOD = -1;

    static final OptionType<Long> PERIOD_TYPE = new OptionType<>("Period", s -> s.trim().equalsIgnoreCase("auto") ? AUTO_PERIOD : parsePeriodNanos(s));

    private static OptionType<Long> duration(String name, long minNanos, long maxNanos) {
        return new OptionType<>(name, s -> DurationOption.parse(s, "ccsampler." + name, minNanos, maxNanos));
    }

    static final OptionType<Format> OUTPUT_TYPE = new OptionType<>("Output", s -> {
        try {
            return Format.parse(s);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Invalid output '" + s + "' for ccsampler.Output: use one of " + Format.legalNames() + ".");
        }
    });

    /** Checks, when the engine starts, that the output file will be writable at the end. */
    static final OptionType<String> OUTPUT_FILE_TYPE = new OptionType<>("OutputFile", s -> {
        if (s.isEmpty()) {
            return s;
        }
        checkWritable(s, "ccsampler.OutputFile");
        return s;
    });

    /**
     * Throws when {@code file} cannot be written: it is a directory, it exists read-only, or its
     * directory is missing or read-only.
     */
    public static void checkWritable(String file, String optionName) {
        Path p = Path.of(file).toAbsolutePath();
        if (Files.isDirectory(p)) {
            throw new IllegalArgumentException("Cannot write " + optionName + " '" + file + "': it is a directory.");
        }
        if (Files.exists(p)) {
            if (!Files.isWritable(p)) {
                throw new IllegalArgumentException("Cannot write " + optionName + " '" + file + "': the file is not writable.");
            }
            return;
        }
        Path dir = p.getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            throw new IllegalArgumentException("Cannot write " + optionName + " '" + file + "': directory '" + dir + "' does not exist.");
        }
        if (!Files.isWritable(dir)) {
            throw new IllegalArgumentException("Cannot write " + optionName + " '" + file + "': directory '" + dir + "' is not writable.");
        }
    }

    private static OptionType<Integer> intRange(String name, int min, int max) {
        return new OptionType<>(name, s -> {
            int v;
            try {
                v = Integer.parseInt(s.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("Invalid value '" + s + "' for ccsampler." + name + ": use a whole number from " + min + " to " + max + ".");
            }
            if (v < min || v > max) {
                throw new IllegalArgumentException("Invalid value '" + s + "' for ccsampler." + name + ": use a whole number from " + min + " to " + max + ".");
            }
            return v;
        });
    }

    private static OptionType<Boolean> bool(String name) {
        return new OptionType<>(name, s -> switch (s.trim().toLowerCase(Locale.ROOT)) {
            case "", "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException("Invalid value '" + s + "' for ccsampler." + name + ": use true or false.");
        });
    }

    private static OptionType<Double> percent(String name) {
        return new OptionType<>(name, s -> {
            double v;
            try {
                v = Double.parseDouble(s.trim());
            } catch (NumberFormatException e) {
                v = -1;
            }
            if (!(v >= 0 && v <= 100)) {
                throw new IllegalArgumentException("Invalid value '" + s + "' for ccsampler." + name + ": use a percentage from 0 to 100.");
            }
            return v;
        });
    }

    private static OptionType<String> wildcard(String name) {
        return new OptionType<>(name, s -> {
            try {
                WildcardFilter.compile(s);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("Invalid filter '" + s + "' for ccsampler." + name + ": " + e.getMessage());
            }
            return s;
        });
    }

    @Option(name = "", help = "Enable the sampler; 'true' or an output format enables it with that output (default: false).", usageSyntax = "true|false|<Output>", category = OptionCategory.USER, stability = OptionStability.STABLE) //
    static final OptionKey<Enable> ENABLED = new OptionKey<>(new Enable(false, null), ENABLE_TYPE);

    @Option(name = "Period", help = "Sampling period with unit: 100us up to 60s, a bare number is milliseconds; or 'auto' to tune it from top-of-stack repetition between AutoPeriodMin and AutoPeriodMax (default: 10ms).", usageSyntax = "<number>us|ms|s|auto", category = OptionCategory.USER, stability = OptionStability.STABLE) //
    static final OptionKey<Long> PERIOD = new OptionKey<>(10_000_000L, PERIOD_TYPE);

    @Option(name = "Delay", help = "Start sampling this long after sampling is switched on (for --ccsampler: when the engine starts), 0 up to 60m (default: 0ms).", usageSyntax = "<number>us|ms|s|m", category = OptionCategory.USER, stability = OptionStability.STABLE) //
    static final OptionKey<Long> DELAY = new OptionKey<>(0L, duration("Delay", 0, 3_600_000_000_000L));

    @Option(name = "Output", help = "Output format: histogram, calltree, json, folded, flamegraph, pprof, speedscope, cpuprofile or jfr (default: histogram).", usageSyntax = "histogram|calltree|json|folded|flamegraph|pprof|speedscope|cpuprofile|jfr", category = OptionCategory.USER, stability = OptionStability.STABLE) //
    static final OptionKey<Format> OUTPUT = new OptionKey<>(Format.HISTOGRAM, OUTPUT_TYPE);

    @Option(name = "OutputFile", help = "Write the output to this file, checked for writability when the engine starts (default: standard output for text formats, ccsampler.<ext> for binary and HTML ones).", usageSyntax = "<path>", category = OptionCategory.USER, stability = OptionStability.STABLE) //
    static final OptionKey<String> OUTPUT_FILE = new OptionKey<>("", OUTPUT_FILE_TYPE);

    @Option(name = "StackLimit", help = "Frames kept per sample, from the top of the stack; deeper stacks are cut and counted (default: 10000).", usageSyntax = "[1, 1000000]", category = OptionCategory.USER, stability = OptionStability.STABLE) //
    static final OptionKey<Integer> STACK_LIMIT = new OptionKey<>(10000, intRange("StackLimit", 1, 1_000_000));

    @Option(name = "BufferSize", help = "Samples buffered per thread between two drains, rounded up to a power of two (100 gives 128); a full buffer drops and counts samples (default: 128).", usageSyntax = "[2, 65536]", category = OptionCategory.EXPERT, stability = OptionStability.STABLE) //
    static final OptionKey<Integer> BUFFER_SIZE = new OptionKey<>(128, intRange("BufferSize", 2, 65536));

    @Option(name = "MaxContextNodes", help = "Memory cap of the CC-Map: calling-context nodes kept over all threads; above it the coldest are pruned into their callers and counted as pruned ticks (default: 250000, about 100 MB).", usageSyntax = "[16, 100000000]", category = OptionCategory.EXPERT, stability = OptionStability.STABLE) //
    static final OptionKey<Integer> MAX_CONTEXT_NODES = new OptionKey<>(250_000, intRange("MaxContextNodes", 16, 100_000_000));

    @Option(name = "FoldClosedContexts", help = "When a polyglot context closes, fold each of its threads' calling context trees into the thread's tree of closed contexts, so that a thread running fresh contexts one after another keeps one tree (default: true; false keeps one tree per context and thread).", usageSyntax = "true|false", category = OptionCategory.EXPERT, stability = OptionStability.STABLE) //
    static final OptionKey<Boolean> FOLD_CLOSED_CONTEXTS = new OptionKey<>(true, bool("FoldClosedContexts"));

    @Option(name = "ShowTiers", help = "Split counts by compilation tier: interpreted, first tier, last tier, inlined (default: false).", usageSyntax = "true|false", category = OptionCategory.USER, stability = OptionStability.STABLE) //
    static final OptionKey<Boolean> SHOW_TIERS = new OptionKey<>(false, bool("ShowTiers"));

    @Option(name = "FilterRootName", help = "Wildcard filter on function names, e.g. 'fib*' or 'Math.*'; other frames are left out of the stacks (default: *).", usageSyntax = "<filter>", category = OptionCategory.USER, stability = OptionStability.STABLE) //
    static final OptionKey<String> FILTER_ROOT = new OptionKey<>("*", wildcard("FilterRootName"));

    @Option(name = "FilterFile", help = "Wildcard filter on source names and paths, e.g. '*program*.js' (default: *).", usageSyntax = "<filter>", category = OptionCategory.USER, stability = OptionStability.STABLE) //
    static final OptionKey<String> FILTER_FILE = new OptionKey<>("*", wildcard("FilterFile"));

    @Option(name = "FilterLanguage", help = "Wildcard filter on language ids, e.g. 'js' or 'js,python' (default: all languages).", usageSyntax = "<languageId>", category = OptionCategory.USER, stability = OptionStability.STABLE) //
    static final OptionKey<String> FILTER_LANGUAGE = new OptionKey<>("", wildcard("FilterLanguage"));

    @Option(name = "SampleInternal", help = "Show frames of internal roots and roots without a source section (hidden by default).", usageSyntax = "true|false", category = OptionCategory.USER, stability = OptionStability.STABLE) //
    static final OptionKey<Boolean> SAMPLE_INTERNAL = new OptionKey<>(false, bool("SampleInternal"));

    @Option(name = "SummariseThreads", help = "Report all threads and contexts as one merged profile (default: false).", usageSyntax = "true|false", category = OptionCategory.USER, stability = OptionStability.STABLE) //
    static final OptionKey<Boolean> SUMMARISE_THREADS = new OptionKey<>(false, bool("SummariseThreads"));

    @Option(name = "MinSamples", help = "Hide entries with fewer samples than this in histogram and calltree (default: 0).", usageSyntax = "[0, inf)", category = OptionCategory.USER, stability = OptionStability.STABLE) //
    static final OptionKey<Integer> MIN_SAMPLES = new OptionKey<>(0, intRange("MinSamples", 0, Integer.MAX_VALUE));

    @Option(name = "Title", help = "Title of graphical outputs (default: ccsampler).", usageSyntax = "<text>", category = OptionCategory.USER, stability = OptionStability.STABLE) //
    static final OptionKey<String> TITLE = new OptionKey<>("ccsampler");

    @Option(name = "MinWidth", help = "Flame graph: hide frames narrower than this percentage of all samples (default: 0).", usageSyntax = "[0, 100]", category = OptionCategory.USER, stability = OptionStability.STABLE) //
    static final OptionKey<Double> MIN_WIDTH = new OptionKey<>(0.0, percent("MinWidth"));

    @Option(name = "PushUrl", help = "Push each interval's profile to the /ingest endpoint of this Pyroscope-compatible server, e.g. http://localhost:4040; enables sampling (default: empty, no push).", usageSyntax = "<http(s)://host:port>", category = OptionCategory.USER, stability = OptionStability.STABLE) //
    static final OptionKey<String> PUSH_URL = new OptionKey<>("", new OptionType<>("PushUrl", s -> {
        if (!s.isBlank()) {
            PushConfig.parseUrl(s);
        }
        return s.trim();
    }));

    @Option(name = "PushFormat", help = "Body of each push: pprof (gzipped profile.proto) or folded stacks (default: pprof).", usageSyntax = "pprof|folded", category = OptionCategory.USER, stability = OptionStability.STABLE) //
    static final OptionKey<Format> PUSH_FORMAT = new OptionKey<>(Format.PPROF, new OptionType<>("PushFormat", PushConfig::parseFormat));

    @Option(name = "PushInterval", help = "Time between two pushes, 100ms up to 60m; a bare number is milliseconds (default: 10s).", usageSyntax = "<number>ms|s|m", category = OptionCategory.USER, stability = OptionStability.STABLE) //
    static final OptionKey<Long> PUSH_INTERVAL = new OptionKey<>(10_000_000_000L, new OptionType<>("PushInterval", PushConfig::parseIntervalNanos));

    @Option(name = "Listen", help = "Serve live profiles over HTTP on this address while the guest runs: /debug/pprof/profile?seconds=N for go tool pprof, /snapshot?format=F in any output format, an index page at /; a bare port listens on loopback, a host that is not loopback needs ListenToken, port 0 picks a free port; enables sampling (default: off).", usageSyntax = "[<host>:]<port>", category = OptionCategory.USER, stability = OptionStability.STABLE) //
    static final OptionKey<String> LISTEN = new OptionKey<>("", new OptionType<>("Listen", s -> {
        if (!s.isBlank()) {
            ListenConfig.parseAddress(s);
        }
        return s.trim();
    }));

    @Option(name = "ListenToken", help = "Token every request to Listen must carry (?token=<token> or an 'Authorization: Bearer <token>' header), at least 16 characters; required when Listen is not a loopback address (default: none).", usageSyntax = "<token>", category = OptionCategory.USER, stability = OptionStability.STABLE) //
    static final OptionKey<String> LISTEN_TOKEN = new OptionKey<>("");

    @Option(name = "PushName", help = "Pyroscope application name with optional labels, e.g. myapp{env=prod,region=eu} (default: ccsampler).", usageSyntax = "<app>[{key=value,...}]", category = OptionCategory.USER, stability = OptionStability.STABLE) //
    static final OptionKey<String> PUSH_NAME = new OptionKey<>("ccsampler", new OptionType<>("PushName", PushConfig::parseName));

    @Option(name = "AutoPeriodMin", help = "Smallest period Period=auto may choose; its periods are this times a power of two (default: 1ms).", usageSyntax = "<number>us|ms|s", category = OptionCategory.EXPERT, stability = OptionStability.STABLE) //
    static final OptionKey<Long> AUTO_PERIOD_MIN = new OptionKey<>(1_000_000L, duration("AutoPeriodMin", MIN_PERIOD_NANOS, MAX_PERIOD_NANOS));

    @Option(name = "AutoPeriodMax", help = "Largest period Period=auto may choose (default: 100ms).", usageSyntax = "<number>us|ms|s", category = OptionCategory.EXPERT, stability = OptionStability.STABLE) //
    static final OptionKey<Long> AUTO_PERIOD_MAX = new OptionKey<>(100_000_000L, duration("AutoPeriodMax", MIN_PERIOD_NANOS, MAX_PERIOD_NANOS));

    @Option(name = "Incremental", help = "Walk only the frames that changed since a thread's previous sample: a walk stops at a frame that is the same activation as at that sample (by its arguments array), and root enter/return probes that cost a few ns per call mark the frames that did not return: true, false (every walk full), auto to attach the probes once a thread's stacks are 64 frames deep and the cost budget leaves it under one walk in 4 ticks (to the roots of those stacks' frames alone, and to others' as deep stacks of them come), or once compiled code polls late (to every root), and to switch them off for good when they count millions of calls a second and change the profile little, or standby: as auto, with the probes in the code from the start counting nothing until then, so that starting them recompiles nothing (faster where that happens late in a run, slower elsewhere; auto does so in GraalPy's engines from the Python context's start) (default: auto).", usageSyntax = "auto|standby|true|false", category = OptionCategory.EXPERT, stability = OptionStability.STABLE) //
    static final OptionKey<SamplingSettings.Incremental> INCREMENTAL = new OptionKey<>(SamplingSettings.Incremental.AUTO, new OptionType<>("Incremental",
                    s -> switch (s.trim().toLowerCase(Locale.ROOT)) {
                        case "auto" -> SamplingSettings.Incremental.AUTO;
                        case "standby" -> SamplingSettings.Incremental.STANDBY;
                        case "", "true" -> SamplingSettings.Incremental.ON;
                        case "false" -> SamplingSettings.Incremental.OFF;
                        default -> throw new IllegalArgumentException("Invalid value '" + s + "' for ccsampler.Incremental: use auto, standby, true or false.");
                    }));

    @Option(name = "WriteKnownFrames", help = "With incremental walks, write a run of frames the root probes say are on the stack, and that earlier walks saw right on top of each other through one call node each, from what those walks saw instead of walking them (their tier is the newest one seen); false walks them (default: true).", usageSyntax = "true|false", category = OptionCategory.EXPERT, stability = OptionStability.STABLE) //
    static final OptionKey<Boolean> WRITE_KNOWN_FRAMES = new OptionKey<>(true, bool("WriteKnownFrames"));

    @Option(name = "VerifyIncremental", help = "Test switch: follow every incremental walk with a full one; the report says how many differed (slow; default: false).", usageSyntax = "true|false", category = OptionCategory.INTERNAL, stability = OptionStability.EXPERIMENTAL) //
    static final OptionKey<Boolean> VERIFY_INCREMENTAL = new OptionKey<>(false, bool("VerifyIncremental"));

    @Option(name = "CostBudget", help = "Largest share of a thread's time, in percent, that its stack walks may take; ticks beyond it are thinned by a rule that never looks at the stack and the samples weighted, so shares stay unbiased (default: 3).", usageSyntax = "(0, 100]", category = OptionCategory.EXPERT, stability = OptionStability.STABLE) //
    static final OptionKey<Double> COST_BUDGET = new OptionKey<>(3.0, new OptionType<>("CostBudget", s -> {
        double v;
        try {
            v = Double.parseDouble(s.trim());
        } catch (NumberFormatException e) {
            v = -1;
        }
        if (!(v > 0 && v <= 100)) {
            throw new IllegalArgumentException("Invalid value '" + s + "' for ccsampler.CostBudget: use a percentage above 0 and at most 100.");
        }
        return v;
    }));

    @Option(name = "ThreadsPerTick", help = "Partial safepoints: walk only the first N threads to reach a safepoint at each tick; a thread passed over twice in a row is walked anyway; 0 walks all (default: the number of cores).", usageSyntax = "[0, 65536]", category = OptionCategory.EXPERT, stability = OptionStability.STABLE) //
    static final OptionKey<Integer> THREADS_PER_TICK = new OptionKey<>(Runtime.getRuntime().availableProcessors(), intRange("ThreadsPerTick", 0, 65536));

    @Option(name = "SampleContextInitialization", help = "Walk the code a language runs to initialize its context (TruffleRuby's core library, GraalPy's Python library) like any other; by default a sample taken then is one frame, <context initialization (<language>)> (default: false).", usageSyntax = "true|false", category = OptionCategory.USER, stability = OptionStability.STABLE) //
    static final OptionKey<Boolean> SAMPLE_CONTEXT_INITIALIZATION = new OptionKey<>(false, bool("SampleContextInitialization"));

    @Option(name = "SampleIdle", help = "Also sample threads parked or blocked in the host; by default their ticks are counted as idle and not sampled (default: false).", usageSyntax = "true|false", category = OptionCategory.USER, stability = OptionStability.STABLE) //
    static final OptionKey<Boolean> SAMPLE_IDLE = new OptionKey<>(false, bool("SampleIdle"));

    @Option(name = "CpuTime", help = "Count a running thread by the CPU time it used, one tick per period of it, instead of one tick per period it was not parked or blocked: true, false, or auto to do so while the runnable threads leave none of the machine's cores free, where a runnable thread may be waiting for a core (default: auto). With SampleIdle=true every thread's every tick counts.", usageSyntax = "auto|true|false", category = OptionCategory.USER, stability = OptionStability.STABLE) //
    static final OptionKey<SamplingSettings.CpuTime> CPU_TIME = new OptionKey<>(SamplingSettings.CpuTime.AUTO, new OptionType<>("CpuTime",
                    s -> switch (s.trim().toLowerCase(Locale.ROOT)) {
                        case "auto" -> SamplingSettings.CpuTime.AUTO;
                        case "", "true" -> SamplingSettings.CpuTime.ON;
                        case "false" -> SamplingSettings.CpuTime.OFF;
                        default -> throw new IllegalArgumentException("Invalid value '" + s + "' for ccsampler.CpuTime: use auto, true or false.");
                    }));

    @Option(name = "SteadyState", help = "Sample four times less often once the per-function profile has stopped changing, and at the full rate again when it shifts; the report lists when and why (default: false).", usageSyntax = "true|false", category = OptionCategory.USER, stability = OptionStability.STABLE) //
    static final OptionKey<Boolean> STEADY_STATE = new OptionKey<>(false, bool("SteadyState"));

    @Option(name = "WaitedTicks", help = "Where the ticks go that pass while a thread's request waits for a safepoint: 'sample' (the late sample), 'next' (the thread's next sample), 'skip' (counted as skipped, in no sample) or 'top' (the late sample, but each tick placed on the stack of the function the clock saw on top, read through the root probes, attached once a thread spends 10 % of its time running while a request waits for its poll, or its polls in compiled code come 0.5 ms late on average (time it ran: not time it was descheduled or stopped by the VM, nor waits that end at an interpreted frame): at that tick, or where the cost budget thins the walks at the next tick it chose) (default: top).", usageSyntax = "top|sample|next|skip", category = OptionCategory.EXPERT, stability = OptionStability.STABLE) //
    static final OptionKey<dev.ccsampler.capture.RequestLedger.Waited> WAITED_TICKS = new OptionKey<>(dev.ccsampler.capture.RequestLedger.Waited.TOP,
                    new OptionType<>("WaitedTicks", s -> switch (s.trim().toLowerCase(Locale.ROOT)) {
                        case "sample" -> dev.ccsampler.capture.RequestLedger.Waited.SAMPLE;
                        case "next" -> dev.ccsampler.capture.RequestLedger.Waited.NEXT;
                        case "skip" -> dev.ccsampler.capture.RequestLedger.Waited.SKIP;
                        case "top" -> dev.ccsampler.capture.RequestLedger.Waited.TOP;
                        default -> throw new IllegalArgumentException("Invalid value '" + s + "' for ccsampler.WaitedTicks: use top, sample, next or skip.");
                    }));

    @Option(name = "Burst", help = "Adaptive bursting: after a stack walk, trace the thread's root enters and returns until its next walk or BurstLength events, gated by a history of context signatures (BurstRR), to count calls per context edge beside the time samples; its root probes slow call-dense code while attached, so they are detached once the calls have converged (BurstDetach) (default: false).", usageSyntax = "true|false", category = OptionCategory.EXPERT, stability = OptionStability.STABLE) //
    static final OptionKey<Boolean> BURST = new OptionKey<>(false, bool("Burst"));

    @Option(name = "BurstLength", help = "Root enters and returns recorded per burst (default: 4096).", usageSyntax = "[1, 1048576]", category = OptionCategory.EXPERT, stability = OptionStability.STABLE) //
    static final OptionKey<Integer> BURST_LENGTH = new OptionKey<>(BurstSettings.DEFAULT_LENGTH, intRange("BurstLength", 1, BurstSettings.MAX_LENGTH));

    @Option(name = "BurstRR", help = "Re-enable ratio: a walk whose context signature was seen before is followed by a burst only every RR-th time, or sooner once that signature's walks since its last burst stand for RR times 10 ms (walks the cost budget thinned), and that burst's calls count the ticks of those walks; 1 bursts after every walk (default: 10).", usageSyntax = "[1, 1048576]", category = OptionCategory.EXPERT, stability = OptionStability.STABLE) //
    static final OptionKey<Integer> BURST_RR = new OptionKey<>(BurstSettings.DEFAULT_RR, intRange("BurstRR", 1, BurstSettings.MAX_RR));

    @Option(name = "BurstDetach", help = "Detach the burst probes once the calls per function have stopped changing (two 500 ms checks, after 2 s and 20 bursts), and attach them again when the time profile shifts to other functions; the calls of a detached stretch are extrapolated from the second before it, and the report says when and how many (default: true).", usageSyntax = "true|false", category = OptionCategory.EXPERT, stability = OptionStability.STABLE) //
    static final OptionKey<Boolean> BURST_DETACH = new OptionKey<>(true, bool("BurstDetach"));

    @Option(name = "Feedback", help = "Compiler feedback from the profile: off, advise (log compile, split and inline hints with their evidence) or apply (also apply them); needs the optimizing runtime and enables sampling (default: off).", usageSyntax = "off|advise|apply", category = OptionCategory.EXPERT, stability = OptionStability.STABLE) //
    static final OptionKey<FeedbackMode> FEEDBACK = new OptionKey<>(FeedbackMode.OFF, new OptionType<>("Feedback", FeedbackMode::parse));

    @Option(name = "SaveHints", help = "Save the compiler hints, with their evidence and outcomes, to this JSON file when the engine closes, checked for writability at start (default: not saved).", usageSyntax = "<path>", category = OptionCategory.EXPERT, stability = OptionStability.STABLE) //
    static final OptionKey<String> SAVE_HINTS = new OptionKey<>("", new OptionType<>("SaveHints", s -> {
        if (!s.isEmpty()) {
            checkWritable(s, "ccsampler.SaveHints");
        }
        return s;
    }));

    @Option(name = "LoadHints", help = "Load compiler hints saved by an earlier run and apply them, with --ccsampler.Feedback=apply, as soon as their functions run; a bad file is reported and the run goes on without hints (default: none).", usageSyntax = "<path>", category = OptionCategory.EXPERT, stability = OptionStability.STABLE) //
    static final OptionKey<String> LOAD_HINTS = new OptionKey<>("");

    /** Largest cap: a hints file of more hints than this per kind is not a measured case. */
    static final int MAX_HINTS_LIMIT = 1_000_000;

    @Option(name = "MaxHintsPerKind", help = "Apply and save at most this many compiler hints of each kind (compile, split, inline): the ones with the largest share of samples in the run (compile: self samples; split, inline: samples through the call edge), ranked in the hints file; LoadHints applies the first of each kind by saved rank (default: 8).", usageSyntax = "[1, 1000000]", category = OptionCategory.EXPERT, stability = OptionStability.STABLE) //
    static final OptionKey<Integer> MAX_HINTS_PER_KIND = new OptionKey<>(FeedbackController.DEFAULT_MAX_HINTS_PER_KIND, intRange("MaxHintsPerKind", 1, MAX_HINTS_LIMIT));
}
