package dev.ccsampler.tools.bench;

import dev.ccsampler.CCSampler;
import dev.ccsampler.ccmap.ContextNode;
import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.ccmap.ThreadProfile;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.proxy.ProxyExecutable;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * One thread, two JavaScript contexts A and B on one engine, each burning the CPU for known
 * times: {@code nested} (A burns 1 s, calls a host function that runs 2 s in B, burns 1 s again)
 * or {@code turns} (A burns 2 s, then B 1 s, from the host, both contexts open). Prints each
 * context's ticks and self time by function against what it burned: how a thread in two open
 * contexts is counted ({@code docs/sampling.md}, <em>A thread in two open contexts</em>). Also
 * {@code pool} (two worker threads, three open contexts taken by whichever thread is free) and
 * {@code solo} (one thread, one context, host work between calls): see {@link #pool}.
 *
 * <pre>
 * java -cp ... dev.ccsampler.tools.bench.ContextsCheck nested|turns|pool|solo &lt;period&gt;
 * </pre>
 * Exit status 2 on bad arguments, naming the argument.
 */
public final class ContextsCheck {

    private ContextsCheck() {
    }

    private static final String BURN = "function burn(ms) { const end = Date.now() + ms; let s = 0; while (Date.now() < end) { for (let i = 0; i < 1000; i++) { s = (s * 31 + i) | 0; } } return s; }";

    public static void main(String[] args) throws Exception {
        if (args.length != 2 || !List.of("nested", "turns", "pool", "solo").contains(args[0])) {
            System.err.println("usage: ContextsCheck nested|turns|pool|solo <period>");
            System.exit(2);
        }
        if (args[0].equals("pool")) {
            pool(args[1], 2, 3, 0);
            return;
        }
        if (args[0].equals("solo")) {
            pool(args[1], 1, 1, 3);
            return;
        }
        boolean nested = args[0].equals("nested");
        Map<String, String> opts = new HashMap<>();
        opts.put("ccsampler", "true");
        opts.put("ccsampler.Period", args[1]);
        opts.put("ccsampler.Output", "json");
        opts.put("ccsampler.OutputFile", java.nio.file.Files.createTempFile("contexts-check", ".json").toString());
        try (Engine engine = Engine.newBuilder().allowExperimentalOptions(true).options(opts).build();
                        Context b = Context.newBuilder("js").engine(engine).build();
                        Context a = Context.newBuilder("js").engine(engine).build()) {
            CCSampler sampler = CCSampler.find(engine);
            sampler.setCollecting(false); // the contexts' start-up (JavaScript's, about half a second) is not what is checked
            b.eval("js", BURN + " function inB(ms) { return burn(ms); }");
            Value inB = b.getBindings("js").getMember("inB");
            a.getBindings("js").putMember("callB", (ProxyExecutable) x -> inB.execute(x[0].asInt()));
            a.eval("js", BURN + " function inA() { burn(1000); callB(2000); burn(1000); }");
            sampler.setCollecting(true);
            long t0 = System.nanoTime();
            if (nested) {
                a.eval("js", "inA()");
            } else {
                a.eval("js", "burn(2000)");
                b.eval("js", "burn(1000)");
            }
            long wall = (System.nanoTime() - t0) / 1_000_000;
            sampler.setCollecting(false);
            ProfileSnapshot p = sampler.takeSnapshot();
            System.out.printf(Locale.ROOT, "%s, %s: %d ms wall; burned: %s%n", args[0], args[1], wall,
                            nested ? "A 2 000 ms (inA;burn), B 2 000 ms (inB;burn, called from A)" : "A 2 000 ms, then B 1 000 ms"); // B's context is created first
            for (ThreadProfile t : p.threads()) {
                Map<String, Long> self = new TreeMap<>();
                ProfileSnapshot.forEachNode(t.root(), n -> {
                    if (n.self() > 0) {
                        self.merge(path(p, n), n.self(), Long::sum);
                    }
                });
                System.out.printf(Locale.ROOT, "context %d: %d ticks, self by stack %s; %s%n", t.context(), t.root().total(), self,
                                t.accounting().summaryLine());
            }
        }
    }

    /**
     * A server's pattern: two worker threads take tasks and, for each, whichever of three open
     * contexts is free, so every thread has states in every context. A task runs {@code alpha}
     * (6 ms) or {@code beta} (3 ms), timed by the host; prints the tasks' split against the
     * profile's (self ticks by function over all threads and contexts) and the ticks against the
     * tasks' time. {@code solo}: one thread, one context, and 3 ms of host work (outside the
     * context) after every task, as a server does between calls into its guest code.
     */
    private static void pool(String period, int threads, int contexts, int hostMs) throws Exception {
        Map<String, String> opts = new HashMap<>();
        opts.put("ccsampler", "true");
        opts.put("ccsampler.Period", period);
        opts.put("ccsampler.Output", "json");
        opts.put("ccsampler.OutputFile", java.nio.file.Files.createTempFile("contexts-check", ".json").toString());
        String code = BURN + " function alpha() { return burn(6); } function beta() { return burn(3); }";
        int tasks = 400;
        try (Engine engine = Engine.newBuilder().allowExperimentalOptions(true).options(opts).build()) {
            CCSampler sampler = CCSampler.find(engine);
            sampler.setCollecting(false);
            java.util.concurrent.BlockingQueue<Context> free = new java.util.concurrent.LinkedBlockingQueue<>();
            java.util.List<Context> all = new java.util.ArrayList<>();
            for (int i = 0; i < contexts; i++) {
                Context c = Context.newBuilder("js").engine(engine).build();
                c.eval("js", code);
                all.add(c);
                free.add(c);
            }
            java.util.concurrent.atomic.AtomicInteger next = new java.util.concurrent.atomic.AtomicInteger();
            java.util.concurrent.atomic.AtomicLong alphaNanos = new java.util.concurrent.atomic.AtomicLong();
            java.util.concurrent.atomic.AtomicLong betaNanos = new java.util.concurrent.atomic.AtomicLong();
            Runnable worker = () -> {
                try {
                    for (int t = next.getAndIncrement(); t < tasks; t = next.getAndIncrement()) {
                        Context c = free.take();
                        try {
                            boolean a = t % 2 == 0;
                            long t0 = System.nanoTime();
                            c.getBindings("js").getMember(a ? "alpha" : "beta").execute();
                            (a ? alphaNanos : betaNanos).addAndGet(System.nanoTime() - t0);
                        } finally {
                            free.add(c);
                        }
                        long until = System.nanoTime() + hostMs * 1_000_000L;
                        while (System.nanoTime() < until) {
                            Thread.onSpinWait(); // host work between calls into the guest
                        }
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            };
            sampler.setCollecting(true);
            long t0 = System.nanoTime();
            java.util.List<Thread> workers = new java.util.ArrayList<>();
            for (int i = 0; i < threads; i++) {
                Thread w = new Thread(worker, "worker-" + (i + 1));
                w.start();
                workers.add(w);
            }
            for (Thread w : workers) {
                w.join();
            }
            long wall = (System.nanoTime() - t0) / 1_000_000;
            sampler.setCollecting(false);
            ProfileSnapshot p = sampler.takeSnapshot();
            for (Context c : all) {
                c.close();
            }
            Map<String, Long> self = new TreeMap<>();
            long ticks = 0;
            long deferred = 0;
            for (ThreadProfile t : p.threads()) {
                ticks += t.root().total();
                deferred += t.accounting().deferred();
                ProfileSnapshot.forEachNode(t.root(), n -> {
                    if (n.self() > 0) {
                        String top = n.method() >= 0 ? p.method(n.method()).name() : "(no frame)";
                        String key = top.equals("burn") ? path(p, n).replace(";burn", "") : top;
                        key = key.substring(key.lastIndexOf(';') + 1);
                        self.merge(key, n.self(), Long::sum);
                    }
                });
            }
            long a = self.getOrDefault("alpha", 0L);
            long b = self.getOrDefault("beta", 0L);
            double timedA = 100.0 * alphaNanos.get() / (alphaNanos.get() + betaNanos.get());
            long taskMs = (alphaNanos.get() + betaNanos.get()) / 1_000_000;
            System.out.printf(Locale.ROOT, "%s, %s: %d tasks, %d threads, %d open contexts, %d ms of host work after each, %d ms wall, %d ms of tasks: timed alpha %.1f%% beta %.1f%%; profile alpha %.1f%% beta %.1f%% (of %d ticks in them); %d ticks in all %s, %d threads x contexts; deferred %d%n",
                            contexts > 1 ? "pool" : "solo", period, tasks, threads, contexts, hostMs, wall, taskMs, timedA, 100 - timedA, 100.0 * a / Math.max(1, a + b), 100.0 * b / Math.max(1, a + b), a + b, ticks, self, p.threads().size(), deferred);
            System.out.println("all threads and contexts: " + p.accounting().summaryLine());
        }
    }

    private static String path(ProfileSnapshot p, ContextNode n) {
        StringBuilder b = new StringBuilder();
        for (ContextNode q : ProfileSnapshot.path(n)) {
            if (q.method() >= 0) {
                b.append(b.length() == 0 ? "" : ";").append(p.method(q.method()).name());
            }
        }
        return b.length() == 0 ? "(no frame)" : b.toString();
    }
}
