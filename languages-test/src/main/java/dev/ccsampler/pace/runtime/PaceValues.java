package dev.ccsampler.pace.runtime;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

/** Conversions shared by builtins and operators. */
public final class PaceValues {

    private PaceValues() {
    }

    /** The text {@code print} and {@code str} produce, and string concatenation uses. */
    @TruffleBoundary
    public static String toDisplayString(Object value) {
        // Java's own formats: 3 for an integer, 3.0 for a float, so both stay recognisable.
        return String.valueOf(value);
    }

    /** The name of a value's type, used in error messages. */
    @TruffleBoundary
    public static String typeName(Object value) {
        if (value instanceof Long) {
            return "integer";
        } else if (value instanceof Double) {
            return "float";
        } else if (value instanceof String) {
            return "string";
        } else if (value instanceof Boolean) {
            return "boolean";
        } else if (value == PaceNull.SINGLETON) {
            return "null";
        } else if (value instanceof PaceFunction) {
            return "function";
        } else if (value instanceof PaceThread) {
            return "thread";
        }
        return value == null ? "<java null>" : value.getClass().getSimpleName();
    }

    /** Describes a value for an error message: its type and, for simple values, the value. */
    @TruffleBoundary
    public static String describe(Object value) {
        if (value instanceof String s) {
            return "string \"" + s + "\"";
        } else if (value instanceof Long || value instanceof Double || value instanceof Boolean) {
            return typeName(value) + " " + value;
        }
        return typeName(value);
    }
}
