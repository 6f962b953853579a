package dev.ccsampler.pace.nodes;

import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.profiles.CountingConditionProfile;

/**
 * {@code a && b} and {@code a || b}: short-circuit, both operands must be booleans. Hand-written
 * because the right operand is evaluated only when needed.
 */
public final class PaceLogicalNode extends PaceExpressionNode {

    @Child private PaceExpressionNode left;
    @Child private PaceExpressionNode right;
    private final boolean isAnd;
    private final CountingConditionProfile evaluateRight = CountingConditionProfile.create();

    public PaceLogicalNode(PaceExpressionNode left, PaceExpressionNode right, boolean isAnd) {
        this.left = left;
        this.right = right;
        this.isAnd = isAnd;
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        return executeBoolean(frame);
    }

    @Override
    public boolean executeBoolean(VirtualFrame frame) {
        String operator = isAnd ? "operand of '&&'" : "operand of '||'";
        boolean l = left.executeCondition(frame, operator);
        if (evaluateRight.profile(l == isAnd)) {
            return right.executeCondition(frame, operator);
        }
        return l;
    }
}
