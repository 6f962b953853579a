package dev.ccsampler.capture;

import com.oracle.truffle.api.instrumentation.EventBinding;
import com.oracle.truffle.api.instrumentation.Instrumenter;
import com.oracle.truffle.api.instrumentation.SourceFilter;
import com.oracle.truffle.api.instrumentation.SourceSectionFilter;
import com.oracle.truffle.api.instrumentation.StandardTags;

/**
 * What root enter / return probes need beyond a {@code RootTag} filter, for every binding of them
 * (the call-depth probes, the burst probes, the exhaustive tracer).
 *
 * <p>GraalPy's bytecode interpreter (25.0.1) gives each function an instrumentation root that
 * carries {@code RootTag}, but it creates the support that fires that root's enter and return
 * events only when instrumentation asks for {@code StatementTag} too. With root probes alone no
 * Python function is ever entered, as far as the probes know: a 30-deep Python recursion walked
 * every frame, {@code WaitedTicks=top} saw no Python function on top, bursts counted one call per
 * function. {@link #attachFor} asks for statements in Python sources and puts nothing on them (its
 * factory creates no node), so the only cost is GraalPy's own check per statement.
 */
public final class RootEvents {

    private RootEvents() {
    }

    /**
     * Attaches what makes every language fire its roots' events to root probes. Call it once with
     * the first root-probe binding and dispose the result with the last one. Any thread.
     */
    public static EventBinding<?> attachFor(Instrumenter instrumenter) {
        SourceSectionFilter pythonStatements = SourceSectionFilter.newBuilder().tagIs(StandardTags.StatementTag.class)
                        .sourceFilter(SourceFilter.newBuilder().languageIs("python").includeInternal(true).build()).build();
        return instrumenter.attachExecutionEventFactory(pythonStatements, context -> null);
    }
}
