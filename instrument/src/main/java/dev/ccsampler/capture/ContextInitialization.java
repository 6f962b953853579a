package dev.ccsampler.capture;

import com.oracle.truffle.api.nodes.LanguageInfo;

import java.util.ArrayDeque;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which language's context each thread is initializing, so that a sample taken meanwhile is one
 * synthetic frame ({@link Frame}) instead of a walk of the language's own start-up code (like
 * {@code --cpusampler}'s default, {@code SampleContextInitialization=false}). TruffleRuby loads its
 * core library in Ruby there (2–4 s of frames such as {@code <module:Truffle>} and
 * {@code Module#alias_method} before a short script's first line), GraalPy its Python library.
 *
 * <h2>Assumptions</h2>
 * <ul>
 * <li>Truffle calls {@code onLanguageContextInitialize} and then exactly one of
 * {@code onLanguageContextInitialized} or {@code onLanguageContextInitializeFailed}, on the thread
 * that initializes, properly nested when one language's initialization initializes another; the
 * same for a language context's creation ({@code onLanguageContextCreate} …), which runs no guest
 * code (so no sample is taken in it) but whose ticks, waiting for the first poll, are start-up too
 * and go to the first sample of the initialization.</li>
 * </ul>
 * <h2>Guarantees</h2>
 * <ul>
 * <li>{@link #current()} is the innermost language whose context the calling thread is
 * initializing, or null; always null while {@link #setSampled sampling} of initialization is on.
 * It allocates nothing, and while no thread initializes it reads one map's size.</li>
 * <li>{@link #initializing(Thread)}, for the clock, tells whether a thread is initializing some
 * language's context (a racy read: true from shortly after the start to shortly after the end).</li>
 * </ul>
 */
public final class ContextInitialization {

    /** The synthetic frame of one language's context initialization: its language and a name for reports. */
    public static final class Frame {
        private final String languageId;
        private final String name;

        private Frame(String languageId) {
            this.languageId = languageId;
            this.name = "<context initialization (" + languageId + ")>";
        }

        /** The language's id. */
        public String languageId() {
            return languageId;
        }

        /** The frame's name in reports, e.g. {@code <context initialization (ruby)>}. */
        public String name() {
            return name;
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /** One per language, so the drain interns each once. */
    private final ConcurrentHashMap<String, Frame> frames = new ConcurrentHashMap<>();
    /**
     * The threads initializing a language context now, each with the languages it is initializing,
     * innermost first. A thread's stack is changed and read ({@link #current()}) only by that
     * thread; the clock asks only whether the thread has one. Empty nearly always, so the capture's
     * question costs one {@code isEmpty}.
     */
    private final ConcurrentHashMap<Thread, ArrayDeque<Frame>> active = new ConcurrentHashMap<>();
    private volatile boolean sampled;

    /** Whether initialization code is walked like any other ({@code SampleContextInitialization=true}). Any thread. */
    public void setSampled(boolean on) {
        sampled = on;
    }

    /** See {@link #setSampled}. */
    public boolean sampled() {
        return sampled;
    }

    /** The calling thread starts initializing {@code language}'s context. */
    public void enter(LanguageInfo language) {
        Frame f = frames.computeIfAbsent(language.getId(), Frame::new);
        active.computeIfAbsent(Thread.currentThread(), t -> new ArrayDeque<>(4)).push(f);
    }

    /** The calling thread is done initializing its innermost language context (or it failed). */
    public void exit() {
        Thread t = Thread.currentThread();
        ArrayDeque<Frame> s = active.get(t);
        if (s != null) {
            s.pop();
            if (s.isEmpty()) {
                active.remove(t);
            }
        }
    }

    /**
     * Whether {@code thread} is initializing a language context and such samples are one frame
     * ({@link #current()} would not be null there). Any thread; the clock asks at each tick.
     */
    public boolean initializing(Thread thread) {
        return !sampled && !active.isEmpty() && active.containsKey(thread);
    }

    /** The calling thread's innermost language context being initialized, or null (see the class comment). */
    public Frame current() {
        if (sampled || active.isEmpty()) {
            return null;
        }
        ArrayDeque<Frame> s = active.get(Thread.currentThread());
        return s == null ? null : s.peek();
    }
}
