package dev.ccsampler.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ccsampler.ccmap.ProfileSnapshot;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;

class FoldedReporterTest {

    private static final String MAIN = "main (app.js:1)";
    private static final String COMPUTE = "compute (calc.py:10)";
    private static final String FIB = "fib (calc.py:20)";
    private static final String HELPER = "helper (app.js:30)";
    private static final String AB = "a:b (weird.js:2)";
    private static final String SCRIPT = "</script> (<script>&.js:3)";

    static List<String> folded(ProfileSnapshot s, ReportOptions o) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Format.FOLDED.reporter().write(s, o, out);
        String text = out.toString(StandardCharsets.UTF_8);
        return text.isEmpty() ? List.of() : List.of(text.split("\n", -1)).subList(0, text.split("\n", -1).length - 1);
    }

    @Test
    void mergesThreadsAndCallSitesIntoOneSortedLinePerStack() throws IOException {
        assertEquals(List.of(
                        MAIN + ";" + SCRIPT + " 15",
                        MAIN + ";" + AB + " 5",
                        MAIN + ";" + COMPUTE + " 5",
                        MAIN + ";" + COMPUTE + ";" + FIB + " 20",
                        MAIN + ";" + COMPUTE + ";" + FIB + ";" + FIB + " 5",
                        MAIN + ";" + COMPUTE + ";" + FIB + ";" + FIB + ";" + FIB + " 15",
                        MAIN + ";" + HELPER + " 35"),
                        folded(SnapshotFixtures.mixed(), ReportOptions.DEFAULT));
    }

    @Test
    void tierSuffixesSplitTheLeafExactlyAndMarkInnerFramesWithTheirDominantTier() throws IOException {
        String main0 = MAIN + "_[0]";
        String mainJ = MAIN + "_[j]";
        String fibJ = FIB + "_[j]";
        assertEquals(List.of(
                        main0 + ";" + SCRIPT + "_[0] 15",
                        main0 + ";" + AB + "_[1] 5",
                        main0 + ";" + COMPUTE + "_[1] 5",
                        main0 + ";" + COMPUTE + "_[1];" + fibJ + ";" + fibJ + " 5",
                        main0 + ";" + COMPUTE + "_[1];" + fibJ + ";" + fibJ + ";" + FIB + "_[i] 5",
                        main0 + ";" + COMPUTE + "_[1];" + fibJ + ";" + fibJ + ";" + fibJ + " 10",
                        main0 + ";" + HELPER + "_[0] 15",
                        mainJ + ";" + COMPUTE + "_[i];" + FIB + "_[i] 20",
                        mainJ + ";" + HELPER + "_[j] 20"),
                        folded(SnapshotFixtures.mixed(), ReportOptions.DEFAULT.withShowTiers(true)));
    }

    @Test
    void linesAddUpToAllSamplesWithAndWithoutTiers() throws IOException {
        ProfileSnapshot s = SnapshotFixtures.mixed();
        for (boolean tiers : new boolean[]{false, true}) {
            long sum = 0;
            for (String line : folded(s, ReportOptions.DEFAULT.withShowTiers(tiers))) {
                sum += Long.parseLong(line.substring(line.lastIndexOf(' ') + 1));
            }
            assertEquals(s.totalSamples(), sum, "tiers " + tiers);
        }
    }

    @Test
    void semicolonsAndLineBreaksInNamesCannotSplitFramesOrLines() throws IOException {
        SnapshotFixtures.Builder b = new SnapshotFixtures.Builder();
        b.method("outer", "js", "x.js", 1);
        b.method("evil;name\nwith\r\nbreaks", "js", "a;b.js", 2);
        b.thread(1, "main");
        b.stack(3, "outer:0", "evil;name\nwith\r\nbreaks:0");
        assertEquals(List.of("outer (x.js:1);evil:name with  breaks (a:b.js:2) 3"), folded(b.build(), ReportOptions.DEFAULT));
    }

    @Test
    void minSamplesLeavesOutSmallLines() throws IOException {
        List<String> lines = folded(SnapshotFixtures.mixed(), ReportOptions.DEFAULT.withMinSamples(16));
        assertEquals(List.of(MAIN + ";" + COMPUTE + ";" + FIB + " 20", MAIN + ";" + HELPER + " 35"), lines);
    }

    @Test
    void sameSnapshotGivesTheSameBytesAndIsNotChanged() throws IOException {
        ProfileSnapshot s = SnapshotFixtures.mixed();
        long before = s.totalSamples();
        List<String> first = folded(s, ReportOptions.DEFAULT.withShowTiers(true));
        assertEquals(first, folded(s, ReportOptions.DEFAULT.withShowTiers(true)));
        assertEquals(before, s.totalSamples());
        assertEquals(2, s.threads().size());
    }
}
