package dev.ccsampler.pace.nodes;

import com.oracle.truffle.api.frame.VirtualFrame;

import dev.ccsampler.pace.PaceException;

/** {@code throw expr;}: any value can be thrown; uncaught, its text becomes the error message. */
public final class PaceThrowNode extends PaceExpressionNode {

    @Child private PaceExpressionNode value;

    public PaceThrowNode(PaceExpressionNode value) {
        this.value = value;
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        throw PaceException.thrown(value.executeGeneric(frame), this);
    }
}
