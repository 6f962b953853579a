package dev.ccsampler.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** What the walks of one thread saw of adjacent counted frames, without an engine. */
class EdgeMemoTest {

    @Test
    void aPairIsKnownUntilAWalkSeesItThroughAnotherCallNode() {
        EdgeMemo m = new EdgeMemo();
        Object target = new Object();
        Object node = new Object();
        m.adjacent(11, 22, target, node, (byte) 2);
        int slot = m.known(11, 22);
        assertTrue(slot >= 0);
        assertSame(target, m.target(slot));
        assertSame(node, m.node(slot));
        assertEquals(2, m.tier(slot));
        m.adjacent(11, 22, target, node, (byte) 3);
        assertEquals(3, m.tier(m.known(11, 22)), "the newest tier seen");
        assertEquals(0, m.forgotten());
        m.adjacent(11, 22, target, new Object(), (byte) 3);
        assertEquals(-1, m.known(11, 22), "another call node: never written again");
        assertEquals(1, m.forgotten(), "a walk that was to write it learns so");
        m.adjacent(11, 22, target, node, (byte) 3);
        assertEquals(-1, m.known(11, 22), "not even when the first node comes back");
        m.notAdjacent(33, 44);
        assertEquals(-1, m.known(33, 44), "a pair seen with frames between is not known");
        assertEquals(1, m.forgotten(), "nor was it ever one to write");
    }

    @Test
    void aCallWithoutACallNodeIsKnownWithNone() {
        EdgeMemo m = new EdgeMemo();
        Object target = new Object();
        m.adjacent(5, 6, target, null, (byte) 0);
        int slot = m.known(5, 6);
        assertTrue(slot >= 0);
        assertNull(m.node(slot));
        assertFalse(m.hasNode(slot));
    }

    @Test
    void theMemoKeepsNoCodeAlive() throws InterruptedException {
        // a thread's memo outlives its contexts: what it saw of a closed context's code must not
        // keep that code alive, and a pair whose target is gone is not known
        EdgeMemo m = new EdgeMemo();
        Object kept = new Object();
        m.adjacent(1, 2, kept, kept, (byte) 0);
        learnGarbage(m);
        long deadline = System.nanoTime() + 10_000_000_000L;
        int slot = m.known(3, 4);
        assertTrue(slot >= 0);
        while (m.target(slot) != null && System.nanoTime() < deadline) {
            System.gc();
            Thread.sleep(10);
        }
        assertNull(m.target(slot), "the memo held the target weakly: collected, so the frame cannot be written");
        assertSame(kept, m.target(m.known(1, 2)), "a live pair stays");
        // the slot takes the pair again when a walk sees it with live code
        Object again = new Object();
        m.adjacent(3, 4, again, null, (byte) 1);
        assertSame(again, m.target(m.known(3, 4)));
    }

    private static void learnGarbage(EdgeMemo m) {
        m.adjacent(3, 4, new Object(), new Object(), (byte) 0);
    }

    @Test
    void aFullMemoIsEmptiedAndLearnsAgain() {
        EdgeMemo m = new EdgeMemo();
        Object t = new Object();
        int pairs = 0;
        while (!m.full()) {
            m.adjacent(1000 + pairs, 2000 + pairs, t, null, (byte) 0);
            pairs++;
        }
        assertEquals(EdgeMemo.CAPACITY * 3 / 4, pairs);
        m.adjacent(1, 2, t, null, (byte) 0);
        assertEquals(-1, m.known(1, 2), "full: a new pair is not kept");
        m.clear();
        assertFalse(m.full());
        assertEquals(-1, m.known(1000, 2000), "emptied");
        m.adjacent(1, 2, t, null, (byte) 0);
        assertTrue(m.known(1, 2) >= 0, "and learning again");
    }

    @Test
    void anotherContextsFramesOnTheThreadMeanSomethingIsBelow() {
        // context A called into context B on the same thread: A's counted frames are below B's
        EdgeMemo.Shared shared = new EdgeMemo.Shared();
        CallDepth a = new CallDepth();
        CallDepth b = new CallDepth();
        shared.register(a);
        shared.register(b);
        shared.register(b);
        assertFalse(shared.othersActive(b), "A has no frame on the stack");
        a.enter(11, true);
        assertTrue(shared.othersActive(b), "A's frame is below B's");
        assertFalse(shared.othersActive(a), "its own frames do not count");
        a.exit(null, (byte) 0);
        assertFalse(shared.othersActive(b));
        assertSame(shared.get(), shared.get(), "one memo for the thread");
    }

    @Test
    void aRootIsOutermostOnlyWhileNoWalkFoundFramesBelowIt() {
        EdgeMemo m = new EdgeMemo();
        assertEquals(0, m.outermostSeen(7));
        m.outermost(7, 0);
        m.outermost(7, 0);
        m.outermost(7, 0);
        assertEquals(3, m.outermostSeen(7), "three full walks found it with nothing below");
        assertEquals(-1, m.known(EdgeMemo.OUTERMOST, 8), "another root is not vouched for");
        m.outermost(7, 2);
        assertEquals(0, m.outermostSeen(7), "one walk found frames below it: never again");
        m.outermost(7, 0);
        assertEquals(0, m.outermostSeen(7));
    }
}
