package dev.ccsampler;

import dev.ccsampler.ccmap.Accounting;
import dev.ccsampler.ccmap.ContextNode;
import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.ccmap.ThreadProfile;
import dev.ccsampler.drain.FrameFilter;
import dev.ccsampler.drain.WildcardFilter;

import java.util.List;

/** The profile-quality warnings of a one-thread profile with made-up books, for the warning tests. */
final class WarningsFixture {

    private WarningsFixture() {
    }

    /**
     * {@link CCSampler#warnings} of a profile whose one thread has the books {@code a} and
     * {@code rootSelf} self ticks at its root, given the context initialization's ticks and late
     * ticks; only the warnings that contain {@code containing}.
     */
    static List<String> warnings(Accounting a, long rootSelf, long[] initialization, String containing) {
        ContextNode root = new ContextNode(0, -1, -1, new long[4], new long[]{rootSelf, 0, 0, 0}, null);
        ProfileSnapshot s = new ProfileSnapshot(new ProfileSnapshot.Meta(1_000_000, 0, 1, "test", true, 10_000, List.of(), List.of()), List.of(), List.of(),
                        List.of(), List.of(new ThreadProfile(0, 1, "main", root, a)));
        FrameFilter all = new FrameFilter(WildcardFilter.compile("*"), WildcardFilter.compile("*"), WildcardFilter.compile("*"), true);
        return CCSampler.warnings(s, 0, 0, initialization, all).stream().filter(w -> w.contains(containing)).toList();
    }
}
