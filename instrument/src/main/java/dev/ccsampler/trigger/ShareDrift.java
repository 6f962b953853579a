package dev.ccsampler.trigger;

/**
 * How far a distribution of weights over method ids moved: the arithmetic behind the steady-state
 * tests of the period ({@code PeriodTuner}) and of the burst probes ({@code BurstSchedule}). Arrays
 * are indexed by method id and may differ in length (a missing entry is 0).
 *
 * @since 0.4
 */
public final class ShareDrift {

    private ShareDrift() {
    }

    /** {@code weights[i]}'s share of {@code total}, 0 when out of range or the total is 0. */
    public static double share(long[] weights, long total, int i) {
        return i < weights.length && total > 0 ? (double) weights[i] / total : 0;
    }

    /** L1 distance between the shares of two distributions (0 to 2). */
    public static double distance(long[] a, long aTotal, long[] b, long bTotal) {
        double d = 0;
        for (int i = 0; i < Math.max(a.length, b.length); i++) {
            d += Math.abs(share(a, aTotal, i) - share(b, bTotal, i));
        }
        return d;
    }

    /** L1 distance between shares taken earlier ({@link #shares}) and a distribution now. */
    public static double moved(double[] before, long[] now, long nowTotal) {
        double d = 0;
        for (int i = 0; i < Math.max(before.length, now.length); i++) {
            d += Math.abs(share(now, nowTotal, i) - (i < before.length ? before[i] : 0));
        }
        return d;
    }

    /** The shares of a distribution, for a later {@link #moved}. */
    public static double[] shares(long[] weights, long total) {
        double[] s = new double[weights.length];
        for (int i = 0; i < s.length; i++) {
            s[i] = share(weights, total, i);
        }
        return s;
    }

    /**
     * The share of {@code window}'s weight in methods that had under {@code below} of
     * {@code profile}'s: how much of what runs now is new.
     */
    public static double fresh(long[] window, long windowTotal, long[] profile, long profileTotal, double below) {
        double f = 0;
        for (int i = 0; i < window.length; i++) {
            if (window[i] != 0 && share(profile, profileTotal, i) < below) {
                f += share(window, windowTotal, i);
            }
        }
        return f;
    }

    /** {@code weights}, grown to hold index {@code i} (doubling), or itself. */
    public static long[] room(long[] weights, int i) {
        return i < weights.length ? weights : java.util.Arrays.copyOf(weights, Math.max(i + 1, weights.length * 2));
    }
}
