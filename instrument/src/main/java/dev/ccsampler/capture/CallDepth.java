package dev.ccsampler.capture;

import com.oracle.truffle.api.CompilerDirectives;

/**
 * How deep one guest thread is in instrumented guest roots, and the lowest depth it returned to
 * since its last sample: the frame marks that make stack walks incremental.
 *
 * <h2>Assumptions</h2>
 * <ul>
 * <li>Single thread: every method runs on the guest thread that owns the instance (one instance
 * per polyglot context and thread, from a {@code ContextThreadLocal}). The root probes
 * ({@link CallDepthProbe}) call {@link #enter} and {@link #exit}; the capture, which runs on the
 * same thread inside a thread-local action, calls {@link #markSampled()}. No field is ever read by
 * another thread, so none needs ordering.</li>
 * <li>Every {@link #enter} of an instrumented root is followed by exactly one {@link #exit} of it
 * (Truffle calls {@code onReturnValue} or {@code onReturnExceptional}, or {@code onYield}, for
 * every {@code onEnter} or {@code onResume} of the same event node).</li>
 * </ul>
 * <h2>Guarantees</h2>
 * <ul>
 * <li>If {@code low() >= j + 1} at a capture, the counted frame with index {@code j} (0 is the
 * outermost counted frame) has not returned since the previous {@link #markSampled()}, and so no
 * frame below it has either: the stack below that frame is the one the previous sample saw.</li>
 * <li>{@code roots()[j]} is {@code System.identityHashCode} of the root node of counted frame
 * {@code j} for {@code j < depth()}.</li>
 * <li>Right after a return the returned frame may still be on top, uncounted (see
 * {@code exited}); the capture recognises it, or walks fully when it cannot tell it from its
 * caller (a recursive call returning).</li>
 * <li>Frames that were already running when the probes were attached were never counted; their
 * returns are clamped at depth 0. That can only lower {@code low}, which makes the next walk
 * longer, never wrong.</li>
 * </ul>
 * Example: main → parse → expr → term; a sample; term returns, expr calls factor. The depth went
 * 4 → 3 → 4, so {@code low} is 3: main, parse and expr (counted 0..2) are unchanged, only expr's
 * call site and factor above it need walking.
 */
public final class CallDepth {

    private int depth;
    private int low;
    /**
     * Set by {@link #exit}, cleared by {@link #enter}: a root returned and nothing was entered
     * since. Truffle polls a safepoint after a root's body returned (in the call target, after the
     * return probe) while its frame is still on the stack, so a capture then may see that frame on
     * top although it is no longer counted; its root is {@code roots[depth]}.
     */
    private boolean exited;
    /** Identity hash of the root node of each counted frame: an int store needs no GC barrier. */
    private int[] roots = new int[64];

    /**
     * A counted root was entered. Runs on the guest thread, in guest code (the root probe): one
     * array store and one field store when the array is large enough.
     */
    public void enter(int root) {
        int d = depth;
        int[] r = roots;
        if (d < r.length) {
            r[d] = root;
        } else {
            grow(d, root);
        }
        depth = d + 1;
        exited = false;
    }

    @CompilerDirectives.TruffleBoundary
    private void grow(int d, int root) {
        roots = java.util.Arrays.copyOf(roots, Math.max(d + 1, roots.length * 2));
        roots[d] = root;
    }

    /** A counted root returned (normally, by an exception, or by a yield). Runs on the guest thread. */
    public void exit() {
        int d = depth - 1;
        if (d < 0) {
            d = 0; // a frame entered before the probes were attached
        }
        depth = d;
        exited = true;
        if (d < low) {
            low = d;
        }
    }

    /** Whether a root returned and none was entered since. Guest thread. */
    boolean exited() {
        return exited;
    }

    /** Counted frames on the stack now. Guest thread. */
    int depth() {
        return depth;
    }

    /** The lowest depth since the last {@link #markSampled()}. Guest thread. */
    int low() {
        return low;
    }

    /** Root node identity hash per counted frame, outermost first. Guest thread; do not modify. */
    int[] roots() {
        return roots;
    }

    /** Starts a new interval: the stack as it is now is what the next sample compares to. Guest thread. */
    void markSampled() {
        low = depth;
    }

    /** Forgets the marks: the next walk is a full one. Guest thread. */
    void invalidate() {
        low = 0;
    }
}
