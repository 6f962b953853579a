package dev.ccsampler.exhaustive;

/**
 * The exhaustive tree and shadow stack of one guest thread in one polyglot context. The shadow
 * stack is the chain from {@link #current} up to the root: entering a root moves down to (or
 * creates) the child for its method, leaving moves back up.
 *
 * <p><b>Single writer:</b> every method except the accessors runs on the owning guest thread.
 * The accessors are for the writer at engine finalization, when the thread no longer runs guest
 * code in this context.
 *
 * <p><b>Robust exits:</b> if an exit arrives for a method other than the current one (an event was
 * lost, for example a root entered before the instrument was attached), the stack is popped up to
 * the nearest frame of that method and the mismatch is counted; an exit with no such frame is
 * ignored and counted. The tree never gets corrupted by a missing event, it only loses that call.
 *
 * @since 0.1
 */
public final class ThreadTrace {

    private final int context;
    private final long threadId;
    private final String threadName;
    private final TraceNode root = TraceNode.newRoot();
    private TraceNode current = root;
    private long mismatchedExits;

    ThreadTrace(int context, long threadId, String threadName) {
        this.context = context;
        this.threadId = threadId;
        this.threadName = threadName;
    }

    /** Runs on the guest thread: a call of {@code m} starts. */
    void enter(TracedMethod m) {
        TraceNode c = current.childFor(m);
        c.countCall();
        current = c;
    }

    /** Runs on the guest thread: a suspended activation of {@code m} resumes (not a new call). */
    void resume(TracedMethod m) {
        current = current.childFor(m);
    }

    /** Runs on the guest thread: an activation of {@code m} returns, throws, unwinds or yields. */
    void exit(TracedMethod m) {
        if (current.method() == m) {
            current = current.parent();
            return;
        }
        mismatchedExits++;
        for (TraceNode n = current; n != root; n = n.parent()) {
            if (n.method() == m) {
                current = n.parent();
                return;
            }
        }
    }

    /**
     * Dense id of the polyglot context (first seen is 0).
     *
     * @since 0.1
     */
    public int context() {
        return context;
    }

    /**
     * {@code Thread.threadId()} of the guest thread.
     *
     * @since 0.1
     */
    public long threadId() {
        return threadId;
    }

    /**
     * Thread name when the thread first entered the context.
     *
     * @since 0.1
     */
    public String threadName() {
        return threadName;
    }

    /**
     * Synthetic root; its children are the thread's top-level calls.
     *
     * @since 0.1
     */
    public TraceNode root() {
        return root;
    }

    /**
     * Exits that did not match the current frame (should be 0).
     *
     * @since 0.1
     */
    public long mismatchedExits() {
        return mismatchedExits;
    }
}
