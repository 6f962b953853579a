package dev.ccsampler.tools.bench;

import java.util.Arrays;
import java.util.Collection;

/** Small order statistics for the harness. @since 0.1 */
public final class Stats {

    private Stats() {
    }

    /** Median; NaN for no values. Does not modify {@code values}. @since 0.1 */
    public static double median(double[] values) {
        if (values.length == 0) {
            return Double.NaN;
        }
        double[] v = values.clone();
        Arrays.sort(v);
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }

    /** Median of the non-NaN values; NaN when there are none. @since 0.1 */
    public static double median(Collection<Double> values) {
        return median(values.stream().filter(d -> !Double.isNaN(d)).mapToDouble(Double::doubleValue).toArray());
    }
}
