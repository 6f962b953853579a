package dev.ccsampler.drain;

/**
 * What the root probes changed in the samples applied lately (since they were attached, the older
 * ones weighing less: {@link #decay}): how many ticks
 * their placements ({@code WaitedTicks=top}) moved to another top function than the one the
 * thread polled in, and how many frames their marks spared the walks. The costly-probes judge of
 * {@link Drainer#onCostlyProbes} weighs that against what the probes cost.
 *
 * <p>Two self-time histograms over the same samples: each sample's ticks on the top function of
 * its walked stack (where the thread polled), and the same ticks as the probes placed them. Half
 * the sum of their differences is the share of ticks that went to another function because of
 * the probes: no function's share of self time would change by more without them (their total
 * variation distance). Drain thread, holding the CC-Map monitor.
 */
final class ProbeEffect {
    private double[] polled = new double[64];
    private double[] placed = new double[64];
    private double ticks;
    private double frames;
    private double walked;
    private double samples;

    /**
     * A sample: {@code weight} ticks on {@code pollTop}, the method id of its walked top frame (-1
     * for none), with {@code frames} frames on the stack of which {@code walkedFrames} were walked.
     * Its ticks as placed follow through {@link #placed}.
     */
    void sample(int pollTop, long weight, int frames, int walkedFrames) {
        add(polled = room(polled, pollTop), pollTop, weight);
        ticks += weight;
        this.frames += frames;
        walked += walkedFrames;
        samples++;
    }

    /** Ticks of the last {@link #sample} as the probes placed them, on the method {@code top} (-1 for none). */
    void placed(int top, long ticks) {
        add(placed = room(placed, top), top, ticks);
    }

    private static double[] room(double[] a, int method) {
        return method + 1 < a.length ? a : java.util.Arrays.copyOf(a, Math.max(method + 2, 2 * a.length));
    }

    private static void add(double[] a, int method, long ticks) {
        a[method + 1] += ticks;
    }

    /** The share of ticks the placements moved to another top function, 0 before any sample. */
    double movedShare() {
        if (ticks <= 0) {
            return 0;
        }
        double diff = 0;
        int n = Math.max(polled.length, placed.length);
        for (int i = 0; i < n; i++) {
            double p = i < polled.length ? polled[i] : 0;
            double q = i < placed.length ? placed[i] : 0;
            diff += Math.abs(p - q);
        }
        return diff / 2 / ticks;
    }

    /** The share of the sampled stacks' frames that the walks did not visit (the marks gave them), 0 before any sample. */
    double savedShare() {
        return frames <= 0 ? 0 : 1 - walked / frames;
    }

    /** Samples so far, decayed alike. */
    double samples() {
        return samples;
    }

    /** Weighs everything so far by {@code f} (0 to 1), so that the shares follow what the probes do now. */
    void decay(double f) {
        for (int i = 0; i < polled.length; i++) {
            polled[i] *= f;
        }
        for (int i = 0; i < placed.length; i++) {
            placed[i] *= f;
        }
        ticks *= f;
        frames *= f;
        walked *= f;
        samples *= f;
    }
}
