package dev.ccsampler.ccmap;

/**
 * Sample counts of one method over all contexts and threads.
 *
 * @param method method id
 * @param self samples with this method on top of the stack, per {@link Tier} ordinal
 * @param total samples with this method anywhere on the stack (once per sample, also under recursion), per tier
 * @since 0.1
 */
public record MethodStats(int method, long[] self, long[] total) {

    /**
     * Self samples over all tiers.
     *
     * @since 0.1
     */
    public long selfSum() {
        return ContextNode.sum(self);
    }

    /**
     * Total samples over all tiers.
     *
     * @since 0.1
     */
    public long totalSum() {
        return ContextNode.sum(total);
    }
}
