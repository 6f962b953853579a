package dev.ccsampler.exhaustive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.Source;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/** The exhaustive tracer on GraalJS: exact call counts per context. */
class CctTracerTest {

    @TempDir
    Path tmp;

    // Expected tree (calls per context), hand-derived:
    // :program 1
    //   a 1          <- a(2)
    //     leaf 2
    //   b 2
    //     a 2        <- a(3) twice
    //       leaf 6
    //     leaf 2     <- leaf(0) twice
    private static final String CALLS = """
                    function leaf(x) { return x + 1; }
                    function a(n) { let s = 0; for (let i = 0; i < n; i++) { s += leaf(i); } return s; }
                    function b() { return a(3) + leaf(0); }
                    a(2); b(); b();
                    """;

    @Test
    void countsCallsPerContext() throws IOException {
        Path out = tmp.resolve("calls.json");
        try (Context c = tracingContext(out)) {
            c.eval(Source.create("js", CALLS));
            c.eval(Source.newBuilder("js", CALLS, "calls.js").buildLiteral());
        }
        assertEquals(List.of(
                        ":program 1",
                        ":program;a 1",
                        ":program;a;leaf 2",
                        ":program;b 2",
                        ":program;b;a 2",
                        ":program;b;a;leaf 6",
                        ":program;b;leaf 2"), paths(out, "calls.js"));
    }

    // Expected: the throw in thrower (depth 4: d = 3, 2, 1, 0) unwinds to catcher, so after() is a
    // child of catcher, never of thrower. Each catcher call makes one thrower chain.
    private static final String THROWS = """
                    function thrower(d) { if (d === 0) { throw 42; } return thrower(d - 1); }
                    function after() { return 1; }
                    function catcher() { try { thrower(3); } catch (e) { } return after(); }
                    catcher(); catcher();
                    try { thrower(1); } catch (e) { }
                    after();
                    """;

    @Test
    void exceptionsPopUnwoundFrames() throws IOException {
        Path out = tmp.resolve("throws.json");
        try (Context c = tracingContext(out)) {
            c.eval(Source.newBuilder("js", THROWS, "throws.js").buildLiteral());
        }
        assertEquals(List.of(
                        ":program 1",
                        ":program;after 1",
                        ":program;catcher 2",
                        ":program;catcher;after 2",
                        ":program;catcher;thrower 2",
                        ":program;catcher;thrower;thrower 2",
                        ":program;catcher;thrower;thrower;thrower 2",
                        ":program;catcher;thrower;thrower;thrower;thrower 2",
                        ":program;thrower 1",
                        ":program;thrower;thrower 1"), paths(out, "throws.js"));
    }

    @Test
    void oneTreePerThread() throws Exception {
        Path out = tmp.resolve("threads.json");
        try (Engine engine = Engine.newBuilder("js").option("cctracer", "true").option("cctracer.OutputFile", out.toString()).build()) {
            Thread t1 = new Thread(() -> runOn(engine, "function one() { return 1; } one(); one();"), "guest-1");
            Thread t2 = new Thread(() -> runOn(engine, "function two() { return 2; } two();"), "guest-2");
            t1.start();
            t2.start();
            t1.join();
            t2.join();
            CctTracer tracer = engine.getInstruments().get(CctTracerInstrument.ID).lookup(CctTracer.class);
            List<String> threads = new ArrayList<>();
            for (ThreadTrace t : tracer.threads()) {
                List<String> lines = new ArrayList<>();
                fold(t.root(), "", "mt.js", lines);
                if (!lines.isEmpty()) {
                    threads.add(t.threadName() + " " + lines);
                }
                assertEquals(0, t.mismatchedExits(), t.threadName());
            }
            threads.sort(null);
            assertEquals(List.of("guest-1 [:program 1, :program;one 2]", "guest-2 [:program 1, :program;two 1]"), threads);
        }
        String json = Files.readString(out);
        assertTrue(json.contains("\"name\":\"guest-1\"") && json.contains("\"name\":\"guest-2\""), json);
    }

    @Test
    void unwritableOutputFailsAtEngineStart() {
        String bad = tmp.resolve("no-such-dir").resolve("x.json").toString();
        Exception e = assertThrows(Exception.class,
                        () -> Context.newBuilder("js").option("cctracer", "true").option("cctracer.OutputFile", bad).build().close());
        assertTrue(e.getMessage().contains("cctracer.OutputFile") && e.getMessage().contains(bad), e.getMessage());
    }

    @Test
    void writesDeepTreesWithoutRecursion() throws IOException {
        // 100 000 nested contexts: a recursive writer would overflow the stack long before.
        CctTracer tracer = new CctTracer(null);
        ThreadTrace t = tracer.newThread(0, 1, "main");
        TracedMethod f = tracer.intern(new TracedMethod("js", "f", "deep.js", 1));
        int depth = 100_000;
        for (int i = 0; i < depth; i++) {
            t.enter(f);
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        tracer.writeJson(bytes);
        // Read back with a streaming parser and check that every level made it, each with 1 call.
        JsonFactory jf = JsonFactory.builder().streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(Integer.MAX_VALUE).build()).build();
        int calls = 0;
        try (JsonParser p = jf.createParser(bytes.toString(StandardCharsets.UTF_8))) {
            for (JsonToken tok; (tok = p.nextToken()) != null;) {
                if (tok == JsonToken.FIELD_NAME && p.currentName().equals("calls")) {
                    p.nextToken();
                    assertEquals(1, p.getLongValue());
                    calls++;
                }
            }
        }
        assertEquals(depth, calls);
    }

    private static void runOn(Engine engine, String code) {
        try (Context c = Context.newBuilder("js").engine(engine).build()) {
            c.eval(Source.newBuilder("js", code, "mt.js").buildLiteral());
        }
    }

    private static Context tracingContext(Path out) {
        return Context.newBuilder("js").option("cctracer", "true").option("cctracer.OutputFile", out.toString()).build();
    }

    /**
     * Reads the written JSON (through the tree model, so the file itself is checked) into sorted
     * "a;b;c calls" lines of the nodes whose whole path lies in {@code source}.
     */
    private static List<String> paths(Path json, String source) throws IOException {
        TraceNode root = TraceJson.read(json);
        List<String> lines = new ArrayList<>();
        fold(root, "", source, lines);
        return new ArrayList<>(new TreeSet<>(lines));
    }

    private static void fold(TraceNode n, String prefix, String source, List<String> out) {
        for (int i = 0; i < n.childCount(); i++) {
            TraceNode c = n.child(i);
            if (!c.method().source().equals(source)) {
                continue;
            }
            String p = prefix.isEmpty() ? c.method().name() : prefix + ";" + c.method().name();
            out.add(p + " " + c.calls());
            fold(c, p, source, out);
        }
    }
}
