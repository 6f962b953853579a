package dev.ccsampler.tools.bench;

import dev.ccsampler.tools.compare.Cct;
import dev.ccsampler.tools.compare.Frame;
import dev.ccsampler.tools.compare.ProfileFormat;
import dev.ccsampler.tools.compare.ProfileReaders;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

import dev.ccsampler.tools.Cli;
import dev.ccsampler.tools.CliOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ccsampler split-check}: accuracy against programs that time their own phases. Each program
 * prints one line {@code ... in <ms> ms, ... time by <clock>: name p%, name p%, ...} (the clock is
 * named, e.g. {@code Date.now} or {@code perf_counter}); every phase
 * is a function of that name, so its share of inclusive time in a profile can be set beside the
 * share the program measured in the same run. A phase name may be qualified the way the language
 * names functions ({@code Object#trees}, {@code Parser.parse}, {@code A::b}); a plain name also
 * matches a function of that name qualified so (Ruby's {@code trees} is {@code Object#trees} in a
 * profile) when no function has the plain name itself. Runs each program under every configuration (no
 * profiler, ccsampler at 10 ms / 1 ms / 100 µs, {@code --cpusampler} at 10 ms / 1 ms) in fresh
 * processes, interleaved round by round, and writes a table of the largest error per run (median
 * and range over the rounds) and of the program's own time against the run without a profiler.
 */
public final class SplitCheckCommand {

    private static final Pattern TRUTH = Pattern.compile("in (\\d+) ms.*time by [\\w.]+: (.*)$");
    private static final Pattern PHASE = Pattern.compile("([A-Za-z_$][\\w$#.:?!]*) ([\\d.]+)%");

    /** One profiler configuration: its label and the launcher options (the output file is added). */
    record Config(String label, List<String> options, ProfileFormat format) {
    }

    static final List<Config> CONFIGS = List.of(new Config("none", List.of(), null),
                    new Config("ccsampler 10ms", List.of("--ccsampler=json", "--ccsampler.Period=10ms"), ProfileFormat.CCSAMPLER),
                    new Config("ccsampler 1ms", List.of("--ccsampler=json", "--ccsampler.Period=1ms"), ProfileFormat.CCSAMPLER),
                    new Config("ccsampler 100us", List.of("--ccsampler=json", "--ccsampler.Period=100us"), ProfileFormat.CCSAMPLER),
                    new Config("cpusampler 10ms", List.of("--cpusampler", "--cpusampler.Period=10", "--cpusampler.Output=json"), ProfileFormat.CPUSAMPLER),
                    new Config("cpusampler 1ms", List.of("--cpusampler", "--cpusampler.Period=1", "--cpusampler.Output=json"), ProfileFormat.CPUSAMPLER));

    /** The command line; {@link #call()} runs the check. */
    @Command(name = "split-check", sortOptions = false, usageHelpAutoWidth = true,
                    description = {"Runs programs that time their own phases (default: examples/phases.js,",
                            "tools/workloads/three-phase.js, tools/workloads/known-split-timed.js,",
                            "tools/workloads/deep-descents.js and tools/workloads/rb-three-phase.rb) under",
                            "each profiler configuration in fresh",
                            "processes, interleaved, and compares each phase's share of inclusive time in the",
                            "profile with the share the program measured in the same run."},
                    footer = {"", "Exit status: 0 done; 2 usage error or bad input (the message names the option or file); 1 the runs failed."})
    static final class Args implements Callable<Integer> {
        @Mixin
        CliOptions.Help help;
        @Option(names = "--rounds", paramLabel = "N", converter = CliOptions.PositiveInt.class, description = "rounds of every configuration (default 3)")
        int rounds = 3;
        @Option(names = "--only", paramLabel = "L,...", split = ",", description = "only these configurations (labels: none, \"ccsampler 10ms\", ...)")
        Set<String> only;
        @Option(names = "--extra", paramLabel = "OPT", description = "one more option for the ccsampler runs (repeatable), e.g. --ccsampler.CostBudget=5")
        List<String> extra = new ArrayList<>();
        @Option(names = "--run-option", paramLabel = "OPT", description = {"one more launcher option for every run, 'none' and --cpusampler too (repeatable),",
                "e.g. --polyglot (a program that evaluates code of another language) or --vm.Xss16m"})
        List<String> runOptions = new ArrayList<>();
        @Option(names = "--config", paramLabel = "L=O,..", description = {"one more ccsampler configuration labelled L with options O (repeatable),",
                "e.g. 'cc1-skip=--ccsampler.Period=1ms,--ccsampler.WaitedTicks=skip'"})
        List<String> config = new ArrayList<>();
        @Option(names = "--out", paramLabel = "DIR", description = "where profiles, logs and split-check.md go (default target/split-check)")
        Path outDir = Path.of("target/split-check");
        @Parameters(paramLabel = "program.js", arity = "0..*", description = "programs that print their own phase split")
        List<Path> programs = new ArrayList<>();

        @Override
        public Integer call() throws IOException, InterruptedException {
            return SplitCheckCommand.execute(this, System.out, System.err);
        }
    }

    private SplitCheckCommand() {
    }

    /** Entry point of the subcommand; returns the exit status. */
    public static int run(String[] args) {
        return Cli.execute("split-check", new Args(), args, System.out, System.err);
    }

    private static int execute(Args a, PrintStream out, PrintStream err) throws IOException, InterruptedException {
        List<Path> programs = new ArrayList<>();
        for (Path p : a.programs) {
            if (!Files.isRegularFile(p)) {
                throw new Cli.BadInput("Program file '" + p + "' does not exist or is not a file.");
            }
            if (Workload.languageOf(p) == null) {
                throw new Cli.BadInput("Program file '" + p + "': cannot tell its language from the extension (.js, .mjs, .py, .pace, ...).");
            }
            programs.add(p.toAbsolutePath());
        }
        List<Config> added = new ArrayList<>();
        for (String v : a.config) {
            int eq = v.indexOf('=');
            if (eq <= 0) {
                throw new Cli.BadInput("Invalid value '" + v + "' for --config: use label=--option,--option.");
            }
            List<String> opts = new ArrayList<>(List.of("--ccsampler=json"));
            opts.addAll(List.of(v.substring(eq + 1).split(",")));
            added.add(new Config(v.substring(0, eq), opts, ProfileFormat.CCSAMPLER));
        }
        Path repo;
        try {
            repo = BenchCommand.findRepo(Path.of("").toAbsolutePath());
        } catch (IOException e) {
            throw new Cli.BadInput(e.getMessage());
        }
        if (programs.isEmpty()) {
            programs.add(repo.resolve("examples/phases.js"));
            programs.add(repo.resolve("tools/workloads/three-phase.js"));
            programs.add(repo.resolve("tools/workloads/known-split-timed.js"));
            programs.add(repo.resolve("tools/workloads/deep-descents.js"));
            programs.add(repo.resolve("tools/workloads/rb-three-phase.rb"));
        }
        List<Config> configs = new ArrayList<>();
        for (Config c : CONFIGS) {
            if (a.only == null || a.only.contains(c.label)) {
                configs.add(c);
            }
        }
        configs.addAll(added);
        if (configs.isEmpty()) {
            throw new Cli.BadInput("--only names no configuration; use labels of: " + CONFIGS.stream().map(Config::label).toList());
        }
        if (Files.exists(a.outDir) && !Files.isDirectory(a.outDir)) {
            throw new Cli.BadInput("--out " + a.outDir + ": exists and is not a directory.");
        }
        Files.createDirectories(a.outDir);
        return execute(repo, programs, configs, a.rounds, a.extra, a.runOptions, a.outDir, out, err);
    }

    /**
     * One run's result: the program's time and phase shares, and the profile's, and how many
     * samples the profile had among the phases (stack walks for ccsampler, whose samples may each
     * carry several ticks; hits for {@code --cpusampler}).
     */
    record Result(long programMillis, Map<String, Double> truth, Map<String, Double> measured, long samples, List<String> unmatched) {

        Result(long programMillis, Map<String, Double> truth, Map<String, Double> measured, long samples) {
            this(programMillis, truth, measured, samples, List.of());
        }

        /**
         * The sampling noise of this run, in points: the largest standard error of a phase's share
         * that {@code samples} independent draws from the true split would have. An error of one
         * or two of these is chance, not bias; below it no profiler can go at this sample count.
         */
        double noise() {
            if (samples <= 0) {
                return Double.NaN;
            }
            double m = 0;
            for (double p : truth.values()) {
                double q = p / 100;
                m = Math.max(m, 100 * Math.sqrt(q * (1 - q) / samples));
            }
            return m;
        }

        /** Each phase's error with its sign, profile minus own timing: {@code tokenize +2.1, parse -1.8}. */
        String deltas() {
            StringBuilder sb = new StringBuilder();
            for (var e : truth.entrySet()) {
                sb.append(sb.isEmpty() ? "" : ", ").append(e.getKey())
                                .append(String.format(Locale.ROOT, " %+.1f", measured.getOrDefault(e.getKey(), 0.0) - e.getValue()));
            }
            return sb.toString();
        }

        double maxError() {
            double m = 0;
            for (var e : truth.entrySet()) {
                m = Math.max(m, Math.abs(measured.getOrDefault(e.getKey(), 0.0) - e.getValue()));
            }
            return m;
        }
    }

    private static int execute(Path repo, List<Path> programs, List<Config> configs, int rounds, List<String> extra, List<String> runOptions, Path outDir,
                    PrintStream out, PrintStream err)
                    throws IOException, InterruptedException {
        Map<String, List<Result>> results = new LinkedHashMap<>();
        long start = System.nanoTime();
        for (int round = 0; round < rounds; round++) {
            for (Path program : programs) {
                for (Config c : configs) {
                    String key = program.getFileName() + "\t" + c.label;
                    Path profile = outDir.resolve(name(program) + "-" + c.label.replace(' ', '-') + "-" + round + ".json");
                    Path log = outDir.resolve(name(program) + "-" + c.label.replace(' ', '-') + "-" + round + ".log");
                    List<String> cmd = command(repo, c, runOptions, extra, profile, program);
                    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
                    if (!p.waitFor(20, TimeUnit.MINUTES)) {
                        p.destroyForcibly();
                        throw new IOException(key + ": run did not end in 20 minutes; see " + log);
                    }
                    Result r = read(program, c, log, profile, p.exitValue());
                    results.computeIfAbsent(key, k -> new ArrayList<>()).add(r);
                    out.printf("round %d %-16s %-16s %6d ms, largest error %s%s%n", round + 1, program.getFileName(), c.label, r.programMillis(),
                                    c.format == null ? "-" : String.format("%.1f", r.maxError()), c.format == null ? "" : " (" + r.deltas() + ")");
                }
            }
        }
        String md = table(results, rounds, (System.nanoTime() - start) / 60e9, extra, runOptions);
        Files.writeString(outDir.resolve("split-check.md"), md);
        out.print(md);
        out.println("wrote " + outDir.resolve("split-check.md"));
        return 0;
    }

    private static String name(Path program) {
        String n = program.getFileName().toString();
        int dot = n.lastIndexOf('.');
        return dot > 0 ? n.substring(0, dot) : n;
    }

    /**
     * One run's command: the launcher options of every run ({@code --run-option}) first, then the
     * configuration's, the ccsampler runs' {@code --extra} ones and the profile file, the program.
     */
    static List<String> command(Path repo, Config c, List<String> runOptions, List<String> extra, Path profile, Path program) {
        List<String> cmd = new ArrayList<>(List.of(repo.resolve("bin/ccsampler").toString(), "run"));
        cmd.addAll(runOptions);
        cmd.addAll(c.options);
        if (c.format == ProfileFormat.CCSAMPLER) {
            cmd.addAll(extra);
            cmd.add("--ccsampler.OutputFile=" + profile);
        } else if (c.format == ProfileFormat.CPUSAMPLER) {
            cmd.add("--cpusampler.OutputFile=" + profile);
        }
        cmd.add(program.toString());
        return cmd;
    }

    static Result read(Path program, Config c, Path log, Path profile, int exit) throws IOException {
        Map<String, Double> truth = new LinkedHashMap<>();
        List<String> unmatched = new ArrayList<>();
        long millis = -1;
        for (String line : Files.readAllLines(log)) {
            Matcher m = TRUTH.matcher(line);
            if (m.find()) {
                millis = Long.parseLong(m.group(1));
                Matcher ph = PHASE.matcher(m.group(2));
                while (ph.find()) {
                    truth.put(ph.group(1), Double.parseDouble(ph.group(2)));
                }
            }
        }
        if (exit != 0 || truth.isEmpty()) {
            boolean otherLanguage = Files.readString(log).contains("No language for id");
            throw new IOException(program.getFileName() + " under " + c.label + " exited " + exit + " without its 'time by <clock>: phase p%, ...' line; see " + log
                            + (otherLanguage ? " (it evaluates code of another language: run with --run-option=--polyglot)" : ""));
        }
        Map<String, Double> measured = new LinkedHashMap<>();
        long samples = 0;
        if (c.format != null) {
            Cct cct;
            try {
                cct = ProfileReaders.read(profile, c.format, false);
            } catch (Exception e) {
                throw new IOException(program.getFileName() + " under " + c.label + ": cannot read " + profile + ": " + e.getMessage(), e);
            }
            Set<Frame> functions = new HashSet<>();
            cct.forEachEdge(n -> {
                for (Frame f : n.path()) {
                    functions.add(f);
                }
            });
            Map<String, String> phaseOf = phaseFunctions(truth.keySet(), functions, program.getFileName().toString());
            Map<String, Long> inclusive = new LinkedHashMap<>();
            cct.forEachEdge(n -> {
                if (n.weight() == 0) {
                    return;
                }
                Set<String> seen = new HashSet<>();
                for (Frame f : n.path()) {
                    String phase = phaseOf(phaseOf, f);
                    if (phase != null && seen.add(phase)) {
                        inclusive.merge(phase, n.weight(), Long::sum);
                    }
                }
            });
            for (String phase : truth.keySet()) {
                if (!phaseOf.containsValue(phase)) {
                    unmatched.add(phase);
                }
            }
            long sum = inclusive.values().stream().mapToLong(Long::longValue).sum();
            for (String phase : truth.keySet()) {
                measured.put(phase, sum == 0 ? 0 : 100.0 * inclusive.getOrDefault(phase, 0L) / sum);
            }
            samples = sum;
            if (c.format == ProfileFormat.CCSAMPLER) {
                // weighted samples: the walks, not the ticks they carry, are the draws (a thinned
                // run's walks stand for several ticks each); the phases' part of them
                try {
                    dev.ccsampler.ccmap.Accounting a = dev.ccsampler.report.JsonProfileReader.read(profile).accounting();
                    if (a.applied() > 0 && a.samples() > 0) {
                        samples = Math.max(1, Math.round((double) a.samples() * sum / a.applied()));
                    }
                } catch (Exception e) {
                    throw new IOException(program.getFileName() + " under " + c.label + ": cannot read the accounting of " + profile + ": " + e.getMessage(), e);
                }
            }
        }
        return new Result(millis, truth, measured, samples, unmatched);
    }

    /**
     * Which functions of a profile stand for which phase, keyed {@code name + "\n" + source}: the
     * {@link #phaseNames} among the functions defined in the program's own file, and only for a
     * phase none of those matches, among all functions (source {@code "*"}). So code that a phase
     * evaluates from a string, which some languages name after the method that evaluates it
     * (TruffleRuby: {@code codegen} in {@code (eval)} inside {@code Object#codegen}), is not taken
     * for the phase's function.
     */
    static Map<String, String> phaseFunctions(Set<String> phases, Set<Frame> functions, String programFile) {
        Set<String> own = new HashSet<>();
        Set<String> all = new HashSet<>();
        for (Frame f : functions) {
            all.add(f.name());
            if (f.source().equals(programFile)) {
                own.add(f.name());
            }
        }
        Map<String, String> of = new java.util.HashMap<>();
        phaseNames(phases, own).forEach((name, phase) -> of.put(name + "\n" + programFile, phase));
        Set<String> missing = new HashSet<>(phases);
        missing.removeAll(of.values());
        if (!missing.isEmpty()) {
            phaseNames(missing, all).forEach((name, phase) -> of.put(name + "\n*", phase));
        }
        return of;
    }

    /** The phase a frame stands for in a {@link #phaseFunctions} map, or null. */
    static String phaseOf(Map<String, String> phaseFunctions, Frame f) {
        String p = phaseFunctions.get(f.name() + "\n" + f.source());
        return p != null ? p : phaseFunctions.get(f.name() + "\n*");
    }

    /**
     * Which function names of a profile stand for which phase: a function of the phase's own name,
     * or, for a phase that no function is named exactly, functions whose name is the phase's
     * qualified by a receiver or module ({@code Object#trees}, {@code Mod.trees},
     * {@code Mod::trees} for the phase {@code trees}). Phases that match nothing are missing from
     * the values.
     */
    static Map<String, String> phaseNames(Set<String> phases, Set<String> functionNames) {
        Map<String, String> of = new java.util.HashMap<>();
        for (String phase : phases) {
            if (functionNames.contains(phase)) {
                of.put(phase, phase);
                continue;
            }
            for (String f : functionNames) {
                if (f.length() > phase.length() && f.endsWith(phase)) {
                    char c = f.charAt(f.length() - phase.length() - 1);
                    if (c == '#' || c == '.' || c == ':') {
                        of.putIfAbsent(f, phase);
                    }
                }
            }
        }
        return of;
    }

    private static String table(Map<String, List<Result>> results, int rounds, double minutes, List<String> extra, List<String> runOptions) {
        StringBuilder md = new StringBuilder();
        md.append("### ccsampler split-check — ").append(LocalDateTime.now().toString(), 0, 16).append(", ").append(rounds).append(" round(s), ")
                        .append(String.format("%.1f min, %d cores", minutes, Runtime.getRuntime().availableProcessors()));
        if (!extra.isEmpty()) {
            md.append(", ccsampler extra options ").append(String.join(" ", extra));
        }
        if (!runOptions.isEmpty()) {
            md.append(", every run with ").append(String.join(" ", runOptions));
        }
        md.append("\n\n| program | config | largest error pts, median (range) | noise pts | mean signed error (± s.e.) | shares: profile / own timing, medians | program ms, median | × none |\n|---|---|--:|--:|--:|---|--:|--:|\n");
        Map<String, Double> noneMillis = new LinkedHashMap<>();
        for (var e : results.entrySet()) {
            String[] k = e.getKey().split("\t");
            if (k[1].equals("none")) {
                noneMillis.put(k[0], median(e.getValue().stream().map(r -> (double) r.programMillis()).toList()));
            }
        }
        for (var e : results.entrySet()) {
            String[] k = e.getKey().split("\t");
            List<Result> rs = e.getValue();
            double ms = median(rs.stream().map(r -> (double) r.programMillis()).toList());
            String err = "-";
            String noise = "-";
            String shares = "-";
            String bias = "-";
            if (!k[1].equals("none")) {
                bias = bias(rs);
                List<Double> errs = rs.stream().map(Result::maxError).toList();
                err = String.format("%.1f (%.1f–%.1f)", median(errs), errs.stream().mapToDouble(d -> d).min().orElse(0), errs.stream().mapToDouble(d -> d).max().orElse(0));
                noise = String.format("%.1f", median(rs.stream().map(Result::noise).toList()));
                StringBuilder sb = new StringBuilder();
                for (String phase : rs.get(0).truth().keySet()) {
                    double m = median(rs.stream().map(r -> r.measured().getOrDefault(phase, 0.0)).toList());
                    double t = median(rs.stream().map(r -> r.truth().getOrDefault(phase, 0.0)).toList());
                    sb.append(sb.length() == 0 ? "" : ", ").append(String.format("%s %.1f / %.1f", phase, m, t));
                }
                shares = sb.toString();
            }
            Double none = noneMillis.get(k[0]);
            md.append(String.format("| %s | %s | %s | %s | %s | %s | %.0f | %s |%n", k[0], k[1], err, noise, bias, shares, ms, none == null ? "-" : String.format("%.2f", ms / none)));
        }
        for (var e : results.entrySet()) {
            Set<String> missing = new java.util.TreeSet<>();
            e.getValue().forEach(r -> missing.addAll(r.unmatched()));
            if (!missing.isEmpty()) {
                String[] k = e.getKey().split("\t");
                md.append(String.format("%nnote: %s under %s: no function in the profile is named %s (nor qualified so, like Object#name), so %s 0 there;"
                                + " print each phase under its function's name", k[0], k[1], String.join(", ", missing), missing.size() == 1 ? "its share reads" : "their shares read"));
            }
        }
        md.append("\nnoise: the largest standard error of a phase's share that the profile's samples among the phases (ccsampler: its walks,\n"
                        + "however many ticks each carries) would have as independent draws from the program's own split, median over the runs;\n"
                        + "an error within about twice it is chance.\n"
                        + "mean signed error: the phase whose error, profile minus own timing, has the largest mean over the runs (three or more),\n"
                        + "with the standard error of that mean from the runs' spread; a mean within about twice it is not a bias.\n");
        return md.toString();
    }

    /**
     * The phase whose signed error (profile minus the program's timing) has the largest mean over
     * the runs, with the standard error of that mean from the runs' own spread, {@code tokenize
     * -1.4 ± 0.6}: what tells a bias (a mean several standard errors from 0) from noise (errors
     * whose signs change). "-" under three runs.
     */
    static String bias(List<Result> rs) {
        if (rs.size() < 3) {
            return "-";
        }
        String best = null;
        double bestMean = 0;
        double bestSe = 0;
        for (String phase : rs.get(0).truth().keySet()) {
            double[] d = rs.stream().mapToDouble(r -> r.measured().getOrDefault(phase, 0.0) - r.truth().getOrDefault(phase, 0.0)).toArray();
            double mean = java.util.Arrays.stream(d).average().orElse(0);
            double var = java.util.Arrays.stream(d).map(x -> (x - mean) * (x - mean)).sum() / (d.length - 1);
            if (best == null || Math.abs(mean) > Math.abs(bestMean)) {
                best = phase;
                bestMean = mean;
                bestSe = Math.sqrt(var / d.length);
            }
        }
        return best == null ? "-" : String.format(Locale.ROOT, "%s %+.1f ± %.1f", best, bestMean, bestSe);
    }

    static double median(List<Double> v) {
        List<Double> s = new ArrayList<>(v);
        s.sort(null);
        int n = s.size();
        return n == 0 ? Double.NaN : n % 2 == 1 ? s.get(n / 2) : (s.get(n / 2 - 1) + s.get(n / 2)) / 2;
    }
}
