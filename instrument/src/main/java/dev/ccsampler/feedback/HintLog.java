package dev.ccsampler.feedback;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Every hint of a run, in the order proposed or loaded, with what was done and what followed;
 * written as text (the {@code hints} report) or JSON (the hints file, read back by
 * {@link HintsFile}). Thread-safe: every method takes this object's monitor, and so does every
 * writer of a {@link Hint}'s state.
 */
final class HintLog {

    private static final JsonFactory FACTORY = new JsonFactory();

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
    synchronized void writeText(String header, String eventsUnavailable, OutputStream out) {
        PrintStream p = new PrintStream(out, false, StandardCharsets.UTF_8);
        p.println("ccsampler compiler feedback: " + header + "; " + summary());
        p.println(eventsUnavailable == null ? " compiler events: compilations, deoptimizations and invalidations of each hint's roots since the hint (JFR)"
                        : " compiler events: unavailable (" + eventsUnavailable + ")");
        for (Hint h : hints) {
            p.println(String.format(" #%d %s [%s]", h.seq, h.describe(), h.state.id()));
            p.println("    rule: " + h.reason);
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

    /** The JSON form, documented in docs/json-schema.md ("Hints file"). */
    synchronized void writeJson(String runtime, String mode, String eventsUnavailable, OutputStream out) throws IOException {
        try (JsonGenerator g = FACTORY.createGenerator(out)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.writeStartObject();
            g.writeStringField("format", HintsFile.FORMAT);
            g.writeNumberField("version", HintsFile.VERSION);
            g.writeStringField("runtime", runtime);
            g.writeStringField("mode", mode);
            g.writeArrayFieldStart("hints");
            for (Hint h : hints) {
                g.writeStartObject();
                g.writeStringField("kind", h.kind.id());
                writeKey(g, "target", h.target);
                if (h.caller != null) {
                    writeKey(g, "caller", h.caller);
                    g.writeObjectFieldStart("site");
                    g.writeNumberField("line", h.siteLine);
                    g.writeNumberField("column", h.siteColumn);
                    g.writeEndObject();
                }
                g.writeStringField("reason", h.reason);
                g.writeObjectFieldStart("evidence");
                g.writeNumberField("samples", h.evidence.samples());
                g.writeNumberField("share", Math.round(h.evidence.share() * 100) / 100.0);
                g.writeNumberField("contexts", h.evidence.contexts());
                g.writeArrayFieldStart("callees");
                for (String c : h.evidence.callees()) {
                    g.writeString(c);
                }
                g.writeEndArray();
                g.writeEndObject();
                g.writeStringField("origin", h.origin);
                g.writeNumberField("proposedAtMs", h.proposedAtMs);
                g.writeStringField("state", h.state.id());
                g.writeStringField("action", h.action);
                g.writeNumberField("appliedAtMs", h.appliedAtMs);
                dev.ccsampler.ccmap.CompilerHint.Events c = h.toRecord(eventsUnavailable).compiler();
                g.writeObjectFieldStart("compiler");
                g.writeBooleanField("available", c.available());
                if (!c.available()) {
                    g.writeStringField("note", c.note());
                }
                g.writeNumberField("compilations", c.compilations());
                g.writeNumberField("deoptimizations", c.deoptimizations());
                g.writeNumberField("invalidations", c.invalidations());
                g.writeEndObject();
                g.writeStringField("outcome", h.outcome);
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
    }

    private static void writeKey(JsonGenerator g, String field, RootKey k) throws IOException {
        g.writeObjectFieldStart(field);
        g.writeStringField("language", k.language());
        g.writeStringField("name", k.name());
        g.writeStringField("source", k.source());
        g.writeNumberField("charIndex", k.charIndex());
        g.writeNumberField("charLength", k.charLength());
        g.writeNumberField("line", k.line());
        g.writeNumberField("column", k.column());
        g.writeStringField("contentHash", k.contentHash());
        g.writeEndObject();
    }
}
