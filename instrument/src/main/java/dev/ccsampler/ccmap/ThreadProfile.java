package dev.ccsampler.ccmap;

/**
 * The calling context tree and accounting of one guest thread in one polyglot context.
 *
 * @param context dense id of the polyglot context (0 for the first one seen)
 * @param threadId {@code Thread.threadId()}
 * @param threadName thread name at the time it was first seen
 * @param root synthetic root node ({@code method == -1}); its total is the thread's applied samples
 * @param accounting the thread's sample accounting
 * @since 0.1
 */
public record ThreadProfile(int context, long threadId, String threadName, ContextNode root, Accounting accounting) {
}
