package dev.ccsampler.serve;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.push.IntervalProfile;
import dev.ccsampler.report.Format;
import dev.ccsampler.report.ReportOptions;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * The live profile endpoint: an HTTP/1.1 server on its own daemon threads.
 *
 * <ul>
 * <li>{@code GET /debug/pprof/profile?seconds=N}: the gzipped pprof profile of the next N seconds
 * (default 30), as Go's {@code net/http/pprof} serves it, so {@code go tool pprof <url>} reads it;</li>
 * <li>{@code GET /snapshot?format=F[&seconds=N]}: the whole run so far, or the next N seconds, in any
 * output format (default json);</li>
 * <li>{@code GET /} and {@code /debug/pprof/}: index pages with the sampler's state and links.</li>
 * </ul>
 *
 * A profile of N seconds is the difference of two snapshots N seconds apart
 * ({@link IntervalProfile}); while a request waits, nothing is held but its first snapshot. At most
 * {@value #MAX_WAITING} such requests wait at once (more get 429), N is 1 to {@value #MAX_SECONDS}.
 * When the engine closes, waiting requests are answered at once with the interval up to the final
 * snapshot. Everything else gets a status with a one-line reason: 400 (bad parameter), 401 / 403
 * (token), 404, 405 (only GET and HEAD), 421 (a Host header that is not this loopback server, the
 * defence against DNS rebinding when no token is set).
 */
public final class ProfileServer {

    /** Longest interval a request may ask for. */
    public static final int MAX_SECONDS = 3600;
    /** Interval requests that may wait at once. */
    public static final int MAX_WAITING = 4;
    private static final int DEFAULT_SECONDS = 30;

    private final ListenConfig config;
    private final Supplier<ProfileSnapshot> snapshots;
    private final ReportOptions options;
    private final Supplier<String> status;
    private final HttpServer server;
    private final ExecutorService executor;
    private final Semaphore waiting = new Semaphore(MAX_WAITING);
    private final CountDownLatch closing = new CountDownLatch(1);
    private volatile ProfileSnapshot last;

    /**
     * Binds the address; {@link #start()} serves.
     *
     * @param snapshots takes a snapshot of the running profile (any thread)
     * @param status one line of the sampler's state for the index page
     * @throws IllegalArgumentException naming {@code ccsampler.Listen} when the address cannot be bound
     */
    public ProfileServer(ListenConfig config, Supplier<ProfileSnapshot> snapshots, ReportOptions options, Supplier<String> status) {
        this.config = config;
        this.snapshots = snapshots;
        this.options = options;
        this.status = status;
        try {
            server = HttpServer.create(config.address(), 0);
        } catch (IOException e) {
            throw new IllegalArgumentException("Cannot listen on " + describe(config.address()) + " for ccsampler.Listen: " + e.getMessage() + ".", e);
        }
        AtomicInteger n = new AtomicInteger();
        executor = Executors.newFixedThreadPool(MAX_WAITING + 2, r -> {
            Thread t = new Thread(r, "ccsampler-listen-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        server.setExecutor(executor);
        server.createContext("/", this::handle);
    }

    /** Starts answering requests. */
    public void start() {
        server.start();
    }

    /** The address actually bound (the port is chosen when the option said 0). */
    public InetSocketAddress address() {
        return server.getAddress();
    }

    /** The base URL, e.g. {@code http://127.0.0.1:6060}. */
    public String url() {
        return "http://" + describe(address());
    }

    /**
     * Answers waiting interval requests with the interval up to {@code finalSnapshot}, then stops
     * (waiting at most a second for answers being written).
     */
    public void close(ProfileSnapshot finalSnapshot) {
        last = finalSnapshot;
        closing.countDown();
        server.stop(1);
        executor.shutdownNow();
    }

    private static String describe(InetSocketAddress a) {
        String host = a.getAddress().getHostAddress();
        return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + a.getPort();
    }

    /** A request that gets a status and a reason instead of a profile. */
    private static final class Refused extends Exception {
        private static final long serialVersionUID = 1L;
        final int status;

        Refused(int status, String reason) {
            super(reason);
            this.status = status;
        }
    }

    private void handle(HttpExchange x) throws IOException {
        try {
            String method = x.getRequestMethod();
            if (!method.equals("GET") && !method.equals("HEAD")) {
                x.getResponseHeaders().set("Allow", "GET, HEAD");
                throw new Refused(405, "method " + method + " is not allowed: use GET");
            }
            Map<String, String> query = query(x.getRequestURI());
            authorize(x, query);
            String path = x.getRequestURI().getPath();
            switch (path) {
                case "/" -> send(x, 200, "text/html; charset=utf-8", indexPage().getBytes(StandardCharsets.UTF_8));
                case "/debug/pprof", "/debug/pprof/" -> send(x, 200, "text/html; charset=utf-8", pprofIndex().getBytes(StandardCharsets.UTF_8));
                case "/debug/pprof/profile" -> {
                    int seconds = seconds(query, DEFAULT_SECONDS);
                    byte[] body = render(interval(seconds), Format.PPROF);
                    x.getResponseHeaders().set("Content-Disposition", "attachment; filename=\"profile\"");
                    send(x, 200, "application/octet-stream", body);
                }
                case "/snapshot" -> {
                    Format f = format(query);
                    ProfileSnapshot s = query.containsKey("seconds") ? interval(seconds(query, DEFAULT_SECONDS)) : current();
                    if (f.binary() || f == Format.FLAMEGRAPH && query.containsKey("download")) {
                        x.getResponseHeaders().set("Content-Disposition", "attachment; filename=\"ccsampler." + f.extension() + "\"");
                    }
                    send(x, 200, contentType(f), render(s, f));
                }
                default -> throw new Refused(404, "no page " + path + ": see / for what this server has");
            }
        } catch (Refused r) {
            send(x, r.status, "text/plain; charset=utf-8", ("ccsampler: " + r.getMessage() + "\n").getBytes(StandardCharsets.UTF_8));
        } catch (RuntimeException | IOException e) {
            try {
                send(x, 500, "text/plain; charset=utf-8", ("ccsampler: could not make the profile: " + e + "\n").getBytes(StandardCharsets.UTF_8));
            } catch (IOException | RuntimeException gone) {
                // the answer had started, or the client went away: nothing more to say
            }
        } finally {
            x.close();
        }
    }

    private void authorize(HttpExchange x, Map<String, String> query) throws Refused {
        if (config.token().isEmpty()) {
            // no token: a loopback server answers only requests addressed to a loopback name, so a
            // web page cannot reach it through a DNS name rebound to 127.0.0.1
            String host = x.getRequestHeaders().getFirst("Host");
            if (host == null || !isLoopbackName(host)) {
                throw new Refused(421, "this server answers requests to 127.0.0.1, [::1] or localhost only (Host: " + host + ")");
            }
            return;
        }
        String given = query.get("token");
        String auth = x.getRequestHeaders().getFirst("Authorization");
        if (auth != null && auth.regionMatches(true, 0, "Bearer ", 0, 7)) {
            given = auth.substring(7).trim();
        }
        if (given == null) {
            x.getResponseHeaders().set("WWW-Authenticate", "Bearer realm=\"ccsampler\"");
            throw new Refused(401, "this server needs its token: add ?token=<ListenToken> or an 'Authorization: Bearer <ListenToken>' header");
        }
        if (!MessageDigest.isEqual(given.getBytes(StandardCharsets.UTF_8), config.token().getBytes(StandardCharsets.UTF_8))) {
            throw new Refused(403, "wrong token");
        }
    }

    static boolean isLoopbackName(String hostHeader) {
        String h = hostHeader.trim();
        if (h.startsWith("[")) {
            int close = h.indexOf(']');
            h = close < 0 ? h : h.substring(1, close);
        } else if (h.indexOf(':') >= 0) {
            h = h.substring(0, h.indexOf(':'));
        }
        h = h.toLowerCase(Locale.ROOT);
        if (h.equals("localhost") || h.endsWith(".localhost")) {
            return true;
        }
        if (!h.matches("[0-9.]+|[0-9a-f:]+")) {
            return false; // a name: do not resolve it, that is what a rebinding attack controls
        }
        try {
            return InetAddress.getByName(h).isLoopbackAddress();
        } catch (IOException e) {
            return false;
        }
    }

    private static Map<String, String> query(URI uri) throws Refused {
        Map<String, String> q = new LinkedHashMap<>();
        String raw = uri.getRawQuery();
        if (raw == null || raw.isEmpty()) {
            return q;
        }
        for (String pair : raw.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            try {
                String k = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
                String v = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
                q.putIfAbsent(k, v);
            } catch (IllegalArgumentException e) {
                throw new Refused(400, "malformed query parameter '" + pair + "'");
            }
        }
        return q;
    }

    private static int seconds(Map<String, String> query, int dflt) throws Refused {
        String v = query.get("seconds");
        if (v == null) {
            return dflt;
        }
        int s;
        try {
            s = Integer.parseInt(v.trim());
        } catch (NumberFormatException e) {
            throw new Refused(400, "invalid value for seconds: '" + v + "' (use a whole number of seconds, 1 to " + MAX_SECONDS + ")");
        }
        if (s < 1 || s > MAX_SECONDS) {
            throw new Refused(400, "seconds=" + s + " is out of range: use 1 to " + MAX_SECONDS);
        }
        return s;
    }

    private static Format format(Map<String, String> query) throws Refused {
        String f = query.getOrDefault("format", "json");
        try {
            return Format.parse(f);
        } catch (IllegalArgumentException e) {
            throw new Refused(400, "unknown format '" + f + "': use one of " + Format.legalNames());
        }
    }

    private static String contentType(Format f) {
        return switch (f) {
            case HISTOGRAM, CALLTREE, FOLDED -> "text/plain; charset=utf-8";
            case JSON, SPEEDSCOPE, CPUPROFILE -> "application/json";
            case FLAMEGRAPH -> "text/html; charset=utf-8";
            case PPROF, JFR -> "application/octet-stream";
        };
    }

    private ProfileSnapshot current() {
        ProfileSnapshot l = last;
        return l != null ? l : snapshots.get();
    }

    /** The profile of the next {@code seconds}, or up to the final snapshot if the engine closes first. */
    private ProfileSnapshot interval(int seconds) throws Refused {
        if (!waiting.tryAcquire()) {
            throw new Refused(429, MAX_WAITING + " profile requests are waiting already: try again when one has finished");
        }
        try {
            ProfileSnapshot before = current();
            try {
                closing.await(seconds, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return IntervalProfile.between(before, current());
        } finally {
            waiting.release();
        }
    }

    private byte[] render(ProfileSnapshot s, Format f) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ProfileSnapshot merged = options.summariseThreads() ? s.mergeThreads() : s;
        f.reporter().write(merged, options, out);
        return out.toByteArray();
    }

    private static void send(HttpExchange x, int status, String type, byte[] body) throws IOException {
        x.getResponseHeaders().set("Content-Type", type);
        x.getResponseHeaders().set("Cache-Control", "no-store");
        x.getResponseHeaders().set("X-Content-Type-Options", "nosniff");
        boolean head = x.getRequestMethod().equals("HEAD");
        x.sendResponseHeaders(status, head ? -1 : body.length == 0 ? -1 : body.length);
        if (!head && body.length > 0) {
            try (OutputStream o = x.getResponseBody()) {
                o.write(body);
            }
        }
    }

    private String indexPage() {
        StringBuilder b = new StringBuilder();
        b.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>ccsampler live profile</title>\n")
                        .append("<style>body{font-family:sans-serif;max-width:60em;margin:2em auto;padding:0 1em}code{background:#eee;padding:0 .2em}li{margin:.3em 0}</style>\n")
                        .append("</head><body>\n<h1>ccsampler live profile</h1>\n<p id=\"status\">").append(escape(status.get())).append("</p>\n");
        String token = config.token().isEmpty() ? "" : "&amp;token=&lt;token&gt;";
        b.append("<h2>Whole run so far</h2>\n<ul id=\"snapshots\">\n");
        for (Format f : Format.values()) {
            b.append("<li><a href=\"/snapshot?format=").append(f.id()).append("\">").append(f.id()).append("</a></li>\n");
        }
        b.append("</ul>\n<h2>The next seconds</h2>\n<ul id=\"intervals\">\n")
                        .append("<li><a href=\"/snapshot?format=flamegraph&amp;seconds=10\">flame graph of the next 10 s</a></li>\n")
                        .append("<li><a href=\"/debug/pprof/profile?seconds=10\">pprof profile of the next 10 s</a>: <code>go tool pprof -http=: '")
                        .append(escape(url())).append("/debug/pprof/profile?seconds=10").append(token).append("'</code></li>\n")
                        .append("</ul>\n<p>Parameters: <code>format</code> (").append(escape(Format.legalNames())).append("; default json), <code>seconds</code> (1 to ")
                        .append(MAX_SECONDS).append(").</p>\n</body></html>\n");
        return b.toString();
    }

    private String pprofIndex() {
        return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>/debug/pprof/</title></head><body>\n<p>Profiles of the guest program (ccsampler):</p>\n"
                        + "<ul><li><a href=\"profile?seconds=30\">profile</a>: CPU profile of the next <code>seconds</code> (default 30)</li></ul>\n</body></html>\n";
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
