package dev.ccsampler.pace.nodes;

import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.ExplodeLoop;
import com.oracle.truffle.api.source.SourceSection;

/**
 * A call {@code f(a, b)}: evaluates the callee, then the arguments left to right, then
 * dispatches through a {@link PaceDispatchNode}. Its source section is the whole call expression;
 * it is the call node a profiler sees in the caller's frame.
 */
public final class PaceInvokeNode extends PaceExpressionNode {

    @Child private PaceExpressionNode function;
    @Children private final PaceExpressionNode[] arguments;
    @Child private PaceDispatchNode dispatch = PaceDispatchNodeGen.create();

    public PaceInvokeNode(PaceExpressionNode function, PaceExpressionNode[] arguments) {
        this.function = function;
        this.arguments = arguments;
    }

    /** The dispatch node reports the same section as the call. */
    public void setCallSection(SourceSection section) {
        setSourceSection(section);
        dispatch.setSourceSection(section);
    }

    @Override
    @ExplodeLoop
    public Object executeGeneric(VirtualFrame frame) {
        Object callee = function.executeGeneric(frame);
        Object[] values = new Object[arguments.length];
        for (int i = 0; i < arguments.length; i++) {
            values[i] = arguments[i].executeGeneric(frame);
        }
        return dispatch.executeDispatch(callee, values);
    }
}
