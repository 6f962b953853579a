package dev.ccsampler.report;

import dev.ccsampler.ccmap.ContextNode;
import dev.ccsampler.ccmap.MethodInfo;
import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.ccmap.ThreadProfile;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteFeature;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;

/**
 * The {@code speedscope} format: speedscope's own file format
 * ({@code https://www.speedscope.app/file-format-schema.json}), opened by dropping the file on
 * speedscope or with {@code speedscope FILE}.
 *
 * <ul>
 * <li>{@code shared.frames}: one frame per guest function with its root {@code name}, {@code file}
 * (source path, or source name when there is no path), 1-based {@code line} and {@code col} when
 * known. Frame {@code i} is method id {@code i}.</li>
 * <li>One {@code sampled} profile per thread (and polyglot context), named
 * {@code thread-name #id} (plus {@code , context N} for contexts after the first). Each calling
 * context with self samples is one stack (root first) with weight {@code self × period} in
 * {@code nanoseconds}, in depth-first order of the tree, so speedscope's "Time Order" view is the
 * tree laid out, not a timeline (the CC-Map keeps no order). {@code startValue} is 0 and
 * {@code endValue} the thread's samples × period.</li>
 * </ul>
 *
 * @since 0.1
 */
final class SpeedscopeReporter implements Reporter {

    static final String SCHEMA = "https://www.speedscope.app/file-format-schema.json";

    @Override
    public void write(ProfileSnapshot snapshot, ReportOptions options, OutputStream out) throws IOException {
        ProfileSnapshot s = NoVisibleFrame.asFrame(options.summariseThreads() ? snapshot.mergeThreads() : snapshot);
        long period = s.meta().periodNanos();
        JsonFactory factory = JsonFactory.builder().disable(StreamWriteFeature.AUTO_CLOSE_TARGET).build();
        try (JsonGenerator g = factory.createGenerator(out, JsonEncoding.UTF8)) {
            g.writeStartObject();
            g.writeStringField("$schema", SCHEMA);
            g.writeStringField("name", options.title());
            g.writeStringField("exporter", "ccsampler");
            g.writeNumberField("activeProfileIndex", 0);
            g.writeObjectFieldStart("shared");
            g.writeArrayFieldStart("frames");
            for (MethodInfo m : s.methods()) {
                g.writeStartObject();
                g.writeStringField("name", m.name());
                g.writeStringField("file", m.path() != null ? m.path() : m.source());
                if (m.line() > 0) {
                    g.writeNumberField("line", m.line());
                }
                if (m.column() > 0) {
                    g.writeNumberField("col", m.column());
                }
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
            g.writeArrayFieldStart("profiles");
            for (ThreadProfile t : s.threads()) {
                writeProfile(g, t, period);
            }
            g.writeEndArray();
            g.writeEndObject();
        }
    }

    private static void writeProfile(JsonGenerator g, ThreadProfile t, long period) throws IOException {
        g.writeStartObject();
        g.writeStringField("type", "sampled");
        g.writeStringField("name", t.threadName() + " #" + t.threadId() + (t.context() != 0 && t.threadId() >= 0 ? ", " + t.contextLabel() : ""));
        g.writeStringField("unit", "nanoseconds");
        g.writeNumberField("startValue", 0);
        g.writeNumberField("endValue", t.root().total() * period);
        g.writeArrayFieldStart("samples");
        IOException[] failure = {null};
        ProfileSnapshot.forEachNode(t.root(), n -> {
            if (n.self() > 0 && failure[0] == null) {
                try {
                    List<ContextNode> path = ProfileSnapshot.path(n);
                    g.writeStartArray();
                    for (ContextNode f : path) {
                        g.writeNumber(f.method());
                    }
                    g.writeEndArray();
                } catch (IOException e) {
                    failure[0] = e;
                }
            }
        });
        if (failure[0] != null) {
            throw failure[0];
        }
        g.writeEndArray();
        g.writeArrayFieldStart("weights");
        ProfileSnapshot.forEachNode(t.root(), n -> {
            if (n.self() > 0 && failure[0] == null) {
                try {
                    g.writeNumber(n.self() * period);
                } catch (IOException e) {
                    failure[0] = e;
                }
            }
        });
        if (failure[0] != null) {
            throw failure[0];
        }
        g.writeEndArray();
        g.writeEndObject();
    }
}
