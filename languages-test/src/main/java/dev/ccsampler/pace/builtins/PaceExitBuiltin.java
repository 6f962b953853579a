package dev.ccsampler.pace.builtins;

import com.oracle.truffle.api.CompilerDirectives;

import dev.ccsampler.pace.PaceContext;
import dev.ccsampler.pace.nodes.PaceExpressionNode;

/**
 * {@code exit(code)}: hard exit of the context with that status ({@code TruffleContext.closeExited}):
 * every guest thread stops, the embedder sees a {@code PolyglotException} with {@code isExit()}.
 */
public final class PaceExitBuiltin extends PaceBuiltinNode {

    public PaceExitBuiltin(PaceExpressionNode[] arguments) {
        super(arguments);
    }

    @Override
    protected Object execute(Object[] args) {
        long code = expectInteger(args[0], 1);
        CompilerDirectives.transferToInterpreter();
        PaceContext.get(this).getEnv().getContext().closeExited(this, (int) code);
        throw CompilerDirectives.shouldNotReachHere("closeExited returned");
    }

    @Override
    protected String name() {
        return "exit";
    }
}
