package dev.ccsampler.capture;

import com.oracle.truffle.api.RootCallTarget;
import com.oracle.truffle.api.nodes.RootNode;

import java.lang.ref.WeakReference;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The roots the call depth probes count, by the identity hash they store ({@link CallDepth}), so
 * that the drain can name a frame it knows only by that hash: the frame a late sample is placed
 * on after it returned ({@link SampledThread}'s placement, {@code WaitedTicks=top}).
 *
 * <h2>Assumptions and guarantees</h2>
 * <ul>
 * <li>Roots are registered when the probes are created for them (not on the guest's fast path)
 * and held weakly: a registered root can still be unloaded.</li>
 * <li>Identity hashes are not unique. Two live roots with one hash make the hash ambiguous for
 * good: {@link #target} answers null for it, never the wrong root.</li>
 * <li>Thread-safe: registration on any thread that instruments code, lookups on the drain.</li>
 * </ul>
 */
public final class RootHashes {

    /** Marks a hash shared by two live roots. */
    private static final WeakReference<RootNode> AMBIGUOUS = new WeakReference<>(null);

    private final ConcurrentHashMap<Integer, WeakReference<RootNode>> roots = new ConcurrentHashMap<>();

    /** Registers {@code root} under its identity hash. Any thread. */
    public void register(RootNode root) {
        if (root == null) {
            return;
        }
        roots.compute(System.identityHashCode(root), (k, old) -> {
            if (old == AMBIGUOUS) {
                return AMBIGUOUS;
            }
            RootNode seen = old == null ? null : old.get();
            return seen == null || seen == root ? new WeakReference<>(root) : AMBIGUOUS;
        });
    }

    /**
     * The call target of the root registered under {@code hash}, or null when none is (or it was
     * unloaded, or two roots share the hash). Any thread.
     */
    public RootCallTarget target(int hash) {
        WeakReference<RootNode> ref = roots.get(hash);
        RootNode root = ref == null ? null : ref.get();
        return root == null ? null : root.getCallTarget();
    }
}
