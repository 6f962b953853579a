package dev.ccsampler.tools.fuzz;

import dev.ccsampler.tools.compare.ProfileFormat;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * One input per reader bug found by fuzzing ({@code regressions/NN-<format>-<what>.<ext>}, listed
 * in docs/bad-input.md): each must now be rejected with the documented read error naming the file
 * and a position, read with its format forced, detected, and (ccsampler JSON) by the instrument's
 * reader; an input named {@code ...-may-read...} may also read (its bug was a crash on a shape that
 * is legal JSON).
 */
class ReaderRegressionTest {

    @TestFactory
    Stream<DynamicTest> everyFoundBugStaysFixed() throws IOException, URISyntaxException {
        Path dir = Path.of(ReaderRegressionTest.class.getResource("regressions").toURI());
        List<Path> inputs;
        try (Stream<Path> s = Files.list(dir)) {
            inputs = s.sorted().toList();
        }
        assertFalse(inputs.isEmpty());
        return inputs.stream().map(p -> DynamicTest.dynamicTest(p.getFileName().toString(), () -> {
            ProfileFormat format = ProfileFormat.parse(p.getFileName().toString().split("-")[1]);
            // the contract is checked inside ReadContract; '-may-read' inputs only had to stop crashing the reader
            boolean mayRead = p.getFileName().toString().contains("-may-read");
            ReadContract.Outcome forced = ReadContract.read(p, format);
            ReadContract.Outcome detected = ReadContract.read(p, null);
            if (!mayRead) {
                assertEquals(ReadContract.Outcome.REJECTED, forced, "forced " + format.id());
                assertEquals(ReadContract.Outcome.REJECTED, detected, "detected");
            }
            if (format == ProfileFormat.CCSAMPLER) {
                assertEquals(ReadContract.Outcome.REJECTED, ReadContract.readSnapshot(p), "instrument reader");
            }
        }));
    }
}
