package dev.ccsampler.capture;

import com.oracle.truffle.api.RootCallTarget;
import com.oracle.truffle.api.Truffle;
import com.oracle.truffle.api.frame.Frame;
import com.oracle.truffle.api.frame.FrameInstance;
import com.oracle.truffle.api.frame.FrameInstanceVisitor;
import com.oracle.truffle.api.nodes.Node;
import com.oracle.truffle.api.nodes.RootNode;
import dev.ccsampler.queue.SampleRecord;

/**
 * Walks its guest thread's stack into a sample record, incrementally when the thread's
 * {@link CallDepth} marks allow: the walk goes down from the top only as far as the outermost
 * counted frame that may have changed since the previous published sample, and the record says
 * how many frames below that are reused from the previous one.
 *
 * <h2>Assumptions</h2>
 * <ul>
 * <li>Single thread: every method runs on the owning guest thread, inside the capture's
 * thread-local action. No field is read by another thread.</li>
 * <li>The drain applies this thread's records in publication order and keeps the previous stack,
 * so {@link SampleRecord#reused} refers to the last record this recorder published. A record that
 * is not published (dropped, failed) must not move the marks: callers call {@link #published} only
 * after publishing, and {@link #invalidate} after a failure.</li>
 * </ul>
 * <h2>How a counted frame is recognised</h2>
 * A frame is counted when its root has a root probe. Walking down from the top with {@code k}
 * counted frames still expected, a frame whose root node is {@code roots[k - 1]} is counted frame
 * {@code k - 1}: a root without a probe never appears in {@code roots}, and a counted frame must be
 * exactly that one by stack discipline. Frames of roots without a probe (some builtins, internal
 * roots, other languages' frames) are walked as uncounted frames between counted ones. If a
 * counted frame is not found where expected (a root executed without its own call-target frame),
 * the walk goes on to the bottom: longer, never wrong. {@code VerifyIncremental} checks the result
 * against a full walk in tests.
 *
 * <h2>Frames written, not walked</h2>
 * A descent that unwinds between samples leaves the marks no stop high in the stack, and a walk
 * would visit it all again. When the counted frames from the stop up to a few below the top all
 * form pairs that earlier walks saw right on top of each other through one call node ({@link
 * EdgeMemo}), the walk stops at the highest frame of that run and the run is written from the memo:
 * call target, call node, and the newest tier seen. Below counted frame 0 (frames entered before
 * the probes were attached, like a script's main loop) the same is done when the last full walks
 * found those frames the same several times in a row. Where the last full walks found counted frame
 * 0's root with no guest frame below it at all (a context entered from the host, every root entered
 * after the probes were attached), the whole counted stack is written, down to the bottom, and a
 * context's first walk can do so from what the walks in the thread's earlier contexts saw (the memo
 * is the Java thread's, {@link EdgeMemo.Shared}). What this can get wrong: the call node, when
 * a caller starts to call the same callee through another one (a phase that calls it from another
 * line), until a walk visits that pair again; one such walk in {@value #FILL_CHECK_EVERY} is made
 * for that, and such a pair is never written again. Only pairs below the top {@link #WALK_TOP}
 * counted frames are written, and only those are kept or made conflicts, so that a caller that calls
 * the same callee from another line near the top alone (an evaluator's literal operand, a parser's
 * right one, beside the recursion through the first line) does not make the recursion's pair a
 * conflict; before 2026-12-04 it did, and every walk of such a recursion was a full one. A kept pair
 * seen another way among the top frames ({@link EdgeMemo#nearTop}) makes the walk walk {@link
 * #WALK_TOP} more counted frames below them before it writes, and all of them when those show a
 * pair another way too: the caller may have started to recurse through the other line.
 * {@code WriteKnownFrames=false} turns it off.
 *
 * <p>Allocation: none in steady state; the arrays grow only when the stack is deeper than ever.
 */
final class StackRecorder implements FrameInstanceVisitor<Object> {

    private final int stackLimit;
    /** Whether a walk may stop at a frame that is the same activation as in the last stack (off: full walks for tools and benchmarks, or Incremental=false). */
    private boolean sameActivationStops = true;
    // the walk in progress
    private SampleRecord record;
    private int[] roots;
    private int expect;
    /** The counted frames of the walk in progress, from its marks. */
    private int walkCountedTotal;
    private int stopAt;
    private boolean stopped;
    private int[] walkCounted = new int[64];
    /** Root of a just-returned frame that may still be on top, or null. */
    private int exitedRoot;
    private boolean exitedPending;
    /** The returned frame's arguments if it returned in the interpreter, else null ({@link CallDepth#exitedArgs}). */
    private Object[] exitedArgs;
    /** The compiled code the returned frame returned in, 0 for none ({@link CallDepth#exitedState}). */
    private byte exitedState;
    /** The top frame's state in the same code ({@link CallDepth#compiledState}). */
    private byte topState;
    /** The node the walk's poll was made at, or null. */
    private Node pollLocation;
    /** The top frame could not be told apart from its caller: count nothing, build on nothing. */
    private boolean ambiguous;
    /** The last walk's top frame was the just-returned one (Truffle's poll after a body). */
    private boolean returnedOnTop;
    /**
     * The last walk's top frame is interpreted (an AST interpreter's) and the thread polled at its
     * root node, which is outside the body the probes wrap: Truffle's poll after the body (the
     * frame already returned, whether or not the marks saw it: no marks, or the probe of a trivial
     * root asleep), or a language's poll before the body (TruffleRuby's: the frame has not entered
     * its body yet). Nothing returned since the last enter tells the second (see visitFrame).
     */
    private boolean topAtRootPoll;
    /** The last walk's top frame is a compilation root and the thread polled at its root node (its return poll, or another). */
    private boolean topCompiledAtItsRoot;
    /** Counted frames of the last walk, and the lowest counted index it recognised itself. */
    private int lastCounted;
    private int lastExpect;
    private boolean lastStopped;
    // the last published stack
    /** Bottom-up position of each counted frame in the last published stack. */
    private int[] positionOfCounted = new int[64];
    /** Counted frames in the last published stack; -1 when there is none to build on. */
    private int publishedCounted = -1;
    /** Counted frames of the last walk, not yet published; -1 when nothing may build on it. */
    private int pendingCounted = -1;
    /**
     * Counted frames below this index have no position in the last published stack: a full walk
     * that did not recognise every counted frame (the marks counted a root no frame showed, and
     * the matching, top-down, stalled there) placed only those above. A walk may stop only at a
     * placed one; before 2026-11-27 it stopped at a stale position, and the frames it took over
     * were counted from the wrong place (GraalPy's asyncio and its imports: a frame lost, about one
     * walk in a hundred).
     */
    private int publishedPlacedFrom;
    private int pendingPlacedFrom;
    // activation identity: the top frames of the last published stack
    /** Interpreted frames from the top whose identity a published stack keeps, for the next walk to recognise. */
    static final int IDENTITY_FRAMES = 5;
    /**
     * Call target, arguments array and position from the top of the first interpreted frames of
     * the last published stack, top first; {@code publishedTops} of them.
     */
    private final Object[] publishedTargets = new Object[IDENTITY_FRAMES];
    private final Object[][] publishedArgs = new Object[IDENTITY_FRAMES][];
    private final int[] publishedPositions = new int[IDENTITY_FRAMES];
    private int publishedTops;
    /** Frames in the last published stack (walked and reused); -1 when nothing may build on it. */
    private int publishedTotal = -1;
    /** The same for the walk in progress (or last walk), until published. */
    private final Object[] walkTargets = new Object[IDENTITY_FRAMES];
    private final Object[][] walkArgs = new Object[IDENTITY_FRAMES][];
    private final int[] walkPositions = new int[IDENTITY_FRAMES];
    private int walkTops;
    private int pendingTotal = -1;
    /** The walk stopped at a frame that is the same activation as in the last published stack; the frames it reuses. */
    private boolean sameActivation;
    private int sameActivationReused;
    /** The same-activation stop found the last stack's top frame on top again. */
    private boolean sameTop;
    /** The last interpreted frame this walk read, at depth {@code pairDepth}: the upper one of a pair. */
    private Object[] pairArgs;
    private Object pairTarget;
    private int pairDepth = -2;
    // check walk
    private boolean checking;
    // frames written from the marks instead of walked
    /** What the walks saw of pairs of adjacent counted frames; made at the first walk with marks. */
    private EdgeMemo memo;
    /** The Java thread's memo, shared with its states in the engine's other contexts, or null for one of this recorder's own. */
    private EdgeMemo.Shared sharedMemo;
    /** Gives {@link #sharedMemo} at the first walk, on the walking thread; null for a memo of this recorder's own. */
    private java.util.function.Supplier<EdgeMemo.Shared> sharedMemoSource;
    /** The marks this recorder registered with {@link #sharedMemo}. */
    private CallDepth registered;
    /** What the walk in progress writes from the memo, read before it, top down from counted frame {@code fillTo - 1}. */
    private Object[] fillTargets = new Object[64];
    private Object[] fillNodes = new Object[64];
    private byte[] fillTiers = new byte[64];
    /** The frame right below counted frame 0 the bottom rule writes, read before the walk. */
    private final Object[] bottomFillTarget = new Object[1];
    private final Object[] bottomFillNode = new Object[1];
    private final byte[] bottomFillTier = new byte[1];
    /** Whether runs of known pairs are written from {@link #memo} instead of walked (off for full walks). */
    private boolean fill = true;
    /** Counted frames from the top that a walk always visits itself. */
    static final int WALK_TOP = 8;
    /**
     * Counted frames from the top that the walk in progress visits itself before it writes from the
     * memo: {@link #WALK_TOP}, or twice that when it walks again after its top frames saw a kept
     * pair another way ({@link #walk(SampleRecord, CallDepth, boolean, Node)}); what such a walk's
     * top frames see another way no longer stops it.
     */
    private int walkTop = WALK_TOP;
    /** Why the last walk returned false: a pair was forgotten (true), or only seen another way near the top. */
    private boolean lastForgot;
    /** The fewest frames worth writing from the memo rather than walking. */
    static final int FILL_MIN = 24;
    /**
     * One walk in this many that could be written from the memo is walked, so that the memo sees
     * its pairs again: a caller that starts calling the same callee through another call node is
     * written with the old one until then.
     */
    static final int FILL_CHECK_EVERY = 16;
    private long fillChances;
    /** The walk in progress writes counted frames {@code fillFrom .. fillTo-1} from the memo; -1 when not. */
    private int fillFrom = -1;
    private int fillTo = -1;
    /**
     * The frames below counted frame 0 (frames entered before the probes were attached, like a
     * script's main loop, and roots without a probe) as the last full walks found them, and in how
     * many full walks in a row they were the same: a run of known pairs may be written from the
     * memo down to counted frame 0, with these frames below, only while they hold still.
     */
    private final Object[] bottomTargets = new Object[BOTTOM_FRAMES];
    private final Object[] bottomNodes = new Object[BOTTOM_FRAMES];
    private int bottomSize = -1;
    private int bottomSame;
    /**
     * The root of counted frame 0 the bottom fields above are for (0: none yet), and those of up to
     * {@link #BOTTOM_SLOTS} other roots, kept aside ({@link #selectBottom}): a program whose phases
     * run from one loop (a parser, an evaluator, a serializer, each called from the script's main
     * loop) alternates between counted frames 0 with different frames below. With one record, each
     * phase's full walk made the next phase's frames below new, and they never held still for
     * {@link #BOTTOM_STILL} walks: {@code phases.js} walked four fifths of its frames (2026-12-04).
     */
    private int bottomRoot;
    static final int BOTTOM_SLOTS = 4;
    private final int[] slotRoot = new int[BOTTOM_SLOTS];
    private final int[] slotSize = new int[BOTTOM_SLOTS];
    private final int[] slotSame = new int[BOTTOM_SLOTS];
    private final Object[][] slotTargets = new Object[BOTTOM_SLOTS][BOTTOM_FRAMES];
    private final Object[][] slotNodes = new Object[BOTTOM_SLOTS][BOTTOM_FRAMES];
    private int slotNext;
    /**
     * The outermost frames of the last published stack (index 0 the outermost; up to {@link
     * #BOTTOM_FRAMES}), when it was walked to its bottom or stopped above frames that held still
     * since one that was: a stack whose counted frame 0 is another root (the phase before) shows
     * whether the frames a bottom record keeps were still there.
     */
    private Object[] publishedLowTargets = new Object[BOTTOM_FRAMES];
    private Object[] publishedLowNodes = new Object[BOTTOM_FRAMES];
    private int publishedLowSize = -1;
    private Object[] pendingLowTargets = new Object[BOTTOM_FRAMES];
    private Object[] pendingLowNodes = new Object[BOTTOM_FRAMES];
    /** Frames in the pending arrays; -1: the published ones no longer hold; -2: they still do (the walk stopped above them). */
    private int pendingLowSize = -1;
    /** Stands for "the frames below counted frame 0" as the caller of a pair in the memo: no identity hash is negative. */
    static final int BOTTOM = -1;
    /** The walk in progress writes its run down to counted frame 0 by the bottom rule. */
    private boolean fillFromBottom;
    /** The walk in progress writes its run down to counted frame 0, with nothing below it. */
    private boolean fillFromNothing;

    /** Frames the walk in progress reuses when it wrote the frame right below counted frame 0 itself; -1 when not. */
    private int reusedBelowBottom = -1;
    /**
     * The depth from which a walk that counts no frame teaches the memo its pairs: the depth at
     * which {@code Incremental=auto} attaches the probes ({@code SamplingSettings.Incremental.DEEP_FRAMES}).
     * A program whose stacks stay shallower (a parser 30 to 50 frames deep, with hundreds of
     * functions) never needs them, and would fill the memo with pairs, allocating their references
     * in every walk after each emptying.
     */
    static final int LEARN_PAIRS_DEPTH = 64;
    /** The most frames below counted frame 0 kept. */
    static final int BOTTOM_FRAMES = 16;
    /** Full walks in a row that must have found the same frames below counted frame 0. */
    static final int BOTTOM_STILL = 4;
    /** The last counted frame this walk recognised, and its index in the record. */
    private int prevCounted = -1;
    private int prevCountedIndex = -1;
    /**
     * A walk of this state saw guest frames while the marks counted none, and no full walk has
     * since found counted frame 0 with nothing below it: frames entered before the probes were
     * attached ({@code Incremental=auto}) may still be below counted frame 0, whatever the memo
     * says of its root. They can only return, never come back, so a full walk that finds nothing
     * below counted frame 0 ends it.
     */
    private boolean uncountedMayBeBelow;
    /** A walk of this state saw a counted frame. */
    private boolean sawCounted;
    /** The memo the walk in progress notes its pairs in, or null. */
    private EdgeMemo memoNow;

    StackRecorder(int stackLimit) {
        this.stackLimit = stackLimit;
    }

    /** Turns the stops at a known activation off or on ({@link #sameActivationBelow}); before the first walk. */
    void setSameActivationStops(boolean on) {
        sameActivationStops = on;
    }

    /** Turns the frames written from the memo off or on ({@link EdgeMemo}); before the first walk. */
    void setFill(boolean on) {
        fill = on;
    }

    /** Uses the Java thread's memo, shared with its states in other contexts; before the first walk. */
    void shareMemo(java.util.function.Supplier<EdgeMemo.Shared> shared) {
        sharedMemoSource = shared;
    }

    /**
     * Makes {@code m}, this state's marks, known now to the Java thread's states in the engine's
     * other contexts, not only at this state's first walk. A context whose code calls into another
     * before any tick walked it has its counted frames below the other's: the other's walks must
     * see them ({@link EdgeMemo.Shared#othersActive}) or they would write their counted frames as
     * the whole stack. Before 2026-11-28 a walk registered its marks, and a context that called
     * into another within its first tick (its requests wait while the other runs on top) was
     * unseen there: about one run in a hundred of a nested-contexts test lost the caller's frames
     * in a few walks. On the walking thread (the memo is that thread's), before its first walk.
     */
    void registerMarks(CallDepth m) {
        if (sharedMemoSource == null || m == null) {
            return;
        }
        if (sharedMemo == null) {
            sharedMemo = sharedMemoSource.get();
        }
        sharedMemo.register(m);
        registered = m;
    }

    /**
     * Fills {@code r} from the current stack. Runs on the guest thread, inside the capture.
     *
     * @param marks the thread's call depth marks, or null for a full walk
     * @param verify also take a full walk into the record's check arrays (test switch)
     * @param pollLocation the node the thread polled at, or null when not known
     */
    void walk(SampleRecord r, CallDepth marks, boolean verify, Node pollLocation) {
        if (walk(r, marks, verify, pollLocation, true)) {
            return;
        }
        if (!lastForgot) {
            // a kept pair seen another way among the top frames alone (a short recursion through
            // the other line, as a parser's right operand): walk as many counted frames again
            // below them, where a pair seen another way is forgotten. When the caller has started
            // to recurse through that line, they show it and the walk goes on to the bottom; when
            // they agree, the rest is written. Walking every frame each time cost a full walk per
            // sample that found such a short recursion on top (near-top-site.js: 3 samples in 10)
            walkTop = 2 * WALK_TOP;
            boolean written;
            try {
                written = walk(r, marks, verify, pollLocation, true);
            } finally {
                walkTop = WALK_TOP;
            }
            if (written) {
                return;
            }
        }
        // a pair the walk was to write turned out, in the frames it walked, to have another call
        // node: the frames it meant to write may be wrong, so they are walked
        walk(r, marks, verify, pollLocation, false);
    }

    /**
     * {@link #walk(SampleRecord, CallDepth, boolean, Node)}, writing frames from the memo only when
     * {@code mayWrite}. False, with nothing published or kept, when the walk found a pair it was to
     * write through another call node than the memo's (the memo then forgets it): a pair no walk
     * had yet seen both ways, a caller that calls the callee from another line now; or, unless
     * walking further down ({@link #walkTop}), saw such a pair another way among its top frames
     * ({@link #lastForgot} tells the two apart).
     */
    private boolean walk(SampleRecord r, CallDepth marks, boolean verify, Node pollLocation, boolean mayWrite) {
        record = r;
        r.resetFrames();
        int counted = 0;
        int low = 0;
        if (marks != null) {
            counted = marks.depth();
            low = marks.low();
            roots = marks.roots();
        } else {
            roots = null;
        }
        expect = counted;
        walkCountedTotal = counted;
        stopAt = marks != null && publishedCounted >= 0 && low >= 1 && low <= publishedCounted && low - 1 >= publishedPlacedFrom ? low - 1 : -1;
        fillFrom = -1;
        fillTo = -1;
        if (memo == null && fill && marks != null) {
            takeMemo();
        }
        if (memo != null && memo.full()) {
            memo.clear(); // full of pairs of other phases or closed contexts: learn afresh
        }
        if (memo != null && sharedMemo != null && marks != null && registered != marks) {
            sharedMemo.register(marks);
            registered = marks;
        }
        boolean remember = memo != null && marks != null;
        // every counted frame returned since the last sample (a descent that unwound to a loop
        // entered before the probes were attached): counted frame 0 can be the stop if the frames
        // below it have held still
        // (the record of counted frame 0's root, and the last published stack's outermost frames
        // are those, whatever that stack was: a descent written the same way, a full walk whose top
        // frame could not be told from its caller, a flat phase's stack from the same loop. Until
        // 2026-12-04 their number sufficed, and a stop over another phase's stack as deep reused
        // that phase's frames; before 2026-12-02 some of those made the next walk a full one)
        // Neither while another context's frames are on the thread (one that called into this
        // one): the frames below counted frame 0 are then that context's
        boolean alone = remember && stopAt < 0 && counted > 0 && (sharedMemo == null || !sharedMemo.othersActive(marks));
        // (or, held still or not, the one frame below counted frame 0 is a root that full walks
        // found outermost: nothing is below it, so that frame is all there is below, whichever
        // activation of it; under Incremental=auto the probes come while the program's frames are
        // on the stack, and on a deep recursion four full walks to see the frame below hold still
        // took a run of a few seconds)
        if (alone && low == 0) {
            selectBottom(roots[0]);
        }
        boolean fromBottom = alone && low == 0 && bottomRoot == roots[0] && (bottomSame >= BOTTOM_STILL || bottomSize == 1 && memo.outermostSeen(rootOf(bottomTargets[0])) >= BOTTOM_STILL) && bottomSize >= 1
                        && publishedLowHolds()
                        && readBottomFill(memo.known(BOTTOM, roots[0]));
        // no stop, and the last full walks found counted frame 0's root with no guest frame below
        // it (here or in the thread's earlier contexts): the counted frames are the whole stack
        boolean fromNothing = alone && !fromBottom && !uncountedMayBeBelow && memo.outermostSeen(roots[0]) >= BOTTOM_STILL;
        reusedBelowBottom = -1;
        fillFromBottom = fromBottom;
        fillFromNothing = fromNothing;
        int from = fromBottom || fromNothing ? 0 : stopAt;
        if (remember && from >= 0 && counted - from > FILL_MIN + walkTop) {
            // the counted frames from the stop up whose pair with the frame above is known: written
            // from the memo, and the walk stops at the first one that is not (or below the top few).
            // Read now, held strongly through the walk: the memo holds them weakly
            int j = from;
            int upTo = counted - walkTop;
            if (fillTargets.length < upTo - from) {
                int n = Math.max(upTo - from, fillTargets.length * 2);
                fillTargets = java.util.Arrays.copyOf(fillTargets, n);
                fillNodes = java.util.Arrays.copyOf(fillNodes, n);
                fillTiers = java.util.Arrays.copyOf(fillTiers, n);
            }
            // a recursion repeats one pair: it is looked up once (a deep descent at 10 ms fills
            // thousands of frames a sample, and the lookup with its weak references was 1.4 % of
            // the guest's time on pace-deep-recursion at 10 ms; docs/performance.md, *Closed contexts folded*)
            int lastCaller = 0;
            int lastCallee = 0;
            boolean last = false;
            while (j < upTo) {
                int caller = roots[j];
                int callee = roots[j + 1];
                int k = j - from;
                if (last && caller == lastCaller && callee == lastCallee) {
                    fillTargets[k] = fillTargets[k - 1];
                    fillNodes[k] = fillNodes[k - 1];
                    fillTiers[k] = fillTiers[k - 1];
                } else if (readFill(memo.known(caller, callee), k)) {
                    lastCaller = caller;
                    lastCallee = callee;
                    last = true;
                } else {
                    break;
                }
                j++;
            }
            if (mayWrite && j - from >= FILL_MIN && ++fillChances % FILL_CHECK_EVERY != 0) {
                fillFrom = from;
                fillTo = j;
                stopAt = j;
            }
        }
        prevCounted = -1;
        prevCountedIndex = -1;
        memoNow = remember ? memo : null;
        stopped = false;
        sameActivation = false;
        walkTops = 0;
        pairDepth = -2;
        ambiguous = false;
        returnedOnTop = false;
        topAtRootPoll = false;
        topCompiledAtItsRoot = false;
        exitedPending = marks != null && marks.exited() && counted < roots.length;
        exitedRoot = exitedPending ? roots[counted] : 0;
        exitedArgs = exitedPending ? marks.exitedArgs() : null;
        exitedState = exitedPending ? marks.exitedState() : 0;
        this.pollLocation = pollLocation;
        long forgotten = remember ? memo.forgotten() : 0;
        long disagreed = remember ? memo.disagreed() : 0;
        try {
            Truffle.getRuntime().iterateFrames(this);
        } finally {
            record = null;
            roots = null;
            exitedArgs = null;
            exitedState = 0;
            pairArgs = null;
            pairTarget = null;
            this.pollLocation = null;
        }
        if (stopped && fillFrom >= 0 && (memo.forgotten() != forgotten || walkTop == WALK_TOP && memo.disagreed() != disagreed)) {
            lastForgot = memo.forgotten() != forgotten;
            return false;
        }
        if (counted > 0) {
            sawCounted = true;
        } else if (!sawCounted && r.depth > 0) {
            uncountedMayBeBelow = true;
        }
        if (stopped && fillFrom >= 0) {
            writeFromMemo(r);
        } else if (remember && !stopped && !sameActivation && !r.truncated && !ambiguous && expect == 0 && counted > 0) {
            noteBottom(r, marks.roots());
        } else if ((marks == null || counted == 0) && fill && sharedMemoSource != null && r.depth > 0) {
            // no frame counted yet (Incremental=auto before the probes are attached, or every
            // frame entered before): what this walk saw is what the first walks with counted
            // frames will need. Its pairs only on a stack as deep as those that attach the probes
            if (memo == null) {
                takeMemo(); // (a full memo was emptied before the walk)
            }
            learnUncounted(r, 0, !stopped && !sameActivation && !r.truncated, r.depth >= LEARN_PAIRS_DEPTH);
        }
        bottomFillTarget[0] = null;
        bottomFillNode[0] = null;
        int walked = r.depth;
        int total = walked;
        if (sameActivation) {
            r.reused = sameActivationReused;
            total += r.reused;
            r.topRepeat = sameTop; // the same activation on top as at the previous sample
        } else if (stopped) {
            r.reused = reusedBelowBottom >= 0 ? reusedBelowBottom : positionOfCounted[stopAt];
            total += r.reused;
            // the same activation on top as at the previous sample: the walk stopped at the top
            // frame, and the previous sample had exactly as many counted frames (with fewer, the
            // top frame existed then but a callee of it was on top: not a repeat)
            r.topRepeat = walked == 1 && stopAt == counted - 1 && publishedCounted == counted;
        }
        if (positionOfCounted.length < counted) {
            positionOfCounted = java.util.Arrays.copyOf(positionOfCounted, Math.max(counted, positionOfCounted.length * 2));
        }
        for (int i = 0; i < walked; i++) {
            int c = walkCounted[i];
            if (c >= 0 && c < positionOfCounted.length) {
                positionOfCounted[c] = total - 1 - i;
            }
        }
        // a walk that stopped at a known activation recognised no counted frame below it: the
        // marks' positions cannot build on it
        pendingCounted = r.truncated || marks == null || ambiguous || sameActivation ? -1 : counted;
        // a stopped walk keeps the positions below its stop, placed as well as before; a full one
        // placed the counted frames down to where its matching ended
        pendingPlacedFrom = stopped && fillFrom == 0 ? 0 : stopped ? publishedPlacedFrom : Math.max(0, expect);
        lastCounted = marks == null || ambiguous || r.truncated || sameActivation ? 0 : counted;
        lastExpect = expect;
        lastStopped = stopped;
        r.marked = marks != null && counted > 0 || sameActivation;
        pendingTotal = r.truncated ? -1 : total;
        if (r.truncated) {
            pendingLowSize = -1;
        } else if (fillFromBottom && stopped) {
            // written down to counted frame 0 by the bottom rule: the record's frames below it
            pendingLow(bottomTargets, bottomNodes, bottomSize, bottomSize);
        } else if ((stopped || sameActivation) && !(fillFromNothing && stopped)) {
            pendingLowSize = -2; // what is below the stop is what the last published stack had
        } else {
            // walked to the bottom, or written down to counted frame 0 with nothing below: the
            // record holds the whole stack
            pendingLow(r.targets, r.callNodes, r.depth, Math.min(r.depth, BOTTOM_FRAMES));
        }
        if (verify && (stopped || sameActivation)) {
            checkWalk(r);
        }
        return true;
    }

    /**
     * Bottom-up position (0 is the outermost frame) in the last walk's whole stack (walked plus
     * reused) of counted frame {@code j}, or -1 when the walk did not place it: it recognised the
     * counted frames from the top down to {@code lastExpect}, and reused those below its stop.
     * Guest thread, right after {@link #walk}.
     */
    int positionOf(int j) {
        if (j < 0 || j >= lastCounted || j >= positionOfCounted.length) {
            return -1;
        }
        return j >= lastExpect || lastStopped ? positionOfCounted[j] : -1;
    }

    /**
     * Whether the last walk's top frame could not be told apart from its caller: a recursive
     * return (see {@link CallDepth}); the walk was then full and recognised no counted frame.
     * Guest thread.
     */
    boolean ambiguousTop() {
        return ambiguous;
    }

    /**
     * Whether the last walk's top frame had already returned: the marks say so ({@link
     * #returnedOnTop}), or it is interpreted and the thread polled at its root node, Truffle's poll
     * after the body, which the marks may not have seen (the probe of a trivial root asleep). At a
     * poll before the body (TruffleRuby) this also says returned: a burst then starts with that
     * frame's return and its enter follows, so it is on the burst's stack once, as a call. Guest
     * thread.
     */
    boolean topReturned() {
        return returnedOnTop || topAtRootPoll;
    }

    /**
     * Whether the last walk's top frame is a compilation root whose thread polled at its root
     * node: its return poll, or a poll at a loop end or a call of its body. Guest thread.
     */
    boolean topCompiledAtItsRoot() {
        return topCompiledAtItsRoot;
    }

    /** Whether the last walk's top frame was a frame that had already returned (see {@link CallDepth}). Guest thread. */
    boolean returnedOnTop() {
        return returnedOnTop;
    }

    /** The record from the last {@link #walk} was published: later walks may build on it. */
    void published(CallDepth marks) {
        publishedCounted = pendingCounted;
        publishedPlacedFrom = pendingPlacedFrom;
        publishedTotal = pendingTotal;
        if (pendingLowSize >= 0) {
            Object[] t = publishedLowTargets;
            Object[] n = publishedLowNodes;
            publishedLowTargets = pendingLowTargets;
            publishedLowNodes = pendingLowNodes;
            pendingLowTargets = t;
            pendingLowNodes = n;
            publishedLowSize = pendingLowSize;
        } else if (pendingLowSize == -1) {
            publishedLowSize = -1;
        }
        publishedTops = pendingTotal < 0 ? 0 : walkTops;
        for (int i = 0; i < IDENTITY_FRAMES; i++) {
            publishedTargets[i] = i < publishedTops ? walkTargets[i] : null;
            publishedArgs[i] = i < publishedTops ? walkArgs[i] : null;
            publishedPositions[i] = walkPositions[i];
            walkTargets[i] = null;
            walkArgs[i] = null;
        }
        if (marks != null) {
            marks.markSampled();
        }
    }

    /** The last walk failed or was not published: the next walk is a full one. */
    void invalidate() {
        publishedCounted = -1;
        publishedTotal = -1;
        publishedLowSize = -1;
        publishedTops = 0;
        java.util.Arrays.fill(publishedTargets, null);
        java.util.Arrays.fill(publishedArgs, null);
    }

    @Override
    public Object visitFrame(FrameInstance frame) {
        SampleRecord r = record;
        if (checking) {
            int d = r.checkDepth;
            if (d == r.checkTargets.length) {
                r.checkTargets = java.util.Arrays.copyOf(r.checkTargets, d * 2);
                r.checkNodes = java.util.Arrays.copyOf(r.checkNodes, d * 2);
            }
            r.checkTargets[d] = frame.getCallTarget();
            r.checkNodes[d] = frame.getCallNode();
            r.checkDepth = d + 1;
            return d + 1 >= stackLimit ? frame : null;
        }
        int d = r.depth;
        if (d == r.targets.length) {
            r.ensureCapacity(d + 1);
        }
        Object target = frame.getCallTarget();
        r.targets[d] = target;
        r.callNodes[d] = frame.getCallNode();
        r.tiers[d] = FrameTier.of(frame.getCompilationTier(), frame.isCompilationRoot());
        if (d == 0) {
            topState = CallDepth.compiledState(frame.getCompilationTier(), frame.isCompilationRoot());
            boolean atItsRoot = pollLocation instanceof RootNode && target instanceof RootCallTarget t0 && t0.getRootNode() == pollLocation;
            // an AST interpreter polls at a root node only outside that root's body, before or after
            // it; a bytecode interpreter (GraalPy, the Bytecode DSL) polls at its loops' back edges
            // with the root node as location too, so there the location says nothing
            topAtRootPoll = atItsRoot && r.tiers[0] == FrameTier.INTERPRETED && !CallDepthProbe.isBytecodeRoot((RootNode) pollLocation);
            // compiled code polls at its unit's root node everywhere: its return among others
            topCompiledAtItsRoot = atItsRoot && (r.tiers[0] == FrameTier.FIRST || r.tiers[0] == FrameTier.LAST);
        }
        int c = -1;
        int k = expect;
        if ((k > 0 || d == 0 && exitedPending) && target instanceof RootCallTarget rct) {
            int root = System.identityHashCode(rct.getRootNode());
            if (d == 0 && topAtRootPoll) {
                // an AST interpreter's poll at its root node is outside the body the probes wrap:
                // after its return probe (the returned frame, still on the stack at Truffle's poll
                // after a body: this root is then the last to have returned) or before its enter
                // probe (TruffleRuby polls there): not counted either way. Never the caller, which
                // is in its body. Counted, a self-recursion's top frame would take its caller's
                // place and every frame below it the one of its caller (a stack one frame short, or
                // long): before 2026-11-27's seventh session when another root had returned since
                // the last enter (a block the caller ran before the call: unwinding.rb's "block"),
                // and until 2026-12-04 when a frame of its own root had (a method that calls itself
                // again right after a call of itself returned: unwinding.rb's "tree", 3 to 35 walks
                // in 200 to 350 one frame off; the arguments were compared, found another array,
                // and the top frame taken for the caller)
                c = -1;
                returnedOnTop = exitedPending && exitedRoot == root;
            } else if (d == 0 && exitedPending && exitedRoot == root) {
                // the top frame may be one that already returned (Truffle's poll after a body)
                int top = k == 0 || roots[k - 1] != root ? RETURNED : recursiveTop(root, frame);
                if (top == AMBIGUOUS) {
                    ambiguous = true;
                    stopAt = -1;
                    expect = 0;
                    k = 0;
                } else if (top == CALLER) {
                    c = k - 1;
                    expect = c;
                }
                returnedOnTop = top == RETURNED;
            } else if (k > 0 && roots[k - 1] == root) {
                c = k - 1;
                expect = c;
            }
        }
        if (d == walkCounted.length) {
            walkCounted = java.util.Arrays.copyOf(walkCounted, d * 2);
        }
        walkCounted[d] = c;
        r.depth = d + 1;
        if (c >= 0 && memoNow != null) {
            // Only the pairs below the top WALK_TOP counted frames are ever written, so only those
            // are kept or made conflicts: a callee that its caller calls from another line near
            // the top alone (an evaluator's literal operand, a parser's right one, beside the
            // recursion through the first line) made the recursion's pair a conflict, and every
            // walk of it a full one. A pair near the top seen another way than kept makes this
            // walk walk further down before it writes (EdgeMemo#nearTop, #walk); one whose callee
            // is the top counted frame, a leaf, is not looked at.
            if (prevCounted == c + 1 && c + 2 < walkCountedTotal) {
                if (c + WALK_TOP >= walkCountedTotal) {
                    memoNow.nearTop(roots[c], roots[c + 1], target, r.callNodes[d], prevCountedIndex == d - 1);
                } else if (prevCountedIndex == d - 1) {
                    memoNow.adjacent(roots[c], roots[c + 1], target, r.callNodes[d], r.tiers[d]);
                } else {
                    memoNow.notAdjacent(roots[c], roots[c + 1]);
                }
            }
            prevCounted = c;
            prevCountedIndex = d;
        }
        if (c >= 0 && c == stopAt) {
            stopped = true;
            return frame; // non-null stops the walk: everything below is unchanged
        }
        if (sameActivationStops && r.tiers[d] == FrameTier.INTERPRETED && (walkTops < IDENTITY_FRAMES || stopAt < 0 && publishedTops > 0) && sameActivationBelow(frame, d, target)) {
            return frame; // the same activation as at the last sample: everything below is unchanged
        }
        if (d + 1 >= stackLimit) {
            r.truncated = true;
            return frame;
        }
        return null;
    }

    /** After a full walk that recognised every counted frame: the frames below counted frame 0, and whether they held still. */
    private void noteBottom(SampleRecord r, int[] marksRoots) {
        int i0 = -1;
        for (int i = r.depth - 1; i >= 0; i--) {
            if (walkCounted[i] == 0) {
                i0 = i;
                break;
            }
        }
        int n = i0 < 0 ? -1 : r.depth - 1 - i0;
        if (n >= 0) {
            memo.outermost(marksRoots[0], n);
        }
        if (n == 0) {
            uncountedMayBeBelow = false;
        }
        if (n > 0) {
            learnUncounted(r, i0, true, true);
        }
        selectBottom(marksRoots[0]);
        if (n < 0 || n > BOTTOM_FRAMES) {
            bottomSize = -1;
            bottomSame = 0;
            return;
        }
        if (n > 0) {
            // the frame right below counted frame 0 calls it through a call node that depends on
            // which root counted frame 0 is: kept as a pair in the memo, like a pair of counted frames
            memo.adjacent(BOTTOM, marksRoots[0], r.targets[i0 + 1], r.callNodes[i0 + 1], r.tiers[i0 + 1]);
        }
        boolean same = n == bottomSize;
        for (int k = 0; k < n && same; k++) {
            same = bottomTargets[k] == r.targets[i0 + 1 + k] && (k == 0 || bottomNodes[k] == r.callNodes[i0 + 1 + k]);
        }
        if (same) {
            bottomSame++;
            return;
        }
        for (int k = 0; k < BOTTOM_FRAMES; k++) {
            bottomTargets[k] = k < n ? r.targets[i0 + 1 + k] : null;
            bottomNodes[k] = k < n ? r.callNodes[i0 + 1 + k] : null;
        }
        bottomSize = n;
        bottomSame = 1;
    }

    /**
     * What a walk saw of frames the marks do not count, from frame {@code from} (0 is the top) to
     * the bottom of what it walked: every frame entered before the probes were attached
     * ({@code Incremental=auto}), and those below counted frame 0. Each pair of adjacent frames
     * goes into the memo as a pair of counted frames would (the caller's target, call node and
     * tier), and, when the walk reached the bottom of the stack, its outermost frame's root counts
     * one walk with nothing below it and every other root the memo keeps as outermost is ruled out.
     *
     * <p>Why: a program that runs each request in a fresh context on a deep stack had every fresh
     * context's first walks full under {@code Incremental=auto}. The memo had learned no pair of the
     * outermost root (before the probes were attached it was never a counted frame) and needed four
     * full walks with marks to trust that nothing is below it; those full walks kept the cost
     * estimate so high that the budget allowed 0 to 3 walks a context, so they took most of the
     * run (docs/sampling.md). The full walks before the attachment saw the same frames.
     *
     * <p>A pair learned here is what a walk of counted frames would have learned had both been
     * counted: the frames are adjacent on the stack. Where the marks will later show the two roots
     * adjacent with a frame between that has no probe, the memo forgets the pair at the first full
     * walk that sees it, as it does for pairs learned from counted frames. One memo probe per
     * change of pair, so a recursion costs a few, not one per level.
     *
     * <p>Without {@code pairs} (a shallow stack) only the outermost root is noted. A root is
     * ruled out only if the memo already keeps it as outermost (a large program's hundreds of roots
     * would otherwise fill the memo): one seen below another frame before it was ever seen
     * outermost is not remembered as such, and the four walks that must find it outermost, the
     * rule on frames from before the probes ({@link #uncountedMayBeBelow}), and every later full
     * walk, which rules it out, stand for that. Guest thread.
     */
    private void learnUncounted(SampleRecord r, int from, boolean reachedBottom, boolean pairs) {
        int depth = r.depth;
        if (from >= depth) {
            return;
        }
        int callee = rootOf(r.targets[from]);
        int lastCaller = 0;
        int lastCallee = 0;
        Object lastTarget = null;
        Object lastNode = null;
        int lastRuledOut = 0;
        for (int i = from; i + 1 < depth; i++) {
            int caller = rootOf(r.targets[i + 1]);
            if (callee != 0 && callee != lastRuledOut) {
                if (memo.outermostKept(callee)) {
                    memo.outermost(callee, 1); // a frame below it: never outermost again
                }
                lastRuledOut = callee;
            }
            if (!pairs) {
                callee = caller;
                continue;
            }
            Object t = r.targets[i + 1];
            Object n = r.callNodes[i + 1];
            if (i + 1 >= WALK_TOP && caller != 0 && callee != 0 && (caller != lastCaller || callee != lastCallee || t != lastTarget || n != lastNode)) {
                memo.adjacent(caller, callee, t, n, r.tiers[i + 1]);
                lastCaller = caller;
                lastCallee = callee;
                lastTarget = t;
                lastNode = n;
            }
            callee = caller;
        }
        if (reachedBottom && callee != 0) {
            memo.outermost(callee, 0);
        }
    }

    /** Takes the walking thread's memo (shared with its states in other contexts), or a memo of this state's own. */
    private void takeMemo() {
        sharedMemo = sharedMemoSource != null ? sharedMemoSource.get() : null; // on the walking thread: its own
        memo = sharedMemo != null ? sharedMemo.get() : new EdgeMemo();
    }

    /** The identity hash of a frame's root node, as the marks keep it; 0 for a frame without one. */
    private static int rootOf(Object target) {
        return target instanceof RootCallTarget rct ? System.identityHashCode(rct.getRootNode()) : 0;
    }

    /**
     * Appends counted frames {@code fillTo-1} down to {@code fillFrom} to the walk that stopped at
     * counted frame {@code fillTo}, each from the memo of its pair with the frame above (call
     * target, call node, tier: the newest tier a walk saw, not necessarily the frame's now), and
     * makes {@code fillFrom} the stop the frames below are reused from. Every pair was checked
     * before the walk ({@link EdgeMemo#known}); the marks say those frames are on the stack, one
     * right on top of the other. Guest thread.
     */
    private void writeFromMemo(SampleRecord r) {
        boolean bottom = fillFromBottom;
        int below = fillFromNothing ? 0 : bottom ? bottomSize - 1 : positionOfCounted[fillFrom];
        // the whole stack would be longer than the limit: write down to the limit, keep its top
        // frames as a walk that reached the limit does, and build on nothing below
        boolean cut = r.depth + (fillTo - fillFrom) + (bottom ? 1 : 0) + below > stackLimit;
        for (int j = fillTo - 1; j >= fillFrom && r.depth < stackLimit; j--) {
            int k = j - fillFrom;
            writeFrame(r, fillTargets[k], fillNodes[k], fillTiers[k], j);
        }
        if (bottom && r.depth < stackLimit) {
            // down to counted frame 0 by the bottom rule: the frame right below it is written from
            // the memo too (its call node follows the root counted frame 0 is), the ones below reused
            writeFrame(r, bottomFillTarget[0], bottomFillNode[0], bottomFillTier[0], -1);
            reusedBelowBottom = bottomSize - 1;
        } else if (fillFromNothing) {
            reusedBelowBottom = 0; // counted frame 0 is the outermost frame: nothing to reuse
        }
        if (cut) {
            r.truncated = true;
            stopped = false; // nothing below is reused: a truncated record stands alone
            reusedBelowBottom = -1;
            return;
        }
        expect = fillFrom;
        stopAt = fillFrom;
    }

    /**
     * Reads memo slot {@code slot} into entry {@code k} of what the walk writes from the memo:
     * false when the pair is not known or what it kept was collected.
     */
    private boolean readFill(int slot, int k) {
        return read(slot, fillTargets, fillNodes, fillTiers, k);
    }

    /** Reads memo slot {@code slot} as the frame right below counted frame 0 (the bottom rule): false when it cannot. */
    private boolean readBottomFill(int slot) {
        return read(slot, bottomFillTarget, bottomFillNode, bottomFillTier, 0);
    }

    private boolean read(int slot, Object[] targets, Object[] nodes, byte[] tiers, int k) {
        if (slot < 0) {
            return false;
        }
        Object t = memo.target(slot);
        Object n = memo.node(slot);
        if (t == null || n == null && memo.hasNode(slot)) {
            return false;
        }
        targets[k] = t;
        nodes[k] = n;
        tiers[k] = memo.tier(slot);
        return true;
    }

    /** The pending outermost frames: the {@code n} frames of the stack {@code targets} / {@code nodes} that end at {@code end}, outermost first. */
    private void pendingLow(Object[] targets, Object[] nodes, int end, int n) {
        for (int m = 0; m < BOTTOM_FRAMES; m++) {
            pendingLowTargets[m] = m < n ? targets[end - 1 - m] : null;
            pendingLowNodes[m] = m < n ? nodes[end - 1 - m] : null;
        }
        pendingLowSize = n;
    }

    /**
     * Makes the bottom fields those of counted frame 0's root {@code root}: the record kept for it,
     * or, for a root without one, a copy of the one they held; that one is kept aside, in place of
     * the oldest when all slots are taken.
     */
    private void selectBottom(int root) {
        if (root == bottomRoot || root == 0) {
            return;
        }
        int take = -1;
        int free = -1;
        for (int i = 0; i < BOTTOM_SLOTS; i++) {
            if (slotRoot[i] == root) {
                take = i;
            } else if (free < 0 && slotRoot[i] == 0) {
                free = i;
            }
        }
        int put = take >= 0 ? take : free;
        if (put < 0) {
            put = slotNext;
            slotNext = (slotNext + 1) % BOTTOM_SLOTS;
        }
        // the record held goes to slot put; root's comes here from it, or, for a root without
        // one, the record held stays as root's start: phases called from one loop have the same
        // frames below, and their full walks count for each other, as they did with one record
        // (the frame right below counted frame 0, which follows the root, is the memo's pair)
        for (int k = 0; k < BOTTOM_FRAMES; k++) {
            Object x = slotTargets[put][k];
            slotTargets[put][k] = bottomTargets[k];
            if (take >= 0) {
                bottomTargets[k] = x;
            }
            x = slotNodes[put][k];
            slotNodes[put][k] = bottomNodes[k];
            if (take >= 0) {
                bottomNodes[k] = x;
            }
        }
        int size = slotSize[put];
        int same = slotSame[put];
        slotRoot[put] = bottomSize >= 0 ? bottomRoot : 0;
        slotSize[put] = bottomSize;
        slotSame[put] = bottomSame;
        bottomRoot = root;
        if (take >= 0) {
            bottomSize = size;
            bottomSame = same;
        }
    }

    /**
     * Whether the last published stack's outermost frames are the frames the bottom record holds,
     * in the same order and, but for the one right below counted frame 0, through the same call
     * nodes: its counted frame 0 may have been another root's, or none (a phase that runs in
     * roots without a probe, from the same loop).
     */
    private boolean publishedLowHolds() {
        int n = bottomSize;
        if (n < 1 || publishedLowSize < n) {
            return false;
        }
        for (int k = 0; k < n; k++) {
            int m = n - 1 - k;
            if (publishedLowTargets[m] != bottomTargets[k] || k > 0 && publishedLowNodes[m] != bottomNodes[k]) {
                return false;
            }
        }
        return true;
    }

    /** Appends one frame read from the memo, counted frame {@code counted} (-1: uncounted). */
    private void writeFrame(SampleRecord r, Object target, Object node, byte tier, int counted) {
        int d = r.depth;
        if (d == r.targets.length) {
            r.ensureCapacity(d + 1);
        }
        if (d == walkCounted.length) {
            walkCounted = java.util.Arrays.copyOf(walkCounted, d * 2);
        }
        r.targets[d] = target;
        r.callNodes[d] = node;
        r.tiers[d] = tier;
        r.depth = d + 1;
        r.filled++;
        walkCounted[d] = counted;
    }

    /**
     * Records the identity of walked frame {@code d}, an interpreted one (its call target and
     * arguments array; the first {@link #IDENTITY_FRAMES} such frames from the top are kept for
     * the next walk) and, when the marks give this walk no stop, checks whether it and the
     * interpreted frame right above it are the same two activations as two adjacent kept frames of
     * the last published stack: then every frame below it is the one that stack had (a frame
     * cannot return while a callee of it runs), and the walk stops there. Every walked interpreted frame is checked, so a stack that only grew since (a
     * descent) is walked down to the last sample's top. A frame's arguments array is made by its
     * caller for that call, so it names the activation (the assumption the recursive-return rule
     * below makes too; empty arrays, which a language could share, never match). Not for a
     * bytecode interpreter's roots ({@link CallDepthProbe#isBytecodeRoot}): in GraalPy a caller
     * and its callee showed the same array, and a walk stopped one frame wrong. Interpreted
     * frames only: a compiled frame's arguments, as a walk sees them, may be a copy the VM
     * rebuilds for each walk (a new array every walk for first-tier Pace roots), which never
     * matches. Reading an interpreted frame's arguments allocates nothing and costs a small
     * fraction of visiting the frame. Works where the marks cannot: before the root probes are
     * attached ({@code Incremental=auto} on a thread not yet deep and thinned), on frames entered
     * before they were, after an ambiguous recursive return, and for a sampler created after a
     * context existed.
     */
    private boolean sameActivationBelow(FrameInstance frame, int d, Object target) {
        if (!ownsItsArguments(target)) {
            return false;
        }
        Object[] args = null;
        try {
            com.oracle.truffle.api.frame.Frame f = frame.getFrame(FrameInstance.FrameAccess.READ_ONLY);
            args = f == null ? null : f.getArguments();
        } catch (RuntimeException e) {
            // a frame that cannot be read is never the same activation
        }
        if (args == null || args.length == 0) {
            return false;
        }
        if (walkTops < IDENTITY_FRAMES) {
            walkTargets[walkTops] = target;
            walkArgs[walkTops] = args;
            walkPositions[walkTops] = d;
            walkTops++;
        }
        if (stopAt >= 0 || publishedTotal < 0) {
            pairArgs = args;
            pairTarget = target;
            pairDepth = d;
            return false;
        }
        boolean found = false;
        // the frame and its caller both: a language that reused one array for several calls would
        // have to do so for two adjacent frames at once to fool this
        for (int i = 1; i < publishedTops && !found; i++) {
            if (publishedArgs[i] == args && publishedTargets[i] == target && pairArgs == publishedArgs[i - 1] && pairTarget == publishedTargets[i - 1]
                            && pairDepth == d - 1 && publishedPositions[i - 1] == publishedPositions[i] - 1) {
                // frame d is the last stack's frame publishedPositions[i] from the top: reuse the frames below it
                int reused = publishedTotal - publishedPositions[i] - 1;
                if (reused >= 0) {
                    sameActivation = true;
                    sameActivationReused = reused;
                    sameTop = d == 1 && publishedPositions[i] == 1;
                    found = true;
                }
            }
        }
        pairArgs = args;
        pairTarget = target;
        pairDepth = d;
        return found;
    }

    /**
     * Whether frames of this call target each own their arguments array, which the identity
     * checks rely on: not a bytecode interpreter's roots ({@link CallDepthProbe#isBytecodeRoot}),
     * since in GraalPy a caller and its callee showed the same array.
     */
    private static boolean ownsItsArguments(Object target) {
        return !(target instanceof RootCallTarget rct && CallDepthProbe.isBytecodeRoot(rct.getRootNode()));
    }

    private static final int RETURNED = 0;
    private static final int CALLER = 1;
    private static final int AMBIGUOUS = 2;

    /**
     * After a recursive return (the returned root is also its caller's), which frame is on top,
     * from where the thread polled, where the returned frame returned and the top frame's state
     * (an interpreted top frame that an AST interpreter polled at its root node is outside its
     * body, and {@link #visitFrame} does not count it before it gets here):
     * <ul>
     * <li>at a node of that root other than the root node (a loop, a builtin that polls): an
     * explicit poll in a body, in the interpreter or in host code, after the call returned: the
     * caller. (A language that polled inside a root after its {@code RootTag} node returned would
     * make such a walk one frame wrong; Pace, GraalJS and TruffleRuby poll in loops and
     * builtins.)</li>
     * <li>the returned frame returned in the interpreter (entered so, or deoptimised): its frame is
     * a real interpreter frame whose arguments array the probe kept ({@link CallDepth#exitedArgs});
     * the top frame is it if its arguments are that very array, else the caller (whatever tier the
     * top frame reports: a deoptimised frame reports its compiled entry tier, but its frame and
     * arguments are real ones now, and a frame still compiled cannot be the returned one). Not for
     * a bytecode interpreter's roots ({@link CallDepthProbe#isBytecodeRoot}), see below.</li>
     * <li>it returned in compiled code: it reports the state it returned in ({@link
     * CallDepth#exitedState}: a frame reports the state it was entered in, and a return in
     * compiled code means it did not deoptimise since), so a top frame in another state (say, a
     * last-tier root on top after an inlined callee returned) is the caller, unless the top frame
     * reports itself interpreted: a frame whose loop was compiled on stack replacement reports
     * the state it was entered in while its return probe runs in the OSR code. In the same state
     * the location says nothing: compiled code polls at the root node of its innermost frame
     * everywhere ({@code TruffleSafepointInsertionPhase}: loop ends, calls, the unit's returns).
     * When it returned at a compilation root its probe kept its arguments array, the one its
     * caller passed (since 2026-12-02): a top frame that shows that very array is the returned
     * one. Any other array proves nothing, since a compiled frame's arguments, as a walk sees
     * them, may be a copy the VM rebuilt for that walk (a new array every walk for first-tier
     * Pace roots); the top is then ambiguous. GraalJS's and TruffleRuby's compiled recursions
     * unwinding showed the very array at every such walk traced (170 in one run of
     * {@code three-phase.js}), each a full walk before.</li>
     * <li>where it returned is unknown (no probe data): ambiguous.</li>
     * </ul>
     * An ambiguous top makes the marks useless for the walk. Assumes a language passes each call
     * a new arguments array: GraalJS, TruffleRuby and Pace do; GraalPy does not (a caller and its
     * callee showed the same array), so a bytecode interpreter's interpreted returns stay
     * ambiguous at the root node, as before.
     */
    private int recursiveTop(int root, FrameInstance top) {
        Node at = pollLocation;
        if (at != null && !(at instanceof RootNode)) {
            RootNode owner = at.getRootNode();
            return owner != null && System.identityHashCode(owner) == root ? CALLER : AMBIGUOUS;
        }
        if (exitedArgs != null && ownsItsArguments(top.getCallTarget())) {
            // whatever tier the top frame reports: a frame that deoptimised still reports its
            // compiled entry tier, and its frame is a real one now. Not for a bytecode interpreter:
            // GraalPy's frames do not each own their arguments array (a caller and its callee
            // showed the same one)
            Frame f = top.getFrame(FrameInstance.FrameAccess.READ_ONLY);
            boolean same = f != null && f.getArguments() == exitedArgs;
            if (same || exitedState == 0) {
                return same ? RETURNED : CALLER;
            }
            // returned at the root of compiled code: the very array on top is the returned frame;
            // another one may be a copy the VM rebuilt for this walk, which proves nothing
        }
        if (exitedState != 0 && topState != 0) {
            // not for a top frame that reports itself interpreted: a frame whose loop runs in OSR
            // code reports the state it was entered in, interpreted, while its return probe runs in
            // the OSR compilation (GraalPy made walks one frame long here)
            return topState != exitedState ? CALLER : AMBIGUOUS;
        }
        return AMBIGUOUS;
    }

    /** Test switch: a full walk into the check arrays. Allocates; never on by default. */
    private void checkWalk(SampleRecord r) {
        if (r.checkTargets == null) {
            r.checkTargets = new Object[64];
            r.checkNodes = new Object[64];
        }
        r.checkDepth = 0;
        record = r;
        checking = true;
        try {
            Truffle.getRuntime().iterateFrames(this);
        } finally {
            checking = false;
            record = null;
        }
    }
}
