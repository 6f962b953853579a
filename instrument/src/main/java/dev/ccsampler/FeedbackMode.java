package dev.ccsampler;

import java.util.Locale;

/**
 * What the compiler-feedback stage does with the CC-Map ({@code --ccsampler.Feedback}, or
 * {@link CCSampler#setFeedback(FeedbackMode)}). Feedback needs the optimizing Truffle runtime; on
 * the fallback runtime it stays {@link #OFF} and the profile is collected as usual.
 *
 * @since 0.2
 */
public enum FeedbackMode {
    /**
     * No advisor runs; no hint is proposed or applied.
     *
     * @since 0.2
     */
    OFF,
    /**
     * The advisor proposes hints and logs them with their evidence; nothing is applied.
     *
     * @since 0.2
     */
    ADVISE,
    /**
     * The advisor proposes hints and the actuator applies them through the Truffle API (split,
     * compile early, force inlining); loaded hints are applied as their roots appear.
     *
     * @since 0.2
     */
    APPLY;

    /**
     * Parses {@code off}, {@code advise} or {@code apply} (any case).
     *
     * @throws IllegalArgumentException naming the value and the legal ones
     * @since 0.2
     */
    public static FeedbackMode parse(String s) {
        return switch (s.trim().toLowerCase(Locale.ROOT)) {
            case "off", "false" -> OFF;
            case "advise" -> ADVISE;
            case "apply", "true" -> APPLY;
            default -> throw new IllegalArgumentException("Invalid value '" + s + "' for ccsampler.Feedback: use off, advise or apply.");
        };
    }

    /**
     * The option value: {@code off}, {@code advise} or {@code apply}.
     *
     * @since 0.2
     */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }
}
