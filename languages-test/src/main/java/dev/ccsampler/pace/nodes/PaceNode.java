package dev.ccsampler.pace.nodes;

import com.oracle.truffle.api.CompilerDirectives.CompilationFinal;
import com.oracle.truffle.api.nodes.Node;
import com.oracle.truffle.api.source.SourceSection;

/** Base of the Pace nodes that are not expressions (dispatch, loop body); carries a source section. */
public abstract class PaceNode extends Node {

    @CompilationFinal private SourceSection sourceSection;

    @Override
    public SourceSection getSourceSection() {
        return sourceSection;
    }

    public void setSourceSection(SourceSection section) {
        this.sourceSection = section;
    }
}
