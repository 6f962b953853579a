package dev.ccsampler.tools.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Source;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/** Every input format from small literal files, plus real GraalVM cpusampler and cctracer output. */
class ProfileReadersTest {

    @TempDir
    Path tmp;

    /** Sorted "label;label weight" lines of every edge. */
    static List<String> lines(Cct c) {
        List<String> out = new ArrayList<>();
        c.forEachEdge(n -> out.add(String.join(";", n.path().stream().map(Frame::label).toList()) + " " + n.weight()));
        return new ArrayList<>(new TreeSet<>(out));
    }

    private Path write(String name, String text) throws IOException {
        Path p = tmp.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    @Test
    void folded() throws Exception {
        Path p = write("a.folded", """
                        # comment
                        main (app.js:1);work (app.js:5) 3
                        main (app.js:1);work (/src/app.js:5)_[0] 2

                        main (app.js:1) 1
                        lib;helper (lib.py) 4
                        """);
        assertEquals(ProfileFormat.FOLDED, ProfileFormat.detect(p));
        assertEquals(List.of(
                        "lib (<unknown>) 0",
                        "lib (<unknown>);helper (lib.py) 4",
                        "main (app.js:1) 1",
                        "main (app.js:1);work (app.js:5) 5"), lines(ProfileReaders.read(p, null, false)));
    }

    @Test
    void cpusamplerLiteral() throws Exception {
        // Field order shuffled on purpose: GraalVM's JSON objects keep none. Two threads merge.
        Path p = write("cpu.json", """
                        {"version":"0.5.0","contexts":[{"sample_count":15,"profile":[
                          {"samples":[{"children":[{"self_hit_count":5,"hit_count":5,"root_name":"leaf",
                              "source_section":{"start_line":3,"source_name":"app.js","path":"/tmp/app.js","language":"js"},
                              "children":[],"self_hit_times":[]}],
                            "root_name":":program","self_hit_count":1,"hit_count":6,"source_section":{"source_name":"app.js","start_line":1}}],
                           "thread":"Thread[#1,main,5,main]"},
                          {"thread":"Thread[#30,w,5,main]","samples":[
                            {"root_name":":program","source_section":{"source_name":"app.js","start_line":1},"self_hit_count":3,"children":[]},
                            {"root_name":"native","source_section":{},"self_hit_count":2,"self_tier_count":[2],"children":[]}]}],
                          "period":10}],"tool":"cpusampler"}
                        """);
        assertEquals(ProfileFormat.CPUSAMPLER, ProfileFormat.detect(p));
        Cct c = ProfileReaders.read(p, null, false);
        assertEquals(Cct.Kind.SAMPLES, c.kind());
        assertEquals(List.of(
                        ":program (app.js:1) 4",
                        ":program (app.js:1);leaf (app.js:3) 5",
                        "native (<unknown>) 2"), lines(c));
    }

    @Test
    void cctracerLiteral() throws Exception {
        Path p = write("t.json", """
                        {"format":"ccsampler-cct","version":1,"threads":[
                          {"name":"main","id":1,"root":{"children":[
                            {"language":"js","name":":program","source":"app.js","line":1,"calls":1,"children":[
                              {"language":"js","name":"f","source":"app.js","line":2,"calls":7,"children":[]}]}]}},
                          {"name":"w","id":2,"root":{"children":[
                            {"children":[],"calls":2,"line":1,"source":"app.js","name":":program","language":"js"}]}}]}
                        """);
        assertEquals(ProfileFormat.CCTRACER, ProfileFormat.detect(p));
        Cct c = ProfileReaders.read(p, null, false);
        assertEquals(Cct.Kind.CALLS, c.kind());
        assertEquals(List.of(":program (app.js:1) 3", ":program (app.js:1);f (app.js:2) 7"), lines(c));
    }

    @Test
    void otherJsonIsTakenForCcsampler() throws Exception {
        Path p = write("cc.json", "{\"meta\":{\"periodNanos\":1},\"threads\":[]}");
        assertEquals(ProfileFormat.CCSAMPLER, ProfileFormat.detect(p));
    }

    private static final String BUSY = """
                    function busy(n) { let s = 0; for (let i = 0; i < n; i++) { s += i % 7; } return s; }
                    function run() { const end = Date.now() + 300; let k = 0; while (Date.now() < end) { busy(20000); k++; } return k; }
                    run();
                    """;

    @Test
    void realCpusamplerAndTracerOutputOfOneRun() throws Exception {
        Path cpu = tmp.resolve("cpusampler.json");
        Path trace = tmp.resolve("cctracer.json");
        long k;
        try (Context ctx = Context.newBuilder("js").allowExperimentalOptions(true)
                        .option("cpusampler", "true").option("cpusampler.Output", "json").option("cpusampler.OutputFile", cpu.toString())
                        .option("cctracer", "true").option("cctracer.OutputFile", trace.toString()).build()) {
            k = ctx.eval(Source.newBuilder("js", BUSY, "busy.js").buildLiteral()).asLong();
        }
        assertEquals(ProfileFormat.CPUSAMPLER, ProfileFormat.detect(cpu));
        assertEquals(ProfileFormat.CCTRACER, ProfileFormat.detect(trace));
        Cct sampled = ProfileReaders.read(cpu, null, false);
        Cct exact = ProfileReaders.read(trace, null, false);
        Frame program = Frame.of(":program", "busy.js", 1);
        Frame run = Frame.of("run", "busy.js", 2);
        Frame busy = Frame.of("busy", "busy.js", 1);
        // The tracer's tree is exact: one run, k busy calls (k is what run() returned).
        Cct.Node runExact = exact.root().child(program).child(run);
        assertEquals(1, runExact.weight());
        assertEquals(k, runExact.child(busy).weight());
        // The sampler saw the same contexts with the same frame keys, so the trees share edges.
        assertTrue(sampled.totalWeight() > 0);
        Cct.Node runSampled = sampled.root().child(program).child(run);
        assertNotNull(runSampled, lines(sampled).toString());
        CompareResult r = Comparison.compare(sampled, exact, 0.1, 10);
        assertTrue(r.commonEdges() >= 2, r.toString());
        assertTrue(r.overlap() >= 0 && r.overlap() <= 1, r.toString());
    }

    @Test
    void foldedBytesThatAreNotUtf8AreNamedByTheirLine() throws Exception {
        // the buffered reader decodes ahead: the error must name the line of the bad bytes, not the line being read
        StringBuilder good = new StringBuilder();
        for (int i = 0; i < 300; i++) {
            good.append("main;work").append(i).append(" 1\n");
        }
        Path p = tmp.resolve("bad-utf8.folded");
        byte[] head = good.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] all = java.util.Arrays.copyOf(head, head.length + 8);
        System.arraycopy(new byte[]{'m', ';', (byte) 0xFF, 'x', ' ', '1', '\n', 'z'}, 0, all, head.length, 8);
        Files.write(p, all);
        ProfileReadException e = org.junit.jupiter.api.Assertions.assertThrows(ProfileReadException.class, () -> ProfileReaders.read(p, ProfileFormat.FOLDED, false));
        assertTrue(e.getMessage().startsWith(p + ":301: not UTF-8"), e.getMessage());
    }
}
