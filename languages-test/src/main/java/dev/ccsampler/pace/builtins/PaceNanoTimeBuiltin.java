package dev.ccsampler.pace.builtins;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

import dev.ccsampler.pace.nodes.PaceExpressionNode;

/** {@code nanoTime()}: {@link System#nanoTime()}, for programs that time themselves. */
public final class PaceNanoTimeBuiltin extends PaceBuiltinNode {

    public PaceNanoTimeBuiltin(PaceExpressionNode[] arguments) {
        super(arguments);
    }

    @Override
    protected Object execute(Object[] args) {
        return nanoTime();
    }

    @TruffleBoundary
    private static long nanoTime() {
        return System.nanoTime();
    }

    @Override
    protected String name() {
        return "nanoTime";
    }
}
