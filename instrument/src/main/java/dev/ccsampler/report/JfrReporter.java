package dev.ccsampler.report;

import dev.ccsampler.ccmap.CallSiteInfo;
import dev.ccsampler.ccmap.ContextNode;
import dev.ccsampler.ccmap.MethodInfo;
import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.ccmap.ThreadProfile;
import dev.ccsampler.ccmap.Tier;

import org.openjdk.jmc.flightrecorder.writer.api.Recording;
import org.openjdk.jmc.flightrecorder.writer.api.Recordings;
import org.openjdk.jmc.flightrecorder.writer.api.Type;
import org.openjdk.jmc.flightrecorder.writer.api.TypedValue;
import org.openjdk.jmc.flightrecorder.writer.api.Types;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code jfr} format: a JFR recording in which every applied guest sample is one standard
 * {@code jdk.ExecutionSample} event, so JDK Mission Control, {@code jfr print}/{@code jfr view},
 * IntelliJ and async-profiler's converters show guest code where they usually show Java code.
 *
 * <p>Each event has the fields of the JDK's own {@code jdk.ExecutionSample}, in its order:
 * {@code startTime} (ticks of 1 ns), {@code sampledThread}, {@code state}
 * ({@code STATE_RUNNABLE}) and {@code stackTrace}. A guest frame is written as a Java frame:
 * <ul>
 * <li>class = the source name ({@code main.js}), method = the root name, descriptor {@code ()V}
 * (tools parse it as a JVM descriptor, so {@code jfr print} shows {@code main.js.fib() line: 12});</li>
 * <li>line number = for a calling frame the line of the call site leading to its callee when
 * known, else (and for the top frame) the first line of the root;</li>
 * <li>frame type = the tier label ({@code interpreted}, {@code first tier}, {@code last tier},
 * {@code inlined}). The top frame's tier is exact (self counts are kept per tier); a calling
 * frame's is its context node's dominant tier, since the CC-Map does not keep which tier each
 * caller ran in for each sample.</li>
 * </ul>
 *
 * <p><b>Timestamps.</b> The CC-Map keeps counts, not times. The {@code n} samples of a thread are
 * laid out in depth-first order of its tree (the self samples of one context together) and spread
 * evenly over the collection's wall-clock range: sample {@code k} is at
 * {@code start + (k + 1/2) * (end - start) / n}. When the range is empty they are one period apart.
 *
 * <p>Written with JMC's flight recorder writer ({@code org.openjdk.jmc:flightrecorder.writer}). Its
 * built-in JDK types ({@code withJdkTypeInitialization}) are not used: they put
 * {@code jdk.types.StackFrame} in a constant pool, and the JDK's parser then hands
 * {@code RecordedStackTrace.getFrames()} constant objects where it expects inline structs and fails
 * with a {@code ClassCastException}. So the JDK types an execution sample needs are registered here
 * under their JDK names with the JDK's field names, {@code StackFrame} without a constant pool.
 * {@code jdk.ExecutionSample} itself is registered with {@code registerType} under the
 * {@code jdk.jfr.Event} supertype rather than {@code registerEventType}, because the latter puts
 * {@code stackTrace} and {@code eventThread} before {@code startTime} while the JDK's parser reads
 * {@code startTime} as an event's first field.
 *
 * @since 0.1
 */
final class JfrReporter implements Reporter {

    private static final String EXECUTION_SAMPLE = "jdk.ExecutionSample";
    private static final String THREAD_STATE = "jdk.types.ThreadState";

    @Override
    public void write(ProfileSnapshot snapshot, ReportOptions options, OutputStream out) throws IOException {
        ProfileSnapshot s = NoVisibleFrame.asFrame(options.summariseThreads() ? snapshot.mergeThreads() : snapshot);
        long startNanos = s.meta().startEpochMillis() * 1_000_000L;
        long spanNanos = Math.max(0, s.meta().endEpochMillis() - s.meta().startEpochMillis()) * 1_000_000L;
        // One tick is one nanosecond (fixed by the writer); ticks are epoch nanoseconds here.
        OutputStream keepOpen = new FilterOutputStream(out) {
            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                out.write(b, off, len);
            }

            @Override
            public void close() throws IOException {
                flush();
            }
        };
        try (Recording rec = Recordings.newRecording(keepOpen,
                        b -> b.withTimestamp(startNanos).withStartTicks(startNanos).withDuration(spanNanos))) {
            Writer w = new Writer(s, rec);
            for (ThreadProfile t : s.threads()) {
                w.thread(t, startNanos, spanNanos);
            }
        }
    }

    /** Writes the events of one snapshot into one recording. Single use, one thread. */
    private static final class Writer {
        private final ProfileSnapshot s;
        private final Recording rec;
        private final Type eventType;
        private final Type frameType;
        private final Type methodType;
        private final Type classType;
        private final Type threadType;
        private final Type stackTraceType;
        private final TypedValue runnable;
        private final Map<Long, TypedValue> frames = new HashMap<>();
        private final Map<Integer, TypedValue> methodValues = new HashMap<>();

        Writer(ProfileSnapshot s, Recording rec) {
            this.s = s;
            this.rec = rec;
            Types types = rec.getTypes();
            for (String a : new String[]{"jdk.jfr.Label", "jdk.jfr.Description", "jdk.jfr.Timestamp"}) {
                rec.registerAnnotationType(a, b -> b.addField("value", Types.Builtin.STRING));
            }
            Type symbol = rec.registerType("jdk.types.Symbol", b -> b.addField("string", Types.Builtin.STRING));
            Type group = rec.registerType("jdk.types.ThreadGroup", b -> b.addField("parent", b.selfType()).addField("name", Types.Builtin.STRING));
            this.threadType = rec.registerType("java.lang.Thread", b -> b
                            .addField("osName", Types.Builtin.STRING)
                            .addField("osThreadId", Types.Builtin.LONG)
                            .addField("javaName", Types.Builtin.STRING)
                            .addField("javaThreadId", Types.Builtin.LONG)
                            .addField("group", group)
                            .addField("virtual", Types.Builtin.BOOLEAN));
            this.classType = rec.registerType("java.lang.Class", b -> b
                            .addField("name", symbol)
                            .addField("modifiers", Types.Builtin.INT)
                            .addField("hidden", Types.Builtin.BOOLEAN));
            this.methodType = rec.registerType("jdk.types.Method", b -> b
                            .addField("type", classType)
                            .addField("name", symbol)
                            .addField("descriptor", symbol)
                            .addField("modifiers", Types.Builtin.INT)
                            .addField("hidden", Types.Builtin.BOOLEAN));
            Type frameKind = rec.registerType("jdk.types.FrameType", b -> b.addField("description", Types.Builtin.STRING));
            // Inline, as in the JDK's own recordings: its parser reads frames as plain structs.
            this.frameType = types.getOrAdd("jdk.types.StackFrame", false, b -> b
                            .addField("method", methodType)
                            .addField("lineNumber", Types.Builtin.INT)
                            .addField("bytecodeIndex", Types.Builtin.INT)
                            .addField("type", frameKind));
            this.stackTraceType = rec.registerType("jdk.types.StackTrace", b -> b
                            .addField("truncated", Types.Builtin.BOOLEAN)
                            .addField("frames", frameType, f -> f.asArray()));
            Type state = rec.registerType(THREAD_STATE, b -> b.addField("name", Types.Builtin.STRING));
            Type label = rec.getType("jdk.jfr.Label");
            Type description = rec.getType("jdk.jfr.Description");
            Type timestamp = rec.getType("jdk.jfr.Timestamp");
            this.eventType = rec.registerType(EXECUTION_SAMPLE, "jdk.jfr.Event", b -> b
                            .addField("startTime", Types.Builtin.LONG, f -> f.addAnnotation(timestamp, "TICKS"))
                            .addField("sampledThread", threadType)
                            .addField("state", state)
                            .addField("stackTrace", stackTraceType)
                            .addAnnotation(label, "Method Profiling Sample")
                            .addAnnotation(description, "Guest-language sample taken by ccsampler"));
            this.runnable = state.asValue(b -> b.putField("name", "STATE_RUNNABLE"));
        }

        void thread(ThreadProfile t, long startNanos, long spanNanos) {
            long n = t.root().total();
            if (n == 0) {
                return;
            }
            String name = t.threadName();
            TypedValue thread = threadType.asValue(b -> b
                            .putField("osName", name)
                            .putField("osThreadId", t.threadId())
                            .putField("javaName", name)
                            .putField("javaThreadId", t.threadId())
                            .putField("virtual", false));
            long period = s.meta().periodNanos();
            long[] k = {0};
            ProfileSnapshot.forEachNode(t.root(), node -> {
                if (node.self() == 0) {
                    return;
                }
                List<ContextNode> path = ProfileSnapshot.path(node);
                for (int tier = 0; tier < Tier.COUNT; tier++) {
                    long count = node.selfByTier()[tier];
                    if (count == 0) {
                        continue;
                    }
                    TypedValue stack = stackTrace(path, Tier.of(tier));
                    for (long i = 0; i < count; i++, k[0]++) {
                        long ticks = startNanos + (spanNanos > 0 ? (long) ((k[0] + 0.5) * spanNanos / n) : k[0] * period);
                        rec.writeEvent(eventType.asValue(b -> b
                                        .putField("startTime", ticks)
                                        .putField("sampledThread", thread)
                                        .putField("state", runnable)
                                        .putField("stackTrace", stack)));
                    }
                }
            });
        }

        /** The stack of {@code path} (outermost first) with the top frame in {@code topTier}; JFR wants the top first. */
        private TypedValue stackTrace(List<ContextNode> path, Tier topTier) {
            TypedValue[] fs = new TypedValue[path.size()];
            for (int i = 0; i < path.size(); i++) {
                ContextNode frame = path.get(i);
                boolean top = i == path.size() - 1;
                int line = top ? lineOf(frame.method()) : callingLine(frame, path.get(i + 1));
                Tier tier = top ? topTier : frame.dominantTier();
                fs[path.size() - 1 - i] = frame(frame.method(), line, tier);
            }
            return stackTraceType.asValue(b -> b.putField("truncated", false).putField("frames", fs));
        }

        private int callingLine(ContextNode frame, ContextNode callee) {
            if (callee.callSite() >= 0 && callee.callSite() < s.callSites().size()) {
                CallSiteInfo site = s.callSites().get(callee.callSite());
                if (site.line() > 0) {
                    return site.line();
                }
            }
            return lineOf(frame.method());
        }

        private int lineOf(int method) {
            return Math.max(0, s.method(method).line());
        }

        private TypedValue frame(int method, int line, Tier tier) {
            long key = ((long) method << 34) | ((long) line << 2) | tier.ordinal();
            return frames.computeIfAbsent(key, x -> frameType.asValue(b -> b
                            .putField("method", method(method))
                            .putField("lineNumber", line)
                            .putField("bytecodeIndex", 0)
                            .putField("type", tier.label())));
        }

        private TypedValue method(int id) {
            return methodValues.computeIfAbsent(id, x -> {
                MethodInfo m = s.method(id);
                TypedValue cls = classType.asValue(b -> b
                                .putField("name", m.source())
                                .putField("modifiers", 0)
                                .putField("hidden", false));
                return methodType.asValue(b -> b
                                .putField("type", cls)
                                .putField("name", m.name())
                                .putField("descriptor", "()V")
                                .putField("modifiers", 0)
                                .putField("hidden", m.internal()));
            });
        }
    }
}
