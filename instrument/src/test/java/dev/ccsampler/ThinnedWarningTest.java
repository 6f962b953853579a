package dev.ccsampler;

import dev.ccsampler.ccmap.Accounting;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The warning that samples stood for many ticks each judges enough samples: a short script's one
 * sample, which waited over a second for the thread's first poll, carried 64 ticks and drew it
 * (seen on a program that only defines a function, 2026-11-28).
 */
class ThinnedWarningTest {

    private static List<String> warnings(long samples, long ticks) {
        Accounting a = new Accounting(ticks, 0, ticks, 0, 0, 0, 0, 1_000_000, 5_000_000, 9_000_000, 0, samples, 0, samples, samples, 0, 0, dev.ccsampler.ccmap.LatencyHistogram.EMPTY);
        return WarningsFixture.warnings(a, ticks, new long[]{0, 0}, "stood for");
    }

    @Test
    void aFewHeavySamplesDoNotSayTheWalksWereThinned() {
        assertEquals(0, warnings(1, 64).size(), "one sample of a start-up wait");
        assertEquals(0, warnings(19, 19 * 30).size());
        assertEquals(1, warnings(20, 20 * 30).size(), "enough samples, 30 ticks each");
        assertEquals(0, warnings(200, 200 * 5).size(), "5 ticks each: not warned");
    }
}
