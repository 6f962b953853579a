/**
 * ccsampler: a calling-context sampling profiler for Truffle languages. On the module path
 * META-INF/services is ignored, so the instrument providers are declared here.
 */
module dev.ccsampler {
    requires org.graalvm.truffle;
    requires org.graalvm.polyglot;
    requires com.fasterxml.jackson.core;
    requires com.google.protobuf;
    requires org.openjdk.jmc.flightrecorder.writer;
    requires jdk.jfr;
    requires java.net.http;
    requires jdk.httpserver;
    requires java.management;

    exports dev.ccsampler;
    exports dev.ccsampler.ccmap;
    exports dev.ccsampler.report;
    exports dev.ccsampler.exhaustive;

    provides com.oracle.truffle.api.instrumentation.provider.TruffleInstrumentProvider with
                    dev.ccsampler.impl.CCSamplerInstrumentProvider,
                    dev.ccsampler.exhaustive.CctTracerInstrumentProvider;
}
