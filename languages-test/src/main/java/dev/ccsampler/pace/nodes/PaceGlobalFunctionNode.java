package dev.ccsampler.pace.nodes;

import java.util.Map;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.CompilerDirectives.CompilationFinal;
import com.oracle.truffle.api.frame.VirtualFrame;

import dev.ccsampler.pace.runtime.PaceFunction;

/**
 * The name of a top-level {@code fn} used as a value (or called). Functions may be used before
 * their declaration, so the value is looked up on first execution and then constant: the table
 * is complete and immutable once the parse has finished.
 */
public final class PaceGlobalFunctionNode extends PaceExpressionNode {

    private final String name;
    private final Map<String, PaceFunction> functions;
    @CompilationFinal private PaceFunction function;

    public PaceGlobalFunctionNode(String name, Map<String, PaceFunction> functions) {
        this.name = name;
        this.functions = functions;
    }

    @Override
    public Object executeGeneric(VirtualFrame frame) {
        if (function == null) {
            CompilerDirectives.transferToInterpreterAndInvalidate();
            function = functions.get(name);
        }
        return function;
    }
}
