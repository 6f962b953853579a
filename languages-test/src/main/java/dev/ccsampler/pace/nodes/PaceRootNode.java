package dev.ccsampler.pace.nodes;

import com.oracle.truffle.api.frame.FrameDescriptor;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.RootNode;
import com.oracle.truffle.api.source.SourceSection;

import dev.ccsampler.pace.PaceLanguage;

/**
 * The root of one Pace function (or of the top-level program, named {@code :program}). Its
 * source section is the whole function, from {@code fn} to the closing brace. Cloning is allowed
 * so the runtime (and ccsampler's advisor) can split it per call site.
 */
public final class PaceRootNode extends RootNode {

    @Child private PaceExpressionNode body;
    private final String name;
    private final SourceSection sourceSection;

    public PaceRootNode(PaceLanguage language, FrameDescriptor frameDescriptor, PaceExpressionNode body, String name, SourceSection sourceSection) {
        super(language, frameDescriptor);
        this.body = body;
        this.name = name;
        this.sourceSection = sourceSection;
    }

    @Override
    public Object execute(VirtualFrame frame) {
        return body.executeGeneric(frame);
    }

    @Override
    public String getName() {
        return name;
    }

    @Override
    public SourceSection getSourceSection() {
        return sourceSection;
    }

    @Override
    public boolean isCloningAllowed() {
        return true;
    }

    @Override
    public String toString() {
        return name;
    }
}
