package dev.ccsampler;

import dev.ccsampler.ccmap.Accounting;
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
        return WarningsFixture.warnings(a, applied, new long[]{initTicks, initLate}, "were late");
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
