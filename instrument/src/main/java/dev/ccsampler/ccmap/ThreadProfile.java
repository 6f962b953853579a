package dev.ccsampler.ccmap;

/**
 * The calling context tree and accounting of one guest thread in one polyglot context.
 *
 * @param context dense id of the polyglot context (0 for the first one seen); -1 for a tree that is
 *        not one context's: the thread's closed contexts folded together
 *        ({@code --ccsampler.FoldClosedContexts}), or all threads merged
 * @param threadId {@code Thread.threadId()}
 * @param threadName thread name at the time it was first seen
 * @param root synthetic root node ({@code method == -1}); its total is the thread's applied samples
 * @param accounting the thread's sample accounting
 * @since 0.1
 */
public record ThreadProfile(int context, long threadId, String threadName, ContextNode root, Accounting accounting) {

    /**
     * How reports name this tree's context: {@code "context 3"}, {@code "closed contexts"} for a
     * thread's closed contexts folded together (context -1), or {@code "all contexts"} for all
     * threads merged (context and thread -1, {@link ProfileSnapshot#mergeThreads()}).
     *
     * @since 0.5
     */
    public String contextLabel() {
        return context >= 0 ? "context " + context : threadId >= 0 ? "closed contexts" : "all contexts";
    }
}
