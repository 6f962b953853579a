package dev.ccsampler.capture;

import com.oracle.truffle.api.nodes.LanguageInfo;

import java.util.concurrent.ConcurrentHashMap;

/**
 * Which language's context each thread is initializing, so that a sample taken meanwhile is one
 * synthetic frame ({@link Frame}) instead of a walk of the language's own start-up code (like
 * {@code --cpusampler}'s default, {@code SampleContextInitialization=false}). TruffleRuby loads its
 * core library in Ruby there (2–3 s of frames such as {@code <module:Truffle>} and
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
 * It reads a thread local and allocates nothing.</li>
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
    /** Per thread, the languages being initialized, innermost last. */
    private final ThreadLocal<Frame[]> stack = ThreadLocal.withInitial(() -> new Frame[4]);
    private final ThreadLocal<int[]> depth = ThreadLocal.withInitial(() -> new int[1]);
    /** The threads initializing a language context now, with their innermost one: what the clock reads. */
    private final ConcurrentHashMap<Thread, Frame> active = new ConcurrentHashMap<>();
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
        int[] d = depth.get();
        Frame[] s = stack.get();
        if (d[0] == s.length) {
            s = java.util.Arrays.copyOf(s, s.length * 2);
            stack.set(s);
        }
        s[d[0]++] = f;
        active.put(Thread.currentThread(), f);
    }

    /** The calling thread is done initializing its innermost language context (or it failed). */
    public void exit() {
        int[] d = depth.get();
        if (d[0] > 0) {
            Frame[] s = stack.get();
            s[--d[0]] = null;
            if (d[0] == 0) {
                active.remove(Thread.currentThread());
            } else {
                active.put(Thread.currentThread(), s[d[0] - 1]);
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
        if (sampled) {
            return null;
        }
        int[] d = depth.get();
        return d[0] == 0 ? null : stack.get()[d[0] - 1];
    }
}
