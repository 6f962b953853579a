package dev.ccsampler.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The marks' bookkeeping, without an engine: what the root probes do per call and return. */
class CallDepthTest {

    /**
     * A thread's marks in its next context start at the size its marks grew to: a deep program run
     * in fresh contexts deoptimized its compiled code at each doubling in every context.
     */
    @Test
    void aThreadsMarksInTheNextContextStartAtTheSizeItsMarksGrewTo() {
        int[] sizes = {64, 64};
        CallDepth first = new CallDepth(sizes);
        for (int i = 0; i < 3000; i++) {
            first.enter(i, true);
        }
        assertTrue(sizes[0] >= 3000 && sizes[1] >= 3000, "grown to " + sizes[0] + " / " + sizes[1]);
        int grown = sizes[0];
        CallDepth next = new CallDepth(sizes);
        assertEquals(grown, next.roots().length, "starts at the grown size");
        for (int i = 0; i < 3000; i++) {
            next.enter(i, false);
        }
        assertEquals(grown, next.roots().length, "no doubling in the next context");
        assertEquals(64, new CallDepth().roots().length, "a thread's first marks start small");
    }

    @Test
    void uncheckedReturnClampsAtZero() {
        CallDepth m = new CallDepth();
        m.exit(null, (byte) 4); // a frame entered before the probes were attached
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
        m.exit(args, (byte) 0); // returned in the interpreter: its arguments
        assertTrue(m.exited());
        assertSame(args, m.exitedArgs(), "the interpreted frame's arguments");
        assertEquals(0, m.exitedState());
        m.exit(null, CallDepth.compiledState(2, false)); // its caller returned inlined in last-tier code
        assertTrue(m.exited());
        assertNull(m.exitedArgs(), "the array no longer describes the last return");
        assertEquals(4, m.exitedState());
        m.enter(8, false);
        assertFalse(m.exited(), "an enter ends the returned state");
        assertNull(m.exitedArgs());
        assertEquals(0, m.exitedState());
    }

    /**
     * A return at the root of compiled code keeps the frame's arguments beside its state (the
     * array its caller passed: the walk finds that very array on the returned frame, and so tells
     * it from a caller of the same root and state); an inlined return keeps only its state.
     */
    @Test
    void aReturnAtACompiledRootKeepsItsArgumentsAndItsState() {
        CallDepth m = new CallDepth();
        Object[] args = {1, 2};
        m.enter(7, false);
        m.enter(7, false);
        m.enter(7, false);
        m.exit(args, CallDepth.compiledState(2, true)); // a last-tier compilation root
        assertSame(args, m.exitedArgs(), "the compiled root's arguments");
        assertEquals(3, m.exitedState(), "and the state it returned in");
        m.exit(args, CallDepth.compiledState(1, true)); // a first-tier one
        assertSame(args, m.exitedArgs());
        assertEquals(1, m.exitedState());
        m.exit(null, CallDepth.compiledState(2, false)); // inlined: the state alone
        assertNull(m.exitedArgs(), "an inlined return keeps no arguments");
        assertEquals(4, m.exitedState());
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
        m.exit(null, CallDepth.compiledState(1, false));
        assertEquals(2, m.exitedState(), "what a return in first-tier inlined code records, a top frame of that state reports");
    }

    /**
     * A woken root's probe ({@code DormantProbes}): main (counted) → each (its frame entered before
     * its probe existed) → block (counted). The block returns, then that old frame of each: its
     * return must not take main off the marks. A frame of each entered after the probe is counted
     * and returns as any other.
     */
    @Test
    void aWokenRootsOlderFramesReturnUncounted() {
        CallDepth m = new CallDepth();
        int main = 1;
        int each = 2;
        int block = 3;
        m.enter(main, false);
        m.enter(block, false); // called by the old frame of each, which is not counted
        m.exit(null, (byte) 0);
        m.exitCounted(each, null, (byte) 0); // the old frame of each returns
        assertEquals(1, m.depth(), "main is still counted");
        assertEquals(main, m.roots()[0]);
        m.enter(each, false); // a new call of each: counted
        m.enter(block, false);
        m.exit(null, (byte) 0);
        assertEquals(2, m.depth());
        m.exitCounted(each, null, (byte) 0);
        assertEquals(1, m.depth(), "the counted frame of each returned");
        assertTrue(m.exited());
        m.exitCounted(each, null, (byte) 0); // nothing of each is counted now: no change
        assertEquals(1, m.depth());
        m.exitCounted(each, null, (byte) 0);
        m.exit(null, (byte) 0);
        assertEquals(0, m.depth());
        m.exitCounted(each, null, (byte) 0); // at depth 0 too
        assertEquals(0, m.depth());
    }

    /**
     * An enter of the counted frame on top, of the same root with the same arguments array, is
     * that activation again (GraalPy's loop going into on-stack-replaced code), not a call: a
     * self-recursive call passes a new array, frames called and returned in between do not
     * matter, and an array kept deeper than the top is no match. Arrays are kept past 64 frames.
     */
    @Test
    void theSameActivationEnteringAgainIsToldFromACall() {
        CallDepth m = new CallDepth();
        Object[] outer = {1};
        Object[] inner = {2};
        m.enter(7, false);
        m.noteEnterArgs(outer);
        assertTrue(m.reentered(7, outer));
        assertFalse(m.reentered(7, new Object[]{1}), "a recursive call: a new array");
        assertFalse(m.reentered(8, outer), "another root");
        assertFalse(m.reentered(7, null), "no array kept (compiled, inlined)");
        m.enter(7, false); // a real self-recursive call
        m.noteEnterArgs(inner);
        assertFalse(m.reentered(7, outer), "the caller's array is not the top frame's");
        assertTrue(m.reentered(7, inner));
        m.enter(9, false);
        m.exit(null, (byte) 0); // a callee that ran and returned
        assertTrue(m.reentered(7, inner), "the frame on top is the same");
        m.exit(null, (byte) 0);
        assertTrue(m.reentered(7, outer));
        for (int i = 0; i < 100; i++) {
            m.enter(20, false);
            m.noteEnterArgs(new Object[]{i});
        }
        Object[] deep = {3};
        m.enter(21, false);
        m.noteEnterArgs(deep);
        assertEquals(102, m.depth());
        assertTrue(m.reentered(21, deep), "kept past the first 64 frames");
    }
}
