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
 * <p>Allocation: none in steady state; the arrays grow only when the stack is deeper than ever.
 */
final class StackRecorder implements FrameInstanceVisitor<Object> {

    private final int stackLimit;
    // the walk in progress
    private SampleRecord record;
    private int[] roots;
    private int expect;
    private int stopAt;
    private boolean stopped;
    private int[] walkCounted = new int[64];
    /** Root of a just-returned frame that may still be on top, or null. */
    private int exitedRoot;
    private boolean exitedPending;
    /** The returned frame's arguments if it returned as a compiled compilation root, else null ({@link CallDepth#exitedArgs}). */
    private Object[] exitedArgs;
    /** The node the walk's poll was made at, or null. */
    private Node pollLocation;
    /** The top frame could not be told apart from its caller: count nothing, build on nothing. */
    private boolean ambiguous;
    /** The last walk's top frame was the just-returned one (Truffle's poll after a body). */
    private boolean returnedOnTop;
    /**
     * The last walk's top frame is interpreted and the thread polled at its root node: Truffle's
     * poll after that root's body, so the frame already returned, whether or not the marks saw it
     * (no marks, or the probe of a trivial root asleep).
     */
    private boolean topAtExitPoll;
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
    // check walk
    private boolean checking;

    StackRecorder(int stackLimit) {
        this.stackLimit = stackLimit;
    }

    /**
     * Fills {@code r} from the current stack. Runs on the guest thread, inside the capture.
     *
     * @param marks the thread's call depth marks, or null for a full walk
     * @param verify also take a full walk into the record's check arrays (test switch)
     * @param pollLocation the node the thread polled at, or null when not known
     */
    void walk(SampleRecord r, CallDepth marks, boolean verify, Node pollLocation) {
        record = r;
        r.depth = 0;
        r.reused = 0;
        r.truncated = false;
        r.topRepeat = false;
        r.checkDepth = -1;
        r.marked = false;
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
        stopAt = marks != null && publishedCounted >= 0 && low >= 1 && low <= publishedCounted ? low - 1 : -1;
        stopped = false;
        ambiguous = false;
        returnedOnTop = false;
        topAtExitPoll = false;
        topCompiledAtItsRoot = false;
        exitedPending = marks != null && marks.exited() && counted < roots.length;
        exitedRoot = exitedPending ? roots[counted] : 0;
        exitedArgs = exitedPending ? marks.exitedArgs() : null;
        this.pollLocation = pollLocation;
        try {
            Truffle.getRuntime().iterateFrames(this);
        } finally {
            record = null;
            roots = null;
            exitedArgs = null;
            this.pollLocation = null;
        }
        int walked = r.depth;
        int total = walked;
        if (stopped) {
            r.reused = positionOfCounted[stopAt];
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
        pendingCounted = r.truncated || marks == null || ambiguous ? -1 : counted;
        lastCounted = marks == null || ambiguous || r.truncated ? 0 : counted;
        lastExpect = expect;
        lastStopped = stopped;
        r.marked = marks != null && counted > 0;
        if (verify && stopped) {
            checkWalk(r);
        }
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
     * after the body, which the marks may not have seen (the probe of a trivial root asleep).
     * Guest thread.
     */
    boolean topReturned() {
        return returnedOnTop || topAtExitPoll;
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
        if (marks != null) {
            marks.markSampled();
        }
    }

    /** The last walk failed or was not published: the next walk is a full one. */
    void invalidate() {
        publishedCounted = -1;
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
            boolean atItsRoot = pollLocation instanceof RootNode && target instanceof RootCallTarget t0 && t0.getRootNode() == pollLocation;
            // an AST interpreter polls at a root node only after that root's body returned; a bytecode
            // interpreter (GraalPy, the Bytecode DSL) polls at its loops' back edges with the root node as
            // location too, so there the location says nothing
            topAtExitPoll = atItsRoot && r.tiers[0] == FrameTier.INTERPRETED && !CallDepthProbe.isBytecodeRoot((RootNode) pollLocation);
            // compiled code polls at its unit's root node everywhere: its return among others
            topCompiledAtItsRoot = atItsRoot && (r.tiers[0] == FrameTier.FIRST || r.tiers[0] == FrameTier.LAST);
        }
        int c = -1;
        int k = expect;
        if ((k > 0 || d == 0 && exitedPending) && target instanceof RootCallTarget rct) {
            int root = System.identityHashCode(rct.getRootNode());
            if (d == 0 && exitedPending && exitedRoot == root) {
                // the top frame may be one that already returned (Truffle's poll after a body)
                int top = k == 0 || roots[k - 1] != root ? RETURNED : recursiveTop(root, frame, r.tiers[0]);
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
        if (c >= 0 && c == stopAt) {
            stopped = true;
            return frame; // non-null stops the walk: everything below is unchanged
        }
        if (d + 1 >= stackLimit) {
            r.truncated = true;
            return frame;
        }
        return null;
    }

    private static final int RETURNED = 0;
    private static final int CALLER = 1;
    private static final int AMBIGUOUS = 2;

    /**
     * After a recursive return (the returned root is also its caller's), which frame is on top,
     * from where the thread polled, the top frame's tier and, for compiled code, its arguments:
     * <ul>
     * <li>at a node of that root other than the root node (a loop, a builtin that polls): an
     * explicit poll in a body, in the interpreter or in host code, after the call returned: the
     * caller. (A language that polled inside a root after its {@code RootTag} node returned would
     * make such a walk one frame wrong; Pace, GraalJS and TruffleRuby poll in loops and
     * builtins.)</li>
     * <li>the top frame compiled: compiled code polls at the root node of its innermost frame
     * everywhere ({@code TruffleSafepointInsertionPhase}: loop ends, calls, the unit's returns), so
     * the location says nothing; the return probe kept the returned frame's arguments array when
     * it returned as a compilation root ({@link CallDepth#exitedArgs}):
     * <ul>
     * <li>it did, and the top frame is a compilation root: the returned frame if the top frame's
     * arguments are that very array (a compilation root's arguments are a real object made by
     * its caller for that call), else the caller. Reading them makes the VM rebuild the top
     * frame's scalar-replaced frame object: a small allocation, instead of a full walk;</li>
     * <li>it did, and the top frame is inlined: the caller (the returned frame was a compilation
     * root; a frame that deoptimised after its return probe would be interpreted);</li>
     * <li>it did not (it returned inlined or interpreted) and the top frame is a compilation root:
     * the caller;</li>
     * <li>neither was a compilation root: ambiguous. An inlined frame has no return poll, but a
     * poll before a call that code after its return probe makes (another instrument's, a slow
     * path) has its root as location: once, taking an inlined top frame for the caller made a
     * walk one frame short.</li>
     * </ul></li>
     * <li>at the root node itself, the top frame interpreted by an AST interpreter: Truffle's poll
     * after the root's body returned ({@code OptimizedCallTarget.executeRootNode}), the only such
     * interpreter poll made at a root node: the returned frame, still on the stack. A bytecode
     * interpreter's root ({@link CallDepthProbe#isBytecodeRoot}) polls at its back edges with the
     * root node as location, so there it is ambiguous (GraalPy's module loop, once taken for
     * returned, replayed bursts with their calls at the thread root).</li>
     * <li>an unknown location, or one in another root: ambiguous.</li>
     * </ul>
     * An ambiguous top makes the walk a full one. Assumes a language passes each call a new
     * arguments array (GraalJS, GraalPy, TruffleRuby and Pace do); one that handed a callee its
     * caller's array would make a poll in the caller look like the callee's return poll.
     */
    private int recursiveTop(int root, FrameInstance top, byte tier) {
        Node at = pollLocation;
        if (at != null && !(at instanceof RootNode)) {
            RootNode owner = at.getRootNode();
            return owner != null && System.identityHashCode(owner) == root ? CALLER : AMBIGUOUS;
        }
        boolean compiledRoot = tier == FrameTier.FIRST || tier == FrameTier.LAST;
        if (exitedArgs != null && compiledRoot) {
            Frame f = top.getFrame(FrameInstance.FrameAccess.READ_ONLY);
            return f != null && f.getArguments() == exitedArgs ? RETURNED : CALLER;
        }
        if (exitedArgs != null && tier == FrameTier.INLINED || exitedArgs == null && compiledRoot) {
            return CALLER;
        }
        if (at == null) {
            return AMBIGUOUS;
        }
        return topAtExitPoll ? RETURNED : AMBIGUOUS;
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
