package dev.ccsampler.burst;

/**
 * How bursting runs, as the instrument's options set it.
 *
 * @param enabled whether the burst probes are attached at all
 * @param length root enters and returns recorded per burst
 * @param reenableRatio a context signature seen before is burst every {@code reenableRatio}-th time,
 *            its counts weighted by it (1: every walk is followed by a burst, weight 1)
 * @param detach whether the probes are detached once the calls have converged and attached again
 *            when the time profile shifts ({@link BurstSchedule})
 * @param probes whether the probes are attached now, shared by the instrument's burst states and
 *            its sampler
 * @param periodNanos the sampling period: a signature is also burst once its walks since its last
 *            burst stand for {@code reenableRatio} times 10 ms ({@link BurstState})
 */
public record BurstSettings(boolean enabled, int length, int reenableRatio, boolean detach, BurstSwitch probes, long periodNanos) {

    /**
     * Default burst length in events (enters plus returns): 4 096, since on recursive-descent
     * parsers 512 events saw too little of a parse (docs/bursting.md, run 5).
     */
    public static final int DEFAULT_LENGTH = 4096;
    /** Default re-enable ratio. */
    public static final int DEFAULT_RR = 10;
    /** Largest burst length: a buffer is three arrays of this many entries per thread. */
    public static final int MAX_LENGTH = 1 << 20;
    /** Largest re-enable ratio. */
    public static final int MAX_RR = 1 << 20;

    /** The time a signature's walks stand for that makes it due whatever their number, per unit of the re-enable ratio. */
    static final long DUE_NANOS_PER_RR = 10_000_000L;

    /** Bursting off. */
    public static final BurstSettings OFF = new BurstSettings(false, DEFAULT_LENGTH, DEFAULT_RR);

    /** Probes that stay attached, with a switch of their own, at a period of 10 ms. */
    public BurstSettings(boolean enabled, int length, int reenableRatio) {
        this(enabled, length, reenableRatio, false, new BurstSwitch(), DUE_NANOS_PER_RR);
    }

    /**
     * Ticks whose walks since a signature's last burst make it due whatever their number: the
     * re-enable ratio times 10 ms, in ticks of the period (at least the ratio).
     */
    public long ticksForBurst() {
        return (long) reenableRatio * Math.max(1, Math.round((double) DUE_NANOS_PER_RR / periodNanos));
    }

    /** Checks the bounds. */
    public BurstSettings {
        if (length < 1 || length > MAX_LENGTH) {
            throw new IllegalArgumentException("Invalid burst length " + length + ": use 1 to " + MAX_LENGTH + " events.");
        }
        if (reenableRatio < 1 || reenableRatio > MAX_RR) {
            throw new IllegalArgumentException("Invalid re-enable ratio " + reenableRatio + ": use 1 to " + MAX_RR + ".");
        }
        java.util.Objects.requireNonNull(probes, "probes");
        if (periodNanos <= 0) {
            throw new IllegalArgumentException("Invalid sampling period " + periodNanos + " ns.");
        }
    }
}
