package dev.ccsampler.capture;

import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The trivial roots ({@link CallDepthProbe#isTrivial}) that got no call-depth probe: under {@code
 * Incremental=auto} their probes sleep for good. A trivial root calls nothing, so its frame is only
 * ever the top one, and its mark would spare a walk that one frame at most; its probe would cost a
 * call-dense program as much as all the others (about half the counted calls on {@code
 * graph-suite.js}). Their self time in code that does not poll goes to their nearest counted
 * caller. Until 2026-11-28 they woke when the stacks grew deep and thinned, which on a program whose
 * deep phase came before its call-dense one doubled what the probes cost for the rest of the run.
 * Any thread.
 */
public final class DormantProbes {

    /** The trivial roots probed so far, as "name (source:line)", in order (at most {@link #MAX_KEPT}). */
    private final Set<String> trivial = new LinkedHashSet<>();
    private int more;

    private static final int MAX_KEPT = 10_000;
    private static final int LISTED = 8;

    /** A trivial root got no probe. Any thread, not on the guest's fast path. */
    synchronized void noteTrivial(String label) {
        if (trivial.size() < MAX_KEPT) {
            trivial.add(label);
        } else if (!trivial.contains(label)) {
            more++;
        }
    }

    /**
     * One line for the report: how many trivial roots have sleeping probes, the first few by name.
     * Null when none has.
     */
    public synchronized String summary() {
        if (trivial.isEmpty()) {
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
}
