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

    /**
     * Mean of the values left after dropping the lowest and the highest {@code trim} share of them
     * ({@code floor(n × trim)} at each end); NaN for no values. Does not modify {@code values}.
     * Unlike the median it does not jump between the modes of a bimodal series (iterations that
     * alternate between two speeds, as {@code known-split.rb}'s do between 2.4 and 6.5 ms, whose
     * median flips with the share of each), and unlike the mean it ignores a lone pause.
     *
     * @since 0.1
     */
    public static double trimmedMean(double[] values, double trim) {
        if (values.length == 0) {
            return Double.NaN;
        }
        if (!(trim >= 0 && trim < 0.5)) {
            throw new IllegalArgumentException("trim must be in [0, 0.5): " + trim);
        }
        double[] v = values.clone();
        Arrays.sort(v);
        int cut = (int) Math.floor(v.length * trim);
        double sum = 0;
        for (int i = cut; i < v.length - cut; i++) {
            sum += v[i];
        }
        return sum / (v.length - 2 * cut);
    }
}
