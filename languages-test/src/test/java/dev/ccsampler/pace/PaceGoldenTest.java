package dev.ccsampler.pace;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The golden-file corpus: every {@code tests/**}{@code /<Name>.pace} next to a
 * {@code <Name>.output} holding the expected transcript ({@link GoldenRunner.Result#transcript()}),
 * run under each of {@link #optionSets()}.
 *
 * <p>
 * To rerun the corpus under more options (e.g. with the profiler on), write a test factory that
 * returns {@code PaceGoldenTest.corpus(sets)} for sets derived from {@link #optionSets()} with
 * {@link OptionSet#with(String, String)}.
 */
public class PaceGoldenTest {

    /** Where the corpus lives (test resources, read from the source tree so edits need no rebuild). */
    public static final Path CORPUS = Paths.get("src", "test", "resources", "tests");

    /** A named set of polyglot options; {@code optimizing} sets are skipped on the fallback runtime. */
    public record OptionSet(String name, Map<String, String> options, boolean optimizing) {

        /** A copy with one more option and the option appended to the name. */
        public OptionSet with(String key, String value) {
            Map<String, String> more = new LinkedHashMap<>(options);
            more.put(key, value);
            return new OptionSet(name + "+" + key + "=" + value, Map.copyOf(more), optimizing);
        }
    }

    /** The option sets the corpus runs under: default; interpreter only; compile everything at once. */
    public static List<OptionSet> optionSets() {
        return List.of(
                        new OptionSet("default", Map.of(), false),
                        new OptionSet("interpreter", Map.of("engine.Compilation", "false"), true),
                        new OptionSet("compile-immediately", Map.of("engine.CompileImmediately", "true", "engine.BackgroundCompilation", "false"), true));
    }

    @TestFactory
    Stream<DynamicNode> corpus() {
        return corpus(optionSets());
    }

    /** One container per option set, one test per program. */
    public static Stream<DynamicNode> corpus(List<OptionSet> sets) {
        List<Path> programs = findPrograms();
        boolean optimizing = GoldenRunner.isOptimizingRuntime();
        return sets.stream().map(set -> DynamicContainer.dynamicContainer(set.name(),
                        programs.stream().map(program -> DynamicTest.dynamicTest(CORPUS.relativize(program).toString(), program.toUri(), () -> {
                            Assumptions.assumeTrue(optimizing || !set.optimizing(),
                                            () -> "option set '" + set.name() + "' needs the optimizing Truffle runtime, but the engine is '" + GoldenRunner.implementationName()
                                                            + "' (run with the JVMCI compiler on --upgrade-module-path, as the surefire argLine does)");
                            assertGolden(program, set.options());
                        }))));
    }

    /** Runs {@code program} with {@code options} and compares the transcript with its {@code .output} file. */
    public static void assertGolden(Path program, Map<String, String> options) throws IOException {
        String name = program.getFileName().toString();
        Path expectedFile = program.resolveSibling(name.substring(0, name.length() - ".pace".length()) + ".output");
        GoldenRunner.Result result = GoldenRunner.run(program, options);
        if (Boolean.getBoolean("pace.golden.update") && options.isEmpty()) {
            // -Dpace.golden.update=true rewrites the .output files from the default run: review the diff!
            Files.writeString(expectedFile, result.transcript(), StandardCharsets.UTF_8);
        }
        String expected = Files.readString(expectedFile, StandardCharsets.UTF_8);
        assertEquals(expected, result.transcript(), () -> "transcript of " + program + " under " + options + (result.log().isEmpty() ? "" : "\nengine log:\n" + result.log()));
    }

    static List<Path> findPrograms() {
        try (Stream<Path> files = Files.walk(CORPUS)) {
            List<Path> programs = new ArrayList<>(files.filter(p -> p.toString().endsWith(".pace")).sorted().toList());
            if (programs.size() < 15) {
                throw new IllegalStateException("expected at least 15 golden programs under " + CORPUS.toAbsolutePath() + ", found " + programs.size());
            }
            return programs;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
