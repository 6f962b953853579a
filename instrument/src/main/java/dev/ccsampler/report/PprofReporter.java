package dev.ccsampler.report;

import dev.ccsampler.ccmap.CallSiteInfo;
import dev.ccsampler.ccmap.ContextNode;
import dev.ccsampler.ccmap.MethodInfo;
import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.ccmap.ThreadProfile;

import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.WireFormat;

import java.io.ByteArrayOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

/**
 * The {@code pprof} format: a gzipped {@code profile.proto} message, as read by {@code go tool pprof}
 * and every tool built on it.
 *
 * <ul>
 * <li>Sample types {@code samples/count} and {@code cpu/nanoseconds} (default); period type
 * {@code cpu/nanoseconds} with the sampling period. A sample weighs one period of CPU time.</li>
 * <li>One {@code Sample} per distinct stack per thread, with string label {@code thread} (the thread
 * name) and {@code context} (the polyglot context's number), and numeric label {@code thread_id}.</li>
 * <li>One {@code Function} per guest function: {@code name} is the root name, {@code system_name}
 * its unique label {@code name (file:line)}, {@code filename} the source path (or source name)
 * and {@code start_line} the first line of the root.</li>
 * <li>One {@code Location} per (function, line) with one {@code Line}. The line of a calling frame
 * is the line of the call site that leads to its callee when known, else the function's first line;
 * the top frame has its function's first line (samples record no line inside the top frame).</li>
 * <li>{@code time_nanos}/{@code duration_nanos} are the collection's wall-clock start and length;
 * a comment carries the sample accounting.</li>
 * </ul>
 *
 * <p>Encoded with protobuf-java's {@link CodedOutputStream} and the field numbers of
 * {@code profile.proto} rather than generated classes: the message is small and its numbering is
 * frozen, so this avoids a {@code protoc} build step and a second copy of the schema, and writes
 * without building an object graph of the whole profile.
 *
 * @since 0.1
 */
final class PprofReporter implements Reporter {

    // profile.proto field numbers (github.com/google/pprof/proto/profile.proto).
    private static final int PROFILE_SAMPLE_TYPE = 1;
    private static final int PROFILE_SAMPLE = 2;
    private static final int PROFILE_LOCATION = 4;
    private static final int PROFILE_FUNCTION = 5;
    private static final int PROFILE_STRING_TABLE = 6;
    private static final int PROFILE_TIME_NANOS = 9;
    private static final int PROFILE_DURATION_NANOS = 10;
    private static final int PROFILE_PERIOD_TYPE = 11;
    private static final int PROFILE_PERIOD = 12;
    private static final int PROFILE_COMMENT = 13;
    private static final int PROFILE_DEFAULT_SAMPLE_TYPE = 14;
    private static final int VALUE_TYPE_TYPE = 1;
    private static final int VALUE_TYPE_UNIT = 2;
    private static final int SAMPLE_LOCATION_ID = 1;
    private static final int SAMPLE_VALUE = 2;
    private static final int SAMPLE_LABEL = 3;
    private static final int LABEL_KEY = 1;
    private static final int LABEL_STR = 2;
    private static final int LABEL_NUM = 3;
    private static final int LOCATION_ID = 1;
    private static final int LOCATION_LINE = 4;
    private static final int LINE_FUNCTION_ID = 1;
    private static final int LINE_LINE = 2;
    private static final int FUNCTION_ID = 1;
    private static final int FUNCTION_NAME = 2;
    private static final int FUNCTION_SYSTEM_NAME = 3;
    private static final int FUNCTION_FILENAME = 4;
    private static final int FUNCTION_START_LINE = 5;

    @Override
    public void write(ProfileSnapshot snapshot, ReportOptions options, OutputStream out) throws IOException {
        ProfileSnapshot s = NoVisibleFrame.asFrame(options.summariseThreads() ? snapshot.mergeThreads() : snapshot);
        Encoder e = new Encoder(s);
        byte[] profile = e.encode();
        // The stream is ours to finish, the caller's to close.
        try (GZIPOutputStream gz = new GZIPOutputStream(new FilterOutputStream(out) {
            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                out.write(b, off, len);
            }

            @Override
            public void close() throws IOException {
                flush();
            }
        })) {
            gz.write(profile);
        }
    }

    /** Builds the tables while walking the trees, then writes the message. Single use. */
    private static final class Encoder {
        private final ProfileSnapshot s;
        private final Map<String, Integer> strings = new LinkedHashMap<>();
        /** location key (function id << 32 | line) → location id. */
        private final Map<Long, Integer> locations = new LinkedHashMap<>();
        private final boolean[] functionUsed;

        Encoder(ProfileSnapshot s) {
            this.s = s;
            this.functionUsed = new boolean[s.methods().size()];
            str("");
        }

        byte[] encode() throws IOException {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            CodedOutputStream c = CodedOutputStream.newInstance(bytes);
            c.writeByteArray(PROFILE_SAMPLE_TYPE, valueType("samples", "count"));
            c.writeByteArray(PROFILE_SAMPLE_TYPE, valueType("cpu", "nanoseconds"));
            long period = s.meta().periodNanos();
            for (ThreadProfile t : s.threads()) {
                for (Map.Entry<Key, Long> sample : stacksOf(t).entrySet()) {
                    c.writeByteArray(PROFILE_SAMPLE, sample(sample.getKey().ids, sample.getValue(), period, t));
                }
            }
            for (Map.Entry<Long, Integer> loc : locations.entrySet()) {
                c.writeByteArray(PROFILE_LOCATION, location(loc.getValue(), (int) (loc.getKey() >>> 32), (int) (long) loc.getKey()));
            }
            for (int m = 0; m < functionUsed.length; m++) {
                if (functionUsed[m]) {
                    c.writeByteArray(PROFILE_FUNCTION, function(s.method(m)));
                }
            }
            long startNanos = s.meta().startEpochMillis() * 1_000_000L;
            c.writeInt64(PROFILE_TIME_NANOS, startNanos);
            c.writeInt64(PROFILE_DURATION_NANOS, Math.max(0, s.meta().endEpochMillis() - s.meta().startEpochMillis()) * 1_000_000L);
            c.writeByteArray(PROFILE_PERIOD_TYPE, valueType("cpu", "nanoseconds"));
            c.writeInt64(PROFILE_PERIOD, period);
            c.writeInt64(PROFILE_COMMENT, str("ccsampler: " + s.accounting().summaryLine()));
            c.writeInt64(PROFILE_DEFAULT_SAMPLE_TYPE, str("cpu"));
            // The string table goes last: every string above has been interned by now.
            for (String str : strings.keySet()) {
                c.writeString(PROFILE_STRING_TABLE, str);
            }
            c.flush();
            return bytes.toByteArray();
        }

        /** Distinct stacks (location ids, leaf first) of a thread with their self counts, in tree order. */
        private Map<Key, Long> stacksOf(ThreadProfile t) {
            Map<Key, Long> stacks = new LinkedHashMap<>();
            ProfileSnapshot.forEachNode(t.root(), n -> {
                long self = n.self();
                if (self > 0) {
                    List<ContextNode> path = ProfileSnapshot.path(n);
                    long[] ids = new long[path.size()];
                    for (int i = 0; i < path.size(); i++) {
                        ContextNode frame = path.get(i);
                        ContextNode callee = i + 1 < path.size() ? path.get(i + 1) : null;
                        // pprof wants the leaf first.
                        ids[path.size() - 1 - i] = locationId(frame.method(), lineOf(frame, callee));
                    }
                    stacks.merge(new Key(ids), self, Long::sum);
                }
            });
            return stacks;
        }

        private int lineOf(ContextNode frame, ContextNode callee) {
            if (callee != null && callee.callSite() >= 0 && callee.callSite() < s.callSites().size()) {
                CallSiteInfo site = s.callSites().get(callee.callSite());
                if (site.line() > 0) {
                    return site.line();
                }
            }
            return Math.max(0, s.method(frame.method()).line());
        }

        private long locationId(int method, int line) {
            functionUsed[method] = true;
            long key = ((long) method << 32) | (line & 0xffffffffL);
            return locations.computeIfAbsent(key, k -> locations.size() + 1);
        }

        private byte[] sample(long[] locationIds, long count, long period, ThreadProfile t) throws IOException {
            return message(c -> {
                writePacked(c, SAMPLE_LOCATION_ID, locationIds, true);
                writePacked(c, SAMPLE_VALUE, new long[]{count, count * period}, false);
                c.writeByteArray(SAMPLE_LABEL, message(l -> {
                    l.writeInt64(LABEL_KEY, str("thread"));
                    l.writeInt64(LABEL_STR, str(t.threadName()));
                }));
                c.writeByteArray(SAMPLE_LABEL, message(l -> {
                    l.writeInt64(LABEL_KEY, str("thread_id"));
                    l.writeInt64(LABEL_NUM, t.threadId());
                }));
                c.writeByteArray(SAMPLE_LABEL, message(l -> {
                    // A string: protobuf drops a numeric 0, and pprof then drops the label.
                    l.writeInt64(LABEL_KEY, str("context"));
                    l.writeInt64(LABEL_STR, str(t.context() < 0 && t.threadId() >= 0 ? "closed" : Integer.toString(t.context())));
                }));
            });
        }

        private byte[] location(int id, int method, int line) throws IOException {
            return message(c -> {
                c.writeUInt64(LOCATION_ID, id);
                c.writeByteArray(LOCATION_LINE, message(l -> {
                    l.writeUInt64(LINE_FUNCTION_ID, method + 1L);
                    l.writeInt64(LINE_LINE, line);
                }));
            });
        }

        private byte[] function(MethodInfo m) throws IOException {
            return message(c -> {
                c.writeUInt64(FUNCTION_ID, m.id() + 1L);
                c.writeInt64(FUNCTION_NAME, str(m.name()));
                c.writeInt64(FUNCTION_SYSTEM_NAME, str(m.label()));
                c.writeInt64(FUNCTION_FILENAME, str(m.path() != null ? m.path() : m.source()));
                c.writeInt64(FUNCTION_START_LINE, Math.max(0, m.line()));
            });
        }

        private byte[] valueType(String type, String unit) throws IOException {
            return message(c -> {
                c.writeInt64(VALUE_TYPE_TYPE, str(type));
                c.writeInt64(VALUE_TYPE_UNIT, str(unit));
            });
        }

        private int str(String v) {
            return strings.computeIfAbsent(v == null ? "" : v, k -> strings.size());
        }

        private static void writePacked(CodedOutputStream c, int field, long[] values, boolean unsigned) throws IOException {
            int size = 0;
            for (long v : values) {
                size += unsigned ? CodedOutputStream.computeUInt64SizeNoTag(v) : CodedOutputStream.computeInt64SizeNoTag(v);
            }
            c.writeTag(field, WireFormat.WIRETYPE_LENGTH_DELIMITED);
            c.writeUInt32NoTag(size);
            for (long v : values) {
                if (unsigned) {
                    c.writeUInt64NoTag(v);
                } else {
                    c.writeInt64NoTag(v);
                }
            }
        }

        private static byte[] message(Body body) throws IOException {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            CodedOutputStream c = CodedOutputStream.newInstance(bytes);
            body.write(c);
            c.flush();
            return bytes.toByteArray();
        }
    }

    @FunctionalInterface
    private interface Body {
        void write(CodedOutputStream c) throws IOException;
    }

    /** A stack of location ids as a map key. */
    private record Key(long[] ids) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Arrays.equals(ids, k.ids);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(ids);
        }

        @Override
        public String toString() {
            return Arrays.toString(ids);
        }
    }
}
