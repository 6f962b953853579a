package dev.ccsampler.pace.nodes;

import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.RepeatingNode;

/** One iteration of a {@code while} loop: test the condition, run the body, ask for another. */
public final class PaceWhileRepeatingNode extends PaceNode implements RepeatingNode {

    @Child private PaceExpressionNode condition;
    @Child private PaceExpressionNode body;

    public PaceWhileRepeatingNode(PaceExpressionNode condition, PaceExpressionNode body) {
        this.condition = condition;
        this.body = body;
    }

    @Override
    public boolean executeRepeating(VirtualFrame frame) {
        if (!condition.executeCondition(frame, "while condition")) {
            return false;
        }
        body.executeGeneric(frame);
        return true;
    }
}
