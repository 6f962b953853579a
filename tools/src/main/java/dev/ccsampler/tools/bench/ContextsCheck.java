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
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * One thread, two JavaScript contexts A and B on one engine, each burning the CPU for known
 * times: {@code nested} (A burns 1 s, calls a host function that runs 2 s in B, burns 1 s again)
 * or {@code turns} (A burns 2 s, then B 1 s, from the host, both contexts open). Prints each
 * context's ticks and self time by function against what it burned: the known limit of a thread
 * in two open contexts ({@code docs/sampling.md}, <em>Known, not fixed</em>).
 *
 * <pre>
 * java -cp ... dev.ccsampler.tools.bench.ContextsCheck nested|turns &lt;period&gt;
 * </pre>
 * Exit status 2 on bad arguments, naming the argument.
 */
public final class ContextsCheck {

    private ContextsCheck() {
    }

    private static final String BURN = "function burn(ms) { const end = Date.now() + ms; let s = 0; while (Date.now() < end) { for (let i = 0; i < 1000; i++) { s = (s * 31 + i) | 0; } } return s; }";

    public static void main(String[] args) throws Exception {
        if (args.length != 2 || !args[0].equals("nested") && !args[0].equals("turns")) {
            System.err.println("usage: ContextsCheck nested|turns <period>");
            System.exit(2);
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
