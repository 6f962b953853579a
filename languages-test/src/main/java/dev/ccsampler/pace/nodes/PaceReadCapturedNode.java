package dev.ccsampler.pace.nodes;

import com.oracle.truffle.api.frame.VirtualFrame;

/** Reads the {@code index}-th value a function literal captured when it was created. */
public final class PaceReadCapturedNode extends PaceExpressionNode {

    private final int index;

    public PaceReadCapturedNode(int index) {
        this.index = index;
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        return ((Object[]) frame.getArguments()[0])[index];
    }
}
