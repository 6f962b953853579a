package dev.ccsampler.feedback;

import dev.ccsampler.report.CompilerHintsWriter;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Every hint of a run, in the order proposed or loaded, with what was done and what followed, and
 * its rank among the hints of its kind; written as text (the {@code hints} report) or JSON (the
 * hints file, read back by {@link HintsFile}: the top of each kind by rank, in rank order). Thread-safe: every method takes this object's monitor, and so does every
 * writer of a {@link Hint}'s state.
 */
final class HintLog {

    private final List<Hint> hints = new ArrayList<>();
    private final Map<String, Hint> byIdentity = new HashMap<>();

    /** Adds {@code h} unless a hint with the same kind, target and call site is logged. */
    synchronized boolean add(Hint h) {
        if (byIdentity.putIfAbsent(h.identity(), h) != null) {
            return false;
        }
        hints.add(h);
        return true;
    }

    synchronized boolean contains(String identity) {
        return byIdentity.containsKey(identity);
    }

    synchronized int size() {
        return hints.size();
    }

    /** A copy of the hints, for iteration outside the lock; their state still needs the lock. */
    synchronized List<Hint> list() {
        return new ArrayList<>(hints);
    }

    /** Counts per state, e.g. {@code 3 applied, 1 pending}. */
    synchronized String summary() {
        Map<String, Integer> n = new java.util.TreeMap<>();
        for (Hint h : hints) {
            n.merge(h.state.id(), 1, Integer::sum);
        }
        StringBuilder b = new StringBuilder();
        n.forEach((k, v) -> b.append(b.length() == 0 ? "" : ", ").append(v).append(' ').append(k));
        return hints.size() + " hint" + (hints.size() == 1 ? "" : "s") + (b.length() == 0 ? "" : " (" + b + ")");
    }

    /** The hints as they stand, for a profile snapshot. */
    synchronized List<dev.ccsampler.ccmap.CompilerHint> records(String eventsUnavailable) {
        List<dev.ccsampler.ccmap.CompilerHint> r = new ArrayList<>(hints.size());
        for (Hint h : hints) {
            r.add(h.toRecord(eventsUnavailable));
        }
        return r;
    }

    /**
     * The text report; {@code eventsUnavailable} is null when compiler events are counted, or why
     * they are not.
     */
    synchronized void writeText(String header, String eventsUnavailable, int maxPerKind, OutputStream out) {
        writeText(header, eventsUnavailable, "JFR", maxPerKind, out);
    }

    /** As above; {@code via}: where the compiler events come from, in words. */
    synchronized void writeText(String header, String eventsUnavailable, String via, int maxPerKind, OutputStream out) {
        PrintStream p = new PrintStream(out, false, StandardCharsets.UTF_8);
        p.println("ccsampler compiler feedback: " + header + "; " + summary());
        p.println(eventsUnavailable == null ? " compiler events: compilations, deoptimizations and invalidations of each hint's roots since the hint (" + via + ")"
                        : " compiler events: unavailable (" + eventsUnavailable + ")");
        for (Hint h : hints) {
            p.println(String.format(" #%d %s [%s]", h.seq, h.describe(), h.state.id()));
            p.println("    rule: " + h.reason);
            if (h.rank > 0) {
                p.println(String.format("    rank: %d of %d %s hint%s, %.1f%% of %s%s", h.rank, h.rankOf, h.kind.id(), h.rankOf == 1 ? "" : "s", h.score,
                                h.kind == Hint.Kind.COMPILE ? "the recent samples in its own code" : "the samples in this run through this call edge",
                                h.rank > maxPerKind ? "; beyond --ccsampler.MaxHintsPerKind=" + maxPerKind + ", not saved" : ""));
            }
            Hint.Evidence e = h.evidence;
            if (e.samples() > 0) {
                p.println(String.format("    evidence: %d samples (%.1f%%), hot in %d context%s%s", e.samples(), e.share(), e.contexts(), e.contexts() == 1 ? "" : "s",
                                e.callees().isEmpty() ? "" : "; callees: " + String.join(", ", e.callees())));
            }
            p.println("    origin: " + h.origin + " at +" + h.proposedAtMs + "ms" + (h.action.isEmpty() ? "" : "; action: " + h.action) + (h.appliedAtMs >= 0 ? " at +" + h.appliedAtMs + "ms" : ""));
            if (!h.outcome.isEmpty()) {
                p.println("    outcome: " + h.outcome);
            }
            if (eventsUnavailable == null) {
                CompilerEvents.Counts c = h.compiler == null ? new CompilerEvents.Counts(0, 0, 0) : h.compiler;
                p.println(String.format("    compiler since the hint: %d compilation%s, %d deoptimization%s, %d invalidation%s of %s", c.compilations(), plural(c.compilations()),
                                c.deoptimizations(), plural(c.deoptimizations()), c.invalidations(), plural(c.invalidations()),
                                h.caller == null ? h.target.name() : h.target.name() + " and " + h.caller.name()));
            }
        }
        p.flush();
    }

    private static String plural(long n) {
        return n == 1 ? "" : "s";
    }

    /**
     * Ranks the hints of each kind by {@link Hint#score}, the largest first (ties: the earlier
     * hint first), and sets their {@link Hint#rank} and {@link Hint#rankOf}.
     */
    synchronized void rank() {
        for (Hint.Kind k : Hint.Kind.values()) {
            List<Hint> of = ranked(k);
            for (int i = 0; i < of.size(); i++) {
                of.get(i).rank = i + 1;
                of.get(i).rankOf = of.size();
            }
        }
    }

    /** The hints of kind {@code k} by score, the largest first, ties in the order logged; the caller holds the monitor. */
    private List<Hint> ranked(Hint.Kind k) {
        List<Hint> of = new ArrayList<>();
        for (Hint h : hints) {
            if (h.kind == k) {
                of.add(h);
            }
        }
        of.sort(Comparator.comparingDouble((Hint h) -> -h.score).thenComparingInt(h -> h.seq));
        return of;
    }

    /**
     * What a hints file keeps: ranked afresh, the first {@code maxPerKind} of each kind, compile
     * hints first, then split, then inline, each kind in rank order.
     */
    synchronized List<Hint> top(int maxPerKind) {
        rank();
        List<Hint> r = new ArrayList<>();
        for (Hint.Kind k : Hint.Kind.values()) {
            List<Hint> of = ranked(k);
            r.addAll(of.subList(0, Math.min(maxPerKind, of.size())));
        }
        return r;
    }

    /**
     * The JSON of a hints file (docs/json-schema.md, "Hints file"): the {@link #top} hints with
     * their ranks.
     */
    synchronized void writeJson(String runtime, String mode, String eventsUnavailable, int maxPerKind, OutputStream out) throws IOException {
        List<dev.ccsampler.ccmap.CompilerHint> r = new ArrayList<>();
        for (Hint h : top(maxPerKind)) {
            r.add(h.toRecord(eventsUnavailable));
        }
        CompilerHintsWriter.writeHintsFile(runtime, mode, r, out);
    }
}
