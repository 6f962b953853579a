package dev.ccsampler.feedback;

import jdk.jfr.FlightRecorder;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingStream;

import java.util.HashMap;
import java.util.Map;

/**
 * The Truffle runtime's compiler events, per guest root, observed in-process while feedback runs,
 * so each hint can say how often its roots were compiled, deoptimized and invalidated since the
 * hint was logged. Two ways in, the cheaper first:
 *
 * <ol>
 * <li>the runtime's own listener ({@code OptimizedTruffleRuntimeListener}, added with
 * {@code OptimizedTruffleRuntime.addListener}): its package is not exported, so this works only
 * where the runtime's classes are reachable, that is when {@code truffle-runtime} is on the class
 * path (an embedding's usual setup, and the bench's); it costs nothing until an event happens;
 * <li>otherwise (the module path, or another runtime version) the events Truffle's JFR listener
 * publishes, read with a {@link RecordingStream}. Starting JFR costs warm-up: on a 2-core machine
 * a 2-second program took 17 % longer with the stream alone (docs/feedback.md, "Why the listener
 * first").
 * </ol>
 *
 * The JFR events are
 * <ul>
 * <li>{@value #COMPILATION} ({@code success} true counts),
 * <li>{@value #DEOPTIMIZATION} (compiled code fell back to the interpreter),
 * <li>{@value #INVALIDATION} (compiled code was invalidated, with a reason),
 * </ul>
 * each with {@code language}, {@code rootFunction} (the root's name) and {@code source}
 * ({@code <source name>:<line> 0x<hash>}). A root is matched by language, name, source name and
 * first line, which is also how split copies count for their original. The events are JVM-wide:
 * another engine in the same JVM running the same source adds to the counts (docs/feedback.md).
 *
 * <p>Threading: the JFR stream's own thread adds events; any thread counts them; both under this
 * object's monitor. At most {@link #MAX_EVENTS} events are kept, later ones are counted as dropped.
 */
final class CompilerEvents implements AutoCloseable {

    static final String COMPILATION = "jdk.graal.compiler.truffle.Compilation";
    static final String DEOPTIMIZATION = "jdk.graal.compiler.truffle.Deoptimization";
    static final String INVALIDATION = "jdk.graal.compiler.truffle.AssumptionInvalidation";
    /** System property that, set to {@code jfr}, skips the runtime listener: to compare the two ways, and to test JFR's. */
    static final String EVENTS_PROPERTY = "ccsampler.compilerEvents";
    /** Events kept in memory: 100 000 (a few MB); a run with more compiler events is pathological. */
    static final int MAX_EVENTS = 100_000;

    /** What is counted. */
    enum Kind {
        COMPILATION,
        DEOPTIMIZATION,
        INVALIDATION
    }

    /** Counts of one root (or several) from some time on. */
    record Counts(long compilations, long deoptimizations, long invalidations) {
        Counts plus(Counts o) {
            return new Counts(compilations + o.compilations, deoptimizations + o.deoptimizations, invalidations + o.invalidations);
        }
    }

    private final RecordingStream stream;
    /** Removes the runtime listener; null when the events come from JFR or not at all. */
    private volatile Runnable removeListener;
    /** Null when available; otherwise why not. */
    private final String unavailable;
    /** Per root key ({@link #key}), the epoch milliseconds of its events, one array per {@link Kind}. Guarded by this. */
    private final Map<String, Times[]> byRoot = new HashMap<>();
    private int kept;
    private long dropped;

    private CompilerEvents(RecordingStream stream, String unavailable) {
        this.stream = stream;
        this.unavailable = unavailable;
    }

    /** Events that cannot be observed, and why. */
    static CompilerEvents unavailable(String why) {
        return new CompilerEvents(null, why);
    }

    /**
     * Starts observing: a JFR recording in this process with the three events only, no stack traces,
     * read as a stream on its own daemon thread. Never throws: the fallback runtime, or a JVM
     * without JFR, gives an unavailable instance that says why.
     */
    static CompilerEvents start(boolean optimizing, String runtimeName) {
        if (!optimizing) {
            return unavailable("the " + runtimeName + " runtime compiles nothing");
        }
        CompilerEvents viaListener = "jfr".equals(System.getProperty(EVENTS_PROPERTY)) ? null : listen();
        if (viaListener != null) {
            return viaListener;
        }
        try {
            if (!FlightRecorder.isAvailable()) {
                return unavailable("JFR is not available in this JVM");
            }
            registerTruffleEvents();
            RecordingStream rs = new RecordingStream();
            CompilerEvents e = new CompilerEvents(rs, null);
            rs.enable(COMPILATION).withoutStackTrace();
            rs.enable(DEOPTIMIZATION).withoutStackTrace();
            rs.enable(INVALIDATION).withoutStackTrace();
            rs.onEvent(COMPILATION, ev -> {
                if (ev.hasField("success") && ev.getBoolean("success")) {
                    e.add(ev, Kind.COMPILATION);
                }
            });
            rs.onEvent(DEOPTIMIZATION, ev -> e.add(ev, Kind.DEOPTIMIZATION));
            rs.onEvent(INVALIDATION, ev -> e.add(ev, Kind.INVALIDATION));
            rs.setReuse(true);
            rs.setMaxAge(java.time.Duration.ofSeconds(10)); // events are copied out at once; the disk repository need not keep them
            rs.startAsync();
            return e;
        } catch (RuntimeException | LinkageError x) {
            // IllegalStateException (JFR disabled), SecurityException, NoClassDefFoundError (no jdk.jfr): the run goes on without counts
            return unavailable("JFR could not be started (" + x + ")");
        }
    }

    /**
     * Adds a listener to the runtime, where its listener interface can be reached (see the class
     * comment); null where it cannot. The interface has many methods, most with default bodies that
     * call older overloads: a proxy receives whichever one the runtime calls, once per event, and
     * only the three counted names do anything.
     */
    static CompilerEvents listen() {
        try {
            Object runtime = com.oracle.truffle.api.Truffle.getRuntime();
            ClassLoader loader = runtime.getClass().getClassLoader();
            Class<?> type = Class.forName("com.oracle.truffle.runtime.OptimizedTruffleRuntimeListener", false, loader);
            java.lang.reflect.Method add = runtime.getClass().getMethod("addListener", type);
            java.lang.reflect.Method remove = runtime.getClass().getMethod("removeListener", type);
            CompilerEvents e = new CompilerEvents(null, null);
            Object listener = java.lang.reflect.Proxy.newProxyInstance(loader, new Class<?>[]{type}, (proxy, m, args) -> {
                switch (m.getName()) {
                    case "onCompilationSuccess" -> e.fromTarget(args[0], Kind.COMPILATION);
                    case "onCompilationDeoptimized" -> e.fromTarget(args[0], Kind.DEOPTIMIZATION);
                    case "onCompilationInvalidated" -> e.fromTarget(args[0], Kind.INVALIDATION);
                    case "hashCode" -> {
                        return System.identityHashCode(proxy);
                    }
                    case "equals" -> {
                        return proxy == args[0];
                    }
                    case "toString" -> {
                        return "ccsampler compiler events";
                    }
                    default -> {
                    }
                }
                return null;
            });
            add.invoke(runtime, listener);
            e.removeListener = () -> {
                try {
                    remove.invoke(runtime, listener);
                } catch (ReflectiveOperationException | RuntimeException x) {
                    // the runtime is shutting down: nothing more is delivered anyway
                }
            };
            return e;
        } catch (ReflectiveOperationException | RuntimeException | LinkageError x) {
            // not reachable from here (module path, another runtime): JFR it is
            return null;
        }
    }

    /** Whether the events come from the runtime's listener (else JFR, or nowhere). */
    boolean viaListener() {
        return removeListener != null;
    }

    /** A listener event: its call target's root, keyed as a JFR event would be. Compiler or guest thread. */
    private void fromTarget(Object target, Kind kind) {
        if (!(target instanceof com.oracle.truffle.api.RootCallTarget t)) {
            return;
        }
        com.oracle.truffle.api.nodes.RootNode r = t.getRootNode();
        com.oracle.truffle.api.nodes.LanguageInfo lang = r.getLanguageInfo();
        com.oracle.truffle.api.source.SourceSection section = r.getSourceSection();
        if (lang == null || section == null || r.getName() == null) {
            return;
        }
        record(key(lang.getId(), r.getName(), section.getSource().getName(), section.getStartLine()), kind, System.currentTimeMillis());
    }

    /** The runtime's classes of the three events (com.oracle.truffle.runtime.jfr.impl, truffle-runtime 25.0.1). */
    private static final String[] EVENT_CLASSES = {"com.oracle.truffle.runtime.jfr.impl.CompilationEventImpl", "com.oracle.truffle.runtime.jfr.impl.DeoptimizationEventImpl",
                    "com.oracle.truffle.runtime.jfr.impl.InvalidationEventImpl"};

    /**
     * Registers Truffle's event classes with JFR before the recording starts. Truffle creates its
     * first event of a kind only when that kind first happens (the first compilation, the first
     * invalidation), and an event class that registers after a recording started was not enabled
     * by it: the first engine of a JVM counted no compilation and no invalidation (seen in
     * FeedbackTest). Loading a class of a package that is not exported needs no access, and
     * {@link FlightRecorder#register} is JFR's public way to register an event class; a class that
     * is missing or refused leaves that kind uncounted until Truffle registers it itself.
     */
    private static void registerTruffleEvents() {
        ClassLoader loader = com.oracle.truffle.api.Truffle.getRuntime().getClass().getClassLoader();
        for (String name : EVENT_CLASSES) {
            try {
                Class<?> c = Class.forName(name, false, loader);
                if (jdk.jfr.Event.class.isAssignableFrom(c)) {
                    FlightRecorder.register(c.asSubclass(jdk.jfr.Event.class));
                }
            } catch (ClassNotFoundException | LinkageError | RuntimeException e) {
                // another runtime version: its events are counted once it registers them
            }
        }
    }

    /** Null when the events are observed; otherwise why not. */
    String unavailableReason() {
        return unavailable;
    }

    /** The key an event and a {@link RootKey} share: language, root name, source name, first line. */
    static String key(String language, String name, String source, int line) {
        return language + '\0' + name + '\0' + source + '\0' + line;
    }

    /** The key of an event, from its {@code source} field {@code <name>:<line> 0x<hash>}; null if it has none. */
    static String keyOf(String language, String rootFunction, String source) {
        if (language == null || rootFunction == null || source == null) {
            return null;
        }
        int space = source.lastIndexOf(" 0x");
        String nameLine = space < 0 ? source : source.substring(0, space);
        int colon = nameLine.lastIndexOf(':');
        if (colon < 0) {
            return null;
        }
        try {
            return key(language, rootFunction, nameLine.substring(0, colon), Integer.parseInt(nameLine.substring(colon + 1)));
        } catch (NumberFormatException x) {
            return null;
        }
    }

    /** JFR stream thread. */
    private void add(RecordedEvent ev, Kind kind) {
        String k = keyOf(string(ev, "language"), string(ev, "rootFunction"), string(ev, "source"));
        if (k == null) {
            return;
        }
        record(k, kind, ev.getStartTime().toEpochMilli());
    }

    private static String string(RecordedEvent ev, String field) {
        return ev.hasField(field) ? ev.getString(field) : null;
    }

    /** Adds one event of root {@code k} at {@code epochMs}. Any thread (the stream's, or a test). */
    synchronized void record(String k, Kind kind, long epochMs) {
        if (kept >= MAX_EVENTS) {
            dropped++;
            return;
        }
        kept++;
        Times[] times = byRoot.computeIfAbsent(k, x -> new Times[] {new Times(), new Times(), new Times()});
        times[kind.ordinal()].add(epochMs);
    }

    /** Events of root {@code k} at or after {@code sinceEpochMs}. Any thread. */
    synchronized Counts since(String k, long sinceEpochMs) {
        Times[] times = byRoot.get(k);
        if (times == null) {
            return new Counts(0, 0, 0);
        }
        return new Counts(times[0].since(sinceEpochMs), times[1].since(sinceEpochMs), times[2].since(sinceEpochMs));
    }

    /** A growable array of event times, in arrival order. Guarded by the enclosing instance. */
    private static final class Times {
        private long[] at = new long[4];
        private int n;

        void add(long t) {
            if (n == at.length) {
                at = java.util.Arrays.copyOf(at, n * 2);
            }
            at[n++] = t;
        }

        long since(long t) {
            long c = 0;
            for (int i = 0; i < n; i++) {
                if (at[i] >= t) {
                    c++;
                }
            }
            return c;
        }
    }

    /** Events not kept because {@link #MAX_EVENTS} were. */
    synchronized long dropped() {
        return dropped;
    }

    /**
     * Stops the recording after every event recorded so far has been delivered, so the last
     * compilations and deoptimizations of the run are counted. Idempotent.
     */
    @Override
    public void close() {
        Runnable r = removeListener;
        if (r != null) {
            r.run(); // events are delivered as they happen: nothing is pending
            return;
        }
        if (stream == null) {
            return;
        }
        try {
            stream.stop(); // waits until the events recorded so far have been consumed
        } catch (RuntimeException e) {
            // already stopped or closed: nothing more to read
        } finally {
            stream.close();
        }
    }
}
