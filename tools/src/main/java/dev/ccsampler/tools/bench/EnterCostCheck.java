package dev.ccsampler.tools.bench;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.Value;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * What a host-to-guest call costs: a Java loop calling a one-line JavaScript function through
 * {@code Value.execute}, which enters and leaves the context at every call, so every call pays the
 * sampler's enter and leave notifications ({@code EnteredContexts}) once they are attached: with
 * {@code two}, a second context is left open and used once on the same thread first, which attaches
 * them. Prints the median and range of the nanoseconds per call over the last half of the rounds.
 * Further arguments {@code K=V} are engine options (e.g. {@code engine.TraceCompilation=true}).
 *
 * <pre>
 * java -cp ... dev.ccsampler.tools.bench.EnterCostCheck off|&lt;period&gt; [rounds] [calls per round] [one|two] [K=V ...]
 * </pre>
 * Exit status 2 on bad arguments, naming the argument.
 */
public final class EnterCostCheck {

    private EnterCostCheck() {
    }

    public static void main(String[] args) throws java.io.IOException {
        if (args.length < 1 || args.length > 4 && !args[4].contains("=") || args.length > 3 && !args[3].equals("one") && !args[3].equals("two")) {
            System.err.println("usage: EnterCostCheck off|<period> [rounds] [calls per round] [one|two] [K=V ...]");
            System.exit(2);
        }
        boolean two = args.length > 3 && args[3].equals("two");
        int rounds = args.length > 1 ? ThreadsCheck.positive("EnterCostCheck", args[1], "rounds") : 20;
        int calls = args.length > 2 ? ThreadsCheck.positive("EnterCostCheck", args[2], "calls per round") : 2_000_000;
        Map<String, String> opts = new HashMap<>();
        if (!args[0].equals("off")) {
            opts.put("ccsampler", "true");
            opts.put("ccsampler.Period", args[0]);
            opts.put("ccsampler.Output", "json");
            java.nio.file.Path out = java.nio.file.Files.createTempFile("enter-cost-check", ".json");
            out.toFile().deleteOnExit();
            opts.put("ccsampler.OutputFile", out.toString());
        }
        for (int i = 4; i < args.length; i++) {
            int eq = args[i].indexOf('=');
            if (eq <= 0) {
                System.err.println("EnterCostCheck: an engine option is K=V, got '" + args[i] + "'");
                System.exit(2);
            }
            opts.put(args[i].substring(0, eq), args[i].substring(eq + 1));
        }
        double[] ns = new double[rounds];
        long sink = 0;
        try (Engine engine = Engine.newBuilder().allowExperimentalOptions(true).options(opts).build();
                        Context c = Context.newBuilder("js").engine(engine).build();
                        Context other = two ? Context.newBuilder("js").engine(engine).build() : null) {
            if (other != null) {
                other.eval("js", "1"); // this thread now has states in two open contexts
            }
            Value f = c.eval("js", "(function f(x) { return (x * 31 + 7) | 0; })");
            for (int r = 0; r < rounds; r++) {
                long t0 = System.nanoTime();
                for (int i = 0; i < calls; i++) {
                    sink += f.execute(i).asInt();
                }
                ns[r] = (System.nanoTime() - t0) / (double) calls;
            }
        }
        double[] last = Arrays.copyOfRange(ns, rounds / 2, rounds);
        Arrays.sort(last);
        System.out.printf(Locale.ROOT, "%s, %s context%s: %.1f ns a call (%.1f–%.1f over the last %d rounds of %d calls) [%d]%n", args[0], two ? "two" : "one", two ? "s" : "", last[last.length / 2], last[0], last[last.length - 1],
                        last.length, calls, sink & 1);
    }
}
