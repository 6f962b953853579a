package dev.ccsampler.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The marks' bookkeeping, without an engine: what the root probes do per call and return. */
class CallDepthTest {

    @Test
    void uncheckedReturnClampsAtZero() {
        CallDepth m = new CallDepth();
        m.exit(false, null, (byte) 4); // a frame entered before the probes were attached
        assertEquals(0, m.depth());
        m.enter(5, false);
        assertEquals(1, m.depth());
        assertEquals(5, m.roots()[0]);
    }

    @Test
    void whereTheLastFrameReturnedLastsUntilTheNextEnterOrReturn() {
        CallDepth m = new CallDepth();
        Object[] args = {1, 2};
        m.enter(7, false);
        m.enter(7, false);
        m.exit(false, args, (byte) 0); // returned in the interpreter: its arguments
        assertTrue(m.exited());
        assertSame(args, m.exitedArgs(), "the interpreted frame's arguments");
        assertEquals(0, m.exitedState());
        m.exit(false, null, CallDepth.compiledState(2, false)); // its caller returned inlined in last-tier code
        assertTrue(m.exited());
        assertNull(m.exitedArgs(), "the array no longer describes the last return");
        assertEquals(4, m.exitedState());
        m.enter(8, false);
        assertFalse(m.exited(), "an enter ends the returned state");
        assertNull(m.exitedArgs());
        assertEquals(0, m.exitedState());
    }

    /** The probe's state and the walk's top frame's state come from the one encoding: four compiled states apart, interpreted 0. */
    @Test
    void compiledStatesAreDistinctAndInterpretedIsNone() {
        assertEquals(0, CallDepth.compiledState(0, true));
        assertEquals(0, CallDepth.compiledState(0, false));
        assertEquals(java.util.List.of((byte) 1, (byte) 2, (byte) 3, (byte) 4),
                        java.util.List.of(CallDepth.compiledState(1, true), CallDepth.compiledState(1, false), CallDepth.compiledState(2, true), CallDepth.compiledState(2, false)));
        CallDepth m = new CallDepth();
        m.enter(7, false);
        m.exit(false, null, CallDepth.compiledState(1, false));
        assertEquals(2, m.exitedState(), "what a return in first-tier inlined code records, a top frame of that state reports");
    }
}
