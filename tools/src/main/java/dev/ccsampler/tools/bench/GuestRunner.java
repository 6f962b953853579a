package dev.ccsampler.tools.bench;

import dev.ccsampler.tools.GuestThread;
import dev.ccsampler.tools.launcher.RunLauncher;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
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
 * The guest side of the measurement harness: one JVM process that builds a polyglot engine with
 * the given options, evaluates one workload file, and reports how long each iteration took. The
 * harness ({@link BenchCommand}) starts it so that it does not depend on the launcher.
 *
 * <pre>
 * GuestRunner --lang js --iterations 20 [--budget-ms 4000] [--time-parts 30] [--toggle 5]
 *             [--toggle-ms 1000 --toggle-after-ms 15000 --toggle-windows 16] [--option key=value]... file [guest args...]
 * </pre>
 *
 * <p>Protocol. All options go to one {@link Engine} (profiler options and language options alike),
 * and every context is created on it, so compiled code and profiles are shared between contexts.
 * If evaluating the file yields an executable value, that value is one iteration of a fixed amount
 * of work; it is called {@code --iterations} times and each call is timed on the host with
 * {@link System#nanoTime()}. If the file yields no executable value (a program that runs itself,
 * like the Pace programs or a plain script), one iteration is one evaluation of the file in a fresh
 * context on the same engine, timed from context creation to context close; the first one is the
 * evaluation that found out the file is not a function. Either way one line per iteration goes to
 * standard error:
 *
 * <pre>
 * CCSBENCH iter &lt;index&gt; &lt;nanos&gt;
 * </pre>
 *
 * followed by {@code CCSBENCH setup <nanos>} (evaluation of the file without the iterations, 0 for
 * a program that runs itself), {@code CCSBENCH end <epoch millis>} when the last iteration ended
 * (what the engine logs later, such as the invalidations of closing, is not the run's) and
 * {@code CCSBENCH exit <status>}. With {@code --budget-ms}, the
 * runner stops iterating once the iterations so far took that long (at least one iteration, at
 * most {@code --iterations}); the harness uses it to size workloads it does not know. With
 * {@code --time-parts R} and an iteration function that has a {@code parts} member (an object
 * whose members are functions, each doing one known-split function's share of an iteration), the
 * runner afterwards calls each part alone, R rounds interleaved, and prints
 * {@code CCSBENCH part <name> <nanos>} per call: the "timed separately" check of a known split.
 * An iteration function with a {@code timed} member (an object of known-split function name to
 * nanoseconds, which the workload adds to in every iteration) gets one line
 * {@code CCSBENCH timed <name> <nanos>} per member after the iterations: the split it really had in
 * this run, warm-up included, which the harness judges the profile against.
 * The process exits with the guest's exit status (0 when it finished normally, 1 on a guest error).
 *
 * @since 0.1
 */
public final class GuestRunner {

    /** Prefix of every parseable line on standard error. @since 0.1 */
    public static final String PREFIX = "CCSBENCH ";

    private GuestRunner() {
    }

    /**
     * Process entry point. The guest runs on a {@link GuestThread} with a 256 MB stack whatever the
     * JVM's {@code -Xss} (the harness gives {@code -Xss8m} for the threads guests start): the
     * deep-recursion workload overflows smaller stacks in the interpreter.
     *
     * @since 0.1
     */
    public static void main(String[] args) {
        int[] status = {1};
        GuestThread.run(GuestThread.DEFAULT_STACK_BYTES, () -> status[0] = run(args, System.err));
        System.exit(status[0]);
    }

    /** Runs one workload and returns the exit status. @since 0.1 */
    public static int run(String[] args, PrintStream report) {
        String lang = null;
        int iterations = 1;
        long budgetNanos = Long.MAX_VALUE;
        int partRounds = 0;
        int toggle = 0;
        long windowMs = 0;
        long windowsAfterMs = 0;
        int windows = 0;
        Map<String, String> options = new LinkedHashMap<>();
        String file = null;
        List<String> guestArgs = new ArrayList<>();
        try {
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                if (file != null) {
                    guestArgs.add(a);
                    continue;
                }
                switch (a) {
                    case "--lang" -> lang = args[++i];
                    case "--iterations" -> iterations = Integer.parseInt(args[++i]);
                    case "--budget-ms" -> budgetNanos = Long.parseLong(args[++i]) * 1_000_000L;
                    case "--time-parts" -> partRounds = Integer.parseInt(args[++i]);
                    case "--toggle" -> toggle = Integer.parseInt(args[++i]);
                    case "--toggle-ms" -> windowMs = Long.parseLong(args[++i]);
                    case "--toggle-after-ms" -> windowsAfterMs = Long.parseLong(args[++i]);
                    case "--toggle-windows" -> windows = Integer.parseInt(args[++i]);
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
        } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
            System.err.println("GuestRunner: bad arguments " + List.of(args) + ": " + e.getMessage());
            return 2;
        }
        if (lang == null || file == null) {
            System.err.println("usage: GuestRunner --lang <id> --iterations <n> [--budget-ms <ms>] [--time-parts <rounds>] [--toggle <k>]"
                            + " [--toggle-ms <window> --toggle-after-ms <warm-up> --toggle-windows <n>] [--option k=v]... <file> [args...]");
            return 2;
        }
        if (windowMs != 0 || windows != 0) {
            if (windowMs <= 0 || windows < 4 || windows % 4 != 0 || windowsAfterMs < 0 || toggle != 0) {
                System.err.println("GuestRunner: --toggle-ms <window ms> needs --toggle-windows <n> (a multiple of 4, at least 4), --toggle-after-ms >= 0, and no --toggle.");
                return 2;
            }
        }
        String cc = options.get("ccsampler");
        if (toggle < 0 || toggle > 0 && (cc == null || cc.equals("false"))) {
            System.err.println("GuestRunner: --toggle <k> needs k >= 1 and --option ccsampler=true (or an output name): it switches ccsampler's sampling off and on.");
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
        if ("python".equals(lang)) {
            guestArgs.add(0, file); // sys.argv[0] is the script, as with graalpy and `ccsampler run`
        }
        String[] argv = guestArgs.toArray(String[]::new);
        try (Engine engine = Engine.newBuilder().allowExperimentalOptions(true).options(options).build()) {
            try {
                long spent = 0;
                long t0 = System.nanoTime();
                boolean selfRunning;
                try (Context ctx = newContext(engine, lang, argv)) {
                    Value v = ctx.eval(source);
                    selfRunning = v == null || !v.canExecute();
                    if (!selfRunning) {
                        report.println(PREFIX + "setup " + (System.nanoTime() - t0));
                        Toggle tg = toggle > 0 ? new Toggle(dev.ccsampler.CCSampler.find(engine), toggle, iterations / 3) : null;
                        WindowToggle wt = windows > 0 ? new WindowToggle(switchFor(engine, options), windowMs, windowsAfterMs, windows) : null;
                        SteadyWalks sw = SteadyWalks.of(engine, cc, iterations);
                        for (int i = 0; i < iterations && spent < budgetNanos && (wt == null || !wt.done()); i++) {
                            if (tg != null) {
                                tg.before(i);
                            }
                            if (wt != null) {
                                wt.before();
                            }
                            sw.before(i);
                            long s = System.nanoTime();
                            v.execute();
                            long d = System.nanoTime() - s;
                            spent += d;
                            report.println(PREFIX + "iter " + i + " " + d);
                            if (tg != null) {
                                tg.after(d);
                            }
                            if (wt != null) {
                                wt.after(d);
                            }
                        }
                        if (tg != null) {
                            tg.report(report);
                        }
                        if (wt != null) {
                            wt.report(report);
                        }
                        sw.report(report);
                        report.println(PREFIX + "end " + System.currentTimeMillis());
                        if (v.hasMember("timed")) {
                            reportTimed(v.getMember("timed"), report);
                        }
                        if (partRounds > 0 && v.hasMember("parts")) {
                            timeParts(v.getMember("parts"), partRounds, report);
                        }
                    }
                }
                if (selfRunning) {
                    spent = System.nanoTime() - t0;
                    report.println(PREFIX + "setup 0");
                    report.println(PREFIX + "iter 0 " + spent);
                    SteadyWalks sw = SteadyWalks.of(engine, cc, iterations);
                    WindowToggle wt = windows > 0 ? new WindowToggle(switchFor(engine, options), windowMs, windowsAfterMs, windows) : null;
                    for (int i = 1; i < iterations && spent < budgetNanos && (wt == null || !wt.done()); i++) {
                        sw.before(i);
                        if (wt != null) {
                            wt.before();
                        }
                        long s = System.nanoTime();
                        try (Context c = newContext(engine, lang, argv)) {
                            c.eval(source);
                        }
                        long d = System.nanoTime() - s;
                        spent += d;
                        report.println(PREFIX + "iter " + i + " " + d);
                        if (wt != null) {
                            wt.after(d);
                        }
                    }
                    if (wt != null) {
                        wt.report(report);
                    }
                    sw.report(report);
                    report.println(PREFIX + "end " + System.currentTimeMillis());
                }
            } catch (PolyglotException e) {
                if (e.isExit()) {
                    status = e.getExitStatus();
                } else {
                    RunLauncher.printGuestError(e, System.err);
                    status = 1;
                }
            }
        } catch (IllegalArgumentException e) {
            System.err.println("GuestRunner: " + e.getMessage());
            return 2;
        }
        // After the engine closed: the profilers have written their output by now.
        report.println(PREFIX + "exit " + status);
        report.flush();
        return status;
    }

    /**
     * ccsampler's walks in the last third of the iterations (the bench's steady state): its
     * accounting is read before the first of them and after the last, and one line
     * {@code CCSBENCH walks <samples> <frames walked> <frames>} gives the difference, so that
     * frames walked per sample in steady state are not the whole run's, warm-up included (the
     * first full walks, before the root probes are attached). Nothing without ccsampler, and
     * nothing when the run stops before its last third (a time budget). The reads are between
     * iterations, outside their timing.
     */
    static final class SteadyWalks {
        private final dev.ccsampler.CCSampler sampler;
        private final int from;
        private dev.ccsampler.ccmap.Accounting start;

        private SteadyWalks(dev.ccsampler.CCSampler sampler, int from) {
            this.sampler = sampler;
            this.from = from;
        }

        static SteadyWalks of(Engine engine, String ccOption, int iterations) {
            boolean on = ccOption != null && !ccOption.equals("false");
            return new SteadyWalks(on ? dev.ccsampler.CCSampler.find(engine) : null, steadyFrom(iterations));
        }

        /** The first iteration of the last third, as {@link GuestRun#steadyNanos()} counts it (without warm-up iterations). */
        static int steadyFrom(int n) {
            return Math.min(n - Math.max(1, n / 3), Math.max(0, n - 1));
        }

        void before(int i) {
            if (sampler != null && i == from) {
                start = sampler.takeSnapshot().accounting();
            }
        }

        void report(PrintStream out) {
            if (sampler == null || start == null) {
                return;
            }
            dev.ccsampler.ccmap.Accounting end = sampler.takeSnapshot().accounting();
            out.println(PREFIX + "walks " + (end.samples() - start.samples()) + " " + (end.framesWalked() - start.framesWalked()) + " " + (end.frames() - start.frames()));
        }
    }

    /**
     * {@code --toggle k}: the marginal cost of sampling on the same compiled code. After the first
     * third of the iterations (warm-up, sampled), ccsampler's sampling is switched off and on every
     * {@code k} iterations ({@link dev.ccsampler.CCSampler#setCollecting}), in the order off, on,
     * on, off, so that iterations still getting faster favour neither state; at the end one line
     * {@code CCSBENCH toggle on <median ns> off <median ns> ratio <on/off> n <on> <off>} compares
     * the iterations of the two states. The probes, once attached, stay in both states, and so does
     * whatever compiled code they shaped: this is the cost of the clock, the walks and the drain,
     * without the spread that separate processes' compilations add.
     */
    private static final class Toggle {
        private final dev.ccsampler.CCSampler sampler;
        private final int k;
        private final int warmup;
        private final List<Long> on = new ArrayList<>();
        private final List<Long> off = new ArrayList<>();
        private boolean state = true;
        private boolean counted;

        Toggle(dev.ccsampler.CCSampler sampler, int k, int warmup) {
            this.sampler = sampler;
            this.k = k;
            this.warmup = warmup;
        }

        void before(int i) {
            counted = i >= warmup;
            if (counted && (i - warmup) % k == 0) {
                state = WindowToggle.sampled((i - warmup) / k); // off, on, on, off, ...: a steady drift favours neither state
                sampler.setCollecting(state);
            }
        }

        void after(long nanos) {
            if (counted) {
                (state ? on : off).add(nanos);
            }
        }

        void report(PrintStream report) {
            sampler.setCollecting(true); // the run-end profile covers the whole run as usual
            long mOn = median(on);
            long mOff = median(off);
            report.println(PREFIX + "toggle on " + mOn + " off " + mOff + " ratio " + String.format(java.util.Locale.ROOT, "%.4f", mOff == 0 ? Double.NaN : (double) mOn / mOff)
                            + " n " + on.size() + " " + off.size());
        }

        private static long median(List<Long> v) {
            if (v.isEmpty()) {
                return 0;
            }
            List<Long> s = new ArrayList<>(v);
            s.sort(null);
            int n = s.size();
            return n % 2 == 1 ? s.get(n / 2) : (s.get(n / 2 - 1) + s.get(n / 2)) / 2;
        }
    }

    /**
     * What {@link WindowToggle} switches: ccsampler's sampling when the options enable it,
     * GraalVM's {@code --cpusampler} when they enable that, and nothing otherwise (a placebo: the
     * same windows and the same arithmetic with no profiler, which shows what the method reads when
     * nothing changes).
     */
    static java.util.function.Consumer<Boolean> switchFor(Engine engine, Map<String, String> options) {
        String cc = options.get("ccsampler");
        if (cc != null && !cc.equals("false")) {
            dev.ccsampler.CCSampler s = dev.ccsampler.CCSampler.find(engine);
            return s::setCollecting;
        }
        String cpu = options.get("cpusampler");
        if (cpu != null && !cpu.equals("false")) {
            com.oracle.truffle.tools.profiler.CPUSampler s = com.oracle.truffle.tools.profiler.CPUSampler.find(engine);
            return s::setCollecting;
        }
        return on -> {
        };
    }

    /**
     * {@code --toggle-ms w --toggle-after-ms a --toggle-windows n}: the steady-state cost of a
     * profiler's sampling inside one process, by time. The first {@code a} ms of iterations run
     * with the profiler as configured (its warm-up); then the run is cut into {@code n} windows of
     * {@code w} ms of wall time, and the profiler's sampling is switched off and on at the start of
     * the first iteration of each window, in blocks of four: off, on, on, off (a steady drift of
     * the program's speed favours neither state). An iteration belongs to the window in which it
     * started. The run stops when the last window has ended. The output, after the iterations:
     *
     * <pre>
     * CCSBENCH window &lt;index&gt; on|off &lt;iterations&gt; &lt;nanos summed&gt;
     * CCSBENCH toggleblock &lt;block&gt; &lt;ratio&gt;
     * CCSBENCH toggle on &lt;median ns&gt; off &lt;median ns&gt; ratio &lt;on/off&gt; n &lt;on&gt; &lt;off&gt;
     * </pre>
     *
     * where a block's ratio is the mean iteration of its two "on" windows over the mean of its two
     * "off" windows ({@link #blockRatio}; NaN when a window of it has no iteration), and the last
     * line compares the median iterations of the two states, as {@code --toggle} does. The switch
     * ({@link #switchFor}) runs between iterations, outside their timing; stopping ccsampler waits
     * for requests on their way (at most 500 ms), which delays the next iteration but is in no
     * iteration's time. Whatever the profiler attached and compiled stays in both states: this is
     * the cost of its sampling (clock, walks, drain), not of its probes.
     */
    static final class WindowToggle {
        private final java.util.function.Consumer<Boolean> onOff;
        private final long windowNanos;
        private final long afterNanos;
        private final int windows;
        private final long[] count;
        private final long[] sum;
        private final List<Long> on = new ArrayList<>();
        private final List<Long> off = new ArrayList<>();
        private long start = -1;
        private int current = -1;

        WindowToggle(java.util.function.Consumer<Boolean> onOff, long windowMs, long afterMs, int windows) {
            this.onOff = onOff;
            this.windowNanos = windowMs * 1_000_000L;
            this.afterNanos = afterMs * 1_000_000L;
            this.windows = windows;
            this.count = new long[windows];
            this.sum = new long[windows];
        }

        /** Whether window {@code w} samples: the middle two of each block of four. */
        static boolean sampled(int w) {
            int k = w % 4;
            return k == 1 || k == 2;
        }

        void before() {
            long now = System.nanoTime();
            if (start < 0) {
                start = now;
            }
            long t = now - start - afterNanos;
            int w = t < 0 ? -1 : (int) Math.min(windows, t / windowNanos);
            if (w >= 0 && w < windows && w != current && (current < 0 || sampled(w) != sampled(current))) {
                onOff.accept(sampled(w));
            }
            current = w;
        }

        void after(long nanos) {
            if (current >= 0 && current < windows) {
                count[current]++;
                sum[current] += nanos;
                (sampled(current) ? on : off).add(nanos);
            }
        }

        boolean done() {
            return start >= 0 && System.nanoTime() - start - afterNanos >= windows * windowNanos;
        }

        /**
         * The ratio of block {@code b} (windows 4b .. 4b+3: off, on, on, off): the mean iteration
         * of its "on" windows over that of its "off" windows, each window weighted alike. NaN
         * when a window has no iteration.
         */
        static double blockRatio(long[] count, long[] sum, int b) {
            double onMean = 0;
            double offMean = 0;
            for (int k = 0; k < 4; k++) {
                int w = 4 * b + k;
                if (w >= count.length || count[w] == 0) {
                    return Double.NaN;
                }
                double mean = (double) sum[w] / count[w];
                if (sampled(w)) {
                    onMean += mean / 2;
                } else {
                    offMean += mean / 2;
                }
            }
            return onMean / offMean;
        }

        void report(PrintStream report) {
            onOff.accept(true); // the run-end profile covers the whole run as usual
            for (int w = 0; w < windows; w++) {
                report.println(PREFIX + "window " + w + " " + (sampled(w) ? "on" : "off") + " " + count[w] + " " + sum[w]);
            }
            for (int b = 0; b < windows / 4; b++) {
                report.println(PREFIX + "toggleblock " + b + " " + String.format(java.util.Locale.ROOT, "%.4f", blockRatio(count, sum, b)));
            }
            long mOn = Toggle.median(on);
            long mOff = Toggle.median(off);
            report.println(PREFIX + "toggle on " + mOn + " off " + mOff + " ratio " + String.format(java.util.Locale.ROOT, "%.4f", mOff == 0 ? Double.NaN : (double) mOn / mOff)
                            + " n " + on.size() + " " + off.size());
        }
    }

    private static Context newContext(Engine engine, String lang, String[] argv) {
        return Context.newBuilder().engine(engine).allowAllAccess(true).allowExperimentalOptions(true).arguments(lang, argv).build();
    }

    /**
     * Reports the split a workload timed itself: an object whose members, or a hash whose entries,
     * map function names to nanoseconds (numbers; other values are skipped). A Ruby lambda has no
     * data members, so its {@code timed} is a method: an executable {@code timed} is called first.
     */
    private static void reportTimed(Value timed, PrintStream report) {
        Value t = timed.canExecute() ? timed.execute() : timed;
        if (t.hasHashEntries()) {
            Value keys = t.getHashKeysIterator();
            while (keys.hasIteratorNextElement()) {
                Value k = keys.getIteratorNextElement();
                reportTime(k.asString(), t.getHashValue(k), report);
            }
        } else {
            for (String name : t.getMemberKeys()) {
                reportTime(name, t.getMember(name), report);
            }
        }
    }

    private static void reportTime(String name, Value nanos, PrintStream report) {
        if (nanos.isNumber()) {
            report.println(PREFIX + "timed " + name + " " + Math.round(nanos.asDouble()));
        }
    }

    /** Calls each member of {@code parts} alone, {@code rounds} times interleaved, timing every call. */
    private static void timeParts(Value parts, int rounds, PrintStream report) {
        List<String> names = new ArrayList<>(parts.getMemberKeys());
        for (int r = 0; r < rounds; r++) {
            for (String name : names) {
                Value part = parts.getMember(name);
                long s = System.nanoTime();
                part.execute();
                report.println(PREFIX + "part " + name + " " + (System.nanoTime() - s));
            }
        }
    }
}
