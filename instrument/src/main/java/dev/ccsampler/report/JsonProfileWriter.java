package dev.ccsampler.report;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.ccsampler.ccmap.Accounting;
import dev.ccsampler.ccmap.LatencyHistogram;
import dev.ccsampler.ccmap.CallSiteInfo;
import dev.ccsampler.ccmap.ContextNode;
import dev.ccsampler.ccmap.MethodInfo;
import dev.ccsampler.ccmap.MethodStats;
import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.ccmap.ThreadProfile;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes the whole CC-Map as JSON ({@code docs/json-schema.md}): methods with per-tier counts, call
 * sites with callees, one flat pre-order node list per thread, accounting and warnings, and the
 * compiler-feedback hints when there are any. Streams, so
 * the output size is not limited by memory, and never recurses, so deep trees are safe.
 * {@link JsonProfileReader} reads it back into an equal snapshot.
 */
final class JsonProfileWriter implements Reporter {

    /** Value of the top-level {@code format} field. */
    static final String FORMAT = "ccsampler-profile";
    /** Schema version written. */
    static final int VERSION = 1;

    private static final JsonFactory FACTORY = new JsonFactory();

    @Override
    public void write(ProfileSnapshot s, ReportOptions options, OutputStream out) throws IOException {
        try (JsonGenerator g = FACTORY.createGenerator(out, JsonEncoding.UTF8)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.writeStartObject();
            g.writeStringField("format", FORMAT);
            g.writeNumberField("version", VERSION);
            ProfileSnapshot.Meta m = s.meta();
            g.writeObjectFieldStart("meta");
            g.writeNumberField("periodNanos", m.periodNanos());
            g.writeNumberField("startEpochMillis", m.startEpochMillis());
            g.writeNumberField("endEpochMillis", m.endEpochMillis());
            g.writeStringField("runtime", m.runtime());
            g.writeBooleanField("optimizing", m.optimizing());
            g.writeNumberField("stackLimit", m.stackLimit());
            g.writeArrayFieldStart("warnings");
            for (String w : m.warnings()) {
                g.writeString(w);
            }
            g.writeEndArray();
            g.writeArrayFieldStart("sampling");
            for (String e : m.sampling()) {
                g.writeString(e);
            }
            g.writeEndArray();
            g.writeEndObject();
            if (s.endedLatency().totalCount() > 0) {
                writeLatency(g, "endedLatency", s.endedLatency());
            }

            g.writeArrayFieldStart("methods");
            for (MethodInfo mi : s.methods()) {
                MethodStats st = s.methodStats().get(mi.id());
                g.writeStartObject();
                g.writeNumberField("id", mi.id());
                g.writeStringField("language", mi.language());
                g.writeStringField("name", mi.name());
                g.writeStringField("source", mi.source());
                if (mi.path() != null) {
                    g.writeStringField("path", mi.path());
                }
                g.writeNumberField("line", mi.line());
                g.writeNumberField("column", mi.column());
                g.writeNumberField("endLine", mi.endLine());
                g.writeBooleanField("internal", mi.internal());
                writeLongs(g, "self", st.self());
                writeLongs(g, "total", st.total());
                g.writeEndObject();
            }
            g.writeEndArray();

            g.writeArrayFieldStart("callSites");
            for (CallSiteInfo cs : s.callSites()) {
                g.writeStartObject();
                g.writeNumberField("id", cs.id());
                g.writeNumberField("caller", cs.caller());
                g.writeNumberField("line", cs.line());
                g.writeNumberField("column", cs.column());
                g.writeArrayFieldStart("callees");
                for (CallSiteInfo.Callee c : cs.callees()) {
                    g.writeStartObject();
                    g.writeNumberField("method", c.method());
                    g.writeNumberField("samples", c.samples());
                    g.writeEndObject();
                }
                g.writeEndArray();
                g.writeEndObject();
            }
            g.writeEndArray();

            g.writeArrayFieldStart("threads");
            for (ThreadProfile t : s.threads()) {
                g.writeStartObject();
                g.writeNumberField("context", t.context());
                g.writeNumberField("threadId", t.threadId());
                g.writeStringField("threadName", t.threadName());
                writeAccounting(g, t.accounting());
                g.writeArrayFieldStart("nodes");
                List<ContextNode> stack = new ArrayList<>();
                stack.add(t.root());
                while (!stack.isEmpty()) {
                    ContextNode n = stack.remove(stack.size() - 1);
                    g.writeStartObject();
                    g.writeNumberField("id", n.id());
                    g.writeNumberField("parent", n.parent() == null ? -1 : n.parent().id());
                    g.writeNumberField("method", n.method());
                    g.writeNumberField("callSite", n.callSite());
                    writeLongs(g, "self", n.selfByTier());
                    writeLongs(g, "total", n.totalByTier());
                    if (n.calls() > 0) {
                        g.writeNumberField("calls", n.calls()); // bursts' call counts; absent without them
                    }
                    g.writeEndObject();
                    for (int i = n.children().size() - 1; i >= 0; i--) {
                        stack.add(n.children().get(i));
                    }
                }
                g.writeEndArray();
                g.writeEndObject();
            }
            g.writeEndArray();
            if (!s.hints().isEmpty()) {
                CompilerHintsWriter.writeHints(g, s.hints()); // the same entries as a hints file
            }
            g.writeEndObject();
        }
    }

    private static void writeAccounting(JsonGenerator g, Accounting a) throws IOException {
        g.writeObjectFieldStart("accounting");
        g.writeNumberField("requested", a.requested());
        g.writeNumberField("taken", a.taken());
        g.writeNumberField("late", a.late());
        g.writeNumberField("dropped", a.dropped());
        g.writeNumberField("failed", a.failed());
        g.writeNumberField("inFlight", a.inFlight());
        g.writeNumberField("skipped", a.skipped());
        g.writeNumberField("truncated", a.truncated());
        g.writeNumberField("latencyP50Nanos", a.latencyP50Nanos());
        g.writeNumberField("latencyP99Nanos", a.latencyP99Nanos());
        g.writeNumberField("latencyMaxNanos", a.latencyMaxNanos());
        g.writeNumberField("samples", a.samples());
        g.writeNumberField("idle", a.idle());
        g.writeNumberField("framesWalked", a.framesWalked());
        g.writeNumberField("frames", a.frames());
        g.writeNumberField("deferred", a.deferred());
        g.writeNumberField("pruned", a.pruned());
        if (a.latency() != null) {
            writeLatency(g, "latency", a.latency());
        }
        g.writeEndObject();
    }

    /** A latency histogram as {@code [[value, count], ...]}: each non-empty bucket's highest value. */
    private static void writeLatency(JsonGenerator g, String name, LatencyHistogram h) throws IOException {
        g.writeArrayFieldStart(name);
        for (int i = 0; i < h.bucketCount(); i++) {
            g.writeStartArray();
            g.writeNumber(h.valueAt(i));
            g.writeNumber(h.countAt(i));
            g.writeEndArray();
        }
        g.writeEndArray();
    }

    private static void writeLongs(JsonGenerator g, String name, long[] v) throws IOException {
        g.writeArrayFieldStart(name);
        for (long x : v) {
            g.writeNumber(x);
        }
        g.writeEndArray();
    }
}
