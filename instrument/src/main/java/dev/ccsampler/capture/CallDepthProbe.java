package dev.ccsampler.capture;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.ContextThreadLocal;
import com.oracle.truffle.api.RootCallTarget;
import com.oracle.truffle.api.bytecode.BytecodeRootNode;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.instrumentation.EventBinding;
import com.oracle.truffle.api.instrumentation.EventContext;
import com.oracle.truffle.api.instrumentation.ExecutionEventNode;
import com.oracle.truffle.api.instrumentation.ExecutionEventNodeFactory;
import com.oracle.truffle.api.instrumentation.InstrumentableNode;
import com.oracle.truffle.api.instrumentation.Instrumenter;
import com.oracle.truffle.api.instrumentation.SourceSectionFilter;
import com.oracle.truffle.api.instrumentation.StandardTags;
import com.oracle.truffle.api.nodes.BytecodeOSRNode;
import com.oracle.truffle.api.nodes.DirectCallNode;
import com.oracle.truffle.api.nodes.IndirectCallNode;
import com.oracle.truffle.api.nodes.LoopNode;
import com.oracle.truffle.api.nodes.Node;
import com.oracle.truffle.api.nodes.RootNode;
import com.oracle.truffle.api.source.SourceSection;

import java.util.Set;

/**
 * The root enter / return probes that keep each guest thread's {@link CallDepth}. They are
 * attached to the roots tagged {@code RootTag} (internal ones included) while incremental walks or
 * {@code WaitedTicks=top} need them. Runs on guest threads, in guest code, also compiled: a
 * context-thread-local read, one array store and one or two field stores per call and return, one
 * more array store with generations (a few ns per call on GraalJS, measured in {@code
 * docs/sampling.md}; until 2026-12-02 the depth was stored with release for {@code WaitedTicks=top},
 * which made them two to three times as costly: <em>The depth stored plainly</em>).
 *
 * <p>
 * <b>Trivial roots.</b> On call-dense code that cost is as large as the work: a loop making three
 * inlined calls of one-line functions per iteration runs at 2.5 ns an iteration without the probes
 * and 11 with the probes then ordered (GraalJS, compiled). So a binding may leave trivial roots without a
 * probe ({@link DormantProbes}: their probes sleep for good, no cost at all): guest roots, not
 * internal, whose tree has no loop, no call ({@link #isCall}) and at most {@link
 * #TRIVIAL_NODES} nodes, in a language that is not a bytecode interpreter (whose loops the tree
 * does not show); see {@link #isTrivial}. Such a root hosts no other frame (but for implicit calls,
 * like a JavaScript getter) and runs a bounded number of nodes per call, unless a node of it loops
 * in Java without being tagged as a call (a builtin inlined as a node). Its frames are walked as
 * uncounted ones, and a waited tick that passes while it runs goes to its nearest counted caller
 * (it stays with the root when the poll comes before the root returned: uncounted frames on top of
 * that caller are kept). {@code Incremental=auto} attaches the probes that way, for waited ticks
 * and for deep stacks alike (a trivial root is a leaf: its mark would spare a walk one frame);
 * {@code Incremental=true} and {@code Period=auto} probe every root. Since 2026-12-02 the same
 * goes for a root that calls trivial roots alone ({@link #callsOnlyTrivial}): its frames host a
 * trivial frame at most, and on {@code three-phase.js} such a root's probe made all the 15 million
 * counted calls a second of its call-dense phase.
 *
 * <p>
 * <b>Standby.</b> Attached with {@code counting} false ({@code Incremental=standby}), the probes
 * are in the trees from the start and each reads one field and returns, until {@link
 * #startCounting}: a rule that needs them then changes no tree, where attaching them invalidates
 * the compiled code of every root they go into ({@link Switch}).
 */
public final class CallDepthProbe implements ExecutionEventNodeFactory {

    private final ContextThreadLocal<CallDepth> local;
    private final RootHashes hashes;
    private final boolean generations;
    /** Where the trivial roots left without a probe are noted; null when every root gets one. */
    private final DormantProbes dormant;
    /** For a binding of woken roots ({@link #attachWoken}): their labels; null for the main binding. */
    private final Set<String> woken;
    /** Shared by the main binding's probes and the woken ones' ({@link #startCounting}, {@link #retire}). */
    private final Switch state;
    /** Shared by the probes of internal leaf roots ({@link #isInternalLeaf}) of a binding that leaves trivial roots asleep ({@code auto}, {@code standby}); else null. */
    private final Leaves leaves;
    /**
     * Whether this binding's probes count a return only when their root is the counted frame on
     * top ({@link CallDepth#exitCounted}): a binding attached after another one counts, whose
     * roots' frames entered before it may be in the middle of the stacks ({@link #attachWoken},
     * {@link #attachMore}).
     */
    private final boolean guarded;

    /** The largest tree, in nodes, of a trivial root (a one-line function is 10 to 30 in GraalJS). */
    public static final int TRIVIAL_NODES = 48;
    /** The largest tree, in nodes, of a root that calls trivial roots alone ({@link #callsOnlyTrivial}). */
    public static final int LEAF_CALLER_NODES = 96;

    private CallDepthProbe(ContextThreadLocal<CallDepth> local, RootHashes hashes, boolean generations, DormantProbes dormant, Set<String> woken, Switch state) {
        this(local, hashes, generations, dormant, woken, state, dormant != null ? new Leaves() : null, woken != null);
    }

    private CallDepthProbe(ContextThreadLocal<CallDepth> local, RootHashes hashes, boolean generations, DormantProbes dormant, Set<String> woken, Switch state, Leaves leaves,
                    boolean guarded) {
        this.local = local;
        this.hashes = hashes;
        this.generations = generations;
        this.dormant = dormant;
        this.woken = woken;
        this.state = state;
        this.leaves = leaves;
        this.guarded = guarded;
    }

    /**
     * The probes of internal leaf roots ({@link #isInternalLeaf}) that a binding of {@code auto}
     * made, and whether they sleep ({@link #sleepLeaves}). Builtins such as a typed array's {@code
     * length} getter, {@code Array.prototype.push} or an array iterator's {@code next} are roots of
     * their own that ordinary loops call per element: on {@code tools/workloads/exc-phases.js} the
     * getter made the probes count 68 million calls a second, which the judge priced at 68 % of the
     * time (they cost 2 to 6 %) and so switched every probe off (docs/accuracy.md). Their frames
     * host no counted frame as far as their trees show, and each call runs a few nanoseconds: asleep,
     * their self time in code that does not poll goes to their callers, as a trivial root's does.
     */
    static final class Leaves {
        /** Read plainly by every enter of such a probe; set once. See {@link Switch} for what a plain read may see. */
        boolean asleep;
        private int probes;
        private final java.util.Set<String> names = new java.util.LinkedHashSet<>();

        synchronized void note(String name) {
            probes++;
            if (names.size() < 6) {
                names.add(name);
            }
        }

        synchronized String sleep() {
            if (asleep || probes == 0) {
                return null;
            }
            asleep = true;
            return probes + (probes == 1 ? " internal root" : " internal roots") + " (" + String.join(", ", names) + (probes > names.size() ? ", ..." : "") + ")";
        }
    }

    /**
     * Puts the probes of internal leaf roots ({@link #isInternalLeaf}) to sleep for good, without
     * touching the trees: each then reads its switch and returns, and a return counts only when its
     * root is the counted frame on top (a frame it entered before). Roots loaded later get such a
     * probe asleep. Returns what slept, for the report, or null when there is none or they sleep
     * already. Any thread.
     */
    public String sleepLeaves() {
        return leaves == null ? null : leaves.sleep();
    }

    /**
     * The probes' state, shared by the main binding's probes and the woken ones ({@link
     * #attachWoken}): {@link #STANDBY} (in the trees, counting nothing), {@link #COUNTING} or
     * {@link #RETIRED}. It only moves forward. Every probe reads it on every enter and return, with
     * a plain read. Not a compilation-final field or an assumption, because switching those
     * invalidates the compiled code, which is what this switch exists to avoid; not an opaque read
     * either, which Graal orders against every memory access around it: on standby such probes
     * cost {@code call-dense.js} twelve times its time (docs/sampling.md, <em>Probes on
     * standby</em>).
     * <p>
     * A plain read may be merged with an earlier one of the same compiled code, or hoisted out of
     * a compiled loop, and then reads the state as it was when that code's frame was entered or
     * its loop started. It is never older than that: a call not inlined ends any merging (the callee
     * may write anything), and x86 does not reorder loads. So in compiled code entered on standby,
     * calls inlined into a loop that makes no other call go on counting nothing until the loop
     * exits; every frame they enter is then above uncounted frames only (a counted frame below them
     * was entered after the switch, and so was their code's frame, which read the new state). Frames
     * entered uncounted are thus always below frames entered counted, as frames running when probes
     * are attached are below the ones they count, and the marks' guarantees hold ({@link
     * CallDepth}). Such a loop is no worse off than one running when probes are attached late: its
     * frames are uncounted, walked in full, and the clock reads no counted frame on top of it.
     */
    static final class Switch {
        static final int STANDBY = 0;
        static final int COUNTING = 1;
        static final int RETIRED = 2;

        private int state;

        Switch(int state) {
            this.state = state;
        }

        boolean counting() {
            return state == COUNTING; // no branch hint: once counting, the probes take this path on every call
        }

        synchronized int state() {
            return state;
        }

        /** Moves to {@code to} unless the state is there or beyond already; whether it moved. */
        synchronized boolean advance(int to) {
            if (state >= to) {
                return false;
            }
            state = to;
            return true;
        }
    }

    /**
     * Makes probes attached on standby ({@link #attach} with {@code counting} false) count from
     * now on, without touching the trees: no compiled code is invalidated, as attaching them would
     * (docs/sampling.md, <em>Probes on standby</em>). Frames entered before count as uncounted ones,
     * as frames running when probes are attached do. Whether they were on standby. Any thread.
     */
    public boolean startCounting() {
        return state.advance(Switch.COUNTING);
    }

    /**
     * Stops these probes, and the woken ones attached with them ({@link #attachWoken}), for good,
     * without taking them out of the trees: each then reads one field and returns. Disposing the
     * binding instead would invalidate the compiled code of every probed root (and of every root
     * that inlined one): on {@code tools/workloads/five-phase.js}, whose probes are switched off
     * 13 to 19 s into an 18-s run, the rounds after it took 5.3 s with the binding disposed against
     * 4.3 with the probes retired and 3.3 without a profiler (docs/sampling.md, <em>Probes retired,
     * not detached</em>). Roots loaded later get no probe. The CallDepth the probes kept is stale
     * from then on: the capture must have stopped trusting the marks first. Any thread; a probe
     * already running may still finish its update.
     */
    public void retire() {
        state.advance(Switch.RETIRED);
    }

    /**
     * Attaches the probes to every root of every language. Returns the binding; disposing it
     * removes the probes lazily, so the capture must stop trusting the marks first.
     *
     * @param hashes where every probed root is registered under the hash the probes store, or null
     * @param generations whether the clock reads the top frame from another thread ({@code
     *            WaitedTicks=top}): the probes then store each frame's generation too ({@link
     *            CallDepth#enter})
     * @param dormant where the trivial roots left without a probe are noted, or null for a probe on
     *            every root
     * @param counting whether the probes count from the start, or are on standby until {@link
     *            #startCounting}
     */
    public static EventBinding<CallDepthProbe> attach(Instrumenter instrumenter, ContextThreadLocal<CallDepth> local, RootHashes hashes, boolean generations, DormantProbes dormant,
                    boolean counting) {
        SourceSectionFilter roots = SourceSectionFilter.newBuilder().tagIs(StandardTags.RootTag.class).includeInternal(true).build();
        return instrumenter.attachExecutionEventFactory(roots, new CallDepthProbe(local, hashes, generations, dormant, null, new Switch(counting ? Switch.COUNTING : Switch.STANDBY)));
    }

    /**
     * As {@link #attach} (counting from the start, trivial roots left asleep in {@code dormant}),
     * but only to the roots whose name is among {@code names}: those of a deep stack's frames
     * ({@code Drainer#onDeepStacks}). Truffle inserts a probe's wrapper into every root the filter
     * matches, and that invalidates the root's compiled code and the code that inlined it; the
     * roots of the program's other phases keep theirs and run without a probe, their frames
     * uncounted ones. Roots of those names made later get a probe too.
     */
    public static EventBinding<CallDepthProbe> attachNarrow(Instrumenter instrumenter, ContextThreadLocal<CallDepth> local, RootHashes hashes, boolean generations, DormantProbes dormant,
                    Set<String> names) {
        return instrumenter.attachExecutionEventFactory(named(names::contains), new CallDepthProbe(local, hashes, generations, dormant, null, new Switch(Switch.COUNTING)));
    }

    /**
     * Attaches more probes beside those of {@code main} (a binding of {@link #attachNarrow}): to the
     * roots whose name {@code names} accepts, with {@code main}'s switch, sleeping trivial roots and
     * internal leaves. Frames of those roots entered before are on the stacks, possibly above
     * counted frames: these probes count a return only when their root is the counted frame on top
     * ({@link CallDepth#exitCounted}), as woken ones do. Disposed with the main binding.
     */
    public static EventBinding<CallDepthProbe> attachMore(Instrumenter instrumenter, ContextThreadLocal<CallDepth> local, RootHashes hashes, boolean generations,
                    java.util.function.Predicate<String> names, CallDepthProbe main) {
        return instrumenter.attachExecutionEventFactory(named(names), new CallDepthProbe(local, hashes, generations, main.dormant, null, main.state, main.leaves, true));
    }

    private static SourceSectionFilter named(java.util.function.Predicate<String> names) {
        return SourceSectionFilter.newBuilder().tagIs(StandardTags.RootTag.class).includeInternal(true).rootNameIs(names).build();
    }

    /**
     * Whether a root is a bytecode interpreter's ({@link BytecodeRootNode}, or a {@link
     * BytecodeOSRNode} such as GraalPy's): one root node runs all of its code, loops included, so
     * a safepoint poll located at that root node can be any of its polls.
     */
    public static boolean isBytecodeRoot(RootNode root) {
        return root instanceof BytecodeOSRNode || root instanceof BytecodeRootNode;
    }

    /**
     * Whether a root is trivial: a guest root (its source is not internal) of an AST interpreter
     * (neither the root nor a node of it is a {@link BytecodeOSRNode}, and it is no {@link
     * BytecodeRootNode}) whose tree holds no {@link LoopNode}, no call ({@link #isCall}) and at most
     * {@link #TRIVIAL_NODES} nodes. Looks at no more than that many nodes.
     */
    public static boolean isTrivial(Node instrumented, RootNode root) {
        return isGuestAstRoot(instrumented, root) && leafTree(root);
    }

    /** Whether a tree holds no {@link LoopNode}, no {@link BytecodeOSRNode}, no call ({@link #isCall}) and at most {@link #TRIVIAL_NODES} nodes. Looks at no more than that many. */
    private static boolean leafTree(RootNode root) {
        int[] seen = {0};
        boolean[] simple = {true};
        root.accept(node -> {
            if (node instanceof LoopNode || node instanceof BytecodeOSRNode || ++seen[0] > TRIVIAL_NODES || isCall(node)) {
                simple[0] = false;
                return false;
            }
            return true;
        });
        return simple[0];
    }

    /**
     * Whether a root is an internal leaf: not a guest root (its source is internal, or it has none),
     * not a bytecode interpreter's, and its tree is that of a trivial root (no loop, no call, at most
     * {@link #TRIVIAL_NODES} nodes). A language's builtins are such roots; unlike a guest root's,
     * their tree does not show what they do (a builtin may loop in Java, or call guest code without
     * a call node), so they keep their probe until the judge finds that they make most of the
     * counted calls ({@link Leaves}).
     */
    static boolean isInternalLeaf(Node instrumented, RootNode root) {
        return root != null && !isBytecodeRoot(root) && !isGuestAstRoot(instrumented, root) && leafTree(root);
    }

    /** Whether a root is a guest root (its source, as {@code instrumented} gives it, is not internal) of an AST interpreter ({@link #isBytecodeRoot}). */
    private static boolean isGuestAstRoot(Node instrumented, RootNode root) {
        if (root == null || isBytecodeRoot(root)) {
            return false;
        }
        SourceSection section = instrumented == null ? null : instrumented.getSourceSection();
        return section != null && !section.getSource().isInternal();
    }

    /**
     * Whether a root's probe may sleep under {@code Incremental=auto}: it is trivial ({@link
     * #isTrivial}), or it calls trivial roots alone ({@link #callsOnlyTrivial}). Either way its
     * frames host no frame but trivial ones, as far as its tree shows.
     */
    public static boolean sleeps(Node instrumented, RootNode root) {
        return isTrivial(instrumented, root) || callsOnlyTrivial(instrumented, root);
    }

    /**
     * Whether a root calls trivial roots and nothing else, as far as its tree shows: a guest root of
     * an AST interpreter (as for {@link #isTrivial}) whose tree holds no {@link LoopNode}, no {@link
     * IndirectCallNode} and at most {@link #LEAF_CALLER_NODES} nodes, and at least one {@link
     * DirectCallNode}, each of which calls a trivial root, and where every call site tagged {@code
     * CallTag} holds such a node (it has run and was specialised; one that has not run could call
     * anything); a root that calls itself is not, since it calls. Like {@code pair(i, acc) { return leaf(i, leaf(i >> 1, acc)); }}: on call-dense
     * code its probe cost as much as all the others, and bought a walk one frame. Its frames are
     * walked as uncounted ones, with the trivial frame on top of them, if any. A call site that
     * later calls a root that is not trivial leaves an uncounted frame below a counted one, which
     * costs the walks that frame, and if it is found below a deep stack its probe is woken ({@link
     * DormantProbes}). Looks at no more than {@link #LEAF_CALLER_NODES} nodes of the root and of
     * each callee's {@link #TRIVIAL_NODES}.
     */
    public static boolean callsOnlyTrivial(Node instrumented, RootNode root) {
        if (!isGuestAstRoot(instrumented, root)) {
            return false;
        }
        int[] seen = {0};
        int[] calls = {0};
        boolean[] only = {true};
        root.accept(node -> {
            if (!only[0]) {
                return false;
            }
            if (node instanceof LoopNode || node instanceof BytecodeOSRNode || node instanceof IndirectCallNode || ++seen[0] > LEAF_CALLER_NODES) {
                only[0] = false;
                return false;
            }
            if (node instanceof DirectCallNode d) {
                RootNode callee = d.getCurrentCallTarget() instanceof RootCallTarget t ? t.getRootNode() : null;
                if (callee == null || !isTrivial(callee, callee)) { // a recursive call's callee calls: not trivial
                    only[0] = false;
                }
                calls[0]++;
                return false;
            }
            if (node instanceof InstrumentableNode i && i.isInstrumentable() && i.hasTag(StandardTags.CallTag.class) && !holdsDirectCall(node, 0)) {
                only[0] = false; // a call site not specialised yet
                return false;
            }
            return true;
        });
        return only[0] && calls[0] > 0;
    }

    /** Whether a {@link DirectCallNode} is below {@code node}, not counting those of call sites nested in it (a call among its arguments). */
    private static boolean holdsDirectCall(Node node, int depth) {
        if (depth > LEAF_CALLER_NODES) {
            return false;
        }
        for (Node c : node.getChildren()) {
            if (c instanceof DirectCallNode) {
                return true;
            }
            boolean nested = c instanceof InstrumentableNode i && i.isInstrumentable() && i.hasTag(StandardTags.CallTag.class);
            if (!nested && holdsDirectCall(c, depth + 1)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether a node calls another root, as far as the tree shows: it is tagged {@code CallTag}, or
     * it is a Truffle call node ({@link DirectCallNode}, {@link IndirectCallNode}: a call site
     * already specialised). The second is for languages that do not tag their calls: TruffleRuby's
     * {@code RubyCallNode} is instrumentable but not tagged {@code CallTag}; once it has run it
     * holds a {@code DirectCallNode} where it calls a method (not where it reads an attribute,
     * which runs no frame). Before, TruffleRuby's methods that call others (a recursion's caller, a
     * block that calls) were taken for trivial leaves; a frame of a root without a probe is an
     * uncounted one, and the incremental walk can neither stop at it nor fill the frames above it
     * from the memo: on a 2 000-deep Ruby recursion below such a frame every walk of a new descent
     * was a full one, 25 to 55 ms (docs/sampling.md, <em>Roots that call, taken for trivial</em>).
     * A call the tree does not show at all (a call site that has not run yet, a builtin that runs a
     * block in a loop of its own, an implicit call) is found when a walk sees the root's frame
     * below a deep stack ({@link DormantProbes}).
     */
    static boolean isCall(Node node) {
        return node instanceof DirectCallNode || node instanceof IndirectCallNode
                        || node instanceof InstrumentableNode i && i.isInstrumentable() && i.hasTag(StandardTags.CallTag.class);
    }

    @Override
    public ExecutionEventNode create(EventContext context) {
        if (state.state() == Switch.RETIRED) {
            return null; // code loaded after the probes were switched off gets none
        }
        Node instrumented = context.getInstrumentedNode();
        RootNode root = instrumented == null ? null : instrumented.getRootNode();
        if (hashes != null) {
            hashes.register(root);
        }
        if (woken != null) {
            // a binding for the woken roots alone: their frames entered before it are on the stack
            return woken.contains(label(instrumented, root)) ? new RootEnterReturnNode(local, System.identityHashCode(root), generations, guarded, state, null, root instanceof BytecodeOSRNode) : null;
        }
        if (dormant != null && sleeps(instrumented, root)) {
            String label = label(instrumented, root);
            if (dormant.isWoken(label)) {
                return null; // the binding of the woken roots gives it its probe (one, not two)
            }
            dormant.noteTrivial(System.identityHashCode(root), label, root.getName());
            return null; // no probe: the root's frames are uncounted ones
        }
        Leaves l = null;
        if (leaves != null && isInternalLeaf(instrumented, root)) {
            l = leaves;
            l.note(root.getName());
        }
        return new RootEnterReturnNode(local, System.identityHashCode(root), generations, guarded, state, l, root instanceof BytecodeOSRNode);
    }

    /** How a trivial root is named in the report and keyed for waking: "name (source:line)". */
    static String label(Node instrumented, RootNode root) {
        SourceSection section = instrumented.getSourceSection();
        return root.getName() + " (" + (section == null ? "?" : section.getSource().getName() + ":" + section.getStartLine()) + ")";
    }

    /**
     * Attaches probes to the roots of the given labels ({@link #label}) alone, which the binding of
     * {@link #attach} left asleep as trivial and whose frames were then seen below a deep stack
     * ({@link DormantProbes}); roots of those labels made later get their probe here too (the main
     * binding then gives them none). Their frames entered before are on the stacks, in the middle
     * of them: these probes count a return only when their root is the counted frame on top
     * ({@link CallDepth#exitCounted}), so such a frame's return does not take a counted frame below
     * it off the marks. The binding is disposed with the main one.
     *
     * @param names the root names of those labels (the filter: only such roots are looked at again)
     */
    public static EventBinding<CallDepthProbe> attachWoken(Instrumenter instrumenter, ContextThreadLocal<CallDepth> local, RootHashes hashes, boolean generations, Set<String> labels,
                    Set<String> names, CallDepthProbe main) {
        return instrumenter.attachExecutionEventFactory(named(names::contains), new CallDepthProbe(local, hashes, generations, null, Set.copyOf(labels), main.state));
    }

    /** One per instrumented root. */
    static final class RootEnterReturnNode extends ExecutionEventNode {
        private final ContextThreadLocal<CallDepth> local;
        /** The root node's identity hash, compared with the frames' root nodes' at capture. */
        private final int root;
        private final boolean generations;
        /** A woken root's probe: its frames entered before it may be on the stack ({@link CallDepth#exitCounted}). */
        private final boolean guarded;
        private final Switch state;
        /**
         * An internal leaf root's probe ({@link #isInternalLeaf}): the switch that puts it to sleep,
         * else null. Its returns count only when its root is the counted frame on top ({@link
         * CallDepth#exitCounted}), asleep or not: a plain read of the switch at the return could be
         * older than the one at the enter.
         */
        private final Leaves leaves;

        /**
         * Whether the root replaces its loops on the stack ({@link BytecodeOSRNode}): GraalPy 25.0.1
         * runs a root's enter probe a second time for the same activation when one of its loops
         * goes into on-stack-replaced code (its OSR entry runs the bytecode loop as a fresh entry
         * would), and its return probe once. Counted as a call, that left the marks a frame deep
         * too many for good: below it every incremental walk took over the frames of the wrong
         * level (a recursion through JavaScript and Python: 1 to 10 walks in about 2 000 off by a
         * level, docs/languages.md, <em>Polyglot programs</em>). Such a
         * root's enters keep their arguments array, and an enter with the array of the counted
         * frame on top, of the same root, is that activation again ({@link CallDepth#reentered}).
         */
        private final boolean osr;

        RootEnterReturnNode(ContextThreadLocal<CallDepth> local, int root, boolean generations, boolean guarded, Switch state, Leaves leaves, boolean osr) {
            this.osr = osr;
            this.local = local;
            this.root = root;
            this.generations = generations;
            this.guarded = guarded;
            this.state = state;
            this.leaves = leaves;
        }

        private void exit(VirtualFrame frame) {
            if (!state.counting()) {
                return; // on standby or retired
            }
            // in the interpreter the arguments (a real array: CallDepth.exitedArgs); in compiled
            // code the state it runs in, a constant: one byte store, and at a compilation root its
            // arguments too, the array its caller passed (inlined, the array may have been taken
            // apart, and keeping it would make each return allocate)
            Object[] args = CompilerDirectives.inInterpreter() || CompilerDirectives.inCompilationRoot() ? frame.getArguments() : null;
            if (guarded || leaves != null) {
                local.get().exitCounted(root, args, compiledState());
            } else {
                local.get().exit(args, compiledState());
            }
        }

        /** As Truffle's {@code OptimizedCallTarget.getTier()} computes the state a frame reports (see {@code CallDepth.exitedState}). */
        private static byte compiledState() {
            if (!CompilerDirectives.inCompiledCode()) {
                return 0;
            }
            return CallDepth.compiledState(CompilerDirectives.hasNextTier() ? 1 : 2, CompilerDirectives.inCompilationRoot());
        }

        @Override
        protected void onEnter(VirtualFrame frame) {
            if (!state.counting()) {
                return; // on standby or retired
            }
            if (leaves != null && leaves.asleep) {
                return;
            }
            CallDepth d = local.get();
            Object[] args = null;
            if (osr) {
                // kept only in the interpreter and at a compilation root (the OSR code is one):
                // where the root is inlined the array may have been taken apart, and keeping it
                // would allocate
                args = CompilerDirectives.inInterpreter() || CompilerDirectives.inCompilationRoot() ? frame.getArguments() : null;
                if (d.reentered(root, args)) {
                    return; // the same activation, entering its OSR code
                }
            }
            d.enter(root, generations);
            if (osr) {
                d.noteEnterArgs(args);
            }
            if (leaves != null) {
                d.noteLeafEnter();
            }
        }

        @Override
        protected void onReturnValue(VirtualFrame frame, Object result) {
            exit(frame);
        }

        @Override
        protected void onReturnExceptional(VirtualFrame frame, Throwable exception) {
            exit(frame);
        }
    }
}
