package dev.ccsampler.tools.convert;

import dev.ccsampler.report.Format;
import dev.ccsampler.tools.TestProfiles;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code ccsampler convert} on a real saved profile: every format is written, an existing file is
 * only replaced with --force, and bad input names the file or option. The formats' contents are
 * checked by their real readers in the instrument's tests; here only the command.
 */
class ConvertCommandTest {

    @TempDir
    static Path tmp;
    static Path profile;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @BeforeAll
    static void profileAJavaScriptLoop() throws IOException {
        profile = TestProfiles.spin(tmp.resolve("p.json"), "main");
    }

    private int run(String... args) {
        return ConvertCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String stderr() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void everyFormatIsWrittenWithTheUsualPermissions() throws IOException {
        for (Format f : Format.values()) {
            Path target = tmp.resolve("all-" + f.id() + "." + f.extension());
            assertEquals(0, run(profile.toString(), "--to", f.id(), "-o", target.toString()), f.id() + ": " + stderr());
            assertTrue(Files.size(target) > 0, f.id());
            if (tmp.getFileSystem().supportedFileAttributeViews().contains("posix")) {
                assertEquals("rw-r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(target)), f.id() + ": not a private temp file's mode");
            }
        }
        try (var left = Files.list(tmp)) {
            assertTrue(left.noneMatch(p -> p.getFileName().toString().endsWith(".tmp")), "no temporary file left behind");
        }
    }

    @Test
    void anExistingFileIsReplacedOnlyWithForce() throws IOException {
        Path target = Files.writeString(tmp.resolve("mine.folded"), "the user's own file\n");
        assertEquals(2, run(profile.toString(), "--to", "folded", "-o", target.toString()));
        assertTrue(stderr().contains("exists; use --force"), stderr());
        assertArrayEquals("the user's own file\n".getBytes(StandardCharsets.UTF_8), Files.readAllBytes(target), "left untouched");
        assertEquals(0, run(profile.toString(), "--to", "folded", "-o", target.toString(), "--force"), stderr());
        assertTrue(Files.readString(target).lines().allMatch(l -> l.matches(".+ \\d+")), Files.readString(target));
    }

    @Test
    void textToStandardOutputBinaryNot() {
        assertEquals(0, run(profile.toString(), "--to", "folded", "-o", "-"), stderr());
        assertTrue(out.toString(StandardCharsets.UTF_8).lines().findAny().isPresent());
        assertEquals(2, run(profile.toString(), "--to", "pprof", "-o", "-"));
        assertTrue(stderr().contains("binary"), stderr());
    }

    @Test
    void badInputNamesTheFileOrOption() throws IOException {
        assertEquals(2, run(tmp.resolve("nope.json").toString(), "--to", "folded"));
        assertTrue(stderr().contains("nope.json"), stderr());
        Path bad = Files.writeString(tmp.resolve("bad.json"), "{\"format\": \"ccsampler\", \"threads\": [");
        assertEquals(2, run(bad.toString(), "--to", "folded", "-o", tmp.resolve("bad.folded").toString()));
        assertTrue(stderr().contains("bad.json"), stderr());
        assertTrue(Files.notExists(tmp.resolve("bad.folded")), "nothing written from a malformed profile");
        assertEquals(2, run(profile.toString(), "--to", "svg"));
        assertTrue(stderr().contains("svg"), stderr());
        assertEquals(2, run(profile.toString(), "--to", "folded", "--min-width", "wide"));
        assertEquals(2, run(profile.toString(), "--bogus"));
        assertTrue(stderr().contains("--bogus"), stderr());
    }
}
