/** The Pace test language: a Truffle language for testing the ccsampler profiler. */
module dev.ccsampler.pace {
    requires transitive org.graalvm.truffle;

    exports dev.ccsampler.pace;
    exports dev.ccsampler.pace.nodes;
    exports dev.ccsampler.pace.builtins;
    exports dev.ccsampler.pace.runtime;
    exports dev.ccsampler.pace.parser;

    provides com.oracle.truffle.api.provider.TruffleLanguageProvider with dev.ccsampler.pace.PaceLanguageProvider;
}
