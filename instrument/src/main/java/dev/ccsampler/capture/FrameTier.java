package dev.ccsampler.capture;

/**
 * The tier byte the capture writes per frame, from what a {@code FrameInstance} reports. The drain
 * turns it into {@code dev.ccsampler.ccmap.Tier} by ordinal; {@code FrameTierTest} keeps the two
 * in step.
 */
public final class FrameTier {

    /** Running in the Truffle interpreter. */
    public static final byte INTERPRETED = 0;
    /** Compilation root of a first-tier compilation. */
    public static final byte FIRST = 1;
    /** Compilation root of a last-tier compilation. */
    public static final byte LAST = 2;
    /** Compiled code inlined into its caller's compilation unit. */
    public static final byte INLINED = 3;

    private FrameTier() {
    }

    /**
     * Maps {@code FrameInstance.getCompilationTier()} and {@code isCompilationRoot()} to a tier
     * byte. Runs on the guest thread.
     */
    public static byte of(int compilationTier, boolean compilationRoot) {
        if (compilationTier <= 0) {
            return INTERPRETED;
        }
        if (!compilationRoot) {
            return INLINED;
        }
        return compilationTier == 1 ? FIRST : LAST;
    }
}
