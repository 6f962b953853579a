package dev.ccsampler.tools.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.ccsampler.tools.compare.ProfileFormat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Coverage-guided fuzzing of the profile readers with Jazzer's JUnit 5 integration. Each method is
 * one fuzz target: the bytes become a file, the reader reads it, and anything but a profile or the
 * documented read error naming the file and a position ({@link ReadContract}) is a finding.
 *
 * <p>In the ordinary test run (regression mode) every target replays its inputs in
 * {@code src/test/resources/dev/ccsampler/tools/fuzz/ReaderFuzzTestInputs/<method>/}: a real profile
 * written by the profiler and what earlier fuzzing runs kept. Fuzzing itself is one target per run,
 * bounded by {@code maxDuration}:
 *
 * <pre>
 * JAZZER_FUZZ=1 mvn -pl tools test -Dtest='ReaderFuzzTest#ccsampler' -Djazzer.hooks=true \
 *   -Dsurefire.extra.args='-Djazzer.instrumentation_includes=dev.ccsampler.**:com.fasterxml.jackson.**'
 * </pre>
 *
 * Findings are written into that inputs directory as {@code crash-<sha1>} and replayed from then on.
 * See docs/bad-input.md for the runs made and what they found.
 */
class ReaderFuzzTest {

    /** One file rewritten for every input of this JVM (fuzzing is single-threaded). */
    private static Path file;

    private static synchronized Path file(String ext) {
        try {
            if (file == null) {
                file = Files.createTempDirectory("reader-fuzz");
            }
            return file.resolve("input." + ext);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path write(byte[] data, String ext) {
        Path p = file(ext);
        try {
            Files.write(p, data);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p;
    }

    @FuzzTest(maxDuration = "60s")
    void ccsampler(byte[] data) {
        Path p = write(data, "json");
        ReadContract.readSnapshot(p);
        ReadContract.read(p, ProfileFormat.CCSAMPLER);
    }

    @FuzzTest(maxDuration = "60s")
    void cpusampler(byte[] data) {
        ReadContract.read(write(data, "json"), ProfileFormat.CPUSAMPLER);
    }

    @FuzzTest(maxDuration = "60s")
    void cctracer(byte[] data) {
        ReadContract.read(write(data, "json"), ProfileFormat.CCTRACER);
    }

    @FuzzTest(maxDuration = "60s")
    void folded(byte[] data) {
        ReadContract.read(write(data, "folded"), ProfileFormat.FOLDED);
    }

    @FuzzTest(maxDuration = "60s")
    void detected(byte[] data) {
        ReadContract.read(write(data, "profile"), null);
    }
}
