package dev.ccsampler.report;

/**
 * What reporters may be asked to vary. Every field has a default usable by itself.
 *
 * @param showTiers split counts by compilation tier (histogram, calltree) or add tier suffixes (folded)
 * @param summariseThreads merge all threads and contexts into one tree before reporting
 * @param minSamples hide entries with fewer samples than this (histogram, calltree)
 * @param title title of graphical outputs
 * @param minWidth flame graph: hide frames narrower than this percentage of the total
 * @since 0.1
 */
public record ReportOptions(boolean showTiers, boolean summariseThreads, long minSamples, String title, double minWidth) {

    /**
     * The defaults: no tiers, threads separate, everything shown, title "ccsampler".
     *
     * @since 0.1
     */
    public static final ReportOptions DEFAULT = new ReportOptions(false, false, 0, "ccsampler", 0.0);

    /**
     * A copy with {@code showTiers} changed.
     *
     * @since 0.1
     */
    public ReportOptions withShowTiers(boolean v) {
        return new ReportOptions(v, summariseThreads, minSamples, title, minWidth);
    }

    /**
     * A copy with {@code summariseThreads} changed.
     *
     * @since 0.1
     */
    public ReportOptions withSummariseThreads(boolean v) {
        return new ReportOptions(showTiers, v, minSamples, title, minWidth);
    }

    /**
     * A copy with {@code minSamples} changed.
     *
     * @since 0.1
     */
    public ReportOptions withMinSamples(long v) {
        return new ReportOptions(showTiers, summariseThreads, v, title, minWidth);
    }

    /**
     * A copy with {@code title} changed.
     *
     * @since 0.1
     */
    public ReportOptions withTitle(String v) {
        return new ReportOptions(showTiers, summariseThreads, minSamples, v, minWidth);
    }

    /**
     * A copy with {@code minWidth} changed.
     *
     * @since 0.1
     */
    public ReportOptions withMinWidth(double v) {
        return new ReportOptions(showTiers, summariseThreads, minSamples, title, v);
    }
}
