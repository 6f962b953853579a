package dev.ccsampler.capture;

import com.oracle.truffle.api.Assumption;
import com.oracle.truffle.api.Truffle;

import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The call-depth probes of trivial roots ({@link CallDepthProbe#isTrivial}) while they sleep: such
 * a probe does nothing while this assumption is valid, and compiled code folds the check away (no
 * cost per call). They all wake together, for good, when incremental walks need every root
 * counted ({@link #wakeAll}).
 *
 * <h2>Assumptions and guarantees</h2>
 * <ul>
 * <li>Waking is one way: a probe never sleeps again, so a frame entered while its probe was awake
 * always returns through an awake probe. A frame entered while it slept may return through an
 * awake one: those return probes pop only their own root's counted frame ({@link
 * CallDepth#exitChecked}).</li>
 * <li>Waking invalidates the compiled code that holds a sleeping probe (the trivial roots and the
 * roots they were inlined into); it compiles again with the probes awake. Any thread.</li>
 * </ul>
 */
public final class DormantProbes {

    private final Assumption asleep = Truffle.getRuntime().createAssumption("ccsampler: the call-depth probes of trivial roots sleep");
    /** The trivial roots probed so far, as "name (source:line)", in order (at most {@link #MAX_KEPT}). */
    private final Set<String> trivial = new LinkedHashSet<>();
    private int more;

    private static final int MAX_KEPT = 10_000;
    private static final int LISTED = 8;

    /** A trivial root got a probe (asleep while {@link #asleep()}). Any thread, not on the guest's fast path. */
    synchronized void noteTrivial(String label) {
        if (trivial.size() < MAX_KEPT) {
            trivial.add(label);
        } else if (!trivial.contains(label)) {
            more++;
        }
    }

    /**
     * One line for the report: how many trivial roots have sleeping probes, the first few by name.
     * Null when none has, or when they woke.
     */
    public synchronized String summary() {
        if (trivial.isEmpty() || !asleep()) {
            return null;
        }
        int n = trivial.size() + more;
        StringBuilder b = new StringBuilder().append("now: root probes asleep on ").append(n).append(n == 1 ? " trivial root" : " trivial roots")
                        .append(" (no loop, no call, at most ").append(CallDepthProbe.TRIVIAL_NODES).append(" nodes; their self time in code that does not poll goes to their callers): ");
        int i = 0;
        for (String t : trivial) {
            if (i++ == LISTED) {
                b.append(", ...");
                break;
            }
            b.append(i > 1 ? ", " : "").append(t);
        }
        return b.toString();
    }

    /** Valid while the trivial roots' probes sleep. */
    Assumption assumption() {
        return asleep;
    }

    /** Wakes every trivial root's probe, now and for roots probed later. Any thread. */
    public void wakeAll() {
        asleep.invalidate();
    }

    /** Whether the trivial roots' probes still sleep. */
    public boolean asleep() {
        return asleep.isValid();
    }
}
