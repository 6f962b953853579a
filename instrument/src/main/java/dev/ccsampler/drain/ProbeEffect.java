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
 * variation distance). Part of that is chance ({@link #systematicMovedShare}), which the judge
 * leaves out. Drain thread, holding the CC-Map monitor.
 *
 * <p>What the spared frames are worth in time: each walk's duration against the frames it
 * visited gives the cost of a frame (the slope of a least-squares line through the walks, so that
 * a walk's fixed cost is not charged to its frames; never more than their mean cost), and the
 * spared frames at that cost, over the time the samples came in ({@link #elapsed}), are the share
 * of the threads' time the walks would have taken more without the marks.
 */
final class ProbeEffect {
    private double[] polled = new double[64];
    private double[] placed = new double[64];
    private double ticks;
    private double frames;
    private double walked;
    private double samples;
    /** Sums over the walks for the cost of a frame: walked frames x, durations y. */
    private double sx;
    private double sy;
    private double sxx;
    private double sxy;
    private double timedWalks;
    /** Nanoseconds of wall time the samples came in, decayed alike. */
    private double time;
    /**
     * Per method, the sum over samples of the square of what the sample's placements changed on it
     * (its placed minus its polled ticks): the variance of the method's difference in {@link
     * #movedShare} if the placements moved ticks at random, as many to it as from it on average
     * (decayed by the square of the factor, as a variance is).
     */
    private double[] noise = new double[64];
    /** The open sample's changes: methods and placed minus polled ticks, {@link #open} of them. */
    private final int[] openMethod = new int[8];
    private final double[] openChange = new double[8];
    private int open;

    /**
     * A sample: {@code weight} ticks on {@code pollTop}, the method id of its walked top frame (-1
     * for none), with {@code frames} frames on the stack of which {@code walkedFrames} were walked,
     * in {@code walkNanos} on its thread (-1: not known). Its ticks as placed follow through {@link
     * #placed}.
     */
    void sample(int pollTop, long weight, int frames, int walkedFrames, long walkNanos) {
        close();
        change(pollTop, -weight);
        add(polled = room(polled, pollTop), pollTop, weight);
        ticks += weight;
        this.frames += frames;
        walked += walkedFrames;
        samples++;
        if (walkNanos >= 0) {
            sx += walkedFrames;
            sy += walkNanos;
            sxx += (double) walkedFrames * walkedFrames;
            sxy += (double) walkedFrames * walkNanos;
            timedWalks++;
        }
    }

    /** Wall time, in nanoseconds, over which the samples since the last {@link #elapsed} came in. */
    void elapsed(long nanos) {
        time += Math.max(0, nanos);
    }

    /**
     * What walking one more frame costs, in nanoseconds: the slope of walk time over walked frames,
     * at most their mean (a fixed cost per walk is not a frame's), the mean when the walks do not
     * tell (all of one length, or a slope of zero or less); 0 before any timed walk.
     */
    double frameNanos() {
        if (sx <= 0) {
            return 0;
        }
        double n = timedWalks;
        double mean = sy / sx;
        double spread = n * sxx - sx * sx;
        if (spread > 1e-9 * n * sxx) {
            double slope = (n * sxy - sx * sy) / spread;
            if (slope > 0) {
                return Math.min(slope, mean);
            }
        }
        return mean;
    }

    /**
     * The share of the time given to {@link #elapsed} that walking the spared frames would have
     * taken at {@link #frameNanos} each; 0 before any time.
     */
    double sparedTimeShare() {
        return time <= 0 ? 0 : (frames - walked) * frameNanos() / time;
    }

    /** Ticks of the last {@link #sample} as the probes placed them, on the method {@code top} (-1 for none). */
    void placed(int top, long ticks) {
        add(placed = room(placed, top), top, ticks);
        change(top, ticks);
    }

    private void change(int method, double ticks) {
        for (int i = 0; i < open; i++) {
            if (openMethod[i] == method) {
                openChange[i] += ticks;
                return;
            }
        }
        if (open == openMethod.length) {
            close(); // more tops than a request keeps apart: count what is open as a sample of its own
        }
        openMethod[open] = method;
        openChange[open++] = ticks;
    }

    /** Adds the open sample's squared changes to {@link #noise}. */
    private void close() {
        for (int i = 0; i < open; i++) {
            double c = openChange[i];
            if (c != 0) {
                noise = room(noise, openMethod[i]);
                noise[openMethod[i] + 1] += c * c;
            }
        }
        open = 0;
    }

    /**
     * {@link #movedShare}, less what moves at random would leave: each method's difference counts
     * only by what exceeds {@code z} times its standard deviation under moves that go either way
     * ({@link #noise}). Placements that move ticks among the functions of call-dense code by chance
     * (the thread polls microseconds after the tick, a few calls on) change each function's
     * histogram by about the square root of its moves, which over a few hundred samples and dozens
     * of functions sums to a tenth of the ticks; a loop that does not poll, whose ticks all go to
     * it and none from it, stays.
     */
    double systematicMovedShare(double z) {
        close();
        if (ticks <= 0) {
            return 0;
        }
        double diff = 0;
        int n = Math.max(polled.length, placed.length);
        for (int i = 0; i < n; i++) {
            double p = i < polled.length ? polled[i] : 0;
            double q = i < placed.length ? placed[i] : 0;
            double sd = i < noise.length ? Math.sqrt(noise[i]) : 0;
            diff += Math.max(0, Math.abs(p - q) - z * sd);
        }
        return diff / 2 / ticks;
    }

    private static double[] room(double[] a, int method) {
        return method + 1 < a.length ? a : java.util.Arrays.copyOf(a, Math.max(method + 2, 2 * a.length));
    }

    private static void add(double[] a, int method, long ticks) {
        a[method + 1] += ticks;
    }

    /** The share of ticks the placements moved to another top function, 0 before any sample. */
    double movedShare() {
        return systematicMovedShare(0);
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
        close();
        for (int i = 0; i < noise.length; i++) {
            noise[i] *= f * f;
        }
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
        sx *= f;
        sy *= f;
        sxx *= f;
        sxy *= f;
        timedWalks *= f;
        time *= f;
    }
}
