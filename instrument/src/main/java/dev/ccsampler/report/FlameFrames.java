package dev.ccsampler.report;

import dev.ccsampler.ccmap.MethodInfo;
import dev.ccsampler.ccmap.ProfileSnapshot;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The frames a flame graph shows: one per distinct (language, name, source, line) of a snapshot's
 * methods. Two method ids with the same four values (which differ only in column, path or end line)
 * are one frame, and the same four values identify "the same frame" in two different runs, which is
 * how {@link DiffFlameGraph} matches them.
 *
 * @since 0.1
 */
final class FlameFrames {

    private final int[] frameOfMethod;
    private final List<MethodInfo> frames = new ArrayList<>();
    private final Map<String, Integer> byKey = new HashMap<>();

    FlameFrames(ProfileSnapshot snapshot) {
        frameOfMethod = new int[snapshot.methods().size()];
        for (MethodInfo m : snapshot.methods()) {
            frameOfMethod[m.id()] = byKey.computeIfAbsent(key(m), k -> {
                frames.add(m);
                return frames.size() - 1;
            });
        }
    }

    /** The matching key: language, name, source and line, separated by characters no name holds. */
    static String key(MethodInfo m) {
        return m.language() + '\u0000' + m.name() + '\u0000' + m.source() + '\u0000' + m.line();
    }

    int frameOf(int methodId) {
        return frameOfMethod[methodId];
    }

    /** Frame index with this key, or -1. */
    int frameWithKey(String key) {
        Integer f = byKey.get(key);
        return f == null ? -1 : f;
    }

    MethodInfo frame(int index) {
        return frames.get(index);
    }

    int size() {
        return frames.size();
    }
}
