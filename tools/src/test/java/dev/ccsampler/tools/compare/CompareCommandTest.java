package dev.ccsampler.tools.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** The command line: output, options, and the exit status 2 cases. */
class CompareCommandTest {

    @TempDir
    Path tmp;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return CompareCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String stdout() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String stderr() {
        return err.toString(StandardCharsets.UTF_8);
    }

    private Path write(String name, String text) throws IOException {
        Path p = tmp.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    // The two trees of ComparisonTest as folded stacks (edge weight = count of the exact path).
    private Path x() throws IOException {
        return write("x.folded", "a 4\na;b 3\na;c 2\nd 1\n");
    }

    private Path y() throws IOException {
        return write("y.folded", "a 3\na;b 3\na;e 2\nd 2\n");
    }

    @Test
    void textTable() throws IOException {
        assertEquals(0, run("--threshold", "0.5", x().toString(), y().toString()), stderr());
        String s = stdout();
        assertTrue(s.contains("degree of overlap (symmetric)") && s.contains("70.0%"), s);
        assertTrue(s.matches("(?s).*hot-edge coverage A over B, T=0.5\\s+50.0%.*"), s);
        assertTrue(s.matches("(?s).*hot-edge coverage B over A, T=0.5\\s+66.7%.*"), s);
    }

    @Test
    void jsonOutput() throws IOException {
        assertEquals(0, run("--json", "--top", "2", x().toString(), y().toString()), stderr());
        String s = stdout();
        assertTrue(s.contains("\"overlap\":0.7") || s.contains("\"overlap\":0.7000000000000001") || s.contains("\"overlap\":0.6999999999999"), s);
        assertTrue(s.contains("\"hotCoverAB\":0.75") && s.contains("\"topAgreement\":1.0") && s.contains("\"formatA\":\"folded\""), s);
    }

    @Test
    void formatOverride() throws IOException {
        // A cctracer file forced to be read as folded fails on its first line, naming the file.
        Path t = write("t.json", "{\"format\":\"ccsampler-cct\",\"version\":1,\"threads\":[]}");
        assertEquals(2, run("--format1", "folded", t.toString(), y().toString()));
        assertTrue(stderr().contains(t + ":1:"), stderr());
    }

    @Test
    void missingFile() throws IOException {
        Path missing = tmp.resolve("nope.json");
        assertEquals(2, run(x().toString(), missing.toString()));
        assertTrue(stderr().contains(missing.toString()) && stderr().contains("no such file"), stderr());
    }

    @Test
    void malformedJson() throws IOException {
        Path bad = write("bad.json", "{\"tool\":\"cpusampler\",\"contexts\":[{\"profile\":[");
        assertEquals(2, run(bad.toString(), y().toString()));
        assertTrue(stderr().contains(bad.toString()) && stderr().contains("malformed JSON"), stderr());
    }

    @Test
    void cpusamplerNodeWithoutCount() throws IOException {
        Path bad = write("bad.json", "{\"tool\":\"cpusampler\",\"contexts\":[{\"profile\":[{\"samples\":[{\"root_name\":\"f\",\"children\":[]}]}]}]}");
        assertEquals(2, run(bad.toString(), y().toString()));
        assertTrue(stderr().contains(bad.toString()) && stderr().contains("self_hit_count"), stderr());
    }

    @Test
    void malformedFoldedLine() throws IOException {
        Path bad = write("bad.folded", "a;b 3\na;b three\n");
        assertEquals(2, run(x().toString(), bad.toString()));
        assertTrue(stderr().contains(bad + ":2:") && stderr().contains("a;b three"), stderr());
    }

    @Test
    void badOptions() throws IOException {
        assertEquals(2, run("--threshold", "1.5", x().toString(), y().toString()));
        assertTrue(stderr().contains("Invalid threshold '1.5'"), stderr());
        assertEquals(2, run("--format2", "pprof", x().toString(), y().toString()));
        assertTrue(stderr().contains("use one of ccsampler, cpusampler, cctracer, folded"), stderr());
        assertEquals(2, run(x().toString()));
    }
}
