package dev.ccsampler.pace.runtime;

import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.TruffleObject;
import com.oracle.truffle.api.library.ExportLibrary;
import com.oracle.truffle.api.library.ExportMessage;

/** The Pace {@code null} value; one instance per VM. */
@ExportLibrary(InteropLibrary.class)
public final class PaceNull implements TruffleObject {

    public static final PaceNull SINGLETON = new PaceNull();

    private PaceNull() {
    }

    @Override
    public String toString() {
        return "null";
    }

    @ExportMessage
    boolean isNull() {
        return true;
    }

    @ExportMessage
    Object toDisplayString(@SuppressWarnings("unused") boolean allowSideEffects) {
        return "null";
    }
}
