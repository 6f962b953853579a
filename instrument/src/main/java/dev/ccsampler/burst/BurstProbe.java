package dev.ccsampler.burst;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.ContextThreadLocal;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.instrumentation.EventBinding;
import com.oracle.truffle.api.instrumentation.EventContext;
import com.oracle.truffle.api.instrumentation.ExecutionEventNode;
import com.oracle.truffle.api.instrumentation.ExecutionEventNodeFactory;
import com.oracle.truffle.api.instrumentation.Instrumenter;
import com.oracle.truffle.api.instrumentation.SourceSectionFilter;
import com.oracle.truffle.api.instrumentation.StandardTags;
import com.oracle.truffle.api.nodes.Node;
import com.oracle.truffle.api.nodes.RootNode;
import java.util.function.BiPredicate;

/**
 * The burst probes: one event node per root (internal ones included, as stack walks see them). While
 * no burst runs anywhere, each enter and return costs one static int load and a branch that is
 * almost never taken, also in compiled code; while a burst runs on some thread, the others also
 * read their context-thread-local state and its {@code remaining} field; during a burst they
 * record the event behind a boundary. Attached only when bursting is on ({@code --ccsampler.Burst});
 * the alternatives and the measured cost are in {@code docs/bursting.md}.
 *
 * @since 0.3
 */
public final class BurstProbe implements ExecutionEventNodeFactory {

    private final ContextThreadLocal<BurstState> local;
    private final BiPredicate<Node, RootNode> isTrivial;
    private final TrivialRoots trivial;

    private BurstProbe(ContextThreadLocal<BurstState> local, BiPredicate<Node, RootNode> isTrivial, TrivialRoots trivial) {
        this.local = local;
        this.isTrivial = isTrivial;
        this.trivial = trivial;
    }

    /** Attaches the probes to every root of every language; they stay until the engine closes. */
    public static EventBinding<BurstProbe> attach(Instrumenter instrumenter, ContextThreadLocal<BurstState> local) {
        return attach(instrumenter, local, null, null);
    }

    /**
     * {@link #attach(Instrumenter, ContextThreadLocal)}, noting in {@code trivial} the roots that
     * {@code isTrivial} (given the instrumented node and its root) says are trivial.
     */
    public static EventBinding<BurstProbe> attach(Instrumenter instrumenter, ContextThreadLocal<BurstState> local, BiPredicate<Node, RootNode> isTrivial, TrivialRoots trivial) {
        SourceSectionFilter roots = SourceSectionFilter.newBuilder().tagIs(StandardTags.RootTag.class).includeInternal(true).build();
        return instrumenter.attachExecutionEventFactory(roots, new BurstProbe(local, isTrivial, trivial));
    }

    @Override
    public ExecutionEventNode create(EventContext context) {
        Node instrumented = context.getInstrumentedNode();
        RootNode root = instrumented == null ? null : instrumented.getRootNode();
        if (trivial != null && root != null && isTrivial.test(instrumented, root)) {
            trivial.add(System.identityHashCode(root));
        }
        return new BurstNode(local, root == null ? null : root.getCallTarget());
    }

    /** One per instrumented root. Runs on guest threads. */
    static final class BurstNode extends ExecutionEventNode {
        private final ContextThreadLocal<BurstState> local;
        /** The root's call target, as stack walks report it. */
        private final Object target;

        BurstNode(ContextThreadLocal<BurstState> local, Object target) {
            this.local = local;
            this.target = target;
        }

        @Override
        protected void onEnter(VirtualFrame frame) {
            if (CompilerDirectives.injectBranchProbability(CompilerDirectives.SLOWPATH_PROBABILITY, BurstState.anyRunning())) {
                BurstState s = local.get();
                if (s.remaining() > 0) {
                    s.enter(target);
                }
            }
        }

        @Override
        protected void onReturnValue(VirtualFrame frame, Object result) {
            exit();
        }

        @Override
        protected void onReturnExceptional(VirtualFrame frame, Throwable exception) {
            exit();
        }

        @Override
        protected void onYield(VirtualFrame frame, Object value) {
            exit();
        }

        @Override
        protected void onResume(VirtualFrame frame) {
            if (CompilerDirectives.injectBranchProbability(CompilerDirectives.SLOWPATH_PROBABILITY, BurstState.anyRunning())) {
                BurstState s = local.get();
                if (s.remaining() > 0) {
                    s.resume(target);
                }
            }
        }

        private void exit() {
            if (CompilerDirectives.injectBranchProbability(CompilerDirectives.SLOWPATH_PROBABILITY, BurstState.anyRunning())) {
                BurstState s = local.get();
                if (s.remaining() > 0) {
                    s.exit(target);
                }
            }
        }
    }
}
