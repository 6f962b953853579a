package dev.ccsampler.tools.fuzz;

import dev.ccsampler.tools.compare.ProfileFormat;
import dev.ccsampler.tools.compare.ProfileReaders;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Bad input for every profile reader: 3 000 deterministic mutations ({@link Mutator}; any number
 * with {@code -Dccsampler.mutations=N}) of a real profile of each format (written by the profiler,
 * see docs/bad-input.md), each read with the format forced, every fourth also with the format
 * detected first (as {@code compare} does), and ccsampler JSON also through the instrument's reader
 * (as {@code convert} and {@code diff} do). A read must return or throw the documented read error
 * naming the file and a position ({@link ReadContract}), and must end within 1 s.
 *
 * <p>The bound is a hang detector, not a performance assertion: a read that passes it is retried
 * alone with a fresh thread before the test fails, so a busy machine does not fail the test while a
 * read that really loops (or a quadratic blow-up) still does.
 */
class ReaderMutationTest {

    /**
     * Mutations per format: 3 000 in the suite (each of the twelve kinds 250 times), any number with
     * {@code -Dccsampler.mutations=N} (10 000 took 42-50 s of the suite's run, 2026-12-04).
     */
    static final int MUTATIONS = Integer.getInteger("ccsampler.mutations", 3_000);
    /** The hang bound of one read. */
    static final long BOUND_MILLIS = 1_000;

    /** The real profile each format's mutations start from, and the one spliced in. */
    enum Seed {
        CCSAMPLER("ccsampler.json", ProfileFormat.CCSAMPLER, "cpusampler.json"),
        CPUSAMPLER("cpusampler.json", ProfileFormat.CPUSAMPLER, "cctracer.json"),
        CCTRACER("cctracer.json", ProfileFormat.CCTRACER, "ccsampler.json"),
        FOLDED("profile.folded", ProfileFormat.FOLDED, "cctracer.json");

        final String file;
        final ProfileFormat format;
        final String other;

        Seed(String file, ProfileFormat format, String other) {
            this.file = file;
            this.format = format;
            this.other = other;
        }
    }

    @TempDir
    static Path tmp;
    private static ExecutorService reader;

    @BeforeAll
    static void readerThread() {
        reader = newReader();
    }

    @AfterAll
    static void stop() {
        reader.shutdownNow();
    }

    private static ExecutorService newReader() {
        // the reads run on a thread of the default stack size: a recursive reader must not rely on -Xss
        return Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "profile-reader");
            t.setDaemon(true);
            return t;
        });
    }

    static byte[] seed(String name) throws IOException {
        return Seeds.bytes(name);
    }

    @ParameterizedTest
    @EnumSource(Seed.class)
    void everyMutationEndsInAProfileOrTheDocumentedError(Seed seed) throws Exception {
        byte[] original = seed(seed.file);
        byte[] other = seed(seed.other);
        Path file = tmp.resolve("mutant-" + seed.name().toLowerCase() + (seed.format == ProfileFormat.FOLDED ? ".folded" : ".json"));
        Files.write(file, original);
        ProfileReaders.read(file, seed.format, true); // the seed itself reads; if not, its error is the message

        Map<ReadContract.Outcome, Integer> outcomes = new EnumMap<>(ReadContract.Outcome.class);
        Map<String, AssertionError> failures = new java.util.LinkedHashMap<>();
        for (long i = 0; i < MUTATIONS; i++) {
            byte[] m = Mutator.mutate(original, other, i);
            Files.write(file, m);
            String what = seed.file + " mutation #" + i + " (" + Mutator.kindName(i) + ", " + m.length + " bytes)";
            try {
                outcomes.merge(bounded(what, () -> ReadContract.read(file, seed.format)), 1, Integer::sum);
                if (i % 4 == 0) { // detection reads the start of the file again: a quarter of the mutants keeps the test fast
                    bounded(what + ", detected", () -> ReadContract.read(file, null));
                }
                if (seed.format == ProfileFormat.CCSAMPLER) {
                    bounded(what + ", instrument reader", () -> ReadContract.readSnapshot(file));
                }
            } catch (AssertionError e) {
                // one example of each kind of failure (the message without its numbers), then go on
                String kind = (e.getCause() == null ? "" : e.getCause().getClass().getName()) + String.valueOf(e.getMessage()).replaceAll("[0-9]+", "N")
                                .replaceAll("^.*?: ", "");
                failures.putIfAbsent(kind.length() > 160 ? kind.substring(0, 160) : kind, e);
            }
        }
        if (!failures.isEmpty()) {
            AssertionError all = new AssertionError(failures.size() + " kinds of contract violation, first example of each:\n  "
                            + String.join("\n  ", failures.values().stream().map(Throwable::getMessage).toList()));
            failures.values().forEach(all::addSuppressed);
            throw all;
        }
        // both ends were exercised: some mutants still read (a token changed within range), many are rejected
        assertTrue(outcomes.getOrDefault(ReadContract.Outcome.READ, 0) > 0, outcomes.toString());
        assertTrue(outcomes.getOrDefault(ReadContract.Outcome.REJECTED, 0) > MUTATIONS / 10, outcomes.toString());
    }

    /** Runs one read with the hang bound; a contract violation fails with the input named. */
    private static ReadContract.Outcome bounded(String what, java.util.concurrent.Callable<ReadContract.Outcome> read) throws Exception {
        for (int attempt = 0;; attempt++) {
            Future<ReadContract.Outcome> f = reader.submit(read);
            try {
                return f.get(BOUND_MILLIS, TimeUnit.MILLISECONDS);
            } catch (java.util.concurrent.ExecutionException e) {
                throw new AssertionError(what + ": " + e.getCause().getMessage(), e.getCause());
            } catch (TimeoutException e) {
                f.cancel(true);
                reader.shutdownNow();
                reader = newReader();
                if (attempt > 0) {
                    throw new AssertionError(what + ": the read did not end within " + BOUND_MILLIS + " ms, twice");
                }
            }
        }
    }
}
