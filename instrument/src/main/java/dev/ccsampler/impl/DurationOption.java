package dev.ccsampler.impl;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one duration grammar of every ccsampler option that takes a time ({@code Period},
 * {@code Delay}, {@code AutoPeriodMin}, {@code AutoPeriodMax}, {@code PushInterval}): a number,
 * optionally with a fraction, and a unit {@code us} (or {@code µs}), {@code ms}, {@code s} or
 * {@code m}; a bare number means milliseconds, as in {@code --cpusampler.Period}. Each option has
 * its own bounds; a value outside them, or in another form, is rejected with a message that names
 * the option, the value, the units and the bounds.
 */
public final class DurationOption {

    private static final Pattern DURATION = Pattern.compile("\\s*(\\d+(?:\\.\\d+)?)\\s*(us|µs|ms|s|m)?\\s*");

    private DurationOption() {
    }

    /**
     * Parses {@code text} as a duration for {@code option}, in nanoseconds.
     *
     * @param option the option's full name, for the message (for example {@code ccsampler.Period})
     * @param minNanos smallest accepted value
     * @param maxNanos largest accepted value
     * @throws IllegalArgumentException naming the option, the value, the units and the bounds
     */
    public static long parse(String text, String option, long minNanos, long maxNanos) {
        Matcher m = DURATION.matcher(text);
        if (!m.matches()) {
            throw bad(text, option, minNanos, maxNanos);
        }
        double v = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "ms" : m.group(2);
        double nanos = switch (unit) {
            case "us", "µs" -> v * 1e3;
            case "ms" -> v * 1e6;
            case "s" -> v * 1e9;
            default -> v * 60e9;
        };
        if (nanos < minNanos || nanos > maxNanos) {
            throw bad(text, option, minNanos, maxNanos);
        }
        return Math.round(nanos);
    }

    private static IllegalArgumentException bad(String text, String option, long min, long max) {
        return new IllegalArgumentException("Invalid duration '" + text + "' for " + option + ": use a number with us, ms, s or m from " + format(min) + " to " + format(max)
                        + " (for example 100us, 10ms, 2s); a bare number means ms.");
    }

    /** A duration in the largest unit that shows it whole (minutes from two on): {@code 0ms}, {@code 100us}, {@code 60s}, {@code 60m}. */
    public static String format(long nanos) {
        if (nanos == 0) {
            return "0ms";
        }
        if (nanos % 60_000_000_000L == 0 && nanos >= 120_000_000_000L) {
            return nanos / 60_000_000_000L + "m";
        }
        if (nanos % 1_000_000_000L == 0) {
            return nanos / 1_000_000_000L + "s";
        }
        if (nanos % 1_000_000L == 0) {
            return nanos / 1_000_000L + "ms";
        }
        return nanos / 1_000L + "us";
    }
}
