package dev.ccsampler.pace.nodes;

import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.profiles.CountingConditionProfile;

import dev.ccsampler.pace.runtime.PaceNull;

/** {@code if (cond) {..} else {..}}; the condition must be a boolean. */
public final class PaceIfNode extends PaceExpressionNode {

    @Child private PaceExpressionNode condition;
    @Child private PaceExpressionNode thenPart;
    @Child private PaceExpressionNode elsePart;
    private final CountingConditionProfile profile = CountingConditionProfile.create();

    public PaceIfNode(PaceExpressionNode condition, PaceExpressionNode thenPart, PaceExpressionNode elsePart) {
        this.condition = condition;
        this.thenPart = thenPart;
        this.elsePart = elsePart;
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        if (profile.profile(condition.executeCondition(frame, "if condition"))) {
            thenPart.executeGeneric(frame);
        } else if (elsePart != null) {
            elsePart.executeGeneric(frame);
        }
        return PaceNull.SINGLETON;
    }
}
