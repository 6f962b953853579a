package dev.ccsampler.ccmap;

/**
 * How a guest frame was executing when it was sampled.
 *
 * <p>The capture writes a tier byte per frame ({@code dev.ccsampler.capture.FrameTier}, whose
 * constants are these ordinals). Truffle reports a compilation tier per frame (0 interpreted, 1 first tier, 2 last tier) and
 * whether the frame is a compilation root. A compiled frame that is not a compilation root was
 * inlined into its caller's compilation unit. The suffixes follow async-profiler's convention for
 * folded stacks.
 *
 * @since 0.1
 */
public enum Tier {
    /**
     * Running in the Truffle interpreter.
     *
     * @since 0.1
     */
    INTERPRETED("0", "interpreted"),
    /**
     * Compilation root of a first-tier compilation.
     *
     * @since 0.1
     */
    FIRST("1", "first tier"),
    /**
     * Compilation root of a last-tier compilation.
     *
     * @since 0.1
     */
    LAST("j", "last tier"),
    /**
     * Compiled code inlined into its caller's compilation unit.
     *
     * @since 0.1
     */
    INLINED("i", "inlined");

    /**
     * Number of tiers; arrays indexed by {@link #ordinal()} have this length.
     *
     * @since 0.1
     */
    public static final int COUNT = 4;

    private static final Tier[] VALUES = values();

    private final String suffix;
    private final String label;

    Tier(String suffix, String label) {
        this.suffix = suffix;
        this.label = label;
    }

    /**
     * async-profiler suffix letter, without brackets: {@code 0}, {@code 1}, {@code j}, {@code i}.
     *
     * @since 0.1
     */
    public String suffix() {
        return suffix;
    }

    /**
     * Human-readable name.
     *
     * @since 0.1
     */
    public String label() {
        return label;
    }

    /**
     * The tier with the given ordinal.
     *
     * @since 0.1
     */
    public static Tier of(int ordinal) {
        return VALUES[ordinal];
    }

    /**
     * Parses a suffix letter or enum name; throws {@link IllegalArgumentException} naming the legal ones.
     *
     * @since 0.1
     */
    public static Tier parse(String s) {
        for (Tier t : VALUES) {
            if (t.suffix.equals(s) || t.name().equalsIgnoreCase(s)) {
                return t;
            }
        }
        throw new IllegalArgumentException("Unknown tier '" + s + "': use one of 0, 1, j, i or INTERPRETED, FIRST, LAST, INLINED.");
    }
}
