package dev.ccsampler.capture;

import com.oracle.truffle.api.CompilerDirectives;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * How deep one guest thread is in instrumented guest roots, and the lowest depth it returned to
 * since its last sample: the frame marks that make stack walks incremental.
 *
 * <h2>Assumptions</h2>
 * <ul>
 * <li>One writer: every method but {@link #top()} runs on the guest thread that owns the instance
 * (one instance per polyglot context and thread, from a {@code ContextThreadLocal}). The root
 * probes ({@link CallDepthProbe}) call {@link #enter} and {@link #exit}; the capture, which runs on
 * the same thread inside a thread-local action, calls {@link #markSampled()}. The fields read by
 * another thread are {@code depth} with the root and generation arrays, by the clock's {@link
 * #top()} and {@link #generation}, only with {@code WaitedTicks=top}, and the count of enters, by
 * the drain's judge. All are stored plainly: until 2026-12-02 the depth was stored with release,
 * so that the compiler could not merge an inlined call's enter with its return, and that barrier
 * made the probes of call-dense code two to three times as costly for no gain the split-checks
 * could see (docs/sampling.md, <em>The depth stored plainly</em>).</li>
 * <li>Every {@link #enter} of an instrumented root is followed by exactly one {@link #exit} of it
 * (Truffle calls {@code onReturnValue} or {@code onReturnExceptional}, or {@code onYield}, for
 * every {@code onEnter} or {@code onResume} of the same event node).</li>
 * </ul>
 * <h2>Guarantees</h2>
 * <ul>
 * <li>If {@code low() >= j + 1} at a capture, the counted frame with index {@code j} (0 is the
 * outermost counted frame) has not returned since the previous {@link #markSampled()}, and so no
 * frame below it has either: the stack below that frame is the one the previous sample saw.</li>
 * <li>{@code roots()[j]} is {@code System.identityHashCode} of the root node of counted frame
 * {@code j} for {@code j < depth()}.</li>
 * <li>{@link #top()}, read by another thread, gives a depth and the root the guest stored at that
 * depth: a racy snapshot of a recent moment. In compiled code that inlined a call, the compiler may
 * merge the call's enter and return stores, and the clock then sees its caller on top while it
 * runs. A read that races an enter may pair the new depth with the root and generation of the
 * frame that was at that depth before (plain stores may be reordered): the tick then goes to the
 * callee the frame below had just before, a window of nanoseconds. The generations keep every tick
 * on frames that were on the stack (a frame now on the stack whose generation is at most the one
 * read was on the stack then). While the array grows it may read 0.</li>
 * <li>Right after a return the returned frame may still be on top, uncounted (see
 * {@code exited}); the capture recognises it, or walks fully when it cannot tell it from its
 * caller (a recursive call returning).</li>
 * <li>Frames that were already running when the probes were attached, or entered while they were
 * on standby ({@code Incremental=standby}, {@link CallDepthProbe#startCounting}), were never
 * counted; they are below every counted frame, and their returns are clamped at depth 0. That can
 * only lower {@code low}, which makes the next walk longer, never wrong.</li>
 * </ul>
 * Example: main → parse → expr → term; a sample; term returns, expr calls factor. The depth went
 * 4 → 3 → 4, so {@code low} is 3: main, parse and expr (counted 0..2) are unchanged, only expr's
 * call site and factor above it need walking.
 */
public final class CallDepth {

    private static final VarHandle DEPTH;

    static {
        try {
            DEPTH = MethodHandles.lookup().findVarHandle(CallDepth.class, "depth", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Written plainly by the guest; read by the clock's {@link #top()} as well (opaque there). */
    private int depth;
    private int low;
    /**
     * Set by {@link #exit}, cleared by {@link #enter}: a root returned and nothing was entered
     * since ({@link #RETURNED}, {@link #RETURNED_WITH_ARGS}, or that plus a compiled state, below),
     * else {@link #NONE}. Truffle polls a safepoint after a root's body returned (in the call
     * target, after the return probe) while its frame is still on the stack, so a capture then may
     * see that frame on top although it is no longer counted; its root is {@code roots[depth]}. One
     * byte store per enter, and in compiled code per return.
     */
    private byte exited;
    private static final byte NONE = 0;
    /** A root returned, where is unknown (a return without arguments or state). */
    private static final byte RETURNED = 1;
    /** A root returned in the interpreter; its probe kept its arguments ({@code exitedArgs}). */
    private static final byte RETURNED_WITH_ARGS = 2;
    // A root that returned in compiled code leaves RETURNED_WITH_ARGS + its state: 1 a first-tier
    // root, 2 first-tier inlined, 3 a last-tier root, 4 last-tier inlined (exitedState()). A frame
    // reports the state it was entered in for as long as it lives (Truffle's CompilationState, kept
    // even if it deoptimises), and a return in compiled code means no deoptimisation since the
    // entry, so the returned frame reports this state. A compilation root's probe also keeps its
    // arguments (ROOT_WITH_ARGS + 1 or + 3): there the array is the one its caller passed in, a
    // real object, never one that escape analysis took apart.
    private static final byte ROOT_WITH_ARGS = RETURNED_WITH_ARGS + 4;
    /**
     * The arguments array of the last returned frame when it returned in the interpreter (its frame
     * is then a real one, entered interpreted or deoptimised, and so is the array its walk shows)
     * or at the root of compiled code (the array its caller passed, which a walk may show as it is
     * or as a copy).
     * After a recursive return the location cannot always tell the returned frame (its return
     * poll) from its caller (a bytecode interpreter polls at the root node at its back edges too);
     * the top frame's arguments can ({@link StackRecorder}). Valid only while {@code exited} is
     * {@link #RETURNED_WITH_ARGS} or above {@link #ROOT_WITH_ARGS}; compiled code stores it only at
     * a compilation root (an inlined frame's array may be scalar-replaced, keeping it would
     * allocate, and the walk sees a copy the VM rebuilds every time). A strong reference to the
     * last such array (and so its arguments) until the next one; never read by another thread.
     */
    private Object[] exitedArgs;
    /** Identity hash of the root node of each counted frame: an int store needs no GC barrier. */
    private int[] roots;
    /**
     * The number of counted enters so far (the drain reads it, racily, to judge what the probes
     * cost: {@code Drainer#onCostlyProbes}); and only with {@code WaitedTicks=top}, per counted
     * frame the count at its enter, its <em>generation</em>. Along the stack the
     * generations grow with depth; a frame entered after a moment has a generation above every
     * frame that was on the stack at that moment. So a frame now on the stack whose generation is
     * at most that of the frame that was on top at a tick was on the stack at that tick, at the
     * same depth; and an entry above the depth now whose generation is at most that one is still
     * the frame that was there at the tick (nothing entered at that depth since).
     */
    private long enters;
    private long[] gens;
    /**
     * The sizes {@link #roots} and {@link #gens} grew to, shared by the thread's marks in every
     * context ({@link #CallDepth(int[])}): a thread that runs a deep program in fresh contexts one
     * after another deoptimized its compiled code at every doubling in each of them (seven times a
     * context for a 5 000-deep recursion; docs/sampling.md, *Where a probe's cost goes*).
     */
    private final int[] sizes;
    /**
     * Of {@link #enters}, those of internal leaf roots ({@code CallDepthProbe.isInternalLeaf}:
     * builtins whose tree shows no call and no loop, like a typed array's {@code length} getter),
     * for the judge: when they make most of the counted calls, their probes sleep before every
     * probe is switched off. Read racily by the drain, as {@link #enters}.
     */
    private long leafEnters;

    /** Marks with arrays of 64 frames, growing as needed; for tests. */
    public CallDepth() {
        this(new int[]{64, 64});
    }

    /**
     * Marks whose arrays start at the sizes in {@code sizes} ({@code [roots, generations]}) and
     * write there what they grow to: the thread's marks of another context start from them.
     *
     * @param sizes shared by one thread's marks in all its contexts; read and written only when
     *            the marks are made (any thread) and when they grow (the guest thread): a stale
     *            read costs a doubling, nothing else
     */
    public CallDepth(int[] sizes) {
        this.sizes = sizes;
        roots = new int[Math.max(64, sizes[0])];
        gens = new long[Math.max(64, sizes[1])];
    }

    /**
     * A counted root was entered. Runs on the guest thread, in guest code (the root probe): one
     * array store and two field stores (the depth, the count of enters) when the array is large
     * enough, and with generations a second array store; else, in compiled code, a deoptimization
     * (no invalidation) and the array doubles.
     *
     * @param generations whether another thread reads the top frame ({@link #top()}, for {@code
     *            WaitedTicks=top}): then the frame's generation is stored too. A constant of the
     *            probe.
     */
    public void enter(int root, boolean generations) {
        int d = depth;
        int[] r = roots;
        if (d < r.length) {
            r[d] = root;
        } else {
            // a deoptimization, not a call: a call to grow in compiled code, never taken, still
            // made oo-scheduler.js's probes a quarter more costly (docs/sampling.md, *Where a probe's
            // cost goes*); the array doubles, so a thread deoptimizes here a few times in its life
            CompilerDirectives.transferToInterpreter();
            grow(d, root);
        }
        long g = enters + 1;
        enters = g;
        if (generations) {
            long[] gs = gens;
            if (d < gs.length) {
                gs[d] = g;
            } else {
                CompilerDirectives.transferToInterpreter(); // as for roots
                growGens(d, g);
            }
        }
        depth = d + 1;
        exited = NONE;
    }

    /**
     * The arguments array each counted frame of a root that replaces its loops on the stack was
     * entered with ({@link #noteEnterArgs}), by depth; what other roots' frames left here is
     * never read, since {@link #reentered} first checks that the root on top is such a root.
     */
    private Object[] enterArgs = new Object[64];

    /**
     * After {@link #enter}, from the probe of a root that replaces its loops on the stack: the
     * arguments array the frame was entered with, or null (compiled, not at a compilation root).
     * Guest thread.
     */
    public void noteEnterArgs(Object[] args) {
        int d = depth - 1;
        Object[] a = enterArgs;
        if (d < a.length) {
            a[d] = args;
        } else {
            CompilerDirectives.transferToInterpreter(); // as for roots
            growArgs(d, args);
        }
    }

    /**
     * Whether an enter of {@code root} with {@code args} is the counted frame on top entered
     * again: the same root, entered with the same arguments array (a call passes its callee a
     * new one). GraalPy 25.0.1 runs a root's enter probe again, for the same activation, when a
     * loop of it goes into on-stack-replaced code, whose frame carries its parent frame's
     * arguments array; it runs the return probe once. Frames entered since and returned do not
     * matter: the frame on top is the same. Guest thread.
     */
    public boolean reentered(int root, Object[] args) {
        int d = depth - 1;
        return args != null && d >= 0 && d < enterArgs.length && roots[d] == root && enterArgs[d] == args;
    }

    @CompilerDirectives.TruffleBoundary
    private void growArgs(int d, Object[] args) {
        enterArgs = java.util.Arrays.copyOf(enterArgs, Math.max(d + 1, enterArgs.length * 2));
        enterArgs[d] = args;
    }

    @CompilerDirectives.TruffleBoundary
    private void grow(int d, int root) {
        roots = java.util.Arrays.copyOf(roots, Math.max(d + 1, roots.length * 2));
        roots[d] = root;
        sizes[0] = Math.max(sizes[0], roots.length);
    }

    @CompilerDirectives.TruffleBoundary
    private void growGens(int d, long g) {
        gens = java.util.Arrays.copyOf(gens, Math.max(d + 1, gens.length * 2));
        gens[d] = g;
        sizes[1] = Math.max(sizes[1], gens.length);
    }

    /**
     * A counted root returned (normally, by an exception, or by a yield). Runs on the guest thread.
     * <p>
     * It says where the frame returned: {@code args}, its arguments, when in the interpreter or at
     * the root of compiled code, else null; and {@code compiledState} (see {@code exitedState}).
     */
    public void exit(Object[] args, byte compiledState) {
        if (args != null) {
            exitedArgs = args;
            exited = compiledState == 0 ? RETURNED_WITH_ARGS : (byte) (ROOT_WITH_ARGS + compiledState);
        } else {
            // one byte store: the state is a constant in compiled code
            exited = compiledState == 0 ? RETURNED : (byte) (RETURNED_WITH_ARGS + compiledState);
        }
        int d = depth - 1;
        if (d < 0) {
            d = 0; // a frame entered before the probes were attached
        }
        depth = d;
        if (d < low) {
            low = d;
        }
    }

    /**
     * {@link #exit} for the probe of a root that was woken ({@code DormantProbes}): its frames
     * entered before its probe existed were never counted, and may sit in the middle of the stack,
     * between counted frames. When such a frame returns, every frame above it has returned, so the
     * counted frame on top is one below it, which was entered before it and cannot be a counted
     * frame of the same root (that root had no probe then); a counted frame of this root returns
     * with its root on top. So a return counts only when {@code root} is the counted frame on top.
     * An identity hash shared with the frame below would take that frame off the marks, which the
     * walk's checks of the marks against the frames it sees find out. Runs on the guest thread.
     */
    public void exitCounted(int root, Object[] args, byte compiledState) {
        int d = depth - 1;
        int[] r = roots;
        if (d < 0 || d >= r.length || r[d] != root) {
            return; // a frame entered before the probe: not counted, so not taken off
        }
        exit(args, compiledState);
    }

    /**
     * The counted frame on top now, as the clock sees it from another thread: its depth (1 for the
     * outermost) in the high 32 bits and its root's identity hash in the low ones; 0 when no
     * counted frame is on the stack. A racy snapshot (see the class comment). Any thread.
     */
    public long top() {
        int d = (int) DEPTH.getOpaque(this); // opaque: a fresh read, never one a loop of the clock's kept
        int[] r = roots; // the array the guest stored into, or a newer one
        if (d <= 0 || d > r.length) {
            return 0;
        }
        return ((long) d << 32) | (r[d - 1] & 0xffffffffL);
    }

    /**
     * The generation of counted frame {@code depth - 1} (see {@code gens}), to be read right after
     * {@link #top()} with its depth; 0 when unknown. Any thread: racy, like {@link #top()}.
     */
    public long generation(int depth) {
        long[] g = gens;
        return depth <= 0 || depth > g.length ? 0 : g[depth - 1];
    }

    /**
     * Counted enters since this instance was made. Any thread: another thread's read is racy (a
     * count the guest had at some recent moment), good for a rate.
     */
    public long enters() {
        return enters;
    }

    /** Counted enters of internal leaf roots since this instance was made ({@link #noteLeafEnter}). Any thread, racy as {@link #enters()}. */
    public long leafEnters() {
        return leafEnters;
    }

    /** Counts an enter of an internal leaf root, after {@link #enter}. Guest thread, in the probe: one field store. */
    public void noteLeafEnter() {
        leafEnters++;
    }

    /** Generation per counted frame (see {@code gens}), 0 where never entered with generations. Guest thread; do not modify. */
    long[] generations() {
        return gens;
    }

    /** Depth (1 for the outermost) of a {@link #top()} value. */
    public static int topDepth(long top) {
        return (int) (top >>> 32);
    }

    /** Root identity hash of a {@link #top()} value. */
    public static int topRoot(long top) {
        return (int) top;
    }

    /**
     * The compiled state the last returned frame returned in (1 a first-tier root, 2 first-tier
     * inlined, 3 a last-tier root, 4 last-tier inlined), or 0 when it returned in the interpreter,
     * where is unknown, or nothing returned since the last enter. Guest thread.
     */
    byte exitedState() {
        return exited > ROOT_WITH_ARGS ? (byte) (exited - ROOT_WITH_ARGS) : exited > RETURNED_WITH_ARGS ? (byte) (exited - RETURNED_WITH_ARGS) : 0;
    }

    /**
     * The state code of a frame of compilation tier {@code tier} (0 interpreted, 1 first, 2 last),
     * as the root of its compiled code or inlined into it: 0 interpreted, 1 a first-tier root, 2
     * first-tier inlined, 3 a last-tier root, 4 last-tier inlined. The one encoding of the return
     * probe ({@link #exit}) and of the walk's top frame ({@code StackRecorder}).
     */
    static byte compiledState(int tier, boolean compilationRoot) {
        return tier == 0 ? 0 : (byte) ((tier == 1 ? 1 : 3) + (compilationRoot ? 0 : 1));
    }

    /**
     * The arguments array of the last returned frame if it returned in the interpreter or at the
     * root of compiled code and nothing was entered since, else null (see {@code exitedArgs}).
     * Guest thread.
     */
    Object[] exitedArgs() {
        return exited == RETURNED_WITH_ARGS || exited > ROOT_WITH_ARGS ? exitedArgs : null;
    }

    /** Whether a root returned and none was entered since. Guest thread. */
    boolean exited() {
        return exited != NONE;
    }

    /** Counted frames on the stack now. Guest thread. */
    int depth() {
        return depth;
    }

    /** The lowest depth since the last {@link #markSampled()}. Guest thread. */
    int low() {
        return low;
    }

    /** Root node identity hash per counted frame, outermost first. Guest thread; do not modify. */
    int[] roots() {
        return roots;
    }

    /** Starts a new interval: the stack as it is now is what the next sample compares to. Guest thread. */
    void markSampled() {
        low = depth;
    }

    /** Forgets the marks: the next walk is a full one. Guest thread. */
    void invalidate() {
        low = 0;
    }
}
