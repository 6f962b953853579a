package dev.ccsampler.exhaustive;

import com.oracle.truffle.api.ContextThreadLocal;
import com.oracle.truffle.api.TruffleContext;
import com.oracle.truffle.api.instrumentation.EventContext;
import com.oracle.truffle.api.instrumentation.ExecutionEventNode;
import com.oracle.truffle.api.instrumentation.ExecutionEventNodeFactory;
import com.oracle.truffle.api.instrumentation.SourceSectionFilter;
import com.oracle.truffle.api.instrumentation.StandardTags;
import com.oracle.truffle.api.instrumentation.TruffleInstrument;
import com.oracle.truffle.api.nodes.LanguageInfo;
import com.oracle.truffle.api.nodes.RootNode;
import com.oracle.truffle.api.source.SourceSection;
import org.graalvm.options.OptionDescriptors;
import org.graalvm.options.OptionValues;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * Exhaustive calling-context tracer: the ground truth that sampled profiles are compared against.
 * Thin wiring only: reads the options, registers the {@link CctTracer} service, attaches
 * {@link RootCallNode}s to every {@code RootTag} node and writes the JSON at engine finalization.
 *
 * <p>A method is (language id, root name, source name, first line of the root's source section);
 * missing parts are {@code "<unknown>"} / 0.
 *
 * <p>Public because Truffle requires a registered instrument class to be public; embedders use the
 * {@link CctTracer} service, not this class.
 *
 * @since 0.1
 */
@TruffleInstrument.Registration(id = CctTracerInstrument.ID, name = "ccsampler exhaustive CCT tracer", version = "0.1", services = CctTracer.class)
public final class CctTracerInstrument extends TruffleInstrument {

    /**
     * Instrument id and option group.
     *
     * @since 0.1
     */
    public static final String ID = "cctracer";

    private static final String UNKNOWN = "<unknown>";

    /** Dense context ids, in first-seen order. Guarded by itself. */
    private final Map<TruffleContext, Integer> contextIds = new WeakHashMap<>();
    private final ContextThreadLocal<ThreadTrace> traces = locals.createContextThreadLocal(this::newThreadTrace);
    private volatile CctTracer tracer;

    /**
     * Creates the instrument; called by Truffle through the generated provider.
     *
     * @since 0.1
     */
    public CctTracerInstrument() {
    }

    /**
     * Reads the options, registers the {@link CctTracer} service and, when {@code --cctracer} is
     * on, attaches a call counter to every root node.
     *
     * @throws IllegalArgumentException when {@code cctracer.OutputFile} cannot be written
     * @since 0.1
     */
    @Override
    protected void onCreate(Env env) {
        OptionValues options = env.getOptions();
        boolean enabled = options.get(CctTracerOptions.ENABLED);
        Path out = enabled ? checkedOutputFile(options.get(CctTracerOptions.OUTPUT_FILE)) : null;
        CctTracer t = new CctTracer(out);
        tracer = t;
        env.registerService(t);
        if (!enabled) {
            return;
        }
        SourceSectionFilter filter = SourceSectionFilter.newBuilder().tagIs(StandardTags.RootTag.class)
                        .includeInternal(options.get(CctTracerOptions.INTERNAL)).build();
        dev.ccsampler.capture.RootEvents.attachFor(env.getInstrumenter()); // GraalPy's functions too
        ThreadLocal<int[]> initializing = options.get(CctTracerOptions.TRACE_CONTEXT_INITIALIZATION) ? null : ThreadLocal.withInitial(() -> new int[1]);
        if (initializing != null) {
            env.getInstrumenter().attachContextsListener(new InitializationListener(initializing), false);
        }
        env.getInstrumenter().attachExecutionEventFactory(filter, new ExecutionEventNodeFactory() {
            @Override
            public ExecutionEventNode create(EventContext context) {
                return new RootCallNode(t.intern(methodOf(context)), traces, initializing);
            }
        });
    }

    /**
     * Writes the JSON to {@code cctracer.OutputFile}, if tracing is on; a failure is printed to the
     * engine's error stream.
     *
     * @since 0.1
     */
    @Override
    protected void onFinalize(Env env) {
        CctTracer t = tracer;
        if (t == null || t.outputFile() == null) {
            return;
        }
        try {
            t.writeJson(t.outputFile());
        } catch (IOException e) {
            PrintStream err = new PrintStream(env.err(), true);
            err.println("[cctracer] could not write " + t.outputFile() + ": " + e.getMessage());
        }
    }

    /**
     * The {@code cctracer.*} options.
     *
     * @since 0.1
     */
    @Override
    protected OptionDescriptors getOptionDescriptors() {
        return new CctTracerOptionsOptionDescriptors();
    }

    /**
     * Counts, per thread, the language contexts it is initializing (nested when one language's
     * initialization initializes another): while it does, the tracer records nothing, as ccsampler
     * by default samples such a stretch as one synthetic frame and runs no burst in it. Truffle calls
     * these on the initializing thread, an initialize followed by exactly one of initialized or
     * initialize-failed.
     */
    private static final class InitializationListener implements com.oracle.truffle.api.instrumentation.ContextsListener {
        private final ThreadLocal<int[]> depth;

        InitializationListener(ThreadLocal<int[]> depth) {
            this.depth = depth;
        }

        @Override
        public void onContextCreated(TruffleContext context) {
        }

        @Override
        public void onLanguageContextCreated(TruffleContext context, com.oracle.truffle.api.nodes.LanguageInfo language) {
        }

        @Override
        public void onLanguageContextInitialize(TruffleContext context, com.oracle.truffle.api.nodes.LanguageInfo language) {
            depth.get()[0]++;
        }

        @Override
        public void onLanguageContextInitialized(TruffleContext context, com.oracle.truffle.api.nodes.LanguageInfo language) {
            depth.get()[0]--;
        }

        @Override
        public void onLanguageContextInitializeFailed(TruffleContext context, com.oracle.truffle.api.nodes.LanguageInfo language) {
            depth.get()[0]--;
        }

        @Override
        public void onLanguageContextFinalized(TruffleContext context, com.oracle.truffle.api.nodes.LanguageInfo language) {
        }

        @Override
        public void onLanguageContextDisposed(TruffleContext context, com.oracle.truffle.api.nodes.LanguageInfo language) {
        }

        @Override
        public void onContextClosed(TruffleContext context) {
        }
    }

    private ThreadTrace newThreadTrace(TruffleContext context, Thread thread) {
        int id;
        synchronized (contextIds) {
            id = contextIds.computeIfAbsent(context, c -> contextIds.size());
        }
        return tracer.newThread(id, thread.threadId(), thread.getName());
    }

    /**
     * Fails engine creation with a message naming the option when the output file cannot be
     * written, instead of losing the trace at the end of a long run.
     */
    private static Path checkedOutputFile(String value) {
        Path p;
        try {
            p = Path.of(value).toAbsolutePath();
        } catch (InvalidPathException e) {
            throw new IllegalArgumentException("Invalid path '" + value + "' for cctracer.OutputFile: " + e.getReason() + ".");
        }
        Path dir = p.getParent();
        boolean ok = Files.isDirectory(dir) && Files.isWritable(dir) && !Files.isDirectory(p) && (!Files.exists(p) || Files.isWritable(p));
        if (!ok) {
            throw new IllegalArgumentException("Cannot write '" + p + "' for cctracer.OutputFile: use a writable file in an existing directory.");
        }
        return p;
    }

    static TracedMethod methodOf(EventContext context) {
        RootNode root = context.getInstrumentedNode().getRootNode();
        String name = root == null ? null : root.getName();
        LanguageInfo lang = root == null ? null : root.getLanguageInfo();
        SourceSection s = context.getInstrumentedSourceSection();
        if (s == null && root != null) {
            s = root.getSourceSection();
        }
        String source = s == null || s.getSource() == null ? UNKNOWN : s.getSource().getName();
        int line = s != null && s.isAvailable() && s.hasLines() ? s.getStartLine() : 0;
        return new TracedMethod(lang == null ? UNKNOWN : lang.getId(), name == null || name.isEmpty() ? UNKNOWN : name, source, line);
    }
}
