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
import java.util.concurrent.TimeUnit;

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

    /** Usage text. @since 0.1 */
    public static final String USAGE = """
                    usage: bench [options]
                      Overhead, sample latency, late/missed samples, time-split error, calling-context
                      accuracy and run-to-run correlation of ccsampler and --cpusampler on a workload suite.
                    options:
                      --quick              the quick suite: fewer workloads, 2 pairs, fewer iterations (< 3 min idle)
                      --pairs <n>          rounds of interleaved processes (default 5, quick 2)
                      --only <id,...>      run only these workloads
                      --out <dir>          write results.md, results.json and runs/ (logs, profiles) there
                      --repo <dir>         repository root (default: found upwards from the working directory)
                      --timeout <s>        kill a guest process after this many seconds (default 300)
                      --list               print the suite and exit
                    """;

    private static final List<ProfilerConfig> MEASURED = List.of(ProfilerConfig.NONE, ProfilerConfig.CPUSAMPLER_10MS, ProfilerConfig.CPUSAMPLER_1MS,
                    ProfilerConfig.CCSAMPLER_10MS, ProfilerConfig.CCSAMPLER_1MS, ProfilerConfig.CCSAMPLER_100US);

    private BenchCommand() {
    }

    /** Entry point for a plain {@code java} launch. @since 0.1 */
    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs with {@code System.out} and returns the exit status. @since 0.1 */
    public static int run(String[] args) {
        return run(args, System.out, System.err);
    }

    /** Runs and returns the exit status: 0 done, 1 no workload could run, 2 usage error. @since 0.1 */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        boolean quick = false;
        boolean list = false;
        int pairs = -1;
        List<String> only = null;
        Path outDir = null;
        Path repo = null;
        long timeout = 300;
        try {
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                switch (a) {
                    case "--quick" -> quick = true;
                    case "--list" -> list = true;
                    case "--pairs" -> pairs = positive(value(args, ++i, a), a);
                    case "--only" -> only = List.of(value(args, ++i, a).split(","));
                    case "--out" -> outDir = Path.of(value(args, ++i, a)).toAbsolutePath();
                    case "--repo" -> repo = Path.of(value(args, ++i, a)).toAbsolutePath();
                    case "--timeout" -> timeout = positive(value(args, ++i, a), a);
                    case "-h", "--help" -> {
                        out.print(USAGE);
                        return 0;
                    }
                    default -> throw new IllegalArgumentException("Unknown option '" + a + "'.\n" + USAGE);
                }
            }
        } catch (IllegalArgumentException e) {
            err.println(e.getMessage());
            return 2;
        }
        if (pairs < 0) {
            pairs = quick ? 2 : 5;
        }
        try {
            if (repo == null) {
                repo = findRepo(Path.of("").toAbsolutePath());
            }
            List<Workload> suite = Workload.readSuite(repo.resolve("tools/workloads/workloads.tsv"));
            if (list) {
                for (Workload w : suite) {
                    out.printf(Locale.ROOT, "%-22s %-7s %-45s full=%d quick=%d warm-up=%d %s%n", w.id(), w.language(), w.file(), w.iterations(),
                                    w.quickIterations(), w.warmupIterations(), Files.exists(repo.resolve(w.file())) ? "" : "(missing)");
                }
                return 0;
            }
            return new Bench(repo, suite, quick, pairs, only, outDir, timeout, out, err).execute();
        } catch (IOException e) {
            err.println("bench: " + e.getMessage());
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("bench: interrupted");
            return 1;
        }
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException("Option " + option + " needs a value.");
        }
        return args[i];
    }

    private static int positive(String s, String option) {
        try {
            int v = Integer.parseInt(s);
            if (v > 0) {
                return v;
            }
        } catch (NumberFormatException e) {
            // falls through to the message
        }
        throw new IllegalArgumentException("Invalid value '" + s + "' for " + option + ": use a positive integer.");
    }

    /** The directory upwards from {@code start} that holds {@code tools/workloads/workloads.tsv}. */
    static Path findRepo(Path start) throws IOException {
        for (Path p = start; p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("tools/workloads/workloads.tsv"))) {
                return p;
            }
        }
        throw new IOException("cannot find the repository (tools/workloads/workloads.tsv) above " + start + "; use --repo.");
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

        int execute() throws IOException, InterruptedException {
            Path work = outDir != null ? outDir : Files.createTempDirectory("ccsampler-bench");
            Path runDir = work.resolve("runs");
            Files.createDirectories(runDir);
            List<String> java = javaCommand();
            List<Workload> selected = select();
            if (selected.stream().anyMatch(Workload::needsNodeModules) && !ensureNodeModules()) {
                selected.removeIf(Workload::needsNodeModules);
            }
            if (selected.isEmpty()) {
                err.println("bench: no workload to run.");
                notes.forEach(n -> err.println("  " + n));
                return 1;
            }
            Map<String, String> langOptions = new LinkedHashMap<>();
            langOptions.put("js.commonjs-require", "true");
            langOptions.put("js.commonjs-require-cwd", repo.resolve("tools/workloads").toString());
            String loadBefore = loadAverage();
            long start = System.nanoTime();
            Map<Workload, Map<ProfilerConfig, List<GuestRun>>> runs = new LinkedHashMap<>();
            Map<Workload, GuestRun> traces = new LinkedHashMap<>();
            for (Workload w : selected) {
                runs.put(w, new EnumMap<>(ProfilerConfig.class));
            }
            int total = selected.size() * (MEASURED.size() * pairs + 1);
            int done = 0;
            for (int round = 0; round < pairs; round++) {
                for (Workload w : List.copyOf(runs.keySet())) {
                    int iters = quick ? w.quickIterations() : w.iterations();
                    for (ProfilerConfig c : MEASURED) {
                        GuestRun r = GuestRun.launch(java, w, c, round, iters, options(w, langOptions), repo, runDir, timeout);
                        done++;
                        progress(done, total, r, start);
                        if (!r.ok() && c == ProfilerConfig.NONE && round == 0) {
                            notes.add(w.id() + ": skipped, the baseline process failed (exit " + r.exitStatus() + ", see " + r.log() + ").");
                            runs.remove(w);
                            total -= MEASURED.size() * pairs;
                            break;
                        }
                        runs.get(w).computeIfAbsent(c, k -> new ArrayList<>()).add(r);
                    }
                    if (round == 0 && runs.containsKey(w)) {
                        GuestRun t = GuestRun.launch(java, w, ProfilerConfig.TRACER, 0, iters, options(w, langOptions), repo, runDir, timeout);
                        done++;
                        progress(done, total, t, start);
                        traces.put(w, t);
                    }
                }
            }
            long elapsed = System.nanoTime() - start;
            List<BenchRow> rows = new ArrayList<>();
            for (var e : runs.entrySet()) {
                for (ProfilerConfig c : MEASURED) {
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
            return 0;
        }

        /** The 1-minute load average (Linux), or "n/a": a loaded machine makes every ratio noisy, so the header says how loaded it was. */
        private static String loadAverage() {
            try {
                return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
            } catch (IOException | RuntimeException e) {
                return "n/a";
            }
        }

        private Map<String, String> options(Workload w, Map<String, String> langOptions) {
            return w.language().equals("js") ? langOptions : Map.of();
        }

        private void progress(int done, int total, GuestRun r, long start) {
            err.printf(Locale.ROOT, "[%3d/%3d %5.0fs] %-20s %-16s round %d: %s%n", done, total, (System.nanoTime() - start) / 1e9, r.workload().id(),
                            r.config().label(), r.round(), r.ok() ? String.format(Locale.ROOT, "steady %.1f ms, process %.1f s", r.steadyNanos() / 1e6, r.wallNanos() / 1e9)
                                            : "FAILED exit " + r.exitStatus() + " (" + r.log() + ")");
        }

        private List<Workload> select() {
            List<Workload> s = new ArrayList<>();
            for (Workload w : suite) {
                if (only != null ? !only.contains(w.id()) : quick && w.quickIterations() == 0) {
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
