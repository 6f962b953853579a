package dev.ccsampler.tools.bench;

import dev.ccsampler.CCSampler;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.Value;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How soon {@code --ccsampler.SteadyState} restores the full sampling rate when a program's second
 * phase starts (issue 8: a two-phase program's second phase must show up within a second). Runs
 * {@code tools/workloads/steady-two-phase.js} in an engine with {@code SteadyState=true}: its first
 * phase calls {@code alpha} alone until the profile has converged and the sampler has slowed down,
 * its second {@code omega} alone. The program's {@code phaseB()} callback records
 * {@link System#nanoTime()} as the second phase starts; the sampler's notes are timed from its own
 * start, which lies between the two clock reads around {@code Engine.build()}, so the lag of the
 * "phase change" note behind the phase's start is known within that interval; the tool prints
 * both bounds. One line per run:
 *
 * <pre>
 * java -cp ... dev.ccsampler.tools.bench.SteadyStateLag &lt;period&gt; &lt;runs&gt; [first-seconds [second-seconds]]
 * </pre>
 *
 * The command with its class path is in {@code docs/sampling.md} (<em>A second phase after the
 * steady state</em>). Exit status 2 on bad arguments, naming the argument.
 */
public final class SteadyStateLag {

    private static final Pattern AT = Pattern.compile("^at (\\d+\\.\\d+)s: (steady state|phase change)");

    private SteadyStateLag() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: SteadyStateLag <period> <runs> [first-seconds [second-seconds]]");
            System.exit(2);
        }
        String period = args[0];
        int runs = positive(args[1], "runs");
        String first = args.length > 2 ? args[2] : "5";
        String second = args.length > 3 ? args[3] : "3";
        Path file = Path.of("tools/workloads/steady-two-phase.js");
        if (!Files.isReadable(file)) {
            System.err.println("SteadyStateLag: cannot read " + file.toAbsolutePath() + " (run it from the repository root)");
            System.exit(2);
        }
        Source source = Source.newBuilder("js", file.toFile()).build();
        for (int run = 0; run < runs; run++) {
            Map<String, String> opts = new HashMap<>();
            opts.put("ccsampler", "true");
            opts.put("ccsampler.Period", period);
            opts.put("ccsampler.SteadyState", "true");
            opts.put("ccsampler.Output", "json");
            opts.put("ccsampler.OutputFile", Files.createTempFile("steady-lag", ".json").toString());
            long[] phaseB = new long[1];
            long before = System.nanoTime();
            try (Engine engine = Engine.newBuilder().allowExperimentalOptions(true).options(opts).out(System.err).build()) {
                long after = System.nanoTime();
                CCSampler sampler = CCSampler.find(engine);
                try (Context c = Context.newBuilder("js").engine(engine).allowHostAccess(org.graalvm.polyglot.HostAccess.ALL)
                                .arguments("js", new String[]{first, second}).build()) {
                    c.getBindings("js").putMember("phaseB", (java.util.function.Supplier<Object>) () -> {
                        phaseB[0] = System.nanoTime();
                        return null;
                    });
                    c.eval(source);
                }
                List<String> notes = sampler.takeSnapshot().meta().sampling();
                report(run, before, after, phaseB[0], notes);
            }
        }
    }

    private static void report(int run, long before, long after, long phaseB, List<String> notes) {
        if (phaseB == 0) {
            System.out.printf(Locale.ROOT, "run %d: the program did not call phaseB()%n", run);
            return;
        }
        // note times are from the sampler's start, which lies in [before, after]
        double phaseEarliest = (phaseB - after) / 1e9;
        double phaseLatest = (phaseB - before) / 1e9;
        StringBuilder events = new StringBuilder();
        boolean slowAtPhase = false;
        double change = -1;
        for (String n : notes) {
            Matcher m = AT.matcher(n);
            if (!m.find()) {
                continue;
            }
            double at = Double.parseDouble(m.group(1));
            boolean steady = m.group(2).equals("steady state");
            events.append(String.format(Locale.ROOT, " %s %.2f s;", steady ? "slowed" : "restored", at));
            if (at <= phaseEarliest) {
                slowAtPhase = steady;
            } else if (!steady && change < 0) {
                change = at;
            }
        }
        String head = String.format(Locale.ROOT, "run %d: second phase at %.2f-%.2f s;%s", run, phaseEarliest, phaseLatest, events);
        if (!slowAtPhase) {
            System.out.println(head + " not slowed down when the second phase started");
        } else if (change < 0) {
            System.out.println(head + " the full rate was not restored");
        } else {
            System.out.printf(Locale.ROOT, "%s full rate back %.2f-%.2f s after the second phase started%n", head, change - phaseLatest, change - phaseEarliest);
        }
    }

    private static int positive(String s, String what) {
        try {
            int v = Integer.parseInt(s);
            if (v > 0) {
                return v;
            }
        } catch (NumberFormatException e) {
            // below
        }
        System.err.println("SteadyStateLag: " + what + " must be a positive integer, not '" + s + "'");
        System.exit(2);
        return 0;
    }
}
