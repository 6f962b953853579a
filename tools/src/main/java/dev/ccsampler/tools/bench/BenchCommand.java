package dev.ccsampler.tools.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

import dev.ccsampler.tools.Cli;
import dev.ccsampler.tools.CliOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ccsampler bench}: the measurement harness of "How we measure" in DESIGN.md. For each
 * workload of {@code tools/workloads/workloads.tsv} it runs the guest in separate JVM processes
 * ({@link GuestRunner}) without a profiler, with GraalVM's {@code --cpusampler} at 10 and 1 ms, and
 * with ccsampler at 10 ms, 1 ms and 100 µs, interleaved round by round (none, cpu10, cpu1, cc10,
 * cc1, cc100us, none, cpu10, ...), plus one exhaustive-tracer run per workload as the reference
 * tree. It prints a Markdown table and, with {@code --out}, writes it with a JSON file and every
 * process's log and profile.
 *
 * <p>No figure of this command is asserted anywhere; it only measures and reports.
 *
 * @since 0.1
 */
public final class BenchCommand {

    /** Usage text: what {@code --help} prints. @since 0.1 */
    public static final String USAGE = """
                    Overhead, sample latency, late/missed samples, time-split error, calling-context
                    accuracy and run-to-run correlation of ccsampler and --cpusampler on a workload suite.
                    With program files, those are the suite instead of tools/workloads/workloads.tsv.
                    Program files (.js, .mjs, .py, .pace, or any language with --lang): a program whose file
                    evaluates to a function is one iteration per call of that function; any other program is
                    one iteration per evaluation in a fresh context on the same engine. Without --iterations
                    the first baseline process iterates until 4 s (quick) or 15 s of iterations have passed
                    (at most 30 / 100), and every other process of that program runs as many iterations.
                    """;

    private static final List<ProfilerConfig> MEASURED = List.of(ProfilerConfig.NONE, ProfilerConfig.CPUSAMPLER_10MS, ProfilerConfig.CPUSAMPLER_1MS,
                    ProfilerConfig.CCSAMPLER_10MS, ProfilerConfig.CCSAMPLER_1MS, ProfilerConfig.CCSAMPLER_100US);
    /** With {@code --burst-cost}: the probes' cost, with bursting off, idle and on, detached once converged (the default) and kept. */
    private static final List<ProfilerConfig> MEASURED_BURST_COST = List.of(ProfilerConfig.NONE, ProfilerConfig.CCSAMPLER_10MS, ProfilerConfig.CCSAMPLER_BURST_IDLE_10MS,
                    ProfilerConfig.CCSAMPLER_BURST_10MS, ProfilerConfig.CCSAMPLER_BURST_KEPT_10MS);
    /** With {@code --burst}: plain sampling beside bursting, at 10 ms and 1 ms (docs/bursting.md). */
    private static final List<ProfilerConfig> MEASURED_BURST = List.of(ProfilerConfig.NONE, ProfilerConfig.CPUSAMPLER_10MS, ProfilerConfig.CCSAMPLER_10MS,
                    ProfilerConfig.CCSAMPLER_BURST_10MS, ProfilerConfig.CCSAMPLER_1MS, ProfilerConfig.CCSAMPLER_BURST_1MS);

    /** The command line; {@link #call()} runs the harness. */
    @Command(name = "bench", sortOptions = false, usageHelpAutoWidth = true, description = USAGE,
                    footer = {"", "Exit status: 0 measured; 2 usage error or bad input (the message names the option or file); 1 no workload could run."})
    static final class Args implements Callable<Integer> {
        @Mixin
        CliOptions.Help help;
        @Option(names = "--quick", description = "fewer workloads, 2 pairs, fewer iterations (the built-in quick suite: < 3 min idle; a program file: about 13 processes of ~5 s each)")
        boolean quick;
        @Option(names = "--pairs", paramLabel = "<n>", converter = CliOptions.PositiveInt.class, description = "rounds of interleaved processes (default 5, quick 2; --toggled 2, quick 1)")
        int pairs = -1;
        @Option(names = "--only", paramLabel = "<id,...>", split = ",", description = "run only these workloads of the suite")
        List<String> only;
        @Option(names = "--out", paramLabel = "<dir>", description = "write results.md, results.json and runs/ (logs, profiles) there")
        Path outDir;
        @Option(names = "--repo", paramLabel = "<dir>", description = "repository root (default: found upwards from the working directory)")
        Path repo;
        @Option(names = "--timeout", paramLabel = "<s>", converter = CliOptions.PositiveInt.class, description = "kill a guest process after this many seconds (default 300)")
        int timeout = 300;
        @Option(names = "--list", description = "print the suite and exit")
        boolean list;
        @Option(names = "--feedback", description = "compiler feedback: learn hints in one process (30 s of iterations, quick 8 s, or --iterations), then compare plain sampling, sampling with the saved hints applied, and advise mode, interleaved, each process as many iterations as the learning one (time to steady state, peak, compilations, deopts; docs/feedback.md)")
        boolean feedback;
        @Option(names = "--max-hints", paramLabel = "<n,...>", split = ",", converter = CliOptions.PositiveInt.class, description = "with --feedback: also apply the saved hints with --ccsampler.MaxHintsPerKind=n, one configuration per value (the learning process then saves up to the largest n of each kind)")
        List<Integer> maxHints = new ArrayList<>();
        @Option(names = "--burst", description = "measure adaptive bursting (--ccsampler.Burst) beside plain sampling and --cpusampler: overhead, and overlap / hot-edge coverage on call counts (docs/bursting.md)")
        boolean burst;
        @Option(names = "--burst-option", paramLabel = "<ccsampler.key=value>", description = "with --burst: one more ccsampler option for the burst configurations only (repeatable), e.g. ccsampler.BurstLength=4096")
        List<String> burstOptions = new ArrayList<>();
        @Option(names = "--sampler-option", paramLabel = "<ccsampler.key=value>", description = "one more ccsampler option for every ccsampler configuration of the plain bench, --toggled, --burst and --burst-cost (repeatable), e.g. ccsampler.CostBudget=1; not Period, Output or OutputFile, which each configuration sets; --cpusampler and the baseline run as before")
        List<String> samplerOptions = new ArrayList<>();
        @Option(names = "--burst-cost", description = "what the burst probes cost: no profiler, sampling without bursting, the probes with (almost) no burst, bursting (its probes detached once the calls converge) and bursting with the probes kept, all at 10 ms (docs/bursting.md)")
        boolean burstCost;
        @Option(names = "--toggled", description = "steady-state cost of sampling inside each process: after a 15-s warm-up (quick 5 s), 16 windows of 1 s (quick 8) in which sampling is switched off and on (off, on, on, off, ...), for ccsampler at 10 ms / 1 ms / 100 us, --cpusampler at 10 ms / 1 ms and a placebo that switches nothing; ratio of the sampled windows' mean iteration to the others' (--toggle-warm-up, --toggle-windows; docs/performance.md)")
        boolean toggled;
        @Option(names = "--toggle-warm-up", paramLabel = "<s>", converter = CliOptions.PositiveInt.class, description = "with --toggled: seconds of warm-up before the first window (default 15, quick 5); a program still compiling then reads noise, which the placebo shows")
        int toggleWarmUp;
        @Option(names = "--toggle-windows", paramLabel = "<n>", converter = CliOptions.PositiveInt.class, description = "with --toggled: windows of 1 s per process, a multiple of 4 (default 16, quick 8)")
        int toggleWindows;
        @Option(names = "--check-splits", description = "time each function of the known-split workloads separately (one process each) and compare with the split they have by construction; no profiler runs")
        boolean checkSplits;
        @Option(names = "--lang", paramLabel = "<id>", description = "language of the program files (default: from the file extension)")
        String lang;
        @Option(names = "--iterations", paramLabel = "<n>", converter = CliOptions.PositiveInt.class, description = "iterations per process (default: sized by the first process)")
        int iterations;
        @Option(names = "--split", paramLabel = "<f=p,...>", description = "known self-time split of the program files, e.g. alpha=60,beta=30,gamma=10")
        String split;
        @Parameters(paramLabel = "program", arity = "0..*", description = "program files to measure instead of the suite")
        List<Path> programs = new ArrayList<>();

        PrintStream out;
        PrintStream err;

        @Override
        public Integer call() throws IOException, InterruptedException {
            return BenchCommand.execute(this, out, err);
        }
    }

    private BenchCommand() {
    }

    /** Entry point for a plain {@code java} launch. @since 0.1 */
    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** The options every ccsampler configuration sets itself, which {@code --sampler-option} may not. */
    static final List<String> CONFIGURATION_OPTIONS = List.of("ccsampler.Period", "ccsampler.Output", "ccsampler.OutputFile");

    /**
     * Fails when a {@code --sampler-option} names an option the configurations set themselves, or
     * with the engine's message when an engine would reject the options (an unknown name, a bad
     * value): before any process runs, where a guest process would fail on them one by one.
     */
    static void checkSamplerOptions(Map<String, String> options) {
        for (String k : options.keySet()) {
            if (CONFIGURATION_OPTIONS.contains(k)) {
                throw new Cli.BadInput("Invalid --sampler-option " + k + ": each configuration sets " + String.join(", ", CONFIGURATION_OPTIONS) + " itself.");
            }
        }
        try (org.graalvm.polyglot.Engine e = org.graalvm.polyglot.Engine.newBuilder().option("engine.WarnInterpreterOnly", "false").options(options).build()) {
            e.getVersion(); // built: the options were accepted
        } catch (IllegalArgumentException | org.graalvm.polyglot.PolyglotException e) {
            throw new Cli.BadInput("Invalid --sampler-option: " + e.getMessage());
        }
    }

    /** {@code options} and, for a ccsampler configuration, the {@code --sampler-option}s. */
    static Map<String, String> withSamplerOptions(ProfilerConfig c, Map<String, String> options, Map<String, String> samplerOptions) {
        if (c.profiler() != ProfilerConfig.Profiler.CCSAMPLER || samplerOptions.isEmpty()) {
            return options;
        }
        Map<String, String> o = new LinkedHashMap<>(options);
        o.putAll(samplerOptions);
        return o;
    }

    /** Runs with {@code System.out} and returns the exit status. @since 0.1 */
    public static int run(String[] args) {
        return run(args, System.out, System.err);
    }

    /** Runs and returns the exit status: 0 done, 1 no workload could run, 2 usage error or bad input. @since 0.1 */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        Args a = new Args();
        a.out = out;
        a.err = err;
        return Cli.execute("bench", a, args, out, err);
    }

    private static int execute(Args a, PrintStream out, PrintStream err) throws IOException, InterruptedException {
        boolean quick = a.quick;
        int pairs = a.pairs;
        List<String> only = a.only;
        Path outDir = a.outDir == null ? null : a.outDir.toAbsolutePath();
        Path repo = a.repo == null ? null : a.repo.toAbsolutePath();
        long timeout = a.timeout;
        String lang = a.lang;
        int iterations = a.iterations;
        boolean list = a.list;
        boolean feedback = a.feedback;
        boolean checkSplits = a.checkSplits;
        List<Path> programs = new ArrayList<>();
        for (Path p : a.programs) {
            programs.add(p.toAbsolutePath().normalize());
        }
        Map<String, Double> split;
        try {
            split = a.split == null ? Map.of() : Workload.parseSplit(a.split, "--split");
        } catch (IllegalArgumentException e) {
            throw new Cli.BadInput(e.getMessage());
        }
        if (!programs.isEmpty() && only != null) {
            throw new Cli.BadInput("--only selects workloads of the suite; it cannot be combined with program files.");
        }
        if (programs.isEmpty() && (lang != null || iterations > 0 || !split.isEmpty())) {
            throw new Cli.BadInput("--lang, --iterations and --split apply to program files; none was given.");
        }
        if (outDir != null && Files.exists(outDir) && !Files.isDirectory(outDir)) {
            throw new Cli.BadInput("--out " + outDir + ": exists and is not a directory.");
        }
        if (repo != null && !Files.isRegularFile(repo.resolve("tools/workloads/workloads.tsv"))) {
            throw new Cli.BadInput("--repo " + repo + ": no tools/workloads/workloads.tsv there.");
        }
        if (pairs < 0) {
            pairs = a.toggled ? (quick ? 1 : 2) : quick ? 2 : 5;
        }
        if (repo == null) {
            try {
                repo = findRepo(Path.of("").toAbsolutePath(), codeLocation());
            } catch (IOException e) {
                throw new Cli.BadInput(e.getMessage());
            }
        }
        List<Workload> suite;
        if (programs.isEmpty()) {
            suite = Workload.readSuite(repo.resolve("tools/workloads/workloads.tsv"));
        } else {
            suite = new ArrayList<>();
            for (Path p : programs) {
                if (!Files.isRegularFile(p)) {
                    throw new Cli.BadInput("program file " + p + " does not exist or is not a file.");
                }
                String l = lang != null ? lang : Workload.languageOf(p);
                if (l == null) {
                    throw new Cli.BadInput("cannot tell the language of " + p + " from its extension; use --lang.");
                }
                Workload w = Workload.program(p, l, iterations, split);
                String id = w.id();
                for (int n = 2; ids(suite).contains(id); n++) {
                    id = w.id() + "-" + n; // two programs of the same name in different directories: their logs must not collide
                }
                suite.add(new Workload(id, w.language(), w.file(), w.iterations(), w.quickIterations(), w.warmupIterations(), w.knownSplit(), w.args()));
            }
        }
        if (list) {
            for (Workload w : suite) {
                String iters = w.sizedByFirstRun() ? "iterations sized by the first baseline process"
                                : String.format(Locale.ROOT, "full=%d quick=%d warm-up=%d", w.iterations(), w.quickIterations(), w.warmupIterations());
                out.printf(Locale.ROOT, "%-22s %-7s %-45s %s %s%n", w.id(), w.language(), w.file(), iters, Files.exists(repo.resolve(w.file())) ? "" : "(missing)");
            }
            return 0;
        }
        Bench bench = new Bench(repo, suite, quick, pairs, only, outDir, timeout, out, err);
        if (a.burst) {
            bench.measured = MEASURED_BURST;
        }
        if (!a.burstOptions.isEmpty() && !a.burst) {
            throw new Cli.BadInput("--burst-option applies to --burst, which was not given.");
        }
        for (String kv : a.burstOptions) {
            int eq = kv.indexOf('=');
            if (eq <= 0 || eq == kv.length() - 1 || !kv.startsWith("ccsampler.")) {
                throw new Cli.BadInput("Invalid --burst-option '" + kv + "': use ccsampler.<option>=<value>, e.g. ccsampler.BurstLength=4096.");
            }
            bench.burstOptions.put(kv.substring(0, eq), kv.substring(eq + 1));
        }
        if (!a.samplerOptions.isEmpty() && (feedback || checkSplits)) {
            throw new Cli.BadInput("--sampler-option applies to the plain bench, --toggled, --burst and --burst-cost: not with " + (feedback ? "--feedback" : "--check-splits") + ".");
        }
        for (String kv : a.samplerOptions) {
            int eq = kv.indexOf('=');
            if (eq <= 0 || eq == kv.length() - 1 || !kv.startsWith("ccsampler.")) {
                throw new Cli.BadInput("Invalid --sampler-option '" + kv + "': use ccsampler.<option>=<value>, e.g. ccsampler.CostBudget=1.");
            }
            bench.samplerOptions.put(kv.substring(0, eq), kv.substring(eq + 1));
        }
        if (!bench.samplerOptions.isEmpty()) {
            checkSamplerOptions(bench.samplerOptions);
        }
        if (a.burstCost) {
            bench.measured = MEASURED_BURST_COST;
        }
        if (!feedback && !a.maxHints.isEmpty()) {
            throw new Cli.BadInput("--max-hints applies to --feedback, which was not given.");
        }
        if (a.toggled && (feedback || a.burst || a.burstCost || checkSplits)) {
            throw new Cli.BadInput("--toggled is a mode of its own: not with --feedback, --burst, --burst-cost or --check-splits.");
        }
        if (a.toggled && iterations > 0) {
            throw new Cli.BadInput("--iterations does not apply to --toggled: its processes run by time (--toggle-warm-up, --toggle-windows).");
        }
        if (!a.toggled && (a.toggleWarmUp > 0 || a.toggleWindows > 0)) {
            throw new Cli.BadInput((a.toggleWarmUp > 0 ? "--toggle-warm-up" : "--toggle-windows") + " applies to --toggled, which was not given.");
        }
        if (a.toggleWindows % 4 != 0) {
            throw new Cli.BadInput("--toggle-windows " + a.toggleWindows + ": use a multiple of 4 (blocks of off, on, on, off).");
        }
        bench.toggleWarmUpSeconds = a.toggleWarmUp > 0 ? a.toggleWarmUp : quick ? ToggleBench.QUICK_WARMUP_SECONDS : ToggleBench.WARMUP_SECONDS;
        bench.toggleWindows = a.toggleWindows > 0 ? a.toggleWindows : quick ? ToggleBench.QUICK_WINDOWS : ToggleBench.WINDOWS;
        if (feedback) {
            return bench.feedback(a.maxHints, iterations);
        }
        if (a.toggled) {
            return bench.toggled();
        }
        return checkSplits ? bench.checkSplits() : bench.execute();
    }

    private static List<String> ids(List<Workload> suite) {
        return suite.stream().map(Workload::id).toList();
    }

    /**
     * The directory upwards from the first of {@code starts} that has one and holds
     * {@code tools/workloads/workloads.tsv}: the working directory first, then where this class
     * was loaded from (tools/target/classes), so the harness also runs from outside the checkout.
     */
    static Path findRepo(Path... starts) throws IOException {
        for (Path start : starts) {
            for (Path p = start; p != null; p = p.getParent()) {
                if (Files.isRegularFile(p.resolve("tools/workloads/workloads.tsv"))) {
                    return p;
                }
            }
        }
        throw new IOException("cannot find the repository (tools/workloads/workloads.tsv) above " + starts[0] + "; use --repo.");
    }

    private static Path codeLocation() {
        try {
            return Path.of(BenchCommand.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toAbsolutePath();
        } catch (java.net.URISyntaxException | RuntimeException e) {
            return null;
        }
    }

    /** {@code ": <the last line the guest printed>"} from a run log, or "" when there is none. */
    static String lastError(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            for (int i = lines.size() - 1; i >= 0; i--) {
                String l = lines.get(i).strip();
                if (!l.isEmpty() && !l.startsWith(GuestRunner.PREFIX.strip()) && !l.startsWith("at ")) {
                    return ": " + (l.length() > 200 ? l.substring(0, 200) + "…" : l);
                }
            }
        } catch (IOException | RuntimeException e) {
            // the note still names the log
        }
        return "";
    }

    /** One harness run. */
    private static final class Bench {
        private final Path repo;
        private final List<Workload> suite;
        private final boolean quick;
        private final int pairs;
        private final List<String> only;
        private final Path outDir;
        private final long timeout;
        private final PrintStream out;
        private final PrintStream err;
        private final List<String> notes = new ArrayList<>();
        /** The configurations measured against each other. */
        private List<ProfilerConfig> measured = MEASURED;
        /** With {@code --sampler-option}: more options for every ccsampler configuration. */
        private final Map<String, String> samplerOptions = new LinkedHashMap<>();
        /** With {@code --burst-option}: more options for the burst configurations. */
        private final Map<String, String> burstOptions = new LinkedHashMap<>();
        /** {@code --toggled}: seconds of warm-up and windows per process. */
        private int toggleWarmUpSeconds = ToggleBench.WARMUP_SECONDS;
        private int toggleWindows = ToggleBench.WINDOWS;
        /** Workloads whose baseline process failed: the run exits 1. */
        private final List<String> failed = new ArrayList<>();

        Bench(Path repo, List<Workload> suite, boolean quick, int pairs, List<String> only, Path outDir, long timeout, PrintStream out, PrintStream err) {
            this.repo = repo;
            this.suite = suite;
            this.quick = quick;
            this.pairs = pairs;
            this.only = only;
            this.outDir = outDir;
            this.timeout = timeout;
            this.out = out;
            this.err = err;
        }

        /** What both modes need before the first process: where runs go, the java command, the workloads, the JS options. */
        private record Setup(Path runDir, List<String> java, List<Workload> selected, Map<String, String> langOptions) {
        }

        /** Selects the workloads {@code keep} accepts and installs the npm packages if needed; null (after {@code none}) when nothing can run. */
        private Setup setup(java.util.function.Predicate<Workload> keep, String none) throws IOException, InterruptedException {
            Path work = outDir != null ? outDir : Files.createTempDirectory("ccsampler-bench");
            Path runDir = work.resolve("runs");
            Files.createDirectories(runDir);
            List<String> java = javaCommand();
            List<Workload> selected = new ArrayList<>(select());
            selected.removeIf(keep.negate());
            if (selected.stream().anyMatch(Workload::needsNodeModules) && !ensureNodeModules()) {
                selected.removeIf(Workload::needsNodeModules);
            }
            if (selected.isEmpty()) {
                err.println(none);
                notes.forEach(n -> err.println("  " + n));
                return null;
            }
            Map<String, String> langOptions = new LinkedHashMap<>();
            langOptions.put("js.commonjs-require", "true");
            langOptions.put("js.commonjs-require-cwd", repo.resolve("tools/workloads").toString());
            return new Setup(runDir, java, selected, langOptions);
        }

        /**
         * {@code --feedback}: see {@link FeedbackBench}; {@code maxHints}: the caps compared beside the default;
         * {@code fixedIterations}: {@code --iterations} (program files), 0 to size the processes by time.
         */
        int feedback(List<Integer> maxHints, int fixedIterations) throws IOException, InterruptedException {
            Setup setup = setup(w -> true, "bench: no workload to run.");
            if (setup == null) {
                return 1;
            }
            String loadBefore = loadAverage();
            java.time.Instant started = java.time.Instant.now();
            List<FeedbackBench.Config> configs = FeedbackBench.configs(maxHints);
            List<FeedbackBench.Result> results = new ArrayList<>();
            for (Workload w : setup.selected()) {
                // the learning process runs for a time (the warm-up of a JIT that compiles itself takes tens of seconds on 2
                // cores), unless --iterations fixed the count; every compared process then runs as many iterations as it did
                int iters = FeedbackBench.MAX_ITERATIONS;
                long budgetMs = (quick ? FeedbackBench.QUICK_SECONDS : FeedbackBench.SECONDS) * 1000L;
                if (fixedIterations > 0) {
                    iters = Math.max(FeedbackBench.MIN_ITERATIONS, fixedIterations);
                    budgetMs = 0;
                }
                Map<String, String> base = new LinkedHashMap<>(options(w, setup.langOptions()));
                base.put("engine.TraceCompilation", "true");
                Path hints = setup.runDir().resolve(w.id() + ".hints.json");
                Map<String, String> learnOpts = new LinkedHashMap<>(base);
                learnOpts.put("ccsampler.Feedback", "apply");
                learnOpts.put("ccsampler.SaveHints", hints.toString());
                if (!maxHints.isEmpty()) {
                    // the file must hold enough hints of each kind for the largest cap compared; each configuration caps it when loading
                    learnOpts.put("ccsampler.MaxHintsPerKind", Integer.toString(java.util.Collections.max(maxHints)));
                }
                GuestRun learn = GuestRun.launch(setup.java(), w, ProfilerConfig.CCSAMPLER_10MS, 0, iters, budgetMs, List.of(), learnOpts, repo, setup.runDir(), timeout, w.id() + ".learn");
                if (budgetMs > 0) {
                    iters = Math.max(FeedbackBench.MIN_ITERATIONS, learn.iterationNanos().length);
                }
                err.printf(Locale.ROOT, "  %s: learning process exit %d, %d iterations, hints in %s%n", w.id(), learn.exitStatus(), learn.iterationNanos().length, hints);
                if (!learn.ok() || !Files.exists(hints)) {
                    notes.add(w.id() + ": skipped, the learning process failed (see " + learn.log() + ").");
                    continue;
                }
                Map<FeedbackBench.Config, List<GuestRun>> runs = new LinkedHashMap<>();
                List<String> reference = FeedbackBench.guestOutput(learn.log());
                boolean same = true;
                for (int round = 0; round < pairs; round++) {
                    for (FeedbackBench.Config c : configs) {
                        Map<String, String> o = new LinkedHashMap<>(base);
                        if (c.loadsHints()) {
                            o.put("ccsampler.Feedback", "apply");
                            o.put("ccsampler.LoadHints", hints.toString());
                        }
                        o.putAll(c.options());
                        GuestRun r = GuestRun.launch(setup.java(), w, ProfilerConfig.CCSAMPLER_10MS, round, iters, 0, List.of(), o, repo, setup.runDir(), timeout,
                                        w.id() + ".feedback-" + c.id() + "." + round);
                        err.printf(Locale.ROOT, "  %s %s round %d: exit %d, %d iterations%n", w.id(), c.label(), round, r.exitStatus(), r.iterationNanos().length);
                        runs.computeIfAbsent(c, k -> new ArrayList<>()).add(r);
                        same &= FeedbackBench.guestOutput(r.log()).equals(reference);
                    }
                }
                results.add(new FeedbackBench.Result(w.id(), configs, runs, same));
            }
            String table = FeedbackBench.table(results);
            String footer = String.format(Locale.ROOT, "%d rounds, %s to %s UTC, %d cores, load average %s before, %s after%n", pairs, started, java.time.Instant.now(),
                            Runtime.getRuntime().availableProcessors(), loadBefore, loadAverage());
            out.print(table);
            out.print(footer);
            notes.forEach(n -> out.println("  " + n));
            if (outDir != null) {
                Files.writeString(outDir.resolve("feedback.md"), table + "\n" + footer);
                Files.writeString(outDir.resolve("feedback-runs.tsv"), FeedbackBench.runsTsv(results));
            }
            return results.isEmpty() ? 1 : 0;
        }

        /** {@code --toggled}: see {@link ToggleBench}. */
        int toggled() throws IOException, InterruptedException {
            Setup setup = setup(w -> true, "bench: no workload to run.");
            if (setup == null) {
                return 1;
            }
            String loadBefore = loadAverage();
            java.time.Instant started = java.time.Instant.now();
            int warmupMs = toggleWarmUpSeconds * 1000;
            int windows = toggleWindows;
            List<String> runnerArgs = List.of("--toggle-ms", Integer.toString(ToggleBench.WINDOW_MS), "--toggle-after-ms", Integer.toString(warmupMs),
                            "--toggle-windows", Integer.toString(windows));
            Map<Workload, Map<ProfilerConfig, List<GuestRun>>> runs = new LinkedHashMap<>();
            for (Workload w : setup.selected()) {
                runs.put(w, new LinkedHashMap<>());
            }
            int total = setup.selected().size() * ToggleBench.CONFIGS.size() * pairs;
            int done = 0;
            long start = System.nanoTime();
            for (int round = 0; round < pairs; round++) {
                for (Workload w : setup.selected()) {
                    for (ProfilerConfig c : ToggleBench.CONFIGS) {
                        GuestRun r = GuestRun.launch(setup.java(), w, c, round, Integer.MAX_VALUE, 0, runnerArgs, withSamplerOptions(c, options(w, setup.langOptions())), repo, setup.runDir(), timeout,
                                        w.id() + ".toggled-" + c.slug() + "." + round);
                        done++;
                        progress(done, total, r, start);
                        if (!r.ok()) {
                            notes.add(w.id() + " " + c.label() + " round " + round + ": exit " + r.exitStatus() + lastError(r.log()) + " (see " + r.log() + ").");
                        }
                        runs.get(w).computeIfAbsent(c, k -> new ArrayList<>()).add(r);
                    }
                }
            }
            List<ToggleBench.Result> results = new ArrayList<>();
            runs.forEach((w, m) -> results.add(new ToggleBench.Result(w.id(), m)));
            String table = ToggleBench.table(results);
            String footer = String.format(Locale.ROOT, "%d round(s), warm-up %d s, %d windows of %d ms, %s to %s UTC, %d cores, load average %s before, %s after%n", pairs,
                            warmupMs / 1000, windows, ToggleBench.WINDOW_MS, started, java.time.Instant.now(), Runtime.getRuntime().availableProcessors(), loadBefore, loadAverage());
            out.print(table);
            out.print(footer);
            notes.forEach(n -> out.println("  " + n));
            if (outDir != null) {
                Files.writeString(outDir.resolve("toggled.md"), table + "\n" + footer);
            }
            return results.stream().allMatch(r -> r.runs().values().stream().flatMap(List::stream).noneMatch(GuestRun::ok)) ? 1 : 0;
        }

        int execute() throws IOException, InterruptedException {
            Setup setup = setup(w -> true, "bench: no workload to run.");
            if (setup == null) {
                return 1;
            }
            String loadBefore = loadAverage();
            long start = System.nanoTime();
            Map<Workload, Map<ProfilerConfig, List<GuestRun>>> runs = new LinkedHashMap<>();
            Map<Workload, GuestRun> traces = new LinkedHashMap<>();
            for (Workload w : setup.selected()) {
                runs.put(w, new EnumMap<>(ProfilerConfig.class));
            }
            int total = setup.selected().size() * (measured.size() * pairs + 1);
            int done = 0;
            for (int round = 0; round < pairs; round++) {
                for (Workload w0 : List.copyOf(runs.keySet())) {
                    Workload w = w0;
                    for (ProfilerConfig c : measured) {
                        GuestRun r;
                        if (round == 0 && c == ProfilerConfig.NONE && w.sizedByFirstRun()) {
                            // The first baseline process finds how many iterations fit the budget; every later process runs that many.
                            r = GuestRun.launch(setup.java(), w, c, round, quick ? 30 : 100, quick ? 4000 : 15000, options(w, setup.langOptions()), repo, setup.runDir(), timeout);
                            w = w.withIterations(Math.max(1, r.iterationNanos().length));
                            r = r.withWorkload(w);
                            Map<Workload, Map<ProfilerConfig, List<GuestRun>>> renamed = new LinkedHashMap<>();
                            for (var e : runs.entrySet()) {
                                renamed.put(e.getKey() == w0 ? w : e.getKey(), e.getValue());
                            }
                            runs.clear();
                            runs.putAll(renamed);
                            err.printf(Locale.ROOT, "  %s: %d iteration(s) per process (first baseline process, %s budget)%n", w.id(), w.iterations(), quick ? "4 s" : "15 s");
                        } else {
                            Map<String, String> o = withSamplerOptions(c, options(w, setup.langOptions()));
                            if (c.isBurst() && !burstOptions.isEmpty()) {
                                o = new LinkedHashMap<>(o);
                                o.putAll(burstOptions);
                            }
                            r = GuestRun.launch(setup.java(), w, c, round, w.iterationsFor(quick), 0, o, repo, setup.runDir(), timeout);
                        }
                        done++;
                        progress(done, total, r, start);
                        if (!r.ok() && c == ProfilerConfig.NONE && round == 0) {
                            notes.add(w.id() + ": skipped, the baseline process failed (exit " + r.exitStatus() + lastError(r.log()) + ", see " + r.log() + ").");
                            failed.add(w.id());
                            runs.remove(w);
                            total -= measured.size() * pairs;
                            break;
                        }
                        runs.get(w).computeIfAbsent(c, k -> new ArrayList<>()).add(r);
                    }
                    if (round == 0 && runs.containsKey(w)) {
                        GuestRun t = GuestRun.launch(setup.java(), w, ProfilerConfig.TRACER, 0, w.iterationsFor(quick), 0,
                                        options(w, setup.langOptions()), repo, setup.runDir(), timeout);
                        done++;
                        progress(done, total, t, start);
                        traces.put(w, t);
                    }
                }
            }
            long elapsed = System.nanoTime() - start;
            List<BenchRow> rows = new ArrayList<>();
            for (var e : runs.entrySet()) {
                for (ProfilerConfig c : measured) {
                    List<GuestRun> rs = e.getValue().getOrDefault(c, List.of());
                    rows.add(BenchRow.of(e.getKey(), c, rs, e.getValue().getOrDefault(ProfilerConfig.NONE, List.of()), traces.get(e.getKey()), notes));
                }
            }
            String header = String.format(Locale.ROOT, "ccsampler bench %s — %s, %d pair(s), %d processes, %.1f min, %d cores, load average %s before / %s after, %s %s",
                            quick ? "--quick" : "(full)", LocalDateTime.now().format(DateTimeFormatter.ISO_LOCAL_DATE_TIME.withLocale(Locale.ROOT)).substring(0, 16),
                            pairs, done, elapsed / 60e9, Runtime.getRuntime().availableProcessors(), loadBefore, loadAverage(), System.getProperty("java.vm.name"),
                            System.getProperty("java.version"));
            String md = BenchReport.markdown(header, rows, notes);
            out.print(md);
            if (outDir != null) {
                Files.writeString(outDir.resolve("results.md"), md);
                Files.writeString(outDir.resolve("results.json"), BenchReport.json(header, quick, pairs, rows, notes));
                out.println("wrote " + outDir.resolve("results.md") + " and results.json");
            }
            if (!failed.isEmpty()) {
                err.println("bench: " + failed.size() + " workload(s) did not run without a profiler, so nothing was measured for them: " + String.join(", ", failed)
                                + " (see the notes)");
                return 1;
            }
            return 0;
        }

        /**
         * {@code --check-splits}: one process per known-split workload, without a profiler, that
         * after its iterations times each known-split function alone ({@link GuestRunner}
         * {@code --time-parts}; Pace programs do it themselves). Prints, per function, the split by
         * construction and the share of the median time of the function alone.
         */
        int checkSplits() throws IOException, InterruptedException {
            Setup setup = setup(w -> !w.knownSplit().isEmpty(), "bench --check-splits: no workload with a known split to check.");
            if (setup == null) {
                return 1;
            }
            String loadBefore = loadAverage();
            StringBuilder md = new StringBuilder();
            md.append("### ccsampler bench --check-splits — ").append(LocalDateTime.now().toString(), 0, 16).append(", ").append(Runtime.getRuntime().availableProcessors())
                            .append(" cores, ").append(System.getProperty("java.vm.name")).append(' ').append(System.getProperty("java.version")).append("\n\n");
            md.append("| workload | function | split by construction % | timed alone % (fastest round) | error pts | timed alone % (median round) | fastest ms | median ms | rounds |\n");
            md.append("|---|---|--:|--:|--:|--:|--:|--:|--:|\n");
            int status = 0;
            for (Workload w : setup.selected()) {
                int iters = w.sizedByFirstRun() ? 20 : w.iterationsFor(false);
                GuestRun r = GuestRun.launch(setup.java(), w, ProfilerConfig.NONE, 0, iters, 0, List.of("--time-parts", "30"), options(w, setup.langOptions()), repo, setup.runDir(), timeout,
                                w.id() + ".check-split");
                Map<String, List<Double>> parts = new LinkedHashMap<>();
                for (String line : Files.readAllLines(r.log())) {
                    String[] f = line.strip().split(" ");
                    if (line.startsWith(GuestRunner.PREFIX + "part ") && f.length == 4) {
                        parts.computeIfAbsent(f[2], k -> new ArrayList<>()).add(Double.parseDouble(f[3]));
                    }
                }
                if (r.exitStatus() != 0 || !parts.keySet().containsAll(w.knownSplit().keySet())) {
                    err.println("bench --check-splits: " + w.id() + " reported no separate timing of " + w.knownSplit().keySet() + " (exit " + r.exitStatus() + ", see " + r.log()
                                    + "). A workload's iteration function needs a 'parts' member, a program must print CCSBENCH part lines when its extra argument is 1.");
                    status = 1;
                    continue;
                }
                double truthSum = w.knownSplit().values().stream().mapToDouble(Double::doubleValue).sum();
                double minSum = 0;
                double medianSum = 0;
                for (String name : w.knownSplit().keySet()) {
                    minSum += min(parts.get(name));
                    medianSum += Stats.median(parts.get(name));
                }
                for (var e : w.knownSplit().entrySet()) {
                    List<Double> times = parts.get(e.getKey());
                    double truth = 100 * e.getValue() / truthSum;
                    double timed = 100 * min(times) / minSum;
                    md.append(String.format(Locale.ROOT, "| %s | %s | %.1f | %.1f | %+.1f | %.1f | %.2f | %.2f | %d |%n", w.id(), e.getKey(), truth, timed, timed - truth,
                                    100 * Stats.median(times) / medianSum, min(times) / 1e6, Stats.median(times) / 1e6, times.size()));
                }
                err.printf(Locale.ROOT, "  %s: checked (%.1f s, log %s)%n", w.id(), r.wallNanos() / 1e9, r.log());
            }
            md.append("\ntimed alone: each function's share of one iteration, called on its own in 30 rounds interleaved with the others after the "
                            + "workload's iterations (warm code; a program that runs itself does 30 rounds per evaluation, so rounds = 30 × evaluations). The fastest round of each function is the least disturbed by other processes and by the "
                            + "compiler, so the error is taken from it; the median column shows how much a busy machine moves the figure. "
                            + "Load average before: " + loadBefore + ", after: " + loadAverage() + ".\n");
            out.print(md);
            if (outDir != null) {
                Files.writeString(outDir.resolve("splits.md"), md);
                out.println("wrote " + outDir.resolve("splits.md"));
            }
            return status;
        }

        private static double min(List<Double> values) {
            return values.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
        }

        /** The 1-minute load average (Linux), or "n/a": a loaded machine makes every ratio noisy, so the header says how loaded it was. */
        private static String loadAverage() {
            try {
                return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
            } catch (IOException | RuntimeException e) {
                return "n/a";
            }
        }

        private Map<String, String> withSamplerOptions(ProfilerConfig c, Map<String, String> options) {
            return BenchCommand.withSamplerOptions(c, options, samplerOptions);
        }

        private Map<String, String> options(Workload w, Map<String, String> langOptions) {
            if (!w.language().equals("js")) {
                return Map.of();
            }
            if (w.needsNodeModules()) {
                return langOptions;
            }
            // A program file given on the command line: CommonJS require resolves from its own directory.
            Map<String, String> o = new LinkedHashMap<>(langOptions);
            o.put("js.commonjs-require-cwd", Path.of(w.file()).getParent().toString());
            return o;
        }

        private void progress(int done, int total, GuestRun r, long start) {
            err.printf(Locale.ROOT, "[%3d/%3d %5.0fs] %-20s %-16s round %d: %s%n", done, total, (System.nanoTime() - start) / 1e9, r.workload().id(),
                            r.config().label(), r.round(), r.ok() ? String.format(Locale.ROOT, "steady %.1f ms, process %.1f s", r.steadyNanos() / 1e6, r.wallNanos() / 1e9)
                                            : "FAILED exit " + r.exitStatus() + " (" + r.log() + ")");
        }

        private List<Workload> select() {
            List<Workload> s = new ArrayList<>();
            for (Workload w : suite) {
                if (only != null ? !only.contains(w.id()) : !w.runsIn(quick)) {
                    continue;
                }
                if (!Files.isRegularFile(repo.resolve(w.file()))) {
                    notes.add(w.id() + ": skipped, " + w.file() + " does not exist (yet).");
                    continue;
                }
                s.add(w);
            }
            return s;
        }

        /** Installs the npm workloads' packages with {@code npm ci} when node_modules is missing. */
        private boolean ensureNodeModules() throws InterruptedException {
            Path dir = repo.resolve("tools/workloads");
            if (Files.isDirectory(dir.resolve("node_modules"))) {
                return true;
            }
            err.println("bench: tools/workloads/node_modules is missing; running npm ci");
            try {
                Process p = new ProcessBuilder("npm", "ci", "--no-audit", "--no-fund").directory(dir.toFile()).inheritIO().start();
                if (p.waitFor(300, TimeUnit.SECONDS) && p.exitValue() == 0) {
                    return true;
                }
                p.destroyForcibly();
                notes.add("JavaScript workloads skipped: npm ci failed in tools/workloads.");
            } catch (IOException e) {
                notes.add("JavaScript workloads skipped: cannot run npm (" + e.getMessage() + ").");
            }
            return false;
        }

        /** java + the optimizing-runtime flags of the root pom + class path. */
        private List<String> javaCommand() throws IOException {
            Path jvmci = jvmciDir();
            List<String> c = new ArrayList<>();
            c.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            c.addAll(List.of("-XX:+UnlockExperimentalVMOptions", "-XX:+EnableJVMCI", "--upgrade-module-path=" + jvmci, "--enable-native-access=ALL-UNNAMED",
                            "--sun-misc-unsafe-memory-access=allow"));
            c.add("-Dpolyglot.engine.userResourceCache=" + repo.resolve("target/polyglot-cache"));
            c.add("-Dpolyglot.engine.WarnInterpreterOnly=false");
            c.add("-Xss8m");
            Path lib = repo.resolve("tools/target/lib");
            Path classes = repo.resolve("tools/target/classes");
            if (!Files.isDirectory(lib) || !Files.isDirectory(classes)) {
                throw new IOException("tools/target/lib or tools/target/classes is missing: run mvn -pl tools -am package -DskipTests first.");
            }
            c.add("-cp");
            c.add(classes + java.io.File.pathSeparator + lib + java.io.File.separator + "*");
            return c;
        }

        /** tools/target/jvmci when the build filled it, else a copy of the compiler jars from ~/.m2. */
        private Path jvmciDir() throws IOException {
            Path built = repo.resolve("tools/target/jvmci");
            if (Files.isRegularFile(built.resolve("compiler-25.0.1.jar"))) {
                return built;
            }
            Path m2 = Path.of(System.getProperty("user.home"), ".m2", "repository");
            Path dir = repo.resolve("target/bench-jvmci");
            Files.createDirectories(dir);
            String[][] jars = {{"org/graalvm/compiler", "compiler"}, {"org/graalvm/sdk", "word"}, {"org/graalvm/sdk", "collections"},
                            {"org/graalvm/truffle", "truffle-compiler"}};
            for (String[] j : jars) {
                Path src = m2.resolve(j[0]).resolve(j[1]).resolve("25.0.1").resolve(j[1] + "-25.0.1.jar");
                if (!Files.isRegularFile(src)) {
                    throw new IOException("no compiler jars: neither " + built + " nor " + src + " exists; run mvn -pl tools -am package -DskipTests.");
                }
                Files.copy(src, dir.resolve(src.getFileName()), StandardCopyOption.REPLACE_EXISTING);
            }
            return dir;
        }
    }
}
