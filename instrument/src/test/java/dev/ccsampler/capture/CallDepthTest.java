package dev.ccsampler.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The marks' bookkeeping, without an engine: what the root probes do per call and return. */
class CallDepthTest {

    @Test
    void checkedReturnPopsOnlyItsOwnRootsFrame() {
        CallDepth m = new CallDepth();
        m.enter(11, true); // main
        m.enter(22, true); // caller
        m.markSampled();
        // a trivial root's frame entered while its probe slept (no enter), returning after it woke
        m.exitChecked(33, true);
        assertEquals(2, m.depth(), "the frame was never counted: nothing to pop");
        assertEquals(2, m.low(), "and nothing below it returned");
        // entered and returned while awake
        m.enter(33, true);
        assertEquals(3, m.depth());
        m.exitChecked(33, true);
        assertEquals(2, m.depth());
        assertTrue(m.exited(), "a counted frame returned");
        // the caller's own return through a checked probe pops it
        m.exitChecked(22, true);
        assertEquals(1, m.depth());
        assertEquals(1, m.low());
        assertEquals(11, CallDepth.topRoot(m.top()));
    }

    @Test
    void uncheckedReturnClampsAtZero() {
        CallDepth m = new CallDepth();
        m.exit(false); // a frame entered before the probes were attached
        assertEquals(0, m.depth());
        m.enter(5, false);
        assertEquals(1, m.depth());
        assertEquals(5, m.roots()[0]);
    }
}
