package dev.ccsampler.tools.compare;

import java.util.List;

/**
 * Accuracy of profile A against profile B. Metric values are fractions in [0, 1]; a value that is
 * undefined for these inputs is {@code Double.NaN} and {@link #notes()} says why.
 *
 * @param threshold hot-edge threshold T
 * @param edgesA edges of A (contexts below the virtual root)
 * @param edgesB edges of B
 * @param commonEdges edges in both (equivalent by frame and parent)
 * @param totalA sum of A's edge weights
 * @param totalB sum of B's edge weights
 * @param overlap degree of overlap; symmetric in A and B
 * @param hotEdgesA edges of A with weight at least T times A's hottest edge
 * @param hotEdgesB likewise for B
 * @param hotCoverAB hotcover(A, B, T): share of B's hot edges that are also hot in A
 * @param hotCoverBA hotcover(B, A, T): share of A's hot edges that are also hot in B
 * @param functions functions with non-zero weight in A or B (the Pearson sample)
 * @param pearson Pearson correlation of per-function weight over those functions
 * @param topN N of the top-N comparison
 * @param topA A's top-N functions, heaviest first (labels)
 * @param topB B's top-N functions, heaviest first
 * @param topCommon functions in both top-N lists
 * @param topAgreement {@code topCommon / max(|topA|, |topB|)}
 * @param notes why a metric is undefined, and what was compared
 * @since 0.1
 */
public record CompareResult(double threshold, int edgesA, int edgesB, int commonEdges, long totalA, long totalB, double overlap, int hotEdgesA, int hotEdgesB,
                double hotCoverAB, double hotCoverBA, int functions, double pearson, int topN, List<String> topA, List<String> topB, int topCommon,
                double topAgreement, List<String> notes) {
}
