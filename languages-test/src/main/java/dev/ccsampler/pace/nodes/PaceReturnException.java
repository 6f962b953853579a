package dev.ccsampler.pace.nodes;

import com.oracle.truffle.api.nodes.ControlFlowException;

/** Carries a {@code return} value up to the {@link PaceFunctionBodyNode}. */
public final class PaceReturnException extends ControlFlowException {

    private static final long serialVersionUID = 1L;

    private final transient Object result;

    public PaceReturnException(Object result) {
        this.result = result;
    }

    public Object getResult() {
        return result;
    }
}
