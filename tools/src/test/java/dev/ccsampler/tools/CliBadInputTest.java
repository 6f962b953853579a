package dev.ccsampler.tools;

import dev.ccsampler.tools.fuzz.Seeds;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The command-line contract of docs/bad-input.md, through the real entry ({@link Main#dispatch} with
 * the real subcommand table) on real files in a temporary directory: every subcommand given a
 * missing file, a directory, an empty file or a file of the wrong format prints one line
 * {@code ccsampler <sub>: ...} naming the file, exits 2, prints no stack trace and leaves every file
 * as it was; every subcommand that writes refuses to overwrite an input or an existing file without
 * {@code --force}, and an output it cannot write is one line and status 2.
 */
class CliBadInputTest {

    @TempDir
    Path dir;
    private Path profile;
    private Path folded;
    private Path tracer;
    private Path program;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private PrintStream savedOut;
    private PrintStream savedErr;

    @BeforeEach
    void files() throws IOException {
        profile = Files.write(dir.resolve("profile.json"), Seeds.bytes("ccsampler.json"));
        folded = Files.write(dir.resolve("profile.folded"), Seeds.bytes("profile.folded"));
        tracer = Files.write(dir.resolve("cctracer.json"), Seeds.bytes("cctracer.json"));
        program = Files.writeString(dir.resolve("prog.js"), "1;\n");
        // bench and split-check write through System.out / System.err: catch them too
        savedOut = System.out;
        savedErr = System.err;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @AfterEach
    void restore() {
        System.setOut(savedOut);
        System.setErr(savedErr);
    }

    /** The bad inputs every reading subcommand is given: name, and how to make it in a directory. */
    private static Map<String, Function<Path, Path>> badFiles() {
        Map<String, Function<Path, Path>> m = new TreeMap<>();
        m.put("missing", d -> d.resolve("missing.json"));
        m.put("directory", d -> create(() -> Files.createDirectories(d.resolve("a-directory.json"))));
        m.put("empty", d -> create(() -> Files.write(d.resolve("empty.json"), new byte[0])));
        m.put("wrong-format", d -> create(() -> Files.write(d.resolve("picture.json"), new byte[]{(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0})));
        return m;
    }

    private interface IoSupplier {
        Path get() throws IOException;
    }

    private static Path create(IoSupplier s) {
        try {
            return s.get();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Runs {@code ccsampler args...} in process and checks the bad-input contract; returns stderr. */
    private String badInput(String sub, Path named, String... args) throws IOException {
        Map<Path, byte[]> before = snapshot();
        out.reset();
        err.reset();
        String[] all = new String[args.length + 1];
        all[0] = sub;
        System.arraycopy(args, 0, all, 1, args.length);
        int status = Main.dispatch(all, Main.SUBCOMMANDS, System.out, System.err);
        String e = err.toString(StandardCharsets.UTF_8);
        String what = String.join(" ", all) + " -> " + status + ", stderr: " + e;
        assertEquals(2, status, what);
        List<String> lines = e.lines().toList();
        assertEquals(1, lines.size(), "one line: " + what);
        assertTrue(lines.get(0).startsWith("ccsampler " + sub + ": "), what);
        assertTrue(lines.get(0).contains(named.getFileName().toString()), "names " + named.getFileName() + ": " + what);
        assertFalse(e.contains("Exception") || e.contains("\tat "), "no stack trace: " + what);
        assertEquals(keys(before), keys(snapshot()), "no file created or deleted: " + what);
        before.forEach((p, b) -> assertTrue(java.util.Arrays.equals(b, read(p)), p + " unchanged: " + what));
        return lines.get(0);
    }

    private Map<Path, byte[]> snapshot() throws IOException {
        Map<Path, byte[]> m = new TreeMap<>();
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.toList()) {
                m.put(p, Files.isRegularFile(p) ? Files.readAllBytes(p) : new byte[0]);
            }
        }
        return m;
    }

    private static List<Path> keys(Map<Path, byte[]> m) {
        return new ArrayList<>(m.keySet());
    }

    private static byte[] read(Path p) {
        try {
            return Files.isRegularFile(p) ? Files.readAllBytes(p) : new byte[0];
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** One dynamic test per (subcommand, argument position, kind of bad file). */
    @TestFactory
    Stream<DynamicTest> everyReadingSubcommandRejectsEveryBadFile() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Map.Entry<String, Function<Path, Path>> bad : badFiles().entrySet()) {
            String k = bad.getKey();
            tests.add(DynamicTest.dynamicTest("convert, " + k, () -> {
                Path b = bad.getValue().apply(dir);
                badInput("convert", b, b.toString(), "--to", "folded", "-o", dir.resolve("out.folded").toString());
            }));
            tests.add(DynamicTest.dynamicTest("diff BEFORE, " + k, () -> {
                Path b = bad.getValue().apply(dir);
                badInput("diff", b, b.toString(), profile.toString(), "-o", dir.resolve("d.html").toString());
            }));
            tests.add(DynamicTest.dynamicTest("diff AFTER, " + k, () -> {
                Path b = bad.getValue().apply(dir);
                badInput("diff", b, profile.toString(), b.toString(), "-o", dir.resolve("d.html").toString());
            }));
            tests.add(DynamicTest.dynamicTest("compare A, " + k, () -> {
                Path b = bad.getValue().apply(dir);
                badInput("compare", b, b.toString(), folded.toString());
            }));
            tests.add(DynamicTest.dynamicTest("compare B, " + k, () -> {
                Path b = bad.getValue().apply(dir);
                badInput("compare", b, profile.toString(), b.toString());
            }));
            if (!k.equals("empty")) { // an empty program is a legal program
                tests.add(DynamicTest.dynamicTest("bench program, " + k, () -> {
                    Path b = k.equals("wrong-format") ? create(() -> Files.writeString(dir.resolve("notes.txt"), "x")) : bad.getValue().apply(dir);
                    badInput("bench", b, "--list", b.toString());
                }));
                tests.add(DynamicTest.dynamicTest("split-check program, " + k, () -> {
                    Path b = k.equals("wrong-format") ? create(() -> Files.writeString(dir.resolve("notes.txt"), "x")) : bad.getValue().apply(dir);
                    badInput("split-check", b, "--out", dir.resolve("sc").toString(), b.toString());
                }));
            }
        }
        return tests.stream();
    }

    @Test
    void aProfileOfAnotherFormatIsNotAProfileForConvertAndDiff() throws IOException {
        // the readers of compare accept folded and tracer files; convert and diff need ccsampler JSON
        String m = badInput("convert", folded, folded.toString(), "--to", "json", "-o", dir.resolve("x.json").toString());
        assertTrue(m.contains("line 1, column 1") && m.contains("--ccsampler.Output=json"), m);
        m = badInput("convert", tracer, tracer.toString(), "--to", "folded", "-o", dir.resolve("x.folded").toString());
        assertTrue(m.contains("not a ccsampler profile"), m);
        badInput("diff", tracer, profile.toString(), tracer.toString(), "-o", dir.resolve("d.html").toString());
    }

    @Test
    void nothingIsOverwrittenThatTheUserDidNotNameAsOutputWithForce() throws IOException {
        // the input as its own output: refused even with --force
        badInput("convert", profile, profile.toString(), "--to", "json", "-o", profile.toString(), "--force");
        // the default output of --to json is PROFILE.json: the input itself
        badInput("convert", profile, profile.toString(), "--to", "json");
        badInput("diff", profile, profile.toString(), profile.toString(), "-o", profile.toString(), "--force");
        // an existing file without --force
        Path mine = Files.writeString(dir.resolve("mine.html"), "the user's page");
        badInput("diff", mine, profile.toString(), profile.toString(), "-o", mine.toString());
        badInput("convert", mine, profile.toString(), "--to", "flamegraph", "-o", mine.toString());
        // a directory as output
        Path sub = Files.createDirectories(dir.resolve("outdir"));
        badInput("convert", sub, profile.toString(), "--to", "folded", "-o", sub.toString(), "--force");
    }

    @Test
    void anUnwritableOutputIsOneLineAndStatusTwo() throws IOException {
        // a regular file where a directory should be: unwritable for every user, root included
        Path blocker = Files.writeString(dir.resolve("blocker"), "x");
        Path inside = blocker.resolve("out.html");
        badInput("convert", inside, profile.toString(), "--to", "flamegraph", "-o", inside.toString());
        badInput("diff", inside, profile.toString(), profile.toString(), "-o", inside.toString());
        badInput("bench", blocker, "--out", blocker.toString(), "--list", program.toString());
        badInput("split-check", blocker, "--out", blocker.toString(), program.toString());
    }

    @Test
    void usageErrorsAreOneLineNamingTheOptionWithStatusTwo() throws IOException {
        String[][] cases = {{"convert", "--bogus"}, {"diff", "--bogus"}, {"compare", "--bogus"}, {"bench", "--bogus"}, {"split-check", "--bogus"},
                        {"convert", "--min-width"}, {"bench", "--pairs"}, {"split-check", "--rounds"}, {"compare", "--threshold"}};
        for (String[] c : cases) {
            out.reset();
            err.reset();
            String[] args = c[0].equals("convert") ? new String[]{c[0], profile.toString(), "--to", "folded", c[1]}
                            : c[0].equals("diff") || c[0].equals("compare") ? new String[]{c[0], profile.toString(), profile.toString(), c[1]} : new String[]{c[0], c[1]};
            int status = Main.dispatch(args, Main.SUBCOMMANDS, System.out, System.err);
            String e = err.toString(StandardCharsets.UTF_8);
            assertEquals(2, status, List.of(args) + ": " + e);
            assertEquals(1, e.lines().count(), e);
            assertTrue(e.startsWith("ccsampler " + c[0] + ": ") && e.contains(c[1]) && e.contains("--help"), e);
        }
    }

    @Test
    void burstOptionsNeedBurstAndACcsamplerKeyValue() throws IOException {
        badInput("bench", Path.of("--burst-option"), "--burst-option", "ccsampler.BurstLength=4096", program.toString());
        badInput("bench", Path.of("BurstLength=4096"), "--burst", "--burst-option", "BurstLength=4096", program.toString());
        badInput("bench", Path.of("ccsampler.BurstRR="), "--burst", "--burst-option", "ccsampler.BurstRR=", program.toString());
    }

    @Test
    void everySubcommandHasTheSameHelp() {
        for (String sub : Main.SUBCOMMANDS.keySet()) {
            for (String h : new String[]{"--help", "-h"}) {
                out.reset();
                err.reset();
                assertEquals(0, Main.dispatch(new String[]{sub, h}, Main.SUBCOMMANDS, System.out, System.err), sub);
                String usage = out.toString(StandardCharsets.UTF_8);
                assertTrue(usage.startsWith("Usage: ccsampler " + sub), sub + ": " + usage);
                assertTrue(usage.contains("-h, --help") && usage.contains("Exit status: 0"), sub + ": " + usage);
                assertEquals("", err.toString(StandardCharsets.UTF_8), sub);
            }
        }
    }
}
