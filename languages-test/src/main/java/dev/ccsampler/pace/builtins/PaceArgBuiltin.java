package dev.ccsampler.pace.builtins;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

import dev.ccsampler.pace.PaceContext;
import dev.ccsampler.pace.nodes.PaceExpressionNode;

/**
 * {@code arg(i, default)}: the {@code i}-th application argument (given with
 * {@code Context.Builder.arguments("pace", ...)}) as an integer, or {@code default} when it is
 * missing or does not look like an integer.
 */
public final class PaceArgBuiltin extends PaceBuiltinNode {

    public PaceArgBuiltin(PaceExpressionNode[] arguments) {
        super(arguments);
    }

    @Override
    protected Object execute(Object[] args) {
        return arg(PaceContext.get(this).getEnv().getApplicationArguments(), expectInteger(args[0], 1), args[1]);
    }

    @TruffleBoundary
    private static Object arg(String[] applicationArguments, long index, Object defaultValue) {
        if (index < 0 || index >= applicationArguments.length) {
            return defaultValue;
        }
        String text = applicationArguments[(int) index].trim();
        if (!text.matches("-?[0-9]{1,18}")) {
            return defaultValue;
        }
        return Long.parseLong(text);
    }

    @Override
    protected String name() {
        return "arg";
    }
}
