package dev.ccsampler.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.report.ExportFixtures;
import dev.ccsampler.report.JsonProfileReader;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Source;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --ccsampler.Listen}: a real JavaScript guest runs while the real {@code go tool pprof} and
 * headless Chromium read the live endpoint, and the endpoint refuses what it should, each refusal
 * with its status and a reason.
 */
class ListenTest {

    private static final String PROGRAM = """
                    function alpha(n) { let s = 0; for (let i = 0; i < n; i++) { s += Math.sqrt(i); } return s; }
                    function beta(n) { let s = 0; for (let i = 0; i < n; i++) { s += Math.sin(i); } return s; }
                    function run(ms) { const end = Date.now() + ms; let s = 0; while (Date.now() < end) { s += alpha(6000) + beta(3000); } return s; }
                    """;
    private static final Pattern URL = Pattern.compile("Live profiles at (http://[0-9.:\\[\\]]+)/");
    private static final String TOKEN = "s3cret-token-0123456789";

    @TempDir
    Path tmp;

    /** A guest busy in {@link #PROGRAM} on its own thread until {@link #close()}. */
    private static final class Busy implements AutoCloseable {
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final Context context;
        final AtomicBoolean stop = new AtomicBoolean();
        final Thread guest;
        final String url;

        Busy(Map<String, String> options) {
            Context.Builder b = Context.newBuilder("js").err(err).option("ccsampler.Period", "1ms");
            options.forEach(b::option);
            context = b.build();
            context.eval(Source.newBuilder("js", PROGRAM, "listen.js").buildLiteral());
            guest = new Thread(() -> {
                context.enter();
                try {
                    while (!stop.get()) {
                        context.eval("js", "run(20)");
                    }
                } finally {
                    context.leave();
                }
            }, "guest");
            guest.start();
            Matcher m = URL.matcher(err.toString(StandardCharsets.UTF_8));
            assertTrue(m.find(), "the endpoint's address on stderr: " + err);
            url = m.group(1);
        }

        @Override
        public void close() throws InterruptedException {
            stop.set(true);
            guest.join();
            context.close();
        }
    }

    /** One raw HTTP exchange, so the Host and Authorization headers are exactly what the test says. */
    record Answer(int status, Map<String, String> headers, byte[] body) {
        String text() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    static Answer get(String url, String method, String path, String host, String authorization) throws IOException {
        Matcher m = Pattern.compile("http://(.*):(\\d+)").matcher(url);
        assertTrue(m.matches(), url);
        try (Socket s = new Socket("127.0.0.1", Integer.parseInt(m.group(2)))) {
            s.setSoTimeout(120_000); // a hang guard, not a timing assertion
            OutputStream o = s.getOutputStream();
            String req = method + " " + path + " HTTP/1.1\r\nHost: " + host + "\r\n" + (authorization == null ? "" : "Authorization: " + authorization + "\r\n")
                            + "Connection: close\r\n\r\n";
            o.write(req.getBytes(StandardCharsets.US_ASCII));
            o.flush();
            byte[] all = s.getInputStream().readAllBytes();
            String raw = new String(all, StandardCharsets.ISO_8859_1);
            int end = raw.indexOf("\r\n\r\n");
            String[] head = raw.substring(0, end).split("\r\n");
            Map<String, String> headers = new java.util.TreeMap<>(String.CASE_INSENSITIVE_ORDER);
            for (int i = 1; i < head.length; i++) {
                int c = head[i].indexOf(':');
                headers.put(head[i].substring(0, c).trim(), head[i].substring(c + 1).trim());
            }
            byte[] body = java.util.Arrays.copyOfRange(all, end + 4, all.length);
            if ("chunked".equalsIgnoreCase(headers.get("Transfer-Encoding"))) {
                body = dechunk(body);
            }
            return new Answer(Integer.parseInt(head[0].split(" ")[1]), headers, body);
        }
    }

    private static byte[] dechunk(byte[] b) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int i = 0;
        while (true) {
            int eol = i;
            while (b[eol] != '\r') {
                eol++;
            }
            int n = Integer.parseInt(new String(b, i, eol - i, StandardCharsets.US_ASCII).trim(), 16);
            if (n == 0) {
                return out.toByteArray();
            }
            out.write(b, eol + 2, n);
            i = eol + 2 + n + 2;
        }
    }

    static Answer get(String url, String path) throws IOException {
        return get(url, "GET", path, url.substring("http://".length()), null);
    }

    @Test
    void goToolPprofAndABrowserReadTheEndpointWhileTheGuestRuns() throws Exception {
        try (Busy busy = new Busy(Map.of("ccsampler.Listen", "0"))) {
            String go = ExportFixtures.tool("install Debian's golang-go", "/usr/bin/go", "/usr/lib/go/bin/go");
            ExportFixtures.Run r = ExportFixtures.run(tmp, Map.of("HOME", tmp.toString(), "PPROF_TMPDIR", tmp.toString()), go, "tool", "pprof", "-top", "-sample_index=samples",
                            busy.url + "/debug/pprof/profile?seconds=2");
            assertEquals(0, r.exit(), r.output());
            assertTrue(r.output().contains("Fetching profile over HTTP from " + busy.url + "/debug/pprof/profile?seconds=2"), r.output());
            assertTrue(Pattern.compile("(?m)^\\s*\\d+\\s+[\\d.]+%.*\\salpha$").matcher(r.output()).find(), "alpha in go tool pprof -top:\n" + r.output());
            assertTrue(Pattern.compile("(?m)^\\s*\\d+\\s+[\\d.]+%.*\\sbeta$").matcher(r.output()).find(), "beta in go tool pprof -top:\n" + r.output());

            // the whole run so far, in our JSON, read back by our reader
            Answer json = get(busy.url, "/snapshot?format=json");
            assertEquals(200, json.status(), json.text());
            assertEquals("application/json", json.headers().get("Content-Type"));
            Path file = tmp.resolve("live.json");
            Files.write(file, json.body());
            ProfileSnapshot s = JsonProfileReader.read(file);
            assertTrue(s.accounting().balanced(), s.accounting().summaryLine());
            assertTrue(s.methods().stream().anyMatch(m -> m.name().equals("alpha")), s.methods().toString());

            // an interval in a text format
            Answer folded = get(busy.url, "/snapshot?format=folded&seconds=1");
            assertEquals(200, folded.status(), folded.text());
            // the guest's frames, whichever of its two leaves the second holds: once compiled,
            // alpha's counted loop of Math.sqrt keeps no safepoint poll, and on 2026-12-05's CI
            // machine every tick of the second was walked at beta's (996 of 996; docs/live.md)
            assertTrue(Pattern.compile("(?m)^:program \\(Unnamed:1\\);run \\(listen\\.js:3\\);(alpha|beta) \\(listen\\.js:[12]\\) \\d+$").matcher(folded.text()).find(), folded.text());

            // the index page and a flame graph, rendered by headless Chromium
            String index = chromiumDom(busy.url + "/");
            assertTrue(index.contains("ccsampler live profile"), index);
            for (dev.ccsampler.report.Format f : dev.ccsampler.report.Format.values()) {
                assertEquals(1, count(index, "<a href=\"/snapshot?format=" + f.id() + "\">"), "one link to the " + f.id() + " snapshot:\n" + index);
            }
            assertTrue(index.contains("go tool pprof"), index);
            String flame = chromiumDom(busy.url + "/snapshot?format=flamegraph");
            assertTrue(flame.contains("alpha"), "the flame graph shows alpha");
        }
    }

    private String chromiumDom(String url) throws Exception {
        String chromium = ExportFixtures.tool("install Debian's chromium", System.getenv("CCSAMPLER_CHROMIUM"), "/usr/bin/chromium");
        ExportFixtures.Run r = ExportFixtures.run(tmp, Map.of(), chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                        "--disable-background-networking", "--disable-component-update", "--disable-sync", "--user-data-dir=" + tmp.resolve("chromium-profile"),
                        "--virtual-time-budget=3000", "--dump-dom", url);
        assertEquals(0, r.exit(), r.output());
        return r.output();
    }

    private static int count(String s, String what) {
        int n = 0;
        for (int i = s.indexOf(what); i >= 0; i = s.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }

    @Test
    void refusesWhatItShouldWithAReason() throws Exception {
        try (Busy busy = new Busy(Map.of("ccsampler.Listen", "127.0.0.1:0"))) {
            String host = busy.url.substring("http://".length());
            assertRefused(get(busy.url, "/nope"), 404, "no page /nope");
            assertRefused(get(busy.url, "POST", "/", host, null), 405, "method POST is not allowed");
            assertEquals("GET, HEAD", get(busy.url, "POST", "/", host, null).headers().get("Allow"));
            assertRefused(get(busy.url, "/debug/pprof/profile?seconds=abc"), 400, "invalid value for seconds: 'abc'");
            assertRefused(get(busy.url, "/debug/pprof/profile?seconds=0"), 400, "seconds=0 is out of range");
            assertRefused(get(busy.url, "/debug/pprof/profile?seconds=99999"), 400, "seconds=99999 is out of range");
            assertRefused(get(busy.url, "/snapshot?format=bogus"), 400, "unknown format 'bogus'");
            assertEquals(400, get(busy.url, "/snapshot?format=%zz").status(), "a malformed request line (refused by the JDK's HTTP server itself)");
            // DNS rebinding: a page of another origin whose name resolves to 127.0.0.1
            assertRefused(get(busy.url, "GET", "/", "attacker.example:80", null), 421, "answers requests to 127.0.0.1, [::1] or localhost only");
            assertEquals(200, get(busy.url, "GET", "/", "localhost:1234", null).status());
            Answer head = get(busy.url, "HEAD", "/snapshot?format=histogram", host, null);
            assertEquals(200, head.status());
            assertEquals(0, head.body().length);
        }
    }

    private static void assertRefused(Answer a, int status, String reason) {
        assertEquals(status, a.status(), a.text());
        assertEquals("text/plain; charset=utf-8", a.headers().get("Content-Type"));
        assertTrue(a.text().startsWith("ccsampler: ") && a.text().contains(reason), a.text());
        assertEquals(1, a.text().strip().split("\n").length, "one line: " + a.text());
    }

    @Test
    void aNonLoopbackAddressNeedsATokenAndEveryRequestCarriesIt() throws Exception {
        RuntimeException e = assertThrows(RuntimeException.class, () -> Context.newBuilder("js").option("ccsampler.Listen", "0.0.0.0:0").build().close());
        assertTrue(e.getMessage().contains("is not a loopback address") && e.getMessage().contains("--ccsampler.ListenToken"), e.getMessage());

        try (Busy busy = new Busy(Map.of("ccsampler.Listen", "0.0.0.0:0", "ccsampler.ListenToken", TOKEN))) {
            String host = "203.0.113.7:6060"; // with a token, any Host is fine: the token is the check
            Answer none = get(busy.url, "GET", "/", host, null);
            assertRefused(none, 401, "this server needs its token");
            assertEquals("Bearer realm=\"ccsampler\"", none.headers().get("WWW-Authenticate"));
            assertRefused(get(busy.url, "GET", "/?token=wrong-token-0123456789", host, null), 403, "wrong token");
            assertRefused(get(busy.url, "GET", "/", host, "Bearer not-the-token-0000000"), 403, "wrong token");
            assertEquals(200, get(busy.url, "GET", "/?token=" + TOKEN, host, null).status());
            assertEquals(200, get(busy.url, "GET", "/snapshot?format=folded", host, "Bearer " + TOKEN).status());
        }
    }

    @Test
    void badValuesNameTheOption() {
        for (String[] bad : new String[][]{{"ccsampler.Listen", "abc", "'abc' is not a port number"}, {"ccsampler.Listen", "70000", "the port must be 0 to 65535"},
                        {"ccsampler.Listen", "1:2:3", "[address]:port"}, {"ccsampler.Listen", "no-such-host.invalid:80", "unknown host"}}) {
            RuntimeException e = assertThrows(RuntimeException.class, () -> Context.newBuilder("js").option(bad[0], bad[1]).build().close());
            assertTrue(e.getMessage().contains("Invalid ccsampler.Listen '" + bad[1] + "'") && e.getMessage().contains(bad[2]), e.getMessage());
        }
        RuntimeException shortToken = assertThrows(RuntimeException.class,
                        () -> Context.newBuilder("js").option("ccsampler.Listen", "0").option("ccsampler.ListenToken", "short").build().close());
        assertTrue(shortToken.getMessage().contains("Invalid ccsampler.ListenToken: use at least 16"), shortToken.getMessage());
        RuntimeException alone = assertThrows(RuntimeException.class, () -> Context.newBuilder("js").option("ccsampler.ListenToken", TOKEN).build().close());
        assertTrue(alone.getMessage().contains("ccsampler.ListenToken is set but ccsampler.Listen is not"), alone.getMessage());
    }

    @Test
    void aPortInUseIsReportedAtStartNamingTheOption() throws Exception {
        try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            RuntimeException e = assertThrows(RuntimeException.class,
                            () -> Context.newBuilder("js").option("ccsampler.Listen", "127.0.0.1:" + taken.getLocalPort()).build().close());
            assertTrue(e.getMessage().contains("Cannot listen on 127.0.0.1:" + taken.getLocalPort() + " for ccsampler.Listen"), e.getMessage());
        }
    }

    @Test
    void closingTheEngineAnswersAWaitingRequestAtOnce() throws Exception {
        // every tick walked: the interval is half a second of a cold engine, whose first walks the
        // default 3 % budget thins most
        Busy busy = new Busy(Map.of("ccsampler.Listen", "0", "ccsampler.CostBudget", "100"));
        CompletableFuture<Answer> waiting = CompletableFuture.supplyAsync(() -> {
            try {
                return get(busy.url, "/snapshot?format=folded&seconds=600");
            } catch (IOException e) {
                throw new RuntimeException(e);
            }
        });
        Thread.sleep(500);
        assertFalse(waiting.isDone(), "the request waits for its interval");
        busy.close();
        Answer a = waiting.get(60, TimeUnit.SECONDS); // a hang guard: the interval asked for was 600 s
        assertEquals(200, a.status(), a.text());
        assertTrue(a.text().contains("alpha (listen.js:1)"), "the interval up to the engine's close: " + a.text());
    }

    @Test
    void loopbackNames() {
        assertTrue(ProfileServer.isLoopbackName("localhost:6060"));
        assertTrue(ProfileServer.isLoopbackName("127.0.0.1:6060"));
        assertTrue(ProfileServer.isLoopbackName("[::1]:6060"));
        assertTrue(ProfileServer.isLoopbackName("127.1.2.3"));
        assertFalse(ProfileServer.isLoopbackName("10.0.0.1:6060"));
        assertFalse(ProfileServer.isLoopbackName("evil.example:6060"));
        assertFalse(ProfileServer.isLoopbackName("localhost.evil.example"));
    }

}
