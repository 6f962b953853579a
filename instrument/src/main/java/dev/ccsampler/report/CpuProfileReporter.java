package dev.ccsampler.report;

import dev.ccsampler.ccmap.ContextNode;
import dev.ccsampler.ccmap.MethodInfo;
import dev.ccsampler.ccmap.ProfileSnapshot;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteFeature;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code cpuprofile} format: a Chrome DevTools protocol {@code Profiler.Profile} as JSON, opened
 * by Chrome DevTools (Performance panel, "Load profile"), VS Code and speedscope.
 *
 * <ul>
 * <li><b>Threads are merged</b> ({@link ProfileSnapshot#mergeThreads()}): the format has one
 * thread. Use {@code speedscope} or {@code pprof} to keep threads apart.</li>
 * <li>{@code nodes}: node 1 is {@code (root)}; every calling context of the merged tree is one node
 * with {@code callFrame} {@code functionName} (root name), {@code scriptId} (a number per source,
 * as a string), {@code url} (source path, or source name), 0-based {@code lineNumber} and
 * {@code columnNumber} of the root's start (-1 when unknown), {@code hitCount} (self samples)
 * and {@code children} ids.</li>
 * <li>{@code samples}: one node id per applied sample, the self samples of each context together, in
 * depth-first order of the tree (the CC-Map keeps no order).</li>
 * <li><b>Time.</b> Readers give a sample the time up to the next sample's timestamp. So the first
 * sample is at {@code startTime} (delta 0), every following one a sampling period (in µs) later,
 * and one closing sample on {@code (root)} ends the last real sample; it lasts nothing (it is at
 * {@code endTime}) and is the root's one {@code hitCount}. The time DevTools or speedscope adds up
 * per function is then the CPU time the profile claims ({@code samples × period}), also when
 * several threads were merged. {@code startTime} is the collection's wall-clock start in µs and
 * {@code endTime = startTime + samples × period}, which exceeds the wall-clock end when threads
 * ran in parallel: the axis is CPU time laid end to end, not a timeline.</li>
 * </ul>
 *
 * @since 0.1
 */
final class CpuProfileReporter implements Reporter {

    @Override
    public void write(ProfileSnapshot snapshot, ReportOptions options, OutputStream out) throws IOException {
        ProfileSnapshot s = NoVisibleFrame.asFrame(snapshot.mergeThreads());
        ContextNode root = s.threads().isEmpty() ? null : s.threads().get(0).root();
        // Node ids in depth-first pre-order; 1 is the root.
        Map<ContextNode, Integer> ids = new IdentityHashMap<>();
        List<ContextNode> order = new ArrayList<>();
        if (root != null) {
            ids.put(root, 1);
            order.add(root);
            ProfileSnapshot.forEachNode(root, n -> {
                ids.put(n, ids.size() + 1);
                order.add(n);
            });
        }
        Map<String, Integer> scriptIds = new LinkedHashMap<>();
        long deltaMicros = Math.max(1, Math.round(s.meta().periodNanos() / 1000.0));
        long samples = root == null ? 0 : root.total();
        long start = s.meta().startEpochMillis() * 1000L;

        JsonFactory factory = JsonFactory.builder().disable(StreamWriteFeature.AUTO_CLOSE_TARGET).build();
        try (JsonGenerator g = factory.createGenerator(out, JsonEncoding.UTF8)) {
            g.writeStartObject();
            g.writeArrayFieldStart("nodes");
            if (root == null) {
                writeRootOnly(g);
            }
            for (ContextNode n : order) {
                g.writeStartObject();
                g.writeNumberField("id", ids.get(n));
                g.writeObjectFieldStart("callFrame");
                if (n.method() < 0) {
                    writeFrame(g, "(root)", "0", "", -1, -1);
                } else {
                    MethodInfo m = s.method(n.method());
                    String url = m.path() != null ? m.path() : m.source();
                    String scriptId = Integer.toString(scriptIds.computeIfAbsent(url, k -> scriptIds.size() + 1));
                    writeFrame(g, m.name(), scriptId, url, m.line() - 1, m.column() > 0 ? m.column() - 1 : -1);
                }
                g.writeEndObject();
                g.writeNumberField("hitCount", n.method() < 0 ? 1 : n.self());
                if (!n.children().isEmpty()) {
                    g.writeArrayFieldStart("children");
                    for (ContextNode c : n.children()) {
                        g.writeNumber(ids.get(c));
                    }
                    g.writeEndArray();
                }
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeNumberField("startTime", start);
            g.writeNumberField("endTime", start + samples * deltaMicros);
            g.writeArrayFieldStart("samples");
            for (ContextNode n : order) {
                if (n.method() < 0) {
                    continue;
                }
                int id = ids.get(n);
                for (long i = n.self(); i > 0; i--) {
                    g.writeNumber(id);
                }
            }
            g.writeNumber(1); // closing sample, see the class comment
            g.writeEndArray();
            g.writeArrayFieldStart("timeDeltas");
            g.writeNumber(0);
            for (long i = 0; i < samples; i++) {
                g.writeNumber(deltaMicros);
            }
            g.writeEndArray();
            g.writeEndObject();
        }
    }

    private static void writeRootOnly(JsonGenerator g) throws IOException {
        g.writeStartObject();
        g.writeNumberField("id", 1);
        g.writeObjectFieldStart("callFrame");
        writeFrame(g, "(root)", "0", "", -1, -1);
        g.writeEndObject();
        g.writeNumberField("hitCount", 1);
        g.writeEndObject();
    }

    private static void writeFrame(JsonGenerator g, String name, String scriptId, String url, int line, int column) throws IOException {
        g.writeStringField("functionName", name);
        g.writeStringField("scriptId", scriptId);
        g.writeStringField("url", url);
        g.writeNumberField("lineNumber", Math.max(-1, line));
        g.writeNumberField("columnNumber", Math.max(-1, column));
    }
}
