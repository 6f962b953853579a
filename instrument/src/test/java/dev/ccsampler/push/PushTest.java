package dev.ccsampler.push;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.ccmap.ThreadProfile;
import dev.ccsampler.report.ExportFixtures;
import dev.ccsampler.report.Format;
import dev.ccsampler.report.ReportOptions;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.Source;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code --ccsampler.PushUrl} against a Pyroscope-shaped receiver on loopback: a real JavaScript
 * program is profiled with a 400 ms push interval, and the test checks each request (method, path,
 * query, content type), that the pushes are intervals (they add up to the run-end profile written
 * by {@code OutputFile}, line for line or function for function, so nothing is counted twice), that
 * the pprof bodies are read by the real {@code go tool pprof}, and that folded bodies are
 * {@code stack count} lines. A failing receiver and an unreachable one must not fail the run.
 */
class PushTest {

    /** Burns CPU in three functions for about {@code ms} milliseconds per call of {@code run}. */
    private static final String PROGRAM = """
                    function alpha(n) { let s = 0; for (let i = 0; i < n; i++) { s += Math.sqrt(i); } return s; }
                    function beta(n) { let s = 0; for (let i = 0; i < n; i++) { s += Math.sin(i); } return s; }
                    function gamma(n) { let s = 0; for (let i = 0; i < n; i++) { s += i % 7; } return s; }
                    function run(ms) {
                      const end = Date.now() + ms;
                      let s = 0;
                      while (Date.now() < end) { s += alpha(6000) + beta(3000) + gamma(1000); }
                      return s;
                    }
                    """;

    private static final Pattern TOP_ROW = Pattern.compile("^\\s*(\\d+)\\s+[\\d.]+%\\s+[\\d.]+%\\s+(\\d+)\\s+[\\d.]+%\\s+(\\S+)\\s*$");

    @TempDir
    Path tmp;

    private HttpServer server;
    private final List<Received> received = new CopyOnWriteArrayList<>();
    /** Status for the n-th request (0-based); 200 when absent. */
    private final Map<Integer, Integer> statusOf = new java.util.concurrent.ConcurrentHashMap<>();

    /** One request as the receiver saw it. */
    record Received(String method, String path, Map<String, String> query, String contentType, byte[] body, int status) {
    }

    @BeforeEach
    void startReceiver() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            byte[] body = exchange.getRequestBody().readAllBytes();
            int status = statusOf.getOrDefault(received.size(), 200);
            received.add(new Received(exchange.getRequestMethod(), exchange.getRequestURI().getPath(), query(exchange.getRequestURI()),
                            exchange.getRequestHeaders().getFirst("Content-Type"), body, status));
            byte[] answer = status == 200 ? new byte[0] : "ingester unavailable".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(status, answer.length == 0 ? -1 : answer.length);
            if (answer.length > 0) {
                exchange.getResponseBody().write(answer);
            }
            exchange.close();
        });
        server.start();
    }

    @AfterEach
    void stopReceiver() {
        server.stop(0);
    }

    private String receiverUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    private static Map<String, String> query(URI uri) {
        Map<String, String> q = new LinkedHashMap<>();
        for (String pair : uri.getRawQuery().split("&")) {
            int eq = pair.indexOf('=');
            q.put(URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8), URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
        }
        return q;
    }

    /** What a profiled run left behind. */
    record RunResult(int beforeClose, String err) {
    }

    /**
     * Runs {@link #PROGRAM} until the receiver has seen {@code requests} requests, then about 100 ms
     * more (well inside the next 400 ms interval, so the last interval has samples), and closes the
     * context.
     */
    private RunResult profile(Map<String, String> options, int requests) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Context.Builder b = Context.newBuilder("js").err(err).option("ccsampler.Period", "1ms").option("ccsampler.PushInterval", "400ms");
        options.forEach(b::option);
        int beforeClose;
        try (Context c = b.build()) {
            c.eval(Source.newBuilder("js", PROGRAM, "push.js").buildLiteral());
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (received.size() < requests && System.nanoTime() < deadline) {
                c.eval("js", "run(20)");
            }
            assertTrue(received.size() >= requests, "the receiver saw only " + received.size() + " requests in 30 s");
            c.eval("js", "run(100)"); // 100 ms: samples even on a loaded machine (30 ms once gave none), still inside the 400 ms interval
            beforeClose = received.size();
        }
        return new RunResult(beforeClose, err.toString(StandardCharsets.UTF_8));
    }

    private static void checkQuery(Received r, String name, String format, long startSeconds) {
        assertEquals("POST", r.method());
        assertEquals(name, r.query().get("name"), r.query().toString());
        assertEquals(format, r.query().get("format"));
        assertEquals("1000", r.query().get("sampleRate"), "1 ms period");
        assertEquals("ccsampler", r.query().get("spyName"));
        assertEquals("samples", r.query().get("units"));
        assertEquals("sum", r.query().get("aggregationType"));
        long from = Long.parseLong(r.query().get("from"));
        long until = Long.parseLong(r.query().get("until"));
        long now = System.currentTimeMillis() / 1000;
        assertTrue(startSeconds - 1 <= from && from <= until && until <= now, r.query().toString());
    }

    @Test
    void pprofPushesAddUpToTheRunEndProfileInGoToolPprof() throws Exception {
        String go = ExportFixtures.tool("install Debian's golang-go", "/usr/bin/go", "/usr/lib/go/bin/go");
        Path end = tmp.resolve("end.pb.gz");
        long start = System.currentTimeMillis() / 1000;
        RunResult run = profile(Map.of("ccsampler", "pprof", "ccsampler.OutputFile", end.toString(), "ccsampler.PushUrl", receiverUrl()), 2);

        assertTrue(run.beforeClose() >= 2, "interval pushes while running: " + run.beforeClose());
        // Not exactly one more: a periodic push racing with the close would land here too. The sums
        // below show that no interval is missing or counted twice.
        assertTrue(received.size() > run.beforeClose(), "the last interval is pushed when the engine closes");
        assertFalse(run.err().contains("[ccsampler]"), run.err());
        List<String> files = new ArrayList<>();
        long lastFrom = 0;
        for (Received r : received) {
            assertEquals("/ingest", r.path());
            checkQuery(r, "ccsampler", "pprof", start);
            assertEquals("application/octet-stream", r.contentType());
            assertTrue((r.body()[0] & 0xff) == 0x1f && (r.body()[1] & 0xff) == 0x8b, "gzipped profile.proto");
            long from = Long.parseLong(r.query().get("from"));
            assertTrue(from >= lastFrom, "intervals move forward");
            lastFrom = from;
            Path f = tmp.resolve("push-" + files.size() + ".pb.gz");
            Files.write(f, r.body());
            files.add(f.toString());
        }

        // go tool pprof merges the profiles given to it: the pushes together must be the run-end profile.
        Map<String, long[]> pushed = top(go, files);
        Map<String, long[]> whole = top(go, List.of(end.toString()));
        assertTrue(whole.containsKey("alpha"), whole.keySet().toString());
        assertEquals(render(whole), render(pushed), "flat and cum of every function, pushes merged vs run end");
        assertEquals(whole.keySet().iterator().next(), pushed.keySet().iterator().next(), "top function");
    }

    /** {@code go tool pprof -top} rows: function → {flat, cum} in samples, in the tool's order. */
    private Map<String, long[]> top(String go, List<String> files) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(go, "tool", "pprof", "-top", "-sample_index=samples", "-nodecount=1000", "-nodefraction=0", "-edgefraction=0"));
        cmd.addAll(files);
        String tmpDir = tmp.toString();
        ExportFixtures.Run r = ExportFixtures.run(null, Map.of("HOME", tmpDir, "PPROF_TMPDIR", tmpDir), cmd.toArray(String[]::new));
        assertEquals(0, r.exit(), "go tool pprof failed:\n" + r.output());
        Map<String, long[]> rows = new LinkedHashMap<>();
        for (String line : r.output().split("\n")) {
            Matcher m = TOP_ROW.matcher(line);
            if (m.matches()) {
                rows.put(m.group(3), new long[]{Long.parseLong(m.group(1)), Long.parseLong(m.group(2))});
            }
        }
        assertFalse(rows.isEmpty(), r.output());
        return rows;
    }

    private static String render(Map<String, long[]> rows) {
        Map<String, String> sorted = new TreeMap<>();
        rows.forEach((k, v) -> sorted.put(k, v[0] + "/" + v[1]));
        return sorted.toString();
    }

    @Test
    void foldedPushesAddUpToTheRunEndProfileAcrossAFailedPush() throws Exception {
        statusOf.put(0, 503); // the first push fails: its samples must arrive with the second
        Path end = tmp.resolve("end.folded");
        long start = System.currentTimeMillis() / 1000;
        String name = "ccsampler-test{env=ci,run=folded}";
        RunResult run = profile(Map.of("ccsampler", "folded", "ccsampler.OutputFile", end.toString(), "ccsampler.PushUrl", receiverUrl() + "/pyroscope/",
                        "ccsampler.PushFormat", "folded", "ccsampler.PushName", name), 3);

        assertTrue(received.size() > run.beforeClose(), "the last interval is pushed when the engine closes");
        String warning = "[ccsampler] Could not push the profile to " + receiverUrl() + "/pyroscope/ingest: HTTP 503 (ingester unavailable)";
        assertEquals(1, count(run.err(), "Could not push"), run.err());
        assertTrue(run.err().contains(warning), run.err());
        assertTrue(run.err().contains("works again, after 1 failed push."), run.err());
        assertTrue(run.err().contains("1 of " + received.size() + " pushes to " + receiverUrl() + "/pyroscope/ingest failed."), run.err());

        Map<String, Long> pushed = new TreeMap<>();
        for (Received r : received) {
            assertEquals("/pyroscope/ingest", r.path());
            checkQuery(r, name, "folded", start);
            assertEquals("text/plain; charset=utf-8", r.contentType());
            if (r.status() == 200) {
                parseFolded(new String(r.body(), StandardCharsets.UTF_8)).forEach((k, v) -> pushed.merge(k, v, Long::sum));
            }
        }
        Map<String, Long> whole = parseFolded(Files.readString(end));
        assertTrue(whole.keySet().stream().anyMatch(k -> k.contains("alpha (")), whole.toString());
        assertEquals(whole, pushed, "the delivered pushes, summed per stack, are the run-end profile");
    }

    /** {@code stack count} lines to a map; fails on any other line. */
    private static Map<String, Long> parseFolded(String text) {
        Map<String, Long> lines = new TreeMap<>();
        for (String line : text.split("\n")) {
            int sp = line.lastIndexOf(' ');
            assertTrue(sp > 0 && line.substring(sp + 1).matches("[1-9]\\d*"), "not 'stack count': " + line);
            assertTrue(lines.put(line.substring(0, sp), Long.parseLong(line.substring(sp + 1))) == null, "stack twice in one body: " + line);
        }
        return lines;
    }

    private static int count(String s, String part) {
        int n = 0;
        for (int i = s.indexOf(part); i >= 0; i = s.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }

    @Test
    void unreachableEndpointIsAWarningNotAFailure() throws IOException {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        String url = "http://127.0.0.1:" + port;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        // PushUrl alone enables sampling, without a run-end report
        try (Context c = Context.newBuilder("js").err(err).option("ccsampler.Period", "1ms").option("ccsampler.PushInterval", "200ms")
                        .option("ccsampler.PushUrl", url).build()) {
            c.eval(Source.newBuilder("js", PROGRAM, "push.js").buildLiteral());
            assertTrue(c.eval("js", "run(700)").asDouble() > 0);
        }
        String e = err.toString(StandardCharsets.UTF_8);
        assertEquals(1, count(e, "Could not push"), e);
        assertTrue(e.contains("[ccsampler] Could not push the profile to " + url + "/ingest: cannot connect (nothing listening, or the host is unreachable): java.net.ConnectException"), e);
        Matcher m = Pattern.compile("\\[ccsampler\\] (\\d+) of (\\d+) pushes to " + Pattern.quote(url) + "/ingest failed; the samples since the last delivered push were not delivered\\.").matcher(e);
        assertTrue(m.find(), e);
        assertEquals(m.group(1), m.group(2));
        assertTrue(Integer.parseInt(m.group(1)) >= 2, "interval pushes and the final one were tried: " + e);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "ccsampler.PushUrl|ftp://example.org|the scheme must be http or https",
        "ccsampler.PushUrl|localhost:4040|the scheme must be http or https",
        "ccsampler.PushUrl|http:///ingest|it has no host",
        "ccsampler.PushUrl|http://h:4040/x?y=1|must not have a query",
        "ccsampler.PushUrl|http://h :4040|it is not a URL",
        "ccsampler.PushFormat|json|use pprof or folded",
        "ccsampler.PushInterval|0s|from 100ms to 60m",
        "ccsampler.PushInterval|-1s|from 100ms to 60m",
        "ccsampler.PushInterval|soon|from 100ms to 60m",
        "ccsampler.PushName|my app|has a character other than",
        "ccsampler.PushName|app{env}|needs a key",
        "ccsampler.PushName|app{env=prod|do not end with '}'",
        "ccsampler.PushName|{env=prod}|the application name is empty"})
    void badValuesNameTheOption(String option, String value, String legal) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> {
            try (Engine en = Engine.newBuilder().option("engine.WarnInterpreterOnly", "false").option("ccsampler", "true").option(option, value).build()) {
                en.getImplementationName();
            }
        });
        String m = e.getMessage();
        assertTrue(m.contains(option) && m.contains("'" + value + "'") && m.contains(legal), m);
    }

    @Test
    void goodValuesParse() {
        assertEquals(URI.create("http://localhost:4040/ingest"), PushConfig.parseUrl("http://localhost:4040"));
        assertEquals(URI.create("https://p.example/pyro/ingest"), PushConfig.parseUrl(" https://p.example/pyro/ "));
        assertEquals(10_000_000_000L, PushConfig.parseIntervalNanos("10s"));
        assertEquals(120_000_000_000L, PushConfig.parseIntervalNanos("2m"));
        assertEquals(250_000_000L, PushConfig.parseIntervalNanos("250"));
        assertEquals("app.cpu{env=prod,region=eu-1}", PushConfig.parseName("app.cpu{env=prod,region=eu-1}"));
        assertEquals("svc/api{}", PushConfig.parseName("svc/api{}"));
        assertEquals(100, PushConfig.sampleRate(10_000_000L));
        assertEquals(333, PushConfig.sampleRate(3_000_000L));
        assertEquals(1, PushConfig.sampleRate(60_000_000_000L));
        PushConfig c = new PushConfig(PushConfig.parseUrl("http://h:1"), Format.FOLDED, 1, "a{b=c d}");
        assertEquals("http://h:1/ingest?name=a%7Bb%3Dc%20d%7D&from=1&until=2&format=folded&sampleRate=1000&spyName=ccsampler&units=samples&aggregationType=sum",
                        c.requestUri(1999, 2000, 1_000_000L).toString());
    }

    @Test
    void intervalProfileSubtractsByPath() throws IOException {
        ProfileSnapshot s = ExportFixtures.snapshot();
        assertEquals(folded(s), folded(IntervalProfile.between(null, s)), "the first interval is everything");
        ProfileSnapshot none = IntervalProfile.between(s, s);
        assertEquals(0, none.totalSamples());
        assertTrue(none.threads().isEmpty());
        assertEquals(s.meta().endEpochMillis(), none.meta().startEpochMillis(), "an interval starts where the last one ended");

        // An earlier state in which only "main" had run: the interval is the other two threads.
        ThreadProfile main = s.threads().get(0);
        ProfileSnapshot earlier = new ProfileSnapshot(s.meta(), s.methods(), s.methodStats(), s.callSites(), List.of(main));
        ProfileSnapshot rest = IntervalProfile.between(earlier, s);
        assertEquals(List.of("worker-1", "worker-2"), rest.threads().stream().map(ThreadProfile::threadName).toList());
        assertEquals(s.totalSamples() - main.root().total(), rest.totalSamples());

        // A later snapshot with fewer threads (the map was cleared): the later one whole.
        ProfileSnapshot cleared = new ProfileSnapshot(s.meta(), s.methods(), s.methodStats(), s.callSites(), List.of(s.threads().get(1)));
        assertEquals(folded(cleared), folded(IntervalProfile.between(s, cleared)));
    }

    private static String folded(ProfileSnapshot s) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Format.FOLDED.reporter().write(s, ReportOptions.DEFAULT, out);
        return out.toString(StandardCharsets.UTF_8);
    }
}
