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
        assertEquals(FrameTier.INTERPRETED, FrameTier.of(0, true));
        assertEquals(FrameTier.INTERPRETED, FrameTier.of(0, false));
        assertEquals(FrameTier.FIRST, FrameTier.of(1, true));
        assertEquals(FrameTier.LAST, FrameTier.of(2, true));
        assertEquals(FrameTier.INLINED, FrameTier.of(1, false), "compiled, not a compilation root: inlined into its caller");
        assertEquals(FrameTier.INLINED, FrameTier.of(2, false));
    }
}
