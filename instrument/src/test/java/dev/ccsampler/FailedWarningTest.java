package dev.ccsampler;

import dev.ccsampler.ccmap.Accounting;
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
        return WarningsFixture.warnings(a, taken, new long[]{0, 0}, "never performed");
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
