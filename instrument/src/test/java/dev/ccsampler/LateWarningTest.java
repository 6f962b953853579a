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

/**
 * The late-sample warning judges the program's samples, not those of a language's context
 * initialization (one synthetic frame, which waits for the language's own parser).
 */
class LateWarningTest {

    private static List<String> warnings(long taken, long late, long initTicks, long initLate) {
        long applied = taken + late;
        Accounting a = new Accounting(applied, taken, late, 0, 0, 0, 0, 1_000_000, 5_000_000, 9_000_000, 0, applied, 0, applied, applied, 0);
        ContextNode root = new ContextNode(0, -1, -1, new long[4], new long[]{applied, 0, 0, 0}, null);
        ProfileSnapshot s = new ProfileSnapshot(new ProfileSnapshot.Meta(1_000_000, 0, 1, "test", true, 10_000, List.of(), List.of()), List.of(), List.of(),
                        List.of(), List.of(new ThreadProfile(0, 1, "main", root, a)));
        FrameFilter all = new FrameFilter(WildcardFilter.compile("*"), WildcardFilter.compile("*"), WildcardFilter.compile("*"), true);
        return CCSampler.warnings(s, 0, 0, new long[]{initTicks, initLate}, all).stream().filter(w -> w.contains("were late")).toList();
    }

    @Test
    void samplesOfContextInitializationDoNotMakeTheLateWarning() {
        assertEquals(1, warnings(900, 300, 0, 0).size(), "25 % late: warned");
        // the same ticks, but 280 of the late ones were initialization's: 20 of 920 left
        assertEquals(0, warnings(900, 300, 300, 280).size());
        // initialization aside, the program's own samples still warn
        assertEquals(1, warnings(900, 600, 300, 280).size());
        // a short script: what is left after initialization is too little to judge
        assertEquals(0, warnings(10, 2000, 1980, 1960).size());
        assertEquals(1, warnings(10, 40, 0, 0).size(), "without initialization, as before");
    }
}
