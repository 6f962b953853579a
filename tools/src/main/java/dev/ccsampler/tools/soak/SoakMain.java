package dev.ccsampler.tools.soak;

import dev.ccsampler.CCSampler;
import dev.ccsampler.ccmap.Accounting;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.Source;

import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The soak run of issue 10 (memory): one engine with ccsampler at a short period and a context-node
 * cap, several guest workloads at once for a fixed time, and every {@code --every} seconds the used
 * heap after GC and the CC-Map's size, written as CSV. The workloads, each on its own Java thread
 * with its own context on the shared engine:
 * <ul>
 * <li>Pace: a wide program (many distinct functions and call sites) that spawns two short-lived
 * guest threads per round and joins them (thread churn);</li>
 * <li>GraalJS: a wide program of distinct functions and helpers.</li>
 * </ul>
 * Each worker evaluates its (cached) source again and again until the time is up. The question is
 * whether heap after GC and context nodes level off: they must not grow with the run's length.
 *
 * <p>Usage: {@code SoakMain [--seconds 600] [--period 100us] [--max-nodes 20000] [--pace 2] [--js 2]
 * [--every 15] [--csv soak.csv] [--report soak-profile.txt]}; run by {@code tools/soak/run.sh}.
 */
public final class SoakMain {

    private SoakMain() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> a = new LinkedHashMap<>(Map.of("seconds", "600", "period", "100us", "max-nodes", "20000", "pace", "2", "js", "2", "every", "15", "csv",
                        "soak.csv", "report", "soak-profile.txt"));
        for (int i = 0; i < args.length; i++) {
            String k = args[i].startsWith("--") ? args[i].substring(2) : "";
            if (!a.containsKey(k) || i + 1 >= args.length) {
                System.err.println("Unknown or incomplete argument '" + args[i] + "': use " + a.keySet().stream().map(s -> "--" + s + " <value>").toList());
                System.exit(2);
            }
            a.put(k, args[++i]);
        }
        long seconds = Long.parseLong(a.get("seconds"));
        int maxNodes = Integer.parseInt(a.get("max-nodes"));
        long every = Long.parseLong(a.get("every"));
        Path csv = Path.of(a.get("csv"));
        Map<String, String> opts = new LinkedHashMap<>();
        opts.put("ccsampler", "histogram");
        opts.put("ccsampler.Period", a.get("period"));
        opts.put("ccsampler.MaxContextNodes", Integer.toString(maxNodes));
        opts.put("ccsampler.OutputFile", a.get("report"));
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        AtomicLong rounds = new AtomicLong();
        AtomicLong paceRounds = new AtomicLong();
        List<Throwable> failures = new java.util.concurrent.CopyOnWriteArrayList<>();
        PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
        try (Engine engine = Engine.newBuilder().options(opts).out(quiet).err(System.err).build()) {
            CCSampler sampler = CCSampler.find(engine);
            List<Thread> workers = new ArrayList<>();
            Source pace = Source.newBuilder("pace", paceProgram(120, 16), "soak-wide.pace").buildLiteral();
            Source js = Source.newBuilder("js", jsProgram(200, 30), "soak-wide.js").buildLiteral();
            for (int i = 0; i < Integer.parseInt(a.get("pace")); i++) {
                workers.add(worker("soak-pace-" + i, engine, pace, deadline, paceRounds, failures));
            }
            for (int i = 0; i < Integer.parseInt(a.get("js")); i++) {
                workers.add(worker("soak-js-" + i, engine, js, deadline, rounds, failures));
            }
            long start = System.nanoTime();
            List<String> lines = new ArrayList<>();
            lines.add("seconds,heap_after_gc_mb,context_nodes,samples,pruned_ticks,js_rounds,pace_rounds,pace_threads_ended");
            workers.forEach(Thread::start);
            int maxSeen = 0;
            while (workers.stream().anyMatch(Thread::isAlive)) {
                long now = System.nanoTime();
                long next = Math.min(deadline, now + every * 1_000_000_000L);
                for (Thread w : workers) {
                    w.join(Math.max(1, (next - System.nanoTime()) / 1_000_000));
                    if (System.nanoTime() >= next) {
                        break;
                    }
                }
                long heap = heapAfterGc();
                int nodes = sampler.getContextNodeCount();
                maxSeen = Math.max(maxSeen, nodes);
                Accounting acc = sampler.getAccounting();
                String line = String.format("%d,%.1f,%d,%d,%d,%d,%d,%d", (System.nanoTime() - start) / 1_000_000_000L, heap / 1048576.0, nodes, acc.samples(),
                                acc.pruned(), rounds.get(), paceRounds.get(), 2 * paceRounds.get());
                lines.add(line);
                System.out.println("[soak] " + line);
                Files.write(csv, lines);
            }
            sampler.setCollecting(false);
            Accounting acc = sampler.getAccounting();
            System.out.println("[soak] end: " + acc.summaryLine());
            System.out.println("[soak] largest context node count " + maxSeen + " (cap " + maxNodes + "); balanced " + acc.balanced());
            if (!failures.isEmpty()) {
                failures.get(0).printStackTrace();
                System.exit(1);
            }
            if (maxSeen > maxNodes || !acc.balanced()) {
                System.exit(1);
            }
        }
    }

    private static Thread worker(String name, Engine engine, Source source, long deadline, AtomicLong rounds, List<Throwable> failures) {
        Thread t = new Thread(null, () -> {
            try (Context c = Context.newBuilder().engine(engine).allowAllAccess(true).build()) {
                while (System.nanoTime() < deadline) {
                    c.eval(source);
                    rounds.incrementAndGet();
                }
            } catch (Throwable e) {
                failures.add(e);
            }
        }, name, 64L << 20);
        return t;
    }

    /** Used heap after full GCs: the smallest of three readings. */
    static long heapAfterGc() throws InterruptedException {
        long min = Long.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(20);
            min = Math.min(min, ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
        }
        return min;
    }

    /**
     * A Pace round: {@code functions} distinct functions, each reached from its own call site, over
     * {@code helpers} helpers and a leaf that burns; the main thread and two spawned (short-lived)
     * threads each run one pass.
     */
    static String paceProgram(int functions, int helpers) {
        StringBuilder p = new StringBuilder("fn leaf(n) { return burn(n); }\n");
        for (int h = 0; h < helpers; h++) {
            p.append("fn h").append(h).append("(n) { return leaf(n) + leaf(n + 1); }\n");
        }
        for (int f = 0; f < functions; f++) {
            p.append("fn f").append(f).append("(n) { return h").append(f % helpers).append("(n) + h").append((f * 7 + 3) % helpers).append("(n); }\n");
        }
        p.append("fn pass(n) {\n  let s = 0;\n");
        for (int f = 0; f < functions; f++) {
            p.append("  s = s + f").append(f).append("(n);\n");
        }
        p.append("  return s;\n}\n");
        p.append("fn round() {\n  let a = spawn(pass, 40);\n  let b = spawn(pass, 30);\n  let s = pass(40);\n  join(a);\n  join(b);\n  return s;\n}\nround();\n");
        return p.toString();
    }

    /** A JS round: {@code functions} distinct functions over {@code helpers} helpers and a leaf. */
    static String jsProgram(int functions, int helpers) {
        StringBuilder js = new StringBuilder("function leaf(n) { let s = 0; for (let i = 0; i < n; i++) { s += i % 7; } return s; }\n");
        for (int h = 0; h < helpers; h++) {
            js.append("function h").append(h).append("(n) { return leaf(n) + leaf(n >> 1); }\n");
        }
        for (int f = 0; f < functions; f++) {
            js.append("function f").append(f).append("(n) { return (n & 1) ? h").append(f % helpers).append("(n) : h").append((f * 7) % helpers).append("(n + 1); }\n");
        }
        js.append("(function () {\nlet total = 0;\nfor (let round = 0; round < 3; round++) {\n");
        for (int f = 0; f < functions; f++) {
            js.append("  total += f").append(f).append("(100 + round);\n");
        }
        js.append("}\nreturn total;\n})();\n");
        return js.toString();
    }
}
