package dev.ccsampler.pace.builtins;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.instrumentation.StandardTags;
import com.oracle.truffle.api.instrumentation.Tag;

import dev.ccsampler.pace.PaceException;
import dev.ccsampler.pace.nodes.PaceExpressionNode;
import dev.ccsampler.pace.runtime.PaceFunction;
import dev.ccsampler.pace.runtime.PaceValues;

/**
 * {@code repeat(f, n)}: calls {@code f(i)} for {@code i} from 0 to {@code n - 1} in a loop of its
 * own in Java, through the function's call target, and returns the sum of the results (wrapping).
 * It is the model of a builtin that runs a block, as TruffleRuby's {@code Array#each} does: the
 * calling function's tree shows no call at all. Unlike the other builtins it is not tagged {@code
 * CallTag} and holds no call node, so a function whose body is a {@code repeat} looks like a
 * trivial leaf to ccsampler's call-depth probes until a walk sees its frame below the frames of
 * {@code f} ({@code SamplingStageTest.rootsThatCallWithoutACallNodeAreProbed}). The frames of
 * {@code f} have no call node in their caller.
 */
public final class PaceRepeatBuiltin extends PaceBuiltinNode {

    public PaceRepeatBuiltin(PaceExpressionNode[] arguments) {
        super(arguments);
    }

    @Override
    protected Object execute(Object[] args) {
        if (!(args[0] instanceof PaceFunction function)) {
            throw PaceException.error("Type error: argument 1 of repeat must be a function, not " + PaceValues.describe(args[0]), this);
        }
        return repeat(function, expectInteger(args[1], 2));
    }

    @TruffleBoundary
    private static long repeat(PaceFunction function, long n) {
        long sum = 0;
        for (long i = 0; i < n; i++) {
            Object r = function.getCallTarget().call(function.packArguments(new Object[]{i}));
            if (r instanceof Long v) {
                sum += v;
            }
        }
        return sum;
    }

    @Override
    public boolean hasTag(Class<? extends Tag> tag) {
        return tag != StandardTags.CallTag.class && super.hasTag(tag);
    }

    @Override
    protected String name() {
        return "repeat";
    }
}
