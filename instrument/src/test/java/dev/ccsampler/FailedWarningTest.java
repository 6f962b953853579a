package dev.ccsampler;

import dev.ccsampler.ccmap.Accounting;
import dev.ccsampler.ccmap.ContextNode;
import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.ccmap.ThreadProfile;
import dev.ccsampler.drain.FrameFilter;
import dev.ccsampler.drain.WildcardFilter;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Ticks of requests that were never performed (failed) are named in a warning once they are a
 * tenth of the ticks or more. Before 2026-11-27 (seventh session) nothing but the accounting line
 * said so: a deep recursion's run under Incremental=auto once had 454 of its 1 502 ticks failed
 * with no word on why.
 */
class FailedWarningTest {

    private static List<String> warnings(long taken, long failed) {
        long requested = taken + failed;
        Accounting a = new Accounting(requested, taken, 0, 0, failed, 0, 0, 1_000_000, 5_000_000, 9_000_000, 0, taken, 0, taken, taken, 0);
        ContextNode root = new ContextNode(0, -1, -1, new long[4], new long[]{taken, 0, 0, 0}, null);
        ProfileSnapshot s = new ProfileSnapshot(new ProfileSnapshot.Meta(1_000_000, 0, 1, "test", true, 10_000, List.of(), List.of()), List.of(), List.of(),
                        List.of(), List.of(new ThreadProfile(0, 1, "main", root, a)));
        FrameFilter all = new FrameFilter(WildcardFilter.compile("*"), WildcardFilter.compile("*"), WildcardFilter.compile("*"), true);
        return CCSampler.warnings(s, 0, 0, new long[]{0, 0}, all).stream().filter(w -> w.contains("never performed")).toList();
    }

    @Test
    void aTenthOfTheTicksFailedIsNamed() {
        List<String> w = warnings(1048, 454);
        assertEquals(1, w.size(), "30 % failed: warned");
        assertTrue(w.get(0).startsWith("30% of ticks"), w.get(0));
        assertEquals(0, warnings(1000, 100).size(), "9 % failed: not warned");
        assertEquals(1, warnings(900, 101).size(), "just over a tenth: warned");
        assertEquals(0, warnings(1000, 0).size());
    }
}
