package dev.ccsampler.burst;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The report's line on walks and bursts, and the sum over threads. */
class BurstTotalsTest {

    @Test
    void theLineAccountsForEveryWalkAndBurst() {
        BurstTotals a = new BurstTotals(400, 150, 2, 3, 390, 1, 780_000, 100_000, 300_000, 0);
        BurstTotals b = new BurstTotals(43, 42, 0, 1, 41, 0, 40_000, 20_000, 0, 20_000);
        BurstTotals sum = a.plus(b);
        assertEquals(new BurstTotals(443, 192, 2, 4, 431, 1, 820_000, 120_000, 300_000, 20_000), sum);
        assertEquals("bursts: 443 started after 637 walks (192 skipped by the history table, 2 with no free buffer), 431 applied (1902 events each on average; "
                        + "call nodes of 68 % of the calls from the call-node cache, of 5 % sampled among several call sites), 4 dropped because the drain had not taken the thread's previous ones, "
                        + "1 left out because their sample was not applied", sum.summary());
        // nothing applied: no average, no cache share; nothing left out: not mentioned
        assertEquals("bursts: 1 started after 1 walk (0 skipped by the history table, 0 with no free buffer), 0 applied, "
                        + "1 dropped because the drain had not taken the thread's previous ones", new BurstTotals(1, 0, 0, 1, 0, 0, 0, 0, 0, 0).summary());
        assertEquals(sum, sum.plus(BurstTotals.NONE));
    }

    /** Walks while the probes were detached are not among the walks a burst could follow; both are said. */
    @Test
    void theLineSaysWhatTheDetachedProbesMissed() {
        BurstTotals a = new BurstTotals(10, 5, 0, 0, 10, 0, 1_000, 10, 90, 0, 40, 3);
        BurstTotals sum = a.plus(new BurstTotals(1, 0, 0, 0, 1, 0, 100, 1, 9, 0, 2, 0));
        assertEquals(new BurstTotals(11, 5, 0, 0, 11, 0, 1_100, 11, 99, 0, 42, 3), sum);
        assertEquals("bursts: 11 started after 16 walks (5 skipped by the history table, 0 with no free buffer), 11 applied (100 events each on average; "
                        + "call nodes of 90 % of the calls from the call-node cache), 0 dropped because the drain had not taken the thread's previous ones; "
                        + "42 walks while the probes were detached; 3 returns of frames entered before the probes were attached again, recorded from walks", sum.summary());
    }
}
