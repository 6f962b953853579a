package dev.ccsampler.tools.bench;

import dev.ccsampler.CCSampler;
import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.ccmap.ThreadProfile;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.Value;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Many guest threads on one engine, as an embedding with a thread pool runs them: each thread its
 * own JavaScript context running {@code tools/workloads/known-split.js} (which times its own split
 * of alpha / beta / gamma) for a fixed time; every third thread sleeps 5 ms after every three
 * iterations, so threads differ in how busy they are. Then, per thread, its share of all ticks in
 * the profile (the samples' weights) against its share of the threads' CPU time ({@link ThreadMXBean}), and its profile's
 * alpha / beta / gamma split against the split the thread timed. Partial safepoints walk at most
 * as many threads a tick as there are cores (default), so this checks that no thread is starved or
 * favoured over time and that thinning per thread does not skew a thread's split.
 *
 * <pre>
 * java -cp ... dev.ccsampler.tools.bench.ThreadsCheck &lt;threads&gt; &lt;seconds&gt; &lt;period&gt; [ccsampler.Key=value]...
 * </pre>
 * The command with its class path is in {@code docs/sampling.md} (partial safepoints). Exit status
 * 2 on bad arguments, naming the argument.
 */
public final class ThreadsCheck {

    private ThreadsCheck() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 3) {
            System.err.println("usage: ThreadsCheck <threads> <seconds> <period> [ccsampler.Key=value]...");
            System.exit(2);
        }
        int threads = positive(args[0], "threads");
        int seconds = positive(args[1], "seconds");
        Map<String, String> opts = new HashMap<>();
        opts.put("ccsampler", "true");
        opts.put("ccsampler.Period", args[2]);
        opts.put("ccsampler.Output", "json");
        opts.put("ccsampler.OutputFile", Files.createTempFile("threads-check", ".json").toString());
        for (int i = 3; i < args.length; i++) {
            String[] kv = args[i].split("=", 2);
            if (kv.length != 2 || !kv[0].startsWith("ccsampler.")) {
                System.err.println("ThreadsCheck: bad option '" + args[i] + "': expected ccsampler.Key=value");
                System.exit(2);
            }
            opts.put(kv[0], kv[1]);
        }
        Path file = Path.of("tools/workloads/known-split.js");
        if (!Files.isReadable(file)) {
            System.err.println("ThreadsCheck: cannot read " + file.toAbsolutePath() + " (run it from the repository root)");
            System.exit(2);
        }
        Source source = Source.newBuilder("js", file.toFile()).build();
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        Map<Long, double[]> timed = new ConcurrentHashMap<>();
        Map<Long, Long> cpu = new ConcurrentHashMap<>();
        try (Engine engine = Engine.newBuilder().allowExperimentalOptions(true).options(opts).build()) {
            CCSampler sampler = CCSampler.find(engine);
            long end = System.nanoTime() + seconds * 1_000_000_000L;
            List<Thread> started = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                boolean pauses = t % 3 == 2;
                Thread th = new Thread(() -> {
                    try (Context c = Context.newBuilder("js").engine(engine).allowHostAccess(org.graalvm.polyglot.HostAccess.ALL)
                                    .allowHostClassLookup(n -> n.equals("java.lang.System")).build()) {
                        Value iteration = c.eval(source);
                        long c0 = mx.getCurrentThreadCpuTime();
                        int n = 0;
                        while (System.nanoTime() < end) {
                            iteration.execute();
                            if (pauses && ++n % 3 == 0) {
                                Thread.sleep(5);
                            }
                        }
                        cpu.put(Thread.currentThread().threadId(), mx.getCurrentThreadCpuTime() - c0);
                        Value tm = c.eval("js", "timed");
                        timed.put(Thread.currentThread().threadId(), new double[]{tm.getMember("alpha").asDouble(), tm.getMember("beta").asDouble(), tm.getMember("gamma").asDouble()});
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }, "worker-" + t + (pauses ? "-pausing" : ""));
                started.add(th);
                th.start();
            }
            for (Thread th : started) {
                th.join();
            }
            sampler.setCollecting(false);
            report(sampler.takeSnapshot(), timed, cpu);
        }
    }

    private static void report(ProfileSnapshot p, Map<Long, double[]> timed, Map<Long, Long> cpu) {
        long ticks = 0;
        long cpuAll = 0;
        for (ThreadProfile tp : p.threads()) {
            if (timed.containsKey(tp.threadId())) {
                ticks += tp.root().total();
            }
        }
        for (long v : cpu.values()) {
            cpuAll += v;
        }
        double worstSplit = 0;
        double worstShare = 0;
        String[] names = {"alpha", "beta", "gamma"};
        for (ThreadProfile tp : p.threads()) {
            double[] tm = timed.get(tp.threadId());
            if (tm == null) {
                continue;
            }
            long[] self = new long[3];
            ProfileSnapshot.forEachNode(tp.root(), n -> {
                if (n.method() < 0) {
                    return;
                }
                String name = p.method(n.method()).name();
                for (int k = 0; k < 3; k++) {
                    if (names[k].equals(name)) {
                        self[k] += n.self();
                    }
                }
            });
            long selfAll = self[0] + self[1] + self[2];
            double timedAll = tm[0] + tm[1] + tm[2];
            double err = 0;
            StringBuilder split = new StringBuilder();
            for (int k = 0; k < 3; k++) {
                double prof = 100.0 * self[k] / Math.max(1, selfAll);
                double own = 100.0 * tm[k] / timedAll;
                err = Math.max(err, Math.abs(prof - own));
                split.append(String.format(Locale.ROOT, " %s %.1f/%.1f", names[k], prof, own));
            }
            double tickShare = 100.0 * tp.root().total() / Math.max(1, ticks);
            double cpuShare = 100.0 * cpu.getOrDefault(tp.threadId(), 0L) / Math.max(1, cpuAll);
            worstSplit = Math.max(worstSplit, err);
            worstShare = Math.max(worstShare, Math.abs(tickShare - cpuShare));
            long own = cpu.getOrDefault(tp.threadId(), 0L);
            double perCpu = own <= 0 ? Double.NaN : (double) tp.root().total() * p.meta().periodNanos() / own;
            System.out.printf(Locale.ROOT, "%-18s samples %5d, ticks %6d (x%.2f its CPU time): %5.1f %% of the threads' (CPU time %5.1f %%); split, profile/own:%s; largest error %.1f%n",
                            tp.threadName(), tp.accounting().samples(), tp.root().total(), perCpu, tickShare, cpuShare, split, err);
        }
        System.out.printf(Locale.ROOT, "largest split error %.1f points; largest tick share off its CPU share %.1f points; %s%n", worstSplit, worstShare,
                        p.accounting().summaryLine());
    }

    private static int positive(String s, String what) {
        return positive("ThreadsCheck", s, what);
    }

    /** {@code s} as a positive whole number, or exit status 2 with a message naming {@code tool} and {@code what}. */
    static int positive(String tool, String s, String what) {
        try {
            int v = Integer.parseInt(s);
            if (v > 0) {
                return v;
            }
        } catch (NumberFormatException e) {
            // below
        }
        System.err.println(tool + ": bad " + what + " '" + s + "': expected a positive whole number");
        System.exit(2);
        return 0;
    }
}
