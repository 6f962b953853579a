package dev.ccsampler.pace.nodes;

import com.oracle.truffle.api.RootCallTarget;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.ExplodeLoop;

import dev.ccsampler.pace.runtime.PaceFunction;

/**
 * {@code fn (a, b) { ... }} as an expression: creates a function value that captures, by value,
 * the enclosing variables its body uses.
 */
public final class PaceFunctionLiteralNode extends PaceExpressionNode {

    private final String name;
    private final RootCallTarget callTarget;
    @Children private final PaceExpressionNode[] captures;

    public PaceFunctionLiteralNode(String name, RootCallTarget callTarget, PaceExpressionNode[] captures) {
        this.name = name;
        this.callTarget = callTarget;
        this.captures = captures;
    }

    @Override
    @ExplodeLoop
    public Object executeGeneric(VirtualFrame frame) {
        Object[] values = new Object[captures.length];
        for (int i = 0; i < captures.length; i++) {
            values[i] = captures[i].executeGeneric(frame);
        }
        return new PaceFunction(name, callTarget, values);
    }
}
