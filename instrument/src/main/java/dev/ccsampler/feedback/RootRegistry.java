package dev.ccsampler.feedback;

import com.oracle.truffle.api.instrumentation.EventBinding;
import com.oracle.truffle.api.instrumentation.LoadSourceSectionEvent;
import com.oracle.truffle.api.instrumentation.LoadSourceSectionListener;
import com.oracle.truffle.api.instrumentation.SourceSectionFilter;
import com.oracle.truffle.api.instrumentation.StandardTags;
import com.oracle.truffle.api.instrumentation.TruffleInstrument;
import com.oracle.truffle.api.nodes.RootNode;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Live guest roots by identity, weakly held: the feedback stage's way from a CC-Map method (or a
 * saved {@link RootKey}) back to the {@link RootNode}s whose call nodes and call targets take hints.
 * Filled by a load listener on {@link StandardTags.RootTag} nodes, so it does not depend on which
 * frames happened to be sampled, and needs nothing from the drain stage.
 *
 * <p>Threading: {@link #onLoad} runs on guest threads when an AST is loaded; lookups run on the
 * feedback thread and on guest threads inside thread-local actions. Every method takes this
 * object's monitor for a few map operations (blocking, short).
 */
final class RootRegistry {

    private final Map<String, List<Entry>> byMethodKey = new HashMap<>();
    private EventBinding<?> binding;

    private record Entry(RootKey key, WeakReference<RootNode> root) {
    }

    /** Attaches the load listener (existing sources included). Any thread. */
    void attach(TruffleInstrument.Env env) {
        SourceSectionFilter f = SourceSectionFilter.newBuilder().tagIs(StandardTags.RootTag.class).includeInternal(false).build();
        binding = env.getInstrumenter().attachLoadSourceSectionListener(f, new LoadSourceSectionListener() {
            @Override
            public void onLoad(LoadSourceSectionEvent event) {
                RootRegistry.this.onLoad(event.getNode().getRootNode());
            }
        }, true);
    }

    /** Detaches the load listener; the roots seen stay known. Any thread. */
    void detach() {
        if (binding != null) {
            binding.dispose();
            binding = null;
        }
    }

    /** Records a root (a split copy is recorded beside its original). Guest thread. */
    void onLoad(RootNode root) {
        RootKey k = RootKey.of(root);
        if (k == null) {
            return;
        }
        synchronized (this) {
            List<Entry> l = byMethodKey.computeIfAbsent(k.methodKey(), x -> new ArrayList<>(1));
            for (Entry e : l) {
                if (e.root.get() == root) {
                    return;
                }
            }
            l.add(new Entry(k, new WeakReference<>(root)));
        }
    }

    /** Live roots with this method key (language, name, source, line, column). Any thread. */
    synchronized List<RootNode> roots(String methodKey) {
        List<RootNode> r = new ArrayList<>();
        List<Entry> l = byMethodKey.get(methodKey);
        if (l == null) {
            return r;
        }
        for (Iterator<Entry> it = l.iterator(); it.hasNext();) {
            RootNode n = it.next().root.get();
            if (n == null) {
                it.remove();
            } else {
                r.add(n);
            }
        }
        return r;
    }

    /** The full key of a live root with this method key, or null when none is loaded. Any thread. */
    synchronized RootKey key(String methodKey) {
        List<Entry> l = byMethodKey.get(methodKey);
        if (l == null) {
            return null;
        }
        for (Entry e : l) {
            if (e.root.get() != null) {
                return e.key;
            }
        }
        return null;
    }

    /**
     * Live roots matching a saved key exactly (content hash included); {@code stale[0]} is set when a
     * root with the same name and section exists but its source changed. Any thread.
     */
    synchronized List<RootNode> match(RootKey saved, boolean[] stale) {
        List<RootNode> r = new ArrayList<>();
        for (List<Entry> l : byMethodKey.values()) {
            for (Entry e : l) {
                RootNode n = e.root.get();
                if (n == null || !e.key.language().equals(saved.language()) || !e.key.name().equals(saved.name()) || !e.key.source().equals(saved.source())) {
                    continue;
                }
                if (e.key.sameRootAs(saved) && e.key.contentHash().equals(saved.contentHash())) {
                    r.add(n);
                } else {
                    stale[0] = true;
                }
            }
        }
        return r;
    }
}
