package dev.ccsampler.pace.builtins;

import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.instrumentation.StandardTags;
import com.oracle.truffle.api.instrumentation.Tag;
import com.oracle.truffle.api.nodes.ExplodeLoop;

import dev.ccsampler.pace.PaceException;
import dev.ccsampler.pace.nodes.PaceExpressionNode;
import dev.ccsampler.pace.runtime.PaceValues;

/**
 * Base of the builtins. A builtin is an expression node placed directly in the caller's AST, not
 * a function with its own call target: no guest frame is pushed for it, so a profiler charges
 * its time to the calling Pace function's self time. It is called like a function in the source,
 * so tools see it as a call location ({@link StandardTags.CallTag}); ccsampler's call-depth probes
 * read that to tell a function that may run long in a builtin from a trivial one. One exception:
 * {@link PaceRepeatBuiltin} is not tagged, as a model of a builtin whose caller's tree shows no call.
 */
public abstract class PaceBuiltinNode extends PaceExpressionNode {

    @Children private final PaceExpressionNode[] arguments;

    protected PaceBuiltinNode(PaceExpressionNode[] arguments) {
        this.arguments = arguments;
    }

    @Override
    @ExplodeLoop
    public final Object executeGeneric(VirtualFrame frame) {
        Object[] values = new Object[arguments.length];
        for (int i = 0; i < arguments.length; i++) {
            values[i] = arguments[i].executeGeneric(frame);
        }
        return execute(values);
    }

    @Override
    public boolean hasTag(Class<? extends Tag> tag) {
        return tag == StandardTags.CallTag.class || super.hasTag(tag);
    }

    /** Runs the builtin on the evaluated arguments. */
    protected abstract Object execute(Object[] args);

    /** The name the builtin has in Pace, for error messages. */
    protected abstract String name();

    protected final long expectInteger(Object value, int position) {
        if (value instanceof Long l) {
            return l;
        }
        throw PaceException.error("Type error: argument " + position + " of " + name() + " must be an integer, not " + PaceValues.describe(value), this);
    }
}
