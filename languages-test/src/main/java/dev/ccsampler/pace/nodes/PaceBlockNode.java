package dev.ccsampler.pace.nodes;

import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.ExplodeLoop;

import dev.ccsampler.pace.runtime.PaceNull;

/** {@code { s1; s2; ... }}: runs the statements in order; its value is {@code null}. */
public final class PaceBlockNode extends PaceExpressionNode {

    @Children private final PaceExpressionNode[] statements;

    public PaceBlockNode(PaceExpressionNode[] statements) {
        this.statements = statements;
    }

    @Override
    @ExplodeLoop
    public Object executeGeneric(VirtualFrame frame) {
        for (PaceExpressionNode statement : statements) {
            statement.executeGeneric(frame);
        }
        return PaceNull.SINGLETON;
    }
}
