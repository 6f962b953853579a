package dev.ccsampler.pace.nodes;

import com.oracle.truffle.api.frame.VirtualFrame;

import dev.ccsampler.pace.PaceException;
import dev.ccsampler.pace.runtime.PaceNull;

/**
 * {@code try {..} catch (e) {..}}: catches every {@link PaceException} (thrown values and runtime
 * errors, not {@code exit} or cancellation) and binds its value to {@code e}, an object slot.
 */
public final class PaceTryCatchNode extends PaceExpressionNode {

    @Child private PaceExpressionNode tryBlock;
    @Child private PaceExpressionNode catchBlock;
    private final int catchSlot;

    public PaceTryCatchNode(PaceExpressionNode tryBlock, int catchSlot, PaceExpressionNode catchBlock) {
        this.tryBlock = tryBlock;
        this.catchSlot = catchSlot;
        this.catchBlock = catchBlock;
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        try {
            tryBlock.executeGeneric(frame);
        } catch (PaceException e) {
            frame.setObject(catchSlot, e.getValue());
            catchBlock.executeGeneric(frame);
        }
        return PaceNull.SINGLETON;
    }
}
