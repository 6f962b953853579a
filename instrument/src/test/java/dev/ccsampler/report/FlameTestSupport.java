package dev.ccsampler.report;

import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import dev.ccsampler.ccmap.ProfileSnapshot;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs {@code src/test/browser/flame-driver.mjs} (node + playwright-core + the system's Chromium)
 * over a generated page, and reads JSON back. Installs the npm dependencies with {@code npm ci}
 * when they are missing; fails with a message saying what to install when node or Chromium is not
 * there. Never downloads a browser.
 */
final class FlameTestSupport {

    static final Path BROWSER_DIR = Path.of("src/test/browser").toAbsolutePath();
    static final Path OUT_DIR = Path.of("target/flamegraph-test").toAbsolutePath();
    static final Path SCREENSHOTS = Path.of("target/screenshots").toAbsolutePath();
    private static final String INSTALL = "the CI script installs them: apt-get install -y chromium nodejs npm";

    private FlameTestSupport() {
    }

    static String html(ProfileSnapshot s, ReportOptions o) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Format.FLAMEGRAPH.reporter().write(s, o, out);
        return out.toString(StandardCharsets.UTF_8);
    }

    static Path save(String name, String html) throws IOException {
        Files.createDirectories(OUT_DIR);
        Path p = OUT_DIR.resolve(name);
        Files.writeString(p, html, StandardCharsets.UTF_8);
        return p;
    }

    /** The embedded data of a page, parsed. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> data(String html) throws IOException {
        String open = "<script type=\"application/json\" id=\"flame-data\">";
        int start = html.indexOf(open) + open.length();
        return (Map<String, Object>) parse(html.substring(start, html.indexOf("</script>", start)));
    }

    /** One JSON object for a driver step, e.g. {@code step("click", "label", "main (app.js:1)")}. */
    static String step(String what, Object... keyValues) {
        StringBuilder sb = new StringBuilder("{\"do\":\"").append(what).append('"');
        for (int i = 0; i < keyValues.length; i += 2) {
            sb.append(",\"").append(keyValues[i]).append("\":");
            Object v = keyValues[i + 1];
            if (v instanceof String s) {
                FlamePage.string(sb, s);
            } else {
                sb.append(v);
            }
        }
        return sb.append('}').toString();
    }

    /** Runs the steps over {@code page}; returns one result per step, then {errors, requests, title}. */
    static List<Object> drive(Path page, String... steps) throws IOException, InterruptedException {
        Path chromium = Path.of(System.getenv().getOrDefault("CCSAMPLER_CHROMIUM", "/usr/bin/chromium"));
        if (!Files.isExecutable(chromium)) {
            fail("Chromium not found at " + chromium + " (set CCSAMPLER_CHROMIUM to another path); " + INSTALL);
        }
        run(List.of("node", "--version"), "node is not on the PATH");
        if (!Files.isDirectory(BROWSER_DIR.resolve("node_modules/playwright-core"))) {
            run(List.of("npm", "ci", "--no-audit", "--no-fund"), "npm ci in " + BROWSER_DIR + " failed");
        }
        Files.createDirectories(OUT_DIR);
        Path actions = OUT_DIR.resolve(page.getFileName() + ".steps.json");
        Files.writeString(actions, "[" + String.join(",", steps) + "]");
        String out = run(List.of("node", "flame-driver.mjs", page.toString(), actions.toString()), "the browser driver failed on " + page);
        @SuppressWarnings("unchecked")
        List<Object> results = (List<Object>) parse(out.substring(out.lastIndexOf("\n[") + 1));
        return results;
    }

    private static String run(List<String> command, String what) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(command).directory(BROWSER_DIR.toFile());
        pb.environment().put("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1");
        Path err = Files.createTempFile("ccsampler-node", ".err");
        pb.redirectError(err.toFile());
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            fail(command.get(0) + " could not be started (" + e.getMessage() + "): " + what + "; " + INSTALL);
            throw e;
        }
        byte[] stdout = p.getInputStream().readAllBytes();
        // A guard against a hung browser, not a measurement: the steps take a few seconds.
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            fail(what + ": timed out");
        }
        String stderr = Files.readString(err);
        Files.delete(err);
        if (p.exitValue() != 0) {
            fail(what + " (exit " + p.exitValue() + "):\n" + stderr + new String(stdout, StandardCharsets.UTF_8));
        }
        return "\n" + new String(stdout, StandardCharsets.UTF_8).strip();
    }

    static Object parse(String json) throws IOException {
        try (JsonParser p = new JsonFactory().createParser(json)) {
            p.nextToken();
            return value(p);
        }
    }

    private static Object value(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        switch (t) {
            case START_OBJECT -> {
                Map<String, Object> m = new LinkedHashMap<>();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String k = p.currentName();
                    p.nextToken();
                    m.put(k, value(p));
                }
                return m;
            }
            case START_ARRAY -> {
                List<Object> l = new ArrayList<>();
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    l.add(value(p));
                }
                return l;
            }
            case VALUE_STRING -> {
                return p.getText();
            }
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> {
                return p.getDoubleValue();
            }
            case VALUE_TRUE, VALUE_FALSE -> {
                return p.getBooleanValue();
            }
            case VALUE_NULL -> {
                return null;
            }
            default -> throw new IOException("unexpected " + t);
        }
    }

    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> frames(Object result) {
        return (List<Map<String, Object>>) result;
    }

    /** The drawn, non-ancestor frame with this label. */
    static Map<String, Object> frame(Object frames, String label) {
        for (Map<String, Object> f : frames(frames)) {
            if (label.equals(f.get("label")) && !(Boolean) f.get("ancestor")) {
                return f;
            }
        }
        throw new AssertionError("no frame " + label + " in " + frames(frames).stream().map(f -> f.get("label")).toList());
    }
}
