package dev.ccsampler.exhaustive;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteConstraints;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayDeque;
import java.util.Collection;

/**
 * Writes exhaustive trees as {@code ccsampler-cct} JSON, version 1:
 *
 * <pre>
 * {"format":"ccsampler-cct","version":1,
 *  "threads":[{"name":"main","id":1,"context":0,"mismatchedExits":0,
 *              "root":{"children":[{"language":"js","name":"f","source":"a.js","line":3,"calls":2,
 *                                   "children":[...]}]}}]}
 * </pre>
 *
 * The tree is walked with an explicit stack, so any depth can be written without growing the Java
 * stack; Jackson's nesting limit is lifted for the same reason.
 *
 * @since 0.1
 */
public final class CctJsonWriter {

    /**
     * Value of the {@code format} field.
     *
     * @since 0.1
     */
    public static final String FORMAT = "ccsampler-cct";
    /**
     * Value of the {@code version} field.
     *
     * @since 0.1
     */
    public static final int VERSION = 1;

    private static final JsonFactory FACTORY = JsonFactory.builder()
                    .streamWriteConstraints(StreamWriteConstraints.builder().maxNestingDepth(Integer.MAX_VALUE).build())
                    .build();

    private CctJsonWriter() {
    }

    /**
     * Writes {@code threads} to {@code out} (not closed).
     *
     * @since 0.1
     */
    public static void write(Collection<ThreadTrace> threads, OutputStream out) throws IOException {
        try (JsonGenerator g = FACTORY.createGenerator(out, JsonEncoding.UTF8)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.writeStartObject();
            g.writeStringField("format", FORMAT);
            g.writeNumberField("version", VERSION);
            g.writeArrayFieldStart("threads");
            for (ThreadTrace t : threads) {
                g.writeStartObject();
                g.writeStringField("name", t.threadName());
                g.writeNumberField("id", t.threadId());
                g.writeNumberField("context", t.context());
                g.writeNumberField("mismatchedExits", t.mismatchedExits());
                g.writeFieldName("root");
                g.writeStartObject();
                writeChildren(g, t.root());
                g.writeEndObject();
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
    }

    /** Writes {@code "children":[...]} of {@code top} and everything below it, iteratively. */
    private static void writeChildren(JsonGenerator g, TraceNode top) throws IOException {
        // Each stack entry is a node whose "children" array is open; next[] is the next child to write.
        ArrayDeque<TraceNode> nodes = new ArrayDeque<>();
        ArrayDeque<int[]> next = new ArrayDeque<>();
        g.writeArrayFieldStart("children");
        nodes.push(top);
        next.push(new int[]{0});
        while (!nodes.isEmpty()) {
            TraceNode n = nodes.peek();
            int[] i = next.peek();
            if (i[0] == n.childCount()) {
                g.writeEndArray();
                nodes.pop();
                next.pop();
                if (!nodes.isEmpty()) {
                    g.writeEndObject(); // closes the child object whose array just ended
                }
                continue;
            }
            TraceNode c = n.child(i[0]++);
            TracedMethod m = c.method();
            g.writeStartObject();
            g.writeStringField("language", m.language());
            g.writeStringField("name", m.name());
            g.writeStringField("source", m.source());
            g.writeNumberField("line", m.line());
            g.writeNumberField("calls", c.calls());
            g.writeArrayFieldStart("children");
            nodes.push(c);
            next.push(new int[]{0});
        }
    }
}
