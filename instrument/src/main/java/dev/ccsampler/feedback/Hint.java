package dev.ccsampler.feedback;

import java.util.List;
import java.util.Locale;

/**
 * One compiler hint: what to do to which root or call site, why (the rule and its evidence), what
 * the actuator did, and what was observed afterwards.
 *
 * <p>Threading: the identity and evidence are final; the state fields ({@link #action},
 * {@link #outcome} ...) are written by the feedback thread and by the guest thread that performs
 * the hint's thread-local action, always under the {@link HintLog}'s monitor.
 */
final class Hint {

    /** The lever a hint pulls. */
    enum Kind {
        /** Raise a root's call-and-loop count so it is queued for compilation sooner. */
        COMPILE,
        /** Give a call site its own copy of the callee ({@code DirectCallNode.cloneCallTarget}). */
        SPLIT,
        /** Ask that the callee be inlined at a call site ({@code DirectCallNode.forceInlining}). */
        INLINE;

        String id() {
            return name().toLowerCase(Locale.ROOT);
        }

        static Kind parse(String s) {
            for (Kind k : values()) {
                if (k.id().equals(s)) {
                    return k;
                }
            }
            throw new IllegalArgumentException("unknown kind '" + s + "': use compile, split or inline");
        }
    }

    /** Where a hint is in its life. */
    enum State {
        /** Proposed in advise mode, or held back by --ccsampler.MaxHintsPerKind to the end of the run: logged, not applied. */
        ADVISED,
        /** Waiting: apply mode, but its roots or call nodes have not appeared yet. */
        PENDING,
        /** The thread-local action was submitted and has not run yet. */
        SUBMITTED,
        /** The lever was pulled (see the action text for what it did). */
        APPLIED,
        /** Loaded from a file, but the root's source has changed since it was saved. */
        STALE,
        /** Loaded from a file, and no matching root ran in this run. */
        UNMATCHED,
        /** The lever was pulled and Truffle declined or failed (see the action text). */
        FAILED;

        String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * The numbers behind a hint.
     *
     * @param samples samples of the root (compile) or of the call edge (split, inline)
     * @param share those samples as a percentage of all samples
     * @param contexts calling contexts the root or edge is hot in
     * @param callees the callee distribution that made the rule fire, as {@code label share%} lines
     */
    record Evidence(long samples, double share, int contexts, List<String> callees) {
        static final Evidence NONE = new Evidence(0, 0, 0, List.of());
    }

    final int seq;
    final Kind kind;
    /** Compile: the root. Split, inline: the callee at the call site. */
    final RootKey target;
    /** Split, inline: the root that contains the call site; null for compile. */
    final RootKey caller;
    /** Split, inline: line and column of the call expression in the caller; 0 for compile. */
    final int siteLine;
    final int siteColumn;
    final String reason;
    final Evidence evidence;
    /** {@code advisor}, or {@code file:<path>} for a loaded hint. */
    final String origin;
    /** Milliseconds since feedback started. */
    final long proposedAtMs;

    State state;
    /** What the actuator did, e.g. "split 1 of 1 call nodes", or why nothing was done. */
    String action = "";
    long appliedAtMs = -1;
    /** What was observed after applying, e.g. "compiled (last tier) +120ms after the hint". */
    String outcome = "";
    /** Tier counts of the target (or of the edge's contexts) when the hint was applied. */
    long[] baseline;
    /** Compile: milliseconds since feedback started when a round first saw the root compiled, or -1. */
    long seenCompiledAtMs = -1;
    /** Advisor rounds a pending loaded hint has waited. */
    int waitedRounds;
    /** Advisor rounds since its thread-local action was submitted and has not run. */
    int submittedRounds;
    /** The compiler's events for the hint's roots since it was logged; null until counted. */
    CompilerEvents.Counts compiler;
    /**
     * What ranks it: the share, in percent of all samples in the run's profile as of the last round,
     * that ran its root's own code (compile: self samples) or passed through its call edge (split,
     * inline); 0 while they have no samples in this run.
     */
    double score;
    /** Its place among the hints of its kind by {@link #score}, 1 for the largest; 0 before the first ranking. */
    int rank;
    /** How many hints of its kind were ranked with it. */
    int rankOf;

    Hint(int seq, Kind kind, RootKey target, RootKey caller, int siteLine, int siteColumn, String reason, Evidence evidence, String origin, long proposedAtMs,
                    State state) {
        this.seq = seq;
        this.kind = kind;
        this.target = target;
        this.caller = caller;
        this.siteLine = siteLine;
        this.siteColumn = siteColumn;
        this.reason = reason;
        this.evidence = evidence;
        this.origin = origin;
        this.proposedAtMs = proposedAtMs;
        this.state = state;
    }

    /** What the hint is about, for dedup: kind, target and call site. */
    String identity() {
        return kind.id() + '|' + target + '|' + caller + '|' + siteLine + ':' + siteColumn;
    }

    /**
     * The keys of the roots whose compiler events count for this hint: the target, and for split
     * and inline the caller too (the callee is inlined into the caller's compilations).
     */
    List<String> eventKeys() {
        String t = CompilerEvents.key(target.language(), target.name(), target.source(), target.line());
        return caller == null ? List.of(t) : List.of(t, CompilerEvents.key(caller.language(), caller.name(), caller.source(), caller.line()));
    }

    /** The hint as it stands in a profile snapshot; the caller holds the log's monitor. */
    dev.ccsampler.ccmap.CompilerHint toRecord(String eventsUnavailable) {
        dev.ccsampler.ccmap.CompilerHint.Events events;
        if (eventsUnavailable != null) {
            events = dev.ccsampler.ccmap.CompilerHint.Events.unavailable(eventsUnavailable);
        } else {
            CompilerEvents.Counts c = compiler == null ? new CompilerEvents.Counts(0, 0, 0) : compiler;
            events = new dev.ccsampler.ccmap.CompilerHint.Events(true, "", c.compilations(), c.deoptimizations(), c.invalidations());
        }
        return new dev.ccsampler.ccmap.CompilerHint(kind.id(), root(target), caller == null ? null : root(caller), siteLine, siteColumn, reason,
                        new dev.ccsampler.ccmap.CompilerHint.Evidence(evidence.samples(), evidence.share(), evidence.contexts(), evidence.callees()),
                        origin, proposedAtMs, state.id(), action, appliedAtMs, outcome, events,
                        rank == 0 ? dev.ccsampler.ccmap.CompilerHint.Rank.NONE : new dev.ccsampler.ccmap.CompilerHint.Rank(rank, rankOf, score));
    }

    private static dev.ccsampler.ccmap.CompilerHint.Root root(RootKey k) {
        return new dev.ccsampler.ccmap.CompilerHint.Root(k.language(), k.name(), k.source(), k.charIndex(), k.charLength(), k.line(), k.column(), k.contentHash());
    }

    /** e.g. {@code split apply (p.pace:3) at useOne (p.pace:9) line 11:14}. */
    String describe() {
        if (kind == Kind.COMPILE) {
            return "compile " + target.label();
        }
        return kind.id() + " " + target.label() + " at " + caller.label() + " line " + siteLine + ":" + siteColumn;
    }
}
