package dev.ccsampler.pace.nodes;

import com.oracle.truffle.api.frame.VirtualFrame;

/** A literal: integer, float, string, boolean or {@code null}. */
public final class PaceConstantNode extends PaceExpressionNode {

    private final Object value;

    public PaceConstantNode(Object value) {
        this.value = value;
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        return value;
    }
}
