package dev.ccsampler.pace.runtime;

import com.oracle.truffle.api.dsl.ImplicitCast;
import com.oracle.truffle.api.dsl.TypeSystem;

/**
 * The Pace type system for the DSL: integers are {@code long}, floats {@code double}; an integer
 * is implicitly widened to a float when an operation mixes them.
 */
@TypeSystem({long.class, double.class, boolean.class, String.class})
public abstract class PaceTypes {

    @ImplicitCast
    public static double castLongToDouble(long value) {
        return value;
    }
}
