package dev.ccsampler.feedback;

import com.oracle.truffle.api.RootCallTarget;
import com.oracle.truffle.api.TruffleContext;
import com.oracle.truffle.api.ThreadLocalAction;
import com.oracle.truffle.api.instrumentation.TruffleInstrument;
import com.oracle.truffle.api.nodes.DirectCallNode;
import com.oracle.truffle.api.nodes.LoopNode;
import com.oracle.truffle.api.nodes.Node;
import com.oracle.truffle.api.nodes.NodeUtil;
import com.oracle.truffle.api.nodes.RootNode;
import com.oracle.truffle.api.source.SourceSection;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * Pulls the levers. {@link #submit} hands a piece of work to the first guest thread of any live
 * context that reaches a safepoint (a {@link ThreadLocalAction}, not side-effecting, asynchronous):
 * AST reads and {@code DirectCallNode} changes then happen on a thread that runs guest code, in the
 * interpreter, never concurrently with the feedback thread. The static methods are that work; they
 * run on the guest thread and only change how code is compiled, never what it computes:
 *
 * <ul>
 * <li>{@link #compileEarly} — {@link LoopNode#reportLoopCount(Node, int)} adds
 * {@link #COMPILE_BUMP} to the root's call-and-loop count, so the next call finds it over the
 * compilation threshold and queues it (Truffle 25.0.1: the runtime adds the count to
 * {@code OptimizedCallTarget.callAndLoopCount}; the compile itself starts at the next call);
 * <li>{@link #atCallSite} with split — {@link DirectCallNode#cloneCallTarget()} on each direct
 * call node at the call site that calls the callee; forced splits need {@code engine.Splitting}
 * and {@code engine.SplittingAllowForcedSplits} (both default on) and are refused for recursive
 * calls and over the split growth limit, so the result is read back with
 * {@link DirectCallNode#isCallTargetCloned()};
 * <li>{@link #atCallSite} with inline — {@link DirectCallNode#forceInlining()}; the flag reaches the
 * compiler's call tree, but no Community Edition inlining policy reads it (see
 * {@code docs/feedback.md}).
 * </ul>
 *
 * Threading: {@link #submit} on the feedback thread; the rest on a guest thread.
 */
final class Actuator {

    /**
     * Added to a root's call-and-loop count by a compile-early hint: at least the default
     * last-tier threshold (10 000), so one more call queues the root.
     */
    static final int COMPILE_BUMP = 10_000;

    private final TruffleInstrument.Env env;

    Actuator(TruffleInstrument.Env env) {
        this.env = env;
    }

    /**
     * Runs {@code work} once, on the first guest thread of any of {@code contexts} that reaches a
     * safepoint. Returns false when no context took the action (all closed).
     */
    boolean submit(Collection<TruffleContext> contexts, Runnable work) {
        AtomicBoolean once = new AtomicBoolean();
        boolean any = false;
        for (TruffleContext c : contexts) {
            try {
                env.submitThreadLocal(c, null, new ThreadLocalAction(false, false) {
                    @Override
                    protected void perform(Access access) {
                        if (once.compareAndSet(false, true)) {
                            work.run();
                        }
                    }
                });
                any = true;
            } catch (IllegalStateException | IllegalArgumentException e) {
                // the context is closing or closed: another may take it
            }
        }
        return any;
    }

    /** Guest thread: raises the call-and-loop count of each root. Returns what was done. */
    static String compileEarly(List<RootNode> roots) {
        for (RootNode r : roots) {
            LoopNode.reportLoopCount(r, COMPILE_BUMP);
        }
        return "reported " + COMPILE_BUMP + " loop iterations to " + roots.size() + (roots.size() == 1 ? " call target" : " call targets (original and split copies)");
    }

    /**
     * Guest thread: the direct call nodes in {@code callers} at line:column that call
     * {@code callee}.
     */
    static List<DirectCallNode> callNodes(List<RootNode> callers, int line, int column, RootKey callee) {
        List<DirectCallNode> found = new ArrayList<>();
        for (RootNode caller : callers) {
            NodeUtil.forEachChild(caller, new com.oracle.truffle.api.nodes.NodeVisitor() {
                @Override
                public boolean visit(Node node) {
                    if (node instanceof DirectCallNode d && at(d, line, column) && calls(d, callee)) {
                        found.add(d);
                    }
                    NodeUtil.forEachChild(node, this);
                    return true;
                }
            });
        }
        return found;
    }

    private static boolean at(Node n, int line, int column) {
        SourceSection ss = n.getEncapsulatingSourceSection();
        return ss != null && ss.isAvailable() && ss.getStartLine() == line && ss.getStartColumn() == column;
    }

    private static boolean calls(DirectCallNode d, RootKey callee) {
        if (!(d.getCallTarget() instanceof RootCallTarget t)) {
            return false;
        }
        RootKey k = RootKey.of(t.getRootNode());
        return k != null && k.sameRootAs(callee);
    }

    /**
     * Guest thread: splits ({@code split}) or forces inlining at the call site. {@code result}
     * receives whether anything was done and the text for the hint's action.
     *
     * @return false when no direct call node was found (the site has not run yet, or went
     *         megamorphic)
     */
    static boolean atCallSite(List<RootNode> callers, int line, int column, RootKey callee, boolean split, Consumer<String> result, boolean[] failed) {
        List<DirectCallNode> nodes = callNodes(callers, line, column, callee);
        if (nodes.isEmpty()) {
            return false;
        }
        int done = 0;
        int already = 0;
        for (DirectCallNode d : nodes) {
            if (split) {
                if (d.isCallTargetCloned()) {
                    already++;
                    continue;
                }
                d.cloneCallTarget(); // always returns true: read the result back
                if (d.isCallTargetCloned()) {
                    done++;
                }
            } else {
                if (d.isInliningForced()) {
                    already++;
                    continue;
                }
                d.forceInlining();
                if (d.isInliningForced()) {
                    done++;
                }
            }
        }
        String verb = split ? "split" : "forced inlining on";
        String text = verb + " " + done + " of " + nodes.size() + " direct call node" + (nodes.size() == 1 ? "" : "s") + (already > 0 ? " (" + already + " already " + (split ? "split by Truffle" : "forced") + ")" : "");
        if (split && done == 0 && already == 0) {
            text = "Truffle refused the split (engine.Splitting off, engine.SplittingAllowForcedSplits false, a recursive call, or the split growth limit reached)";
            failed[0] = true;
        }
        result.accept(text);
        return true;
    }
}
