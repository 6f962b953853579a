package dev.ccsampler.capture;

import dev.ccsampler.burst.TrivialRoots;

import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * The trivial roots ({@link CallDepthProbe#isTrivial}), and since 2026-12-02 the roots that call
 * trivial roots alone ({@link CallDepthProbe#callsOnlyTrivial}), that got no call-depth probe:
 * under {@code Incremental=auto} their probes sleep. A trivial root calls nothing, so its frame is only
 * ever the top one (a caller of trivial roots alone is at most one below it), and its mark would
 * spare a walk that one frame at most; its probe would cost a
 * call-dense program as much as all the others (about half the counted calls on {@code
 * graph-suite.js}). Their self time in code that does not poll goes to their nearest counted
 * caller. Until 2026-11-28 they woke when the stacks grew deep and thinned, which on a program whose
 * deep phase came before its call-dense one doubled what the probes cost for the rest of the run.
 *
 * <p><b>Roots that turn out to call.</b> The tree cannot show every call: a builtin that runs a
 * block in a loop of its own (TruffleRuby's {@code Array#each}; Pace's {@code repeat}) holds no
 * call node, a call site that has not run yet holds none either, and a JavaScript getter is called
 * implicitly. Such a root judged trivial leaves an uncounted frame in the middle of the stack,
 * where the incremental walk can neither stop nor fill the frames above it from the memo; below a
 * deep stack that makes walks full ones. The drain sees it (a sleeping root's frame below 64
 * frames or more, {@link #asleep}) and the sampler then wakes the probes of that root, by its
 * label, with a binding of their own ({@link CallDepthProbe#attachWoken}), which also probes the
 * roots of that label made later ({@link #isWoken}). Waking costs the woken roots (and the
 * compiled code that inlines them) one recompilation. Below a shallow stack such a frame costs a
 * walk a few frames, and its probe could cost call-dense code far more, so it sleeps on. A root
 * that Truffle has not given its probe yet (it does so at a root's first run in the interpreter
 * after the binding; TruffleRuby's per-call-site copies of its builtins, inlined in compiled
 * callers, may run compiled for the rest of the program) is not known to sleep, and its frames
 * stay uncounted, as every frame entered before the probes were attached does.
 *
 * <p>Any thread; {@link #asleep} takes no lock.
 */
public final class DormantProbes {

    /** The trivial roots probed so far, as "name (source:line)", in order (at most {@link #MAX_KEPT}). */
    private final Set<String> trivial = new LinkedHashSet<>();
    private int more;
    /** Identity hashes of the sleeping roots' nodes, sorted; replaced, never changed in place. */
    private volatile int[] asleep = new int[0];
    /** The label and the root name of each hash in {@link #asleep}. */
    private final Map<Integer, String[]> labels = new HashMap<>();
    /** Labels whose probes were woken, in order. */
    private final Set<String> woken = new LinkedHashSet<>();

    private static final int MAX_KEPT = 10_000;
    private static final int LISTED = 8;

    /**
     * A trivial root got no probe: {@code hash} is its root node's identity hash (0: not watched),
     * {@code name} its root name. Any thread, not on the guest's fast path.
     */
    synchronized void noteTrivial(int hash, String label, String name) {
        if (trivial.size() < MAX_KEPT) {
            trivial.add(label);
        } else if (!trivial.contains(label)) {
            more++;
        }
        if (hash != 0 && labels.size() < MAX_KEPT && labels.putIfAbsent(hash, new String[]{label, name}) == null) {
            asleep = TrivialRoots.withHash(asleep, hash);
        }
    }

    /**
     * Whether a root node with this identity hash sleeps (was judged trivial and got no probe, and
     * was not woken since). Identity hashes are not unique: another root that shares one with a
     * sleeping root would wake it, which costs a probe, nothing else. Any thread, no lock, no
     * allocation.
     */
    public boolean asleep(int hash) {
        int[] a = asleep;
        return a.length > 0 && Arrays.binarySearch(a, hash) >= 0;
    }

    /**
     * What changes whenever a root is put to sleep or woken (compared by identity): a reader that
     * looked at a stack against one version need not look at the same frames again until it
     * changes. Any thread, no lock.
     */
    public Object version() {
        return asleep;
    }

    /** Whether any root sleeps. Any thread, no lock. */
    public boolean any() {
        return asleep.length > 0;
    }

    /** Whether the probes of roots with this label were woken: the binding of the woken roots probes a root of it made later. */
    synchronized boolean isWoken(String label) {
        return woken.contains(label);
    }

    /**
     * Wakes the sleeping root with this identity hash and every other of its label. Returns its
     * label and root name, or null when it does not sleep (already woken, or never noted).
     */
    public synchronized String[] wake(int hash) {
        String[] ln = labels.get(hash);
        if (ln == null || !woken.add(ln[0])) {
            return null;
        }
        int[] a = asleep;
        int[] b = new int[a.length];
        int n = 0;
        for (int h : a) {
            String[] o = labels.get(h);
            if (o == null || !o[0].equals(ln[0])) {
                b[n++] = h;
            }
        }
        asleep = Arrays.copyOf(b, n);
        return ln;
    }

    /**
     * One line for the report: how many trivial roots have sleeping probes, the first few by name.
     * Null when none has.
     */
    public synchronized String summary() {
        if (trivial.isEmpty()) {
            return null;
        }
        int n = trivial.size() + more - woken.size();
        if (n <= 0) {
            return null; // every one woken: the timed notes say which
        }
        StringBuilder b = new StringBuilder().append("now: root probes asleep on ").append(n).append(n == 1 ? " trivial root" : " trivial roots")
                        .append(" (no loop, no call, at most ").append(CallDepthProbe.TRIVIAL_NODES).append(" nodes; or calls of such roots alone, at most ")
                        .append(CallDepthProbe.LEAF_CALLER_NODES).append("; their self time in code that does not poll goes to their callers): ");
        int i = 0;
        for (String t : trivial) {
            if (woken.contains(t)) {
                continue;
            }
            if (i++ == LISTED) {
                b.append(", ...");
                break;
            }
            b.append(i > 1 ? ", " : "").append(t);
        }
        return b.toString();
    }
}
