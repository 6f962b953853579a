package dev.ccsampler.capture;

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

/**
 * The root enter / return probes that keep each guest thread's {@link CallDepth}. They are
 * attached to every root tagged {@code RootTag} (internal ones included) while incremental walks
 * are on. Runs on guest threads, in guest code, also compiled: a context-thread-local read, one
 * array store and one or two field stores per call and return. Their cost on call-dense code is
 * measured in {@code docs/incremental-walks.md}.
 */
public final class CallDepthProbe implements ExecutionEventNodeFactory {

    private final ContextThreadLocal<CallDepth> local;
    private final RootHashes hashes;
    private final boolean ordered;

    private CallDepthProbe(ContextThreadLocal<CallDepth> local, RootHashes hashes, boolean ordered) {
        this.local = local;
        this.hashes = hashes;
        this.ordered = ordered;
    }

    /**
     * Attaches the probes to every root of every language. Returns the binding; disposing it
     * removes the probes lazily, so the capture must stop trusting the marks first.
     *
     * @param hashes where every probed root is registered under the hash the probes store, or null
     * @param ordered whether the clock reads the depth from another thread ({@code WaitedTicks=top}):
     *            the probes then store it with release ({@link CallDepth#enter})
     */
    public static EventBinding<CallDepthProbe> attach(Instrumenter instrumenter, ContextThreadLocal<CallDepth> local, RootHashes hashes, boolean ordered) {
        SourceSectionFilter roots = SourceSectionFilter.newBuilder().tagIs(StandardTags.RootTag.class).includeInternal(true).build();
        return instrumenter.attachExecutionEventFactory(roots, new CallDepthProbe(local, hashes, ordered));
    }

    @Override
    public ExecutionEventNode create(EventContext context) {
        Node instrumented = context.getInstrumentedNode();
        RootNode root = instrumented == null ? null : instrumented.getRootNode();
        if (hashes != null) {
            hashes.register(root);
        }
        return new RootEnterReturnNode(local, System.identityHashCode(root), ordered);
    }

    /** One per instrumented root. */
    static final class RootEnterReturnNode extends ExecutionEventNode {
        private final ContextThreadLocal<CallDepth> local;
        /** The root node's identity hash, compared with the frames' root nodes' at capture. */
        private final int root;
        private final boolean ordered;

        RootEnterReturnNode(ContextThreadLocal<CallDepth> local, int root, boolean ordered) {
            this.local = local;
            this.root = root;
            this.ordered = ordered;
        }

        @Override
        protected void onEnter(VirtualFrame frame) {
            local.get().enter(root, ordered);
        }

        @Override
        protected void onReturnValue(VirtualFrame frame, Object result) {
            local.get().exit(ordered);
        }

        @Override
        protected void onReturnExceptional(VirtualFrame frame, Throwable exception) {
            local.get().exit(ordered);
        }
    }
}
