package dev.ccsampler.pace.builtins;

import dev.ccsampler.pace.nodes.PaceExpressionNode;
import dev.ccsampler.pace.runtime.PaceValues;

/** {@code str(x)}: the text of any value, as {@code print} shows it. */
public final class PaceStrBuiltin extends PaceBuiltinNode {

    public PaceStrBuiltin(PaceExpressionNode[] arguments) {
        super(arguments);
    }

    @Override
    protected Object execute(Object[] args) {
        return PaceValues.toDisplayString(args[0]);
    }

    @Override
    protected String name() {
        return "str";
    }
}
