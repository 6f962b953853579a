package dev.ccsampler.ccmap;

import java.util.List;

/**
 * One compiler hint of the feedback stage as it stands in a profile ({@code docs/feedback.md}):
 * what it asks of which root or call site, why, what was done, and what followed, including the
 * compiler's own events for its roots since the hint was logged. Carried by
 * {@link ProfileSnapshot#hints()}, written to and read back from the JSON profile (section
 * {@code hints} of {@code docs/json-schema.md}). Immutable.
 *
 * @param kind {@code compile}, {@code split} or {@code inline}
 * @param target compile: the root; split, inline: the callee at the call site
 * @param caller split, inline: the root that holds the call site; null for compile
 * @param siteLine split, inline: line of the call expression in the caller; 0 for compile
 * @param siteColumn split, inline: column of the call expression; 0 for compile
 * @param reason the rule that proposed the hint
 * @param evidence the numbers behind it
 * @param origin {@code advisor}, or {@code file <path>} for a hint loaded from a hints file
 * @param proposedAtMs milliseconds from the start of feedback to when the hint was logged
 * @param state {@code advised}, {@code pending}, {@code submitted}, {@code applied}, {@code stale},
 *            {@code unmatched} or {@code failed}
 * @param action what the actuator did, or why it did nothing; empty before it acted
 * @param appliedAtMs milliseconds from the start of feedback to when it was applied, or -1
 * @param outcome what the samples showed after the hint; empty until observed
 * @param compiler the compiler's events for the hint's roots since the hint was logged
 * @param rank where the hint stands among the run's hints of its kind, by share of samples in the
 *            run's profile; {@link Rank#NONE} when not ranked (profiles written before 0.3)
 * @since 0.2
 */
public record CompilerHint(String kind, Root target, Root caller, int siteLine, int siteColumn, String reason, Evidence evidence, String origin, long proposedAtMs,
                String state, String action, long appliedAtMs, String outcome, Events compiler, Rank rank) {

    /**
     * Where a hint stands among the hints of its kind: ordered by the share of all samples in the
     * run's profile that ran its root's own code (compile: self samples) or passed through its call
     * edge (split, inline), the largest first.
     * Only the first {@code --ccsampler.MaxHintsPerKind} of each kind are applied and saved
     * ({@code docs/feedback.md}).
     *
     * @param position 1 for the largest share of its kind; 0 when not ranked
     * @param of how many hints of that kind were ranked
     * @param share the share, in percent of all samples, two decimals
     * @since 0.3
     */
    public record Rank(int position, int of, double share) {

        /**
         * Rounds {@code share} to two decimals, as it is written and read.
         *
         * @since 0.3
         */
        public Rank {
            share = twoDecimals(share);
        }

        /**
         * Not ranked: a hint read from a profile or hints file written before 0.3.
         *
         * @since 0.3
         */
        public static final Rank NONE = new Rank(0, 0, 0);
    }

    /**
     * A guest root as a hint names it, stable across runs.
     *
     * @param language language id
     * @param name root name
     * @param source source name
     * @param charIndex first character of the root's section, -1 when unavailable
     * @param charLength characters in the section, -1 when unavailable
     * @param line first line of the section, 0 when unavailable
     * @param column first column of the section, 0 when unavailable
     * @param contentHash first 16 hex digits of the SHA-256 of the source's text, empty when none
     * @since 0.2
     */
    public record Root(String language, String name, String source, int charIndex, int charLength, int line, int column, String contentHash) {
    }

    /**
     * The numbers that made the rule fire.
     *
     * @param samples samples of the root (compile) or of the call edge (split, inline)
     * @param share those samples as a percentage of all samples, two decimals
     * @param contexts calling contexts the root or edge is hot in
     * @param callees the callee distribution that made the rule fire, as {@code label share%}
     * @since 0.2
     */
    public record Evidence(long samples, double share, int contexts, List<String> callees) {

        /**
         * Rounds {@code share} to two decimals, as it is written and read.
         *
         * @since 0.3
         */
        public Evidence {
            share = twoDecimals(share);
            callees = List.copyOf(callees);
        }
    }

    /**
     * The compiler's events for the hint's roots (compile: the target; split, inline: the target
     * and the caller, split copies included) since the hint was logged, from the Truffle runtime's
     * JFR events ({@code jdk.graal.compiler.truffle.Compilation}, {@code Deoptimization},
     * {@code AssumptionInvalidation}) read in-process.
     *
     * @param available whether the events could be observed in this run; when false the counts are
     *            0 and {@code note} says why (the fallback runtime, no JFR in this JVM ...)
     * @param note why the events are unavailable; empty when available
     * @param compilations compilations of those roots that succeeded
     * @param deoptimizations times compiled code of those roots fell back to the interpreter
     * @param invalidations times compiled code of those roots was invalidated
     * @since 0.2
     */
    public record Events(boolean available, String note, long compilations, long deoptimizations, long invalidations) {

        /**
         * Events that could not be observed, and why.
         *
         * @since 0.2
         */
        public static Events unavailable(String why) {
            return new Events(false, why, 0, 0, 0);
        }
    }

    private static double twoDecimals(double v) {
        return Math.round(v * 100) / 100.0;
    }
}
