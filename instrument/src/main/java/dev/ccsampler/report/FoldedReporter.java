package dev.ccsampler.report;

import dev.ccsampler.ccmap.ContextNode;
import dev.ccsampler.ccmap.MethodInfo;
import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.ccmap.ThreadProfile;
import dev.ccsampler.ccmap.Tier;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Folded stacks ("collapsed" format), the input of FlameGraph.pl, speedscope, async-profiler's
 * converters and most flame graph tools: one line per distinct stack,
 *
 * <pre>
 * main (app.js:1);compute (calc.py:10);fib (calc.py:20) 25
 * </pre>
 *
 * <p>frames outermost first, separated by {@code ;}, each labelled by {@link MethodInfo#label()},
 * then a space and the number of samples with exactly that stack on top (a context node's self
 * samples). Lines are sorted by stack text, so the output of one snapshot is always the same.
 *
 * <p><b>Threads are always merged.</b> The format has no thread dimension, so
 * {@link ReportOptions#summariseThreads()} is ignored: equal stacks of all threads and contexts add up
 * into one line. Two context nodes whose frames print the same (one callee reached from two call
 * sites of one caller) also add up into one line: call sites are not part of the format.
 *
 * <p><b>Tiers.</b> With {@link ReportOptions#showTiers()}, every frame gets async-profiler's suffix for
 * how it ran: {@code _[0]} interpreted, {@code _[1]} first tier, {@code _[j]} last tier, {@code _[i]}
 * inlined. The leaf frame is exact: a stack's line is split into one line per tier that has self
 * samples (from {@link ContextNode#selfByTier()}). An inner frame carries its context node's
 * {@linkplain ContextNode#dominantTier() dominant tier} (the tier with most samples through it), an
 * approximation: the snapshot keeps per-frame tier counts per context node, not per whole stack, so
 * the exact tier of each inner frame in each sample is not known.
 *
 * <p><b>Escaping.</b> A {@code ;} inside a label would split a frame in two, so it is written as
 * {@code :}. Line breaks ({@code \r}, {@code \n}) inside a label are written as a space. Nothing else
 * is changed; readers split the count off at the last space, so spaces in labels are safe.
 *
 * <p>{@link ReportOptions#minSamples()}: lines with fewer samples are left out.
 *
 * @since 0.1
 */
final class FoldedReporter implements Reporter {

    /**
     * What a {@code ;} in a label is written as.
     *
     * @since 0.1
     */
    static final char SEMICOLON_REPLACEMENT = ':';

    @Override
    public void write(ProfileSnapshot snapshot, ReportOptions options, OutputStream out) throws IOException {
        Map<String, Long> lines = fold(snapshot, options.showTiers());
        Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
        StringBuilder line = new StringBuilder();
        for (Map.Entry<String, Long> e : lines.entrySet()) {
            if (e.getValue() < options.minSamples()) {
                continue;
            }
            line.setLength(0);
            line.append(e.getKey()).append(' ').append(e.getValue()).append('\n');
            w.write(line.toString());
        }
        w.flush();
    }

    /** Stack text to samples, sorted by stack text. */
    static Map<String, Long> fold(ProfileSnapshot profile, boolean showTiers) {
        ProfileSnapshot snapshot = NoVisibleFrame.asFrame(profile);
        String[] labels = new String[snapshot.methods().size()];
        for (MethodInfo m : snapshot.methods()) {
            labels[m.id()] = NoVisibleFrame.is(m) ? NoVisibleFrame.NAME : frameLabel(m);
        }
        Map<String, Long> lines = new TreeMap<>();
        StringBuilder sb = new StringBuilder();
        for (ThreadProfile t : snapshot.threads()) {
            // Walks with an explicit stack of (node, length of the prefix text before it).
            List<ContextNode> nodes = new ArrayList<>();
            List<Integer> prefix = new ArrayList<>();
            for (ContextNode c : t.root().children()) {
                nodes.add(c);
                prefix.add(0);
            }
            while (!nodes.isEmpty()) {
                ContextNode n = nodes.remove(nodes.size() - 1);
                sb.setLength(prefix.remove(prefix.size() - 1));
                if (sb.length() > 0) {
                    sb.append(';');
                }
                sb.append(labels[n.method()]);
                int frameStart = sb.length();
                boolean tiers = showTiers && !NoVisibleFrame.is(snapshot.method(n.method()));
                if (n.self() > 0) {
                    if (tiers) {
                        long[] self = n.selfByTier();
                        for (int tier = 0; tier < Tier.COUNT; tier++) {
                            if (self[tier] > 0) {
                                sb.setLength(frameStart);
                                appendTier(sb, Tier.of(tier));
                                lines.merge(sb.toString(), self[tier], Long::sum);
                            }
                        }
                        sb.setLength(frameStart);
                    } else {
                        lines.merge(sb.toString(), n.self(), Long::sum);
                    }
                }
                if (tiers) {
                    appendTier(sb, n.dominantTier());
                }
                for (ContextNode c : n.children()) {
                    nodes.add(c);
                    prefix.add(sb.length());
                }
            }
        }
        return lines;
    }

    private static void appendTier(StringBuilder sb, Tier tier) {
        sb.append("_[").append(tier.suffix()).append(']');
    }

    /** {@link MethodInfo#label()} with {@code ;} and line breaks replaced, as documented on the class. */
    static String frameLabel(MethodInfo m) {
        String label = m.label();
        StringBuilder sb = null;
        for (int i = 0; i < label.length(); i++) {
            char c = label.charAt(i);
            char r = c == ';' ? SEMICOLON_REPLACEMENT : (c == '\n' || c == '\r') ? ' ' : c;
            if (r != c && sb == null) {
                sb = new StringBuilder(label.length()).append(label, 0, i);
            }
            if (sb != null) {
                sb.append(r);
            }
        }
        return sb == null ? label : sb.toString();
    }
}
