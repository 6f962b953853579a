package dev.ccsampler;

import org.junit.jupiter.api.Test;

import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * When probes switched off for good leave the compiled code ({@link CCSampler#takeOutDueNanos}):
 * at once when they came into code that had run without them for a quarter of the run or more,
 * else after the ski-rental wait where that pays (GraalPy's and TruffleRuby's engines), else never.
 */
class TakeOutRuleTest {

    private static final long MS = 1_000_000L;
    private static final long S = 1_000_000_000L;

    @Test
    void probesThatCameLateIntoTheCodeAreTakenOutAtOnceInEveryLanguage() {
        for (boolean laterPays : new boolean[]{false, true}) {
            // five-phase.js: in at 7.5 s, switched off at 9.3 s
            assertEquals(OptionalLong.of(9300 * MS), CCSampler.takeOutDueNanos(0, 7500 * MS, 9300 * MS, laterPays));
            // py-octane.py: in at 5.6 s, switched off at 11.7 s; rb-costly-probes.rb: 3.7 s, 9.8 s
            assertEquals(OptionalLong.of(11700 * MS), CCSampler.takeOutDueNanos(0, 5600 * MS, 11700 * MS, laterPays));
            assertEquals(OptionalLong.of(9800 * MS), CCSampler.takeOutDueNanos(0, 3700 * MS, 9800 * MS, laterPays));
            // in for three quarters of the run exactly: still at once
            assertEquals(OptionalLong.of(12 * S), CCSampler.takeOutDueNanos(0, 3 * S, 12 * S, laterPays));
            // the clock's origin does not matter (System.nanoTime may be negative)
            long origin = -5_000 * S;
            assertEquals(OptionalLong.of(origin + 9 * S), CCSampler.takeOutDueNanos(origin, origin + 8 * S, origin + 9 * S, laterPays));
        }
    }

    @Test
    void probesInTheCodeFromEarlyOnPayRentAsLongAgainAsTheRunTenSecondsAtTheLeast() {
        // in since 2 s, switched off at 15 s: as long again as the run, 15 s more
        assertEquals(OptionalLong.of(30 * S), CCSampler.takeOutDueNanos(0, 2 * S, 15 * S, true));
        // just over three quarters: 12 s more
        assertEquals(OptionalLong.of(24 * S), CCSampler.takeOutDueNanos(0, 3 * S - MS, 12 * S, true));
        // in since 1 s, switched off at 7 s: 10 s at the least
        assertEquals(OptionalLong.of(7 * S + CCSampler.TAKE_OUT_AFTER_NANOS), CCSampler.takeOutDueNanos(0, S, 7 * S, true));
        // on standby from the start (attached when sampling started), switched off at 40 s
        assertEquals(OptionalLong.of(80 * S + 3), CCSampler.takeOutDueNanos(3, 3, 40 * S + 3, true));
    }

    @Test
    void probesInTheCodeFromEarlyOnStayWhereTheRentDoesNotPay() {
        // GraalJS and the other languages: five-phase.js under standby paid more for the later
        // take-out than the rent it saved
        assertEquals(OptionalLong.empty(), CCSampler.takeOutDueNanos(0, 2 * S, 15 * S, false));
        assertEquals(OptionalLong.empty(), CCSampler.takeOutDueNanos(0, 3 * S - MS, 12 * S, false));
        assertEquals(OptionalLong.empty(), CCSampler.takeOutDueNanos(3, 3, 40 * S + 3, false));
    }
}
