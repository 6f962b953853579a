package dev.ccsampler.pace.nodes;

import com.oracle.truffle.api.CompilerDirectives.CompilationFinal;
import com.oracle.truffle.api.dsl.TypeSystemReference;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.instrumentation.GenerateWrapper;
import com.oracle.truffle.api.instrumentation.InstrumentableNode;
import com.oracle.truffle.api.instrumentation.ProbeNode;
import com.oracle.truffle.api.instrumentation.StandardTags;
import com.oracle.truffle.api.instrumentation.Tag;
import com.oracle.truffle.api.nodes.Node;
import com.oracle.truffle.api.nodes.UnexpectedResultException;
import com.oracle.truffle.api.source.SourceSection;

import dev.ccsampler.pace.PaceException;
import dev.ccsampler.pace.runtime.PaceTypes;
import dev.ccsampler.pace.runtime.PaceTypesGen;
import dev.ccsampler.pace.runtime.PaceValues;

/**
 * Base of every Pace node that produces a value; statements are expressions whose value is
 * ignored. Every node has a source section. Nodes are instrumentable: statements carry
 * {@link StandardTags.StatementTag}, calls {@link StandardTags.CallTag}, the function body
 * {@link StandardTags.RootTag} and {@link StandardTags.RootBodyTag} (so tools such as GraalVM's
 * CPU sampler see Pace functions), everything else {@link StandardTags.ExpressionTag}.
 */
@GenerateWrapper
@TypeSystemReference(PaceTypes.class)
public abstract class PaceExpressionNode extends Node implements InstrumentableNode {

    @CompilationFinal private SourceSection sourceSection;
    @CompilationFinal private boolean statement;
    @CompilationFinal private boolean rootBody;

    protected PaceExpressionNode() {
    }

    public abstract Object executeGeneric(VirtualFrame frame);

    public long executeLong(VirtualFrame frame) throws UnexpectedResultException {
        return PaceTypesGen.expectLong(executeGeneric(frame));
    }

    public double executeDouble(VirtualFrame frame) throws UnexpectedResultException {
        return PaceTypesGen.expectDouble(executeGeneric(frame));
    }

    public boolean executeBoolean(VirtualFrame frame) throws UnexpectedResultException {
        return PaceTypesGen.expectBoolean(executeGeneric(frame));
    }

    /** Evaluates a condition; anything but a boolean is a type error naming {@code what}. */
    public final boolean executeCondition(VirtualFrame frame, String what) {
        try {
            return executeBoolean(frame);
        } catch (UnexpectedResultException e) {
            throw PaceException.error("Type error: " + what + " must be a boolean, not " + PaceValues.describe(e.getResult()), this);
        }
    }

    @Override
    public SourceSection getSourceSection() {
        return sourceSection;
    }

    public final void setSourceSection(SourceSection section) {
        this.sourceSection = section;
    }

    public final void markStatement() {
        this.statement = true;
    }

    public final void markRootBody() {
        this.rootBody = true;
    }

    @Override
    public boolean isInstrumentable() {
        return sourceSection != null;
    }

    @Override
    public WrapperNode createWrapper(ProbeNode probe) {
        return new PaceExpressionNodeWrapper(this, probe);
    }

    @Override
    public boolean hasTag(Class<? extends Tag> tag) {
        if (rootBody) {
            return tag == StandardTags.RootTag.class || tag == StandardTags.RootBodyTag.class;
        }
        if (tag == StandardTags.CallTag.class) {
            return this instanceof PaceInvokeNode;
        }
        if (tag == StandardTags.StatementTag.class) {
            return statement;
        }
        return tag == StandardTags.ExpressionTag.class && !statement;
    }

    /** For node trees printed while debugging. */
    @Override
    public String toString() {
        return getClass().getSimpleName() + (sourceSection == null ? "" : "@" + sourceSection.getStartLine());
    }
}
