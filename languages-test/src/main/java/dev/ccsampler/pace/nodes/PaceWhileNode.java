package dev.ccsampler.pace.nodes;

import com.oracle.truffle.api.Truffle;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.LoopNode;

import dev.ccsampler.pace.runtime.PaceNull;

/**
 * {@code while (cond) {..}} on a Truffle {@link LoopNode}: the runtime counts iterations for
 * compilation, can compile the loop on its own (OSR) and polls a safepoint on every back edge.
 */
public final class PaceWhileNode extends PaceExpressionNode {

    @Child private LoopNode loop;

    public PaceWhileNode(PaceWhileRepeatingNode body) {
        this.loop = Truffle.getRuntime().createLoopNode(body);
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        loop.execute(frame);
        return PaceNull.SINGLETON;
    }
}
