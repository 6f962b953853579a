package dev.ccsampler.capture;

import com.oracle.truffle.api.RootCallTarget;
import com.oracle.truffle.api.Truffle;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.instrumentation.InstrumentableNode;
import com.oracle.truffle.api.instrumentation.ProbeNode;
import com.oracle.truffle.api.instrumentation.StandardTags;
import com.oracle.truffle.api.instrumentation.Tag;
import com.oracle.truffle.api.nodes.DirectCallNode;
import com.oracle.truffle.api.nodes.Node;
import com.oracle.truffle.api.nodes.RootNode;
import com.oracle.truffle.api.source.Source;
import com.oracle.truffle.api.source.SourceSection;
import org.graalvm.polyglot.Engine;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Which roots are trivial ({@link CallDepthProbe#isTrivial}): their probes sleep under
 * {@code Incremental=auto}, so a root taken for trivial that calls others leaves an uncounted frame
 * in the middle of the stack. TruffleRuby does not tag its call nodes {@code CallTag}: its methods
 * that call were taken for trivial until 2026-12-02.
 */
class TrivialRootTest {

    /** A node that stands for an expression: no call. */
    static final class Leaf extends Node {
        Object execute() {
            return 1;
        }
    }

    /** Named like a language's call site (TruffleRuby's {@code RubyCallNode}), not tagged {@code CallTag}, not yet specialised. */
    static final class GuestCallNode extends Node {
    }

    /** Holds a specialised call site: a Truffle {@link DirectCallNode} child. */
    static final class Holder extends Node {
        @Child DirectCallNode call;

        Holder(DirectCallNode call) {
            this.call = call;
        }
    }

    /** Two children. */
    static final class Pair extends Node {
        @Child Node a;
        @Child Node b;

        Pair(Node a, Node b) {
            this.a = a;
            this.b = b;
        }
    }

    /** A call site tagged {@code CallTag}, as GraalJS's are; its child holds what it has specialised to, if anything. */
    static final class TaggedCall extends Node implements InstrumentableNode {
        @Child Node inside;

        TaggedCall(Node inside) {
            this.inside = inside;
        }

        @Override
        public boolean isInstrumentable() {
            return true;
        }

        @Override
        public boolean hasTag(Class<? extends Tag> tag) {
            return tag == StandardTags.CallTag.class;
        }

        @Override
        public WrapperNode createWrapper(ProbeNode probe) {
            throw new UnsupportedOperationException("never instrumented here");
        }
    }

    static final class Root extends RootNode {
        @Child Node body;
        private final SourceSection section;

        Root(Node body, SourceSection section) {
            super(null);
            this.body = body;
            this.section = section;
        }

        @Override
        public Object execute(VirtualFrame frame) {
            return null;
        }

        @Override
        public SourceSection getSourceSection() {
            return section;
        }
    }

    private static SourceSection guestSection() {
        Source s = Source.newBuilder("pace", "def f() = 1", "t.rb").build();
        return s.createSection(1);
    }

    private static boolean callsOnlyTrivial(Node body) {
        Root root = new Root(body, guestSection());
        root.getCallTarget();
        return CallDepthProbe.callsOnlyTrivial(root, root);
    }

    private static DirectCallNode callOf(Node calleeBody) {
        return Truffle.getRuntime().createDirectCallNode(new Root(calleeBody, guestSection()).getCallTarget());
    }

    private static boolean trivial(Node body) {
        Root root = new Root(body, guestSection());
        root.getCallTarget(); // adopts the tree
        return CallDepthProbe.isTrivial(root, root);
    }

    @Test
    void aRootWithoutCallsIsTrivialAndOneThatCallsIsNot() {
        try (Engine engine = Engine.create()) { // initialises the Truffle runtime the call targets need
            assertTrue(trivial(new Leaf()), "no call, no loop, a few nodes");
            // a call site that is not tagged and has not run shows no call: such a root is found
            // when a walk sees its frame below another (DormantProbes)
            assertTrue(trivial(new GuestCallNode()), "no call the tree shows");
            RootCallTarget callee = new Root(new Leaf(), guestSection()).getCallTarget();
            assertFalse(trivial(new Holder(Truffle.getRuntime().createDirectCallNode(callee))), "a specialised call site that is not tagged CallTag: a DirectCallNode child");
        }
    }

    /**
     * A root that calls trivial roots alone sleeps too ({@link CallDepthProbe#callsOnlyTrivial}):
     * not one that calls a root that calls, nor one with a tagged call site that has not been
     * specialised (it could call anything), nor one without any call (that one is trivial).
     */
    @Test
    void aRootThatCallsTrivialRootsAloneSleeps() {
        try (Engine engine = Engine.create()) {
            assertTrue(callsOnlyTrivial(new Holder(callOf(new Leaf()))), "calls a trivial root");
            assertTrue(callsOnlyTrivial(new TaggedCall(new Holder(callOf(new Leaf())))), "a tagged call site specialised to a trivial root");
            assertTrue(callsOnlyTrivial(new Pair(new TaggedCall(new Holder(callOf(new Leaf()))), new Holder(callOf(new Leaf())))), "two calls of trivial roots");
            assertFalse(callsOnlyTrivial(new Holder(callOf(new Holder(callOf(new Leaf()))))), "calls a root that calls: two levels below it");
            assertFalse(callsOnlyTrivial(new Pair(new TaggedCall(new Leaf()), new Holder(callOf(new Leaf())))), "a tagged call site not specialised yet");
            assertFalse(callsOnlyTrivial(new TaggedCall(new TaggedCall(new Holder(callOf(new Leaf()))))), "the outer call site's only call node is its argument's");
            assertFalse(callsOnlyTrivial(new Leaf()), "no call: trivial, not a caller");
            Root leafCaller = new Root(new Holder(callOf(new Leaf())), guestSection());
            leafCaller.getCallTarget();
            assertTrue(CallDepthProbe.sleeps(leafCaller, leafCaller), "sleeps: calls trivial roots alone");
            Root caller = new Root(new Holder(callOf(new Holder(callOf(new Leaf())))), guestSection());
            caller.getCallTarget();
            assertFalse(CallDepthProbe.sleeps(caller, caller), "probed: calls a root that calls");
        }
    }
}
