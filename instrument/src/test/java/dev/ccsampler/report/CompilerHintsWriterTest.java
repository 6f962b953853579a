package dev.ccsampler.report;

import dev.ccsampler.ccmap.CompilerHint;
import dev.ccsampler.ccmap.ProfileSnapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One home for the JSON of a hint: a hints file and a JSON profile's {@code hints} section are
 * written by {@link CompilerHintsWriter}, so they carry the same entries byte for byte; shares are
 * rounded once, in the record, and a profile reads back equal, rank included.
 */
class CompilerHintsWriterTest {

    @TempDir
    Path tmp;

    static final CompilerHint.Root WORK = new CompilerHint.Root("js", "work", "main.js", 10, 40, 2, 1, "00112233aabbccdd");
    static final CompilerHint.Root MAIN = new CompilerHint.Root("js", "main", "main.js", 0, 200, 1, 1, "00112233aabbccdd");

    static List<CompilerHint> hints() {
        CompilerHint.Events events = new CompilerHint.Events(true, "", 3, 0, 1);
        return List.of(
                        new CompilerHint("compile", WORK, null, 0, 0, "12.3% of samples have work on the stack", new CompilerHint.Evidence(123, 12.345678, 2, List.of()),
                                        "advisor", 400, "applied", "call-and-loop count +10000", 410, "compiled", events, new CompilerHint.Rank(1, 3, 33.33333)),
                        new CompilerHint("split", WORK, MAIN, 5, 9, "polymorphic \"across\" callers", new CompilerHint.Evidence(50, 5.0, 1, List.of("one (main.js:3) 100%")),
                                        "file h.json", 12, "pending", "", -1, "", CompilerHint.Events.unavailable("no JFR"), CompilerHint.Rank.NONE));
    }

    @Test
    void sharesAreRoundedOnceInTheRecord() {
        CompilerHint h = hints().get(0);
        assertEquals(12.35, h.evidence().share());
        assertEquals(33.33, h.rank().share());
    }

    @Test
    void aProfileAndAHintsFileWriteTheSameEntriesAndTheProfileReadsBackEqual() throws Exception {
        ProfileSnapshot s = JsonRoundTripTest.sample().withHints(hints());
        String profile = new String(JsonRoundTripTest.json(s), StandardCharsets.UTF_8);
        ByteArrayOutputStream file = new ByteArrayOutputStream();
        CompilerHintsWriter.writeHintsFile("GraalVM CE", "apply", s.hints(), file);
        String hintsFile = file.toString(StandardCharsets.UTF_8);

        assertTrue(hintsFile.startsWith("{\"format\":\"ccsampler-hints\",\"version\":1,\"runtime\":\"GraalVM CE\",\"mode\":\"apply\",\"hints\":["), hintsFile);
        // both end with the hints array: the same text in both
        String inProfile = profile.substring(profile.indexOf("\"hints\":["));
        String inFile = hintsFile.substring(hintsFile.indexOf("\"hints\":["));
        assertEquals(inFile, inProfile);
        assertTrue(inFile.contains("\"share\":12.35"), inFile);
        assertTrue(inFile.contains("\"rank\":{\"position\":1,\"of\":3,\"share\":33.33}"), inFile);
        assertEquals(1, inFile.split("\"rank\"", -1).length - 1, "an unranked hint has no rank field: " + inFile);

        Path p = tmp.resolve("p.json");
        Files.writeString(p, profile);
        ProfileSnapshot back = JsonProfileReader.read(p);
        assertEquals(s.hints(), back.hints());
        assertEquals(CompilerHint.Rank.NONE, back.hints().get(1).rank());
    }

    @Test
    void aBadRankInAProfileIsNamed() throws Exception {
        String profile = new String(JsonRoundTripTest.json(JsonRoundTripTest.sample().withHints(hints())), StandardCharsets.UTF_8)
                        .replace("\"rank\":{\"position\":1,\"of\":3,\"share\":33.33}", "\"rank\":{\"position\":1,\"of\":3,\"share\":\"high\"}");
        Path p = tmp.resolve("bad.json");
        Files.writeString(p, profile);
        Exception e = org.junit.jupiter.api.Assertions.assertThrows(Exception.class, () -> JsonProfileReader.read(p));
        assertTrue(e.getMessage().contains("hints[0]") && e.getMessage().contains("'share' of 'rank' must be a number"), e.getMessage());
        assertFalse(e.getMessage().contains("hints[1]"), e.getMessage());
    }
}
