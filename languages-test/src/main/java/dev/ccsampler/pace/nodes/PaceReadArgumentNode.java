package dev.ccsampler.pace.nodes;

import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.profiles.BranchProfile;

import dev.ccsampler.pace.runtime.PaceNull;

/**
 * Reads the {@code index}-th actual argument. Frame argument 0 holds the captured values (see
 * {@link dev.ccsampler.pace.runtime.PaceFunction#packArguments}); a missing argument is
 * {@code null}.
 */
public final class PaceReadArgumentNode extends PaceExpressionNode {

    private final int index;
    private final BranchProfile missing = BranchProfile.create();

    public PaceReadArgumentNode(int index) {
        this.index = index;
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        Object[] args = frame.getArguments();
        if (index + 1 < args.length) {
            return args[index + 1];
        }
        missing.enter();
        return PaceNull.SINGLETON;
    }
}
