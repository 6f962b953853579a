package dev.ccsampler.ccmap;

import java.util.List;

/**
 * One call node inside a caller, with the callees it reached in any calling context.
 *
 * @param id dense id, index into {@link ProfileSnapshot#callSites()}
 * @param caller method id of the function that contains the call node
 * @param line line of the call node's source section, 0 when unknown
 * @param column column of the call node's source section, 0 when unknown
 * @param callees callees seen from this site, hottest first
 * @since 0.1
 */
public record CallSiteInfo(int id, int caller, int line, int column, List<Callee> callees) {

    /**
     * Caller→callee count through one call site, in any context.
     *
     * @param method callee method id
     * @param samples samples in which this call site was calling this callee (once per sample)
     * @since 0.1
     */
    public record Callee(int method, long samples) {
    }

    /**
     * Sum of the callee counts.
     *
     * @since 0.1
     */
    public long samples() {
        long s = 0;
        for (Callee c : callees) {
            s += c.samples;
        }
        return s;
    }

    /**
     * Whether exactly one callee was seen here.
     *
     * @since 0.1
     */
    public boolean isMonomorphic() {
        return callees.size() == 1;
    }
}
