package dev.ccsampler.capture;

import dev.ccsampler.ccmap.Tier;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The capture's tier bytes are the CC-Map's tier ordinals: the drain maps one to the other by number. */
class FrameTierTest {

    @Test
    void bytesAreTierOrdinals() {
        assertEquals(Tier.INTERPRETED.ordinal(), FrameTier.INTERPRETED);
        assertEquals(Tier.FIRST.ordinal(), FrameTier.FIRST);
        assertEquals(Tier.LAST.ordinal(), FrameTier.LAST);
        assertEquals(Tier.INLINED.ordinal(), FrameTier.INLINED);
        for (int tier = 0; tier <= 2; tier++) {
            for (boolean root : new boolean[]{true, false}) {
                assertEquals(Tier.ordinalOf(tier, root), FrameTier.of(tier, root), "tier " + tier + ", compilation root " + root);
            }
        }
    }
}
