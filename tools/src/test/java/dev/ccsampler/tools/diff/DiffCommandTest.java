package dev.ccsampler.tools.diff;

import dev.ccsampler.report.JsonProfileReader;
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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code ccsampler diff} on two real profiles; the page itself is checked in Chromium by DiffFlameGraphTest. */
class DiffCommandTest {

    @TempDir
    static Path tmp;
    static Path before;
    static Path after;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @BeforeAll
    static void twoRuns() throws IOException {
        before = TestProfiles.spin(tmp.resolve("before.json"), "oldCaller");
        after = TestProfiles.spin(tmp.resolve("after.json"), "newCaller");
    }

    private int run(String... args) {
        return DiffCommand.run(args, JsonProfileReader::read, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String stderr() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void writesTheDiffAndReplacesAFileOnlyWithForce() throws IOException {
        Path html = tmp.resolve("d.html");
        assertEquals(0, run(before.toString(), after.toString(), "-o", html.toString(), "--title", "caller renamed"), stderr());
        String page = Files.readString(html);
        assertTrue(page.contains("caller renamed") && page.contains("newCaller"), "title and the after run's frames");
        Files.writeString(html, "the user's page");
        assertEquals(2, run(before.toString(), after.toString(), "-o", html.toString()));
        assertTrue(stderr().contains("exists; use --force"), stderr());
        assertEquals("the user's page", Files.readString(html), "left untouched");
        assertEquals(0, run(before.toString(), after.toString(), "-o", html.toString(), "--force"), stderr());
        assertTrue(Files.readString(html).contains("newCaller"));
    }

    @Test
    void badInputNamesTheFileOrOption() throws IOException {
        assertEquals(2, run(before.toString(), tmp.resolve("gone.json").toString(), "-o", tmp.resolve("x.html").toString()));
        assertTrue(stderr().contains("gone.json"), stderr());
        assertTrue(Files.notExists(tmp.resolve("x.html")));
        assertEquals(2, run(before.toString(), after.toString(), "--min-width", "100"));
        assertTrue(stderr().contains("--min-width"), stderr());
        assertEquals(2, run(before.toString()));
        assertEquals(2, run(before.toString(), after.toString(), "--bogus"));
        assertTrue(stderr().contains("--bogus"), stderr());
    }
}
