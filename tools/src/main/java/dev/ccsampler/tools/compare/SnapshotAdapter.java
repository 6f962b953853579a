package dev.ccsampler.tools.compare;

import dev.ccsampler.ccmap.ContextNode;
import dev.ccsampler.ccmap.MethodInfo;
import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.ccmap.ThreadProfile;

import java.util.ArrayDeque;

/**
 * A ccsampler {@link ProfileSnapshot} as a comparison {@link Cct}: every thread (and context) is
 * added from the virtual root, call-site-distinct siblings of one method merge into one context,
 * frame = ({@link MethodInfo#name()}, {@link MethodInfo#source()}, {@link MethodInfo#line()})
 * normalised by {@link Frame#of}, weight = self samples over all tiers, or, when the profile has
 * call counts from bursts ({@link ProfileSnapshot#hasCallCounts()}), the context's calls: then the
 * tree is of {@link Cct.Kind#CALLS}, what the exhaustive tracer counts, and compares with it edge
 * for edge.
 *
 * <p>Internal methods ({@link MethodInfo#internal()}) are dropped unless asked for: their children
 * hang on the nearest kept ancestor and their self samples are added to that ancestor (to nothing at
 * the top level), the same as a sampler that never saw internal frames would have counted them.
 *
 * @since 0.1
 */
public final class SnapshotAdapter {

    private SnapshotAdapter() {
    }

    /** @since 0.1 */
    public static Cct toCct(ProfileSnapshot snapshot, boolean includeInternal) {
        return toCct(snapshot, includeInternal, snapshot.hasCallCounts());
    }

    /**
     * The snapshot as a tree of call counts ({@code calls}, which needs
     * {@link ProfileSnapshot#hasCallCounts()}) or of self samples.
     *
     * @since 0.3
     */
    public static Cct toCct(ProfileSnapshot snapshot, boolean includeInternal, boolean calls) {
        Cct cct = new Cct(calls ? Cct.Kind.CALLS : Cct.Kind.SAMPLES);
        ArrayDeque<Object[]> work = new ArrayDeque<>();
        for (ThreadProfile t : snapshot.threads()) {
            for (ContextNode c : t.root().children()) {
                work.push(new Object[]{c, cct.root()});
            }
        }
        while (!work.isEmpty()) {
            Object[] w = work.pop();
            ContextNode from = (ContextNode) w[0];
            Cct.Node parent = (Cct.Node) w[1];
            MethodInfo m = snapshot.method(from.method());
            Cct.Node to;
            if (m.internal() && !includeInternal) {
                to = parent;
                if (parent != cct.root() && !calls) {
                    parent.add(from.self()); // a call of a hidden function is no call of its caller
                }
            } else {
                to = parent.childOrCreate(Frame.of(m.name(), m.source(), m.line()));
                to.add(calls ? from.calls() : from.self());
            }
            for (ContextNode c : from.children()) {
                work.push(new Object[]{c, to});
            }
        }
        return cct;
    }
}
