package dev.ccsampler.pace.nodes;

import com.oracle.truffle.api.frame.VirtualFrame;

import dev.ccsampler.pace.runtime.PaceNull;

/** {@code return expr;} or {@code return;}. */
public final class PaceReturnNode extends PaceExpressionNode {

    @Child private PaceExpressionNode value;

    public PaceReturnNode(PaceExpressionNode value) {
        this.value = value;
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        throw new PaceReturnException(value == null ? PaceNull.SINGLETON : value.executeGeneric(frame));
    }
}
