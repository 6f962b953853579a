package dev.ccsampler.pace.nodes;

import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.ExplodeLoop;
import com.oracle.truffle.api.profiles.BranchProfile;

import dev.ccsampler.pace.runtime.PaceNull;

/**
 * The body of a function: a prologue that copies arguments and captured values into frame
 * slots, then the statements. A {@code return} anywhere in the body arrives here as a
 * {@link PaceReturnException}; falling off the end returns {@code null}.
 */
public final class PaceFunctionBodyNode extends PaceExpressionNode {

    @Children private final PaceExpressionNode[] prologue;
    @Child private PaceExpressionNode body;
    private final BranchProfile returnTaken = BranchProfile.create();

    public PaceFunctionBodyNode(PaceExpressionNode[] prologue, PaceExpressionNode body) {
        this.prologue = prologue;
        this.body = body;
        markRootBody();
    }

    @Override
    @ExplodeLoop
    public Object executeGeneric(VirtualFrame frame) {
        for (PaceExpressionNode node : prologue) {
            node.executeGeneric(frame);
        }
        try {
            body.executeGeneric(frame);
        } catch (PaceReturnException e) {
            returnTaken.enter();
            return e.getResult();
        }
        return PaceNull.SINGLETON;
    }
}
