package dev.ccsampler.exhaustive;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The exhaustive tracer's state and its service API: the interned methods and one
 * {@link ThreadTrace} per (polyglot context, thread). Look it up with
 * {@code engine.getInstruments().get("cctracer").lookup(CctTracer.class)}.
 *
 * <p><b>Thread safety:</b> {@link #intern} and thread registration may be called from any thread.
 * The trees themselves are single-writer (see {@link ThreadTrace}); {@link #threads()} and
 * {@link #writeJson} give a consistent result only when no guest code runs, as at engine
 * finalization, when the instrument writes its file.
 *
 * @since 0.1
 */
public final class CctTracer {

    private final ConcurrentHashMap<TracedMethod, TracedMethod> methods = new ConcurrentHashMap<>();
    private final List<ThreadTrace> threads = new ArrayList<>();
    private final Path outputFile;

    CctTracer(Path outputFile) {
        this.outputFile = outputFile;
    }

    /**
     * Where the tree is written at engine close, {@code null} when tracing is off.
     *
     * @since 0.1
     */
    public Path outputFile() {
        return outputFile;
    }

    /** The canonical instance equal to {@code m}. Any thread. */
    TracedMethod intern(TracedMethod m) {
        TracedMethod prev = methods.putIfAbsent(m, m);
        return prev == null ? m : prev;
    }

    /** Creates and registers the tree of a new (context, thread) pair. Any thread. */
    ThreadTrace newThread(int context, long threadId, String threadName) {
        ThreadTrace t = new ThreadTrace(context, threadId, threadName);
        synchronized (threads) {
            threads.add(t);
        }
        return t;
    }

    /**
     * Every thread's tree, in the order threads first entered a context.
     *
     * @since 0.1
     */
    public List<ThreadTrace> threads() {
        synchronized (threads) {
            return List.copyOf(threads);
        }
    }

    /**
     * Writes every thread's tree as {@code ccsampler-cct} JSON.
     *
     * @since 0.1
     */
    public void writeJson(OutputStream out) throws IOException {
        CctJsonWriter.write(threads(), out);
    }

    /**
     * Writes the JSON to {@code file}, replacing it.
     *
     * @since 0.1
     */
    public void writeJson(Path file) throws IOException {
        try (OutputStream out = Files.newOutputStream(file)) {
            writeJson(out);
        }
    }
}
