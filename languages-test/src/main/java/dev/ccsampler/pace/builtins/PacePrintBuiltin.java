package dev.ccsampler.pace.builtins;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

import dev.ccsampler.pace.PaceContext;
import dev.ccsampler.pace.nodes.PaceExpressionNode;
import dev.ccsampler.pace.runtime.PaceNull;
import dev.ccsampler.pace.runtime.PaceValues;

/** {@code print(x)}: writes {@code str(x)} and a newline to the context's standard output. */
public final class PacePrintBuiltin extends PaceBuiltinNode {

    public PacePrintBuiltin(PaceExpressionNode[] arguments) {
        super(arguments);
    }

    @Override
    protected Object execute(Object[] args) {
        print(PaceContext.get(this), args[0]);
        return PaceNull.SINGLETON;
    }

    @TruffleBoundary
    private static void print(PaceContext context, Object value) {
        context.getOut().println(PaceValues.toDisplayString(value));
    }

    @Override
    protected String name() {
        return "print";
    }
}
