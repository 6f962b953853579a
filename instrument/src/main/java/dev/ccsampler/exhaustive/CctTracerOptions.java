package dev.ccsampler.exhaustive;

import com.oracle.truffle.api.Option;
import org.graalvm.options.OptionCategory;
import org.graalvm.options.OptionKey;
import org.graalvm.options.OptionStability;

/**
 * Every option of the exhaustive tracer ({@code --cctracer...}).
 *
 * @since 0.1
 */
@Option.Group(CctTracerInstrument.ID)
final class CctTracerOptions {

    private CctTracerOptions() {
    }

    /** Default of {@link #OUTPUT_FILE}. */
    static final String DEFAULT_OUTPUT = "cctracer.json";

    @Option(name = "", help = "Record the complete calling context tree of every guest thread (default: false).", //
                    usageSyntax = "true|false", category = OptionCategory.USER, stability = OptionStability.STABLE) //
    static final OptionKey<Boolean> ENABLED = new OptionKey<>(false);

    @Option(name = "OutputFile", help = "Write the tree as ccsampler-cct JSON to this file when the engine closes (default: cctracer.json in the working directory).", //
                    usageSyntax = "<path>", category = OptionCategory.USER, stability = OptionStability.STABLE) //
    static final OptionKey<String> OUTPUT_FILE = new OptionKey<>(DEFAULT_OUTPUT);

    @Option(name = "Internal", help = "Also trace internal roots (language builtins and internal sources) (default: false).", //
                    usageSyntax = "true|false", category = OptionCategory.USER, stability = OptionStability.STABLE) //
    static final OptionKey<Boolean> INTERNAL = new OptionKey<>(false);

    @Option(name = "TraceContextInitialization", help = "Also trace the calls a language makes while it initializes its context (TruffleRuby's core library, GraalPy's site setup), which ccsampler leaves out unless ccsampler.SampleContextInitialization is set (default: false).", //
                    usageSyntax = "true|false", category = OptionCategory.USER, stability = OptionStability.STABLE) //
    static final OptionKey<Boolean> TRACE_CONTEXT_INITIALIZATION = new OptionKey<>(false);
}
