package dev.ccsampler.feedback;

import dev.ccsampler.ccmap.MethodInfo;
import dev.ccsampler.ccmap.MethodStats;
import dev.ccsampler.ccmap.ProfileSnapshot;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Self samples per root, older ones weighing less: each round's new self samples count fully, and
 * their weight halves every {@link #HALF_LIFE_NANOS}. What a run spent in each root's own code
 * lately; once a program has warmed up, its steady state.
 *
 * <p>Why compile hints rank by it: what a compile hint saves is the time its root spends in its own
 * code once compiled, so the roots that matter are the ones hot in steady state. A whole-run count
 * is dominated by warm-up, where everything is interpreted and a program's setup (building tables,
 * compiling regular expressions) can hold half the samples while it never runs again. Measured in
 * docs/feedback.md ("Ranked by the steady state").
 *
 * <p>Threading: the feedback thread only (or the closing thread after it ended, or a test).
 */
final class RecentSelf {

    /** Time after which a sample weighs half: 2 s (10 of the shortest advisor rounds). */
    static final long HALF_LIFE_NANOS = 2_000_000_000L;

    /** Per method key ({@link RootKey#methodKey}): {weighted self samples, self samples counted so far}. */
    private final Map<String, double[]> byKey = new HashMap<>();
    private double total;

    /**
     * One round, {@code elapsedNanos} after the previous one: decays what was counted and adds the
     * self samples that are new in {@code s} (threads merged).
     */
    void update(ProfileSnapshot s, long elapsedNanos) {
        double decay = Math.pow(0.5, (double) Math.max(0, elapsedNanos) / HALF_LIFE_NANOS);
        for (double[] v : byKey.values()) {
            v[0] *= decay;
        }
        total *= decay;
        for (MethodStats st : s.methodStats()) {
            MethodInfo m = s.method(st.method());
            double[] v = byKey.computeIfAbsent(RootKey.methodKey(m.language(), m.name(), m.source(), m.line(), m.column()), k -> new double[2]);
            long self = st.selfSum();
            double added = Math.max(0, self - v[1]); // a count never shrinks; if it did (a reset), count nothing new
            v[1] = self;
            v[0] += added;
            total += added;
        }
    }

    /** Weighted self samples of all roots; 0 before the first samples. */
    double total() {
        return total;
    }

    /** Weighted self samples of a root; 0 when it has none. */
    double weight(String methodKey) {
        double[] v = byKey.get(methodKey);
        return v == null ? 0 : v[0];
    }

    /** Percent of all weighted self samples that are the root's; 0 when there are none at all. */
    double share(String methodKey) {
        return total <= 0 ? 0 : 100.0 * weight(methodKey) / total;
    }

    /** Method keys by weighted self samples, the largest first, those with some and at least {@code minShare} percent. */
    List<String> top(double minShare) {
        List<String> r = new ArrayList<>();
        for (Map.Entry<String, double[]> e : byKey.entrySet()) {
            if (e.getValue()[0] > 0 && share(e.getKey()) >= minShare) {
                r.add(e.getKey());
            }
        }
        r.sort((a, b) -> weight(a) != weight(b) ? Double.compare(weight(b), weight(a)) : a.compareTo(b));
        return r;
    }
}
