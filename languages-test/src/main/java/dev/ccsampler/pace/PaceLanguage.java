package dev.ccsampler.pace;

import com.oracle.truffle.api.CallTarget;
import com.oracle.truffle.api.Option;
import com.oracle.truffle.api.TruffleLanguage;
import com.oracle.truffle.api.TruffleSafepoint;
import com.oracle.truffle.api.instrumentation.ProvidedTags;
import com.oracle.truffle.api.instrumentation.StandardTags;

import dev.ccsampler.pace.parser.PaceParser;

import org.graalvm.options.OptionCategory;
import org.graalvm.options.OptionDescriptors;
import org.graalvm.options.OptionKey;
import org.graalvm.options.OptionStability;

/**
 * Pace: a small, deliberately obvious Truffle language whose programs have a known CPU profile.
 * It exists to test ccsampler; read this first if you are new to it.
 *
 * <h2>The language</h2>
 *
 * JS-like syntax, dynamically typed. Values: integers ({@code long}, wrapping), floats
 * ({@code double}), strings, booleans, {@code null}, functions and threads.
 *
 * <pre>
 * fn add(a, b) { return a + b; }           // top-level function, usable before its declaration
 * let f = add;                             // functions are values
 * let twice = fn (x) { return f(f(x, 1), 1); };   // literals capture enclosing variables by value
 * let i = 0;
 * while (i &lt; 3) { print("i=" + i); i = i + 1; }
 * if (i == 3 &amp;&amp; !false) { print(twice(1)); } else { throw "no"; }
 * try { throw 42; } catch (e) { print(e); }
 * </pre>
 *
 * Operators: {@code + - * / %}, {@code < <= > >= == !=}, {@code && || !} (booleans only, short
 * circuit), unary {@code -}; {@code +} concatenates when either side is a string. Statements at
 * top level run in order in a root called {@code :program}; top-level functions cannot see its
 * variables. The full grammar is on {@link PaceParser}.
 *
 * <h2>From text to nodes</h2>
 *
 * {@link #parse} hands the source to the recursive-descent {@link PaceParser}, which builds one
 * {@link dev.ccsampler.pace.nodes.PaceRootNode} per function (plus one for the program) and
 * resolves every variable to a frame slot while parsing. Every node gets a source section: roots
 * the whole function, call nodes the call expression, so stack traces and profiles can name a
 * function and a call site by file and line. Operators are Truffle DSL nodes specialized on
 * {@code long}/{@code double}/{@code String}; locals specialize their frame slot kind.
 *
 * <h2>Calls</h2>
 *
 * {@code f(x)} is a {@link dev.ccsampler.pace.nodes.PaceInvokeNode}: it evaluates {@code f} and
 * the arguments, then a {@link dev.ccsampler.pace.nodes.PaceDispatchNode}, an inline cache keyed
 * on the callee's call target, calls through a {@code DirectCallNode} for up to three targets
 * (these the compiler can inline or split) and through an {@code IndirectCallNode} when the site
 * is megamorphic. Frame argument 0 carries a function literal's captured values, the actual
 * arguments follow. {@code return} is a control-flow exception caught by the function body.
 * Recursion uses the Java stack, about 2 KB per Pace call while the JVM is cold: 5 000 nested
 * calls need about 10 MB, so run programs on a thread with a big stack ({@code -Xss16m}, or as
 * the tests' {@code GoldenRunner} does, a 64 MB thread); spawned threads get 64 MB.
 *
 * <h2>Loops</h2>
 *
 * {@code while} is a Truffle {@code LoopNode} around a {@code RepeatingNode}: the runtime counts
 * back edges, can compile a hot loop by itself (on-stack replacement) and polls a safepoint on
 * each back edge, so thread-local actions such as a sampler's stack walk reach looping code.
 *
 * <h2>Builtins, and why {@code burn} is inlined</h2>
 *
 * {@code print, str, burn, grind, arg, nanoTime, spawn, join, sleep, exit, repeat} are recognised by the parser
 * when called and become expression nodes in the caller's AST, not functions with their own call
 * target. So no guest frame is pushed for them and their time is the calling Pace function's self
 * time. That is the point of {@code burn(units)}: a function that only calls {@code burn(6)} has
 * exactly six units of self time, whatever calls it, which lets the profiler's tests build
 * programs with a known split of time. Its kernel is a {@code TruffleBoundary} (same cost per unit
 * at every tier), polls a safepoint after each unit and stores its result in the context so it is
 * never dead code.
 *
 * <h2>Threads and errors</h2>
 *
 * The language allows multi-threading: {@code spawn(f, args...)} starts a polyglot thread
 * through {@code Env.newTruffleThreadBuilder}; {@code join} and {@code sleep} block through
 * {@link TruffleSafepoint#setBlockedThreadInterruptible}; the context joins remaining threads when
 * it is finalized. Errors are {@link PaceException}s, whose guest stack trace Truffle builds from
 * the throwing node; {@code exit(code)} is a hard exit of the context.
 */
@TruffleLanguage.Registration(id = PaceLanguage.ID, name = "Pace", version = "0.1", defaultMimeType = PaceLanguage.MIME_TYPE,
                characterMimeTypes = PaceLanguage.MIME_TYPE, contextPolicy = TruffleLanguage.ContextPolicy.SHARED,
                fileTypeDetectors = PaceFileDetector.class, website = "https://github.com/ccsampler")
@ProvidedTags({StandardTags.CallTag.class, StandardTags.StatementTag.class, StandardTags.RootTag.class, StandardTags.RootBodyTag.class,
                StandardTags.ExpressionTag.class})
public final class PaceLanguage extends TruffleLanguage<PaceContext> {

    public static final String ID = "pace";
    public static final String MIME_TYPE = "application/x-pace";
    public static final String EXTENSION = ".pace";

    @Option(help = "Milliseconds of work the context's initialization does in Java, reaching no safepoint poll, as GraalJS does while it sets its realm up (default: 0). For the profiler's tests.", //
                    category = OptionCategory.INTERNAL, stability = OptionStability.EXPERIMENTAL, usageSyntax = "<ms>") //
    static final OptionKey<Integer> InitializationWork = new OptionKey<>(0);

    @Override
    protected OptionDescriptors getOptionDescriptors() {
        return new PaceLanguageOptionDescriptors();
    }

    @Override
    protected PaceContext createContext(Env env) {
        return new PaceContext(env);
    }

    /** {@link #InitializationWork}: busy for that long, on the initializing thread, without a poll. */
    @Override
    protected void initializeContext(PaceContext context) {
        int ms = context.getEnv().getOptions().get(InitializationWork);
        long end = System.nanoTime() + ms * 1_000_000L;
        long x = 1;
        while (System.nanoTime() < end) {
            for (int i = 0; i < 1000; i++) {
                x = x * 6364136223846793005L + 1442695040888963407L;
            }
        }
        context.burnSink = x; // kept: the loop is not dead code
    }

    @Override
    protected CallTarget parse(ParsingRequest request) {
        return PaceParser.parse(this, request.getSource()).getCallTarget();
    }

    @Override
    protected boolean isThreadAccessAllowed(Thread thread, boolean singleThreaded) {
        return true;
    }

    /** Joins every thread the program spawned, as Truffle requires before disposal. */
    @Override
    protected void finalizeContext(PaceContext context) {
        for (Thread thread : context.spawnedThreads()) {
            TruffleSafepoint.setBlockedThreadInterruptible(null, Thread::join, thread);
        }
    }
}
