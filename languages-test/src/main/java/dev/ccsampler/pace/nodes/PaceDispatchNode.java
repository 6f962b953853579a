package dev.ccsampler.pace.nodes;

import com.oracle.truffle.api.RootCallTarget;
import com.oracle.truffle.api.dsl.Cached;
import com.oracle.truffle.api.dsl.Fallback;
import com.oracle.truffle.api.dsl.ReportPolymorphism;
import com.oracle.truffle.api.dsl.Specialization;
import com.oracle.truffle.api.nodes.DirectCallNode;
import com.oracle.truffle.api.nodes.IndirectCallNode;

import dev.ccsampler.pace.PaceException;
import dev.ccsampler.pace.runtime.PaceFunction;
import dev.ccsampler.pace.runtime.PaceValues;

/**
 * The inline cache of a call site. Up to {@value #INLINE_CACHE_SIZE} distinct call targets get
 * their own {@link DirectCallNode} (which the compiler can inline and split); beyond that the
 * site is megamorphic and every call goes through one {@link IndirectCallNode}. The cache is
 * keyed on the call target, not the function value, so the many values one function literal
 * creates share an entry. {@link ReportPolymorphism}: when the cache gains a second target (or goes
 * megamorphic) the node tells the runtime, whose splitting heuristic may then give the enclosing
 * function a copy per caller, as it does for SimpleLanguage and GraalJS calls.
 */
@ReportPolymorphism
public abstract class PaceDispatchNode extends PaceNode {

    public static final int INLINE_CACHE_SIZE = 3;

    public abstract Object executeDispatch(Object function, Object[] arguments);

    @Specialization(limit = "INLINE_CACHE_SIZE", guards = "function.getCallTarget() == cachedTarget")
    protected static Object doDirect(PaceFunction function, Object[] arguments,
                    @Cached("function.getCallTarget()") RootCallTarget cachedTarget,
                    @Cached("create(cachedTarget)") DirectCallNode callNode) {
        return callNode.call(function.packArguments(arguments));
    }

    @Specialization(replaces = "doDirect")
    protected static Object doIndirect(PaceFunction function, Object[] arguments,
                    @Cached IndirectCallNode callNode) {
        return callNode.call(function.getCallTarget(), function.packArguments(arguments));
    }

    @Fallback
    protected Object notAFunction(Object function, @SuppressWarnings("unused") Object[] arguments) {
        throw PaceException.error("Type error: cannot call " + PaceValues.describe(function) + ", it is not a function", this);
    }
}
