package dev.ccsampler.pace.runtime;

import com.oracle.truffle.api.RootCallTarget;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.TruffleObject;
import com.oracle.truffle.api.library.ExportLibrary;
import com.oracle.truffle.api.library.ExportMessage;

/**
 * A function value: a call target plus the values it captured when it was created.
 *
 * <p>
 * Named functions capture nothing and exist once per parse; a function literal ({@code fn (x) {..}})
 * creates a new {@code PaceFunction} each time it is evaluated, sharing the call target. Call
 * sites cache on the call target, so all values of one literal hit the same inline-cache entry.
 */
@ExportLibrary(InteropLibrary.class)
public final class PaceFunction implements TruffleObject {

    private final String name;
    private final RootCallTarget callTarget;
    private final Object[] captured;

    public PaceFunction(String name, RootCallTarget callTarget, Object[] captured) {
        this.name = name;
        this.callTarget = callTarget;
        this.captured = captured;
    }

    public String getName() {
        return name;
    }

    public RootCallTarget getCallTarget() {
        return callTarget;
    }

    /** Values copied from enclosing functions when the literal was evaluated; never null. */
    public Object[] getCaptured() {
        return captured;
    }

    /** Builds the frame arguments for a call: slot 0 holds the captured values, then the actual arguments. */
    public Object[] packArguments(Object[] args) {
        Object[] packed = new Object[args.length + 1];
        packed[0] = captured;
        System.arraycopy(args, 0, packed, 1, args.length);
        return packed;
    }

    @Override
    public String toString() {
        return "<fn " + name + ">";
    }

    @ExportMessage
    Object toDisplayString(@SuppressWarnings("unused") boolean allowSideEffects) {
        return toString();
    }
}
