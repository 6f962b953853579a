package dev.ccsampler.report;

import static dev.ccsampler.report.FlameTestSupport.frames;
import static dev.ccsampler.report.FlameTestSupport.step;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ccsampler.ccmap.MethodInfo;
import dev.ccsampler.ccmap.ProfileSnapshot;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Source;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real JavaScript program profiled by ccsampler, its JSON profile read back and written in every
 * format the way {@code ccsampler convert} does, and each file opened by its real reader: the self
 * samples every reader shows per function must be the histogram's. The other reporter tests use a
 * hand-built snapshot; this one has what a real guest gives: class methods, a getter, arrows and
 * anonymous callbacks, a generator, code from {@code eval} and {@code new Function} (which may add
 * more functions named {@code :program}), recursion, and names with non-ASCII letters and {@code $}.
 */
class RealProgramReadersTest {

    static final String PROGRAM = """
                    class Shape {
                      constructor(n) { this.n = n; }
                      area() { let s = 0; for (let i = 0; i < this.n; i++) { s += Math.sqrt(i) * 1.0001; } return s; }
                      get size() { return this.area(); }
                    }
                    const arrow = (n) => { let x = 1; for (let i = 0; i < n; i++) { x = (x * 31 + i) | 0; } return x; };
                    function* gen(n) { for (let i = 0; i < n; i++) { yield i * 2; } }
                    function función(n) { let s = 0; for (const v of gen(n)) { s += v; } return s; }
                    function $dollar$(n) { return [...Array(n).keys()].map(x => x * 3).filter(function (x) { return x % 2 === 0; }).length; }
                    function recurse(d) { return d === 0 ? arrow(2000) : 1 + recurse(d - 1); }
                    eval("function evaled(n) { let y = 0; for (let i = 0; i < n; i++) { y += i % 13; } return y; }");
                    const anon = new Function("n", "let z = 0; for (let i = 0; i < n; i++) { z ^= i * 7; } return z;");
                    function text(n) { const o = []; for (let i = 0; i < n; i++) { o.push({k: 'v' + i}); } return JSON.stringify(o).replace(/v(\\d)/g, 'w$1').length; }
                    let sink = 0;
                    const end = Date.now() + 1500;
                    while (Date.now() < end) {
                      sink += new Shape(3000).size + arrow(5000) + función(500) + $dollar$(300) + recurse(40) + evaled(4000) + anon(3000) + text(100);
                    }
                    sink;
                    """;

    /** A {@code -top} row: flat, flat%, sum%, cum, cum%, then the function name (which may contain spaces). */
    private static final Pattern TOP_ROW = Pattern.compile("^\\s*(\\d+)\\s+[\\d.]+%\\s+[\\d.]+%\\s+(\\d+)\\s+[\\d.]+%\\s+(.+?)\\s*$");

    @TempDir
    static Path tmp;
    static ProfileSnapshot profile;
    /** Self samples per function name, as the histogram adds them up. */
    static Map<String, Long> self;
    /** The same with the histogram's row for samples without a visible frame, when it has one. */
    static Map<String, Long> selfAndNoFrame;

    @BeforeAll
    static void profileARealProgram() throws Exception {
        Path script = tmp.resolve("varied.js");
        Files.writeString(script, PROGRAM);
        Path json = tmp.resolve("varied.json");
        try (Context c = Context.newBuilder("js").option("ccsampler", "true").option("ccsampler.Output", "json").option("ccsampler.OutputFile", json.toString())
                        .option("ccsampler.Period", "1ms").build()) {
            c.eval(Source.newBuilder("js", script.toFile()).build());
        }
        profile = JsonProfileReader.read(json);
        self = new TreeMap<>(ExportFixtures.selfByName(profile));
        self.values().removeIf(v -> v == 0);
        assertTrue(self.size() >= 5 && profile.totalSamples() >= 50, "the program was sampled in several functions: " + self + ", " + profile.accounting().summaryLine());
        selfAndNoFrame = new TreeMap<>(self);
        if (withoutVisibleFrame() > 0) {
            selfAndNoFrame.put(NoVisibleFrame.NAME, withoutVisibleFrame());
        }
    }

    /** The histogram's self samples of functions with a name, plus the samples without a visible frame. */
    private static long withoutVisibleFrame() {
        return profile.totalSamples() - self.values().stream().mapToLong(Long::longValue).sum();
    }

    @Test
    void goToolPprofTopShowsOurSelfSamples() throws Exception {
        String go = ExportFixtures.tool("install Debian's golang-go", "/usr/bin/go", "/usr/lib/go/bin/go");
        Path file = ExportFixtures.renderToFile(Format.PPROF.reporter(), profile, ReportOptions.DEFAULT, "real.pb.gz");
        ExportFixtures.Run r = ExportFixtures.run(null, Map.of("HOME", System.getProperty("java.io.tmpdir"), "PPROF_TMPDIR", System.getProperty("java.io.tmpdir")),
                        go, "tool", "pprof", "-top", "-nodecount=1000", "-nodefraction=0", "-edgefraction=0", "-sample_index=samples", file.toString());
        assertEquals(0, r.exit(), r.output());
        Map<String, Long> flat = new TreeMap<>();
        for (String line : r.output().split("\n")) {
            Matcher m = TOP_ROW.matcher(line);
            if (m.matches()) {
                flat.merge(m.group(3), Long.parseLong(m.group(1)), Long::sum);
            }
        }
        flat.values().removeIf(v -> v == 0);
        assertEquals(selfAndNoFrame, flat, r.output());
        assertTrue(r.output().contains("of " + profile.totalSamples() + " total"), r.output());
    }

    @Test
    void jfrPrintAndTheConsumerApiShowOurSelfSamples() throws Exception {
        Path file = ExportFixtures.renderToFile(Format.JFR.reporter(), profile, ReportOptions.DEFAULT, "real.jfr");
        String jfr = Path.of(System.getProperty("java.home"), "bin", "jfr").toString();
        ExportFixtures.Run printed = ExportFixtures.run(null, Map.of(), jfr, "print", "--events", "jdk.ExecutionSample", file.toString());
        assertEquals(0, printed.exit(), printed.output());
        Matcher events = Pattern.compile("(?m)^jdk\\.ExecutionSample \\{").matcher(printed.output());
        long count = 0;
        while (events.find()) {
            count++;
        }
        Map<String, Long> top = new TreeMap<>();
        List<RecordedEvent> recorded = RecordingFile.readAllEvents(file);
        for (RecordedEvent e : recorded) {
            if (!e.getStackTrace().getFrames().isEmpty()) {
                top.merge(e.getStackTrace().getFrames().get(0).getMethod().getName(), 1L, Long::sum);
            }
        }
        assertEquals(recorded.size(), count, "jfr print shows every event the consumer API reads");
        assertEquals(selfAndNoFrame, top);
        assertEquals(profile.totalSamples(), recorded.size(), "one event per sample, " + withoutVisibleFrame() + " of them without a visible frame");
    }

    @Test
    void theSpeedscopeAppShowsOurSelfSamplesForSpeedscopeAndCpuprofileFiles() throws Exception {
        ReportOptions merged = ReportOptions.DEFAULT.withSummariseThreads(true);
        Path speedscope = ExportFixtures.renderToFile(Format.SPEEDSCOPE.reporter(), profile, merged, "real.speedscope.json");
        Path cpuprofile = ExportFixtures.renderToFile(Format.CPUPROFILE.reporter(), profile, ReportOptions.DEFAULT, "real.cpuprofile");
        List<ExportFixtures.Shown> shown = ExportFixtures.showInSpeedscope(speedscope, cpuprofile);
        double periodMs = profile.meta().periodNanos() / 1e6;
        for (ExportFixtures.Shown s : shown) {
            String all = String.join("\n", s.lines());
            assertEquals(List.of(), s.get("ERROR").stream().map(e -> e[0]).toList(), all);
            Map<String, Long> rows = new TreeMap<>();
            for (String[] row : s.get("ROW")) {
                rows.merge(row[2], Math.round(millis(row[1]) / periodMs), Long::sum);
            }
            rows.values().removeIf(v -> v == 0);
            assertEquals(selfAndNoFrame.keySet(), rows.keySet(), s.file() + "\n" + all);
            for (String name : rows.keySet()) {
                // the app prints 2 decimals: exact in ms, to 10 ms once a function has a second or more
                long ours = selfAndNoFrame.get(name);
                assertEquals(ours, rows.get(name), ours * periodMs >= 1000 ? 10 / periodMs : 0, name + " in " + s.file() + "\n" + all);
            }
        }
        assertEquals("valid", shown.get(0).get("SCHEMA").get(0)[0]);
    }

    /** A duration as the speedscope app prints it ({@code 0.00ns (<0.01%)}, {@code 41.00ms (22%)}, {@code 1.20s}) in ms. */
    private static double millis(String cell) {
        Matcher m = Pattern.compile("^([\\d.]+)(ns|µs|us|ms|s)\\b").matcher(cell);
        assertTrue(m.find(), "not a duration: " + cell);
        double v = Double.parseDouble(m.group(1));
        return switch (m.group(2)) {
            case "ns" -> v / 1e6;
            case "µs", "us" -> v / 1e3;
            case "s" -> v * 1e3;
            default -> v;
        };
    }

    @Test
    void theFlameGraphInChromiumHasOurSelfSamplesAtItsReversedBase() throws Exception {
        Path page = FlameTestSupport.save("real.html", FlameTestSupport.html(profile, ReportOptions.DEFAULT.withMinWidth(0)));
        Path shot = FlameTestSupport.SCREENSHOTS.resolve("flamegraph-real-program.png");
        List<Object> r = FlameTestSupport.drive(page, step("frames"), step("screenshot", "path", shot.toString()), step("check", "id", "reverse", "value", true), step("frames"));
        @SuppressWarnings("unchecked")
        Map<String, Object> end = (Map<String, Object>) r.get(r.size() - 1);
        assertEquals(List.of(), end.get("errors"), "no script errors");
        assertEquals((double) profile.totalSamples(), FlameTestSupport.frame(r.get(0), "all").get("samples"));
        Map<String, Long> base = new TreeMap<>();
        for (Map<String, Object> f : frames(r.get(3))) {
            if ((Double) f.get("depth") == 1.0) {
                String label = (String) f.get("label");
                int paren = label.lastIndexOf(" (");
                base.merge(paren < 0 ? label : label.substring(0, paren), Math.round((Double) f.get("samples")), Long::sum);
            }
        }
        assertEquals(self, base, "the flame graph draws no box for samples without a visible frame; its root has them");
        assertTrue(Files.size(shot) > 10_000, "screenshot " + shot);
    }

    @Test
    void foldedLinesAddUpToOurSelfSamples() throws Exception {
        String folded = new String(ExportFixtures.render(Format.FOLDED.reporter(), profile, ReportOptions.DEFAULT), java.nio.charset.StandardCharsets.UTF_8);
        Map<String, Long> leaf = new TreeMap<>();
        long sum = 0;
        for (String line : folded.split("\n")) {
            int sp = line.lastIndexOf(' ');
            long n = Long.parseLong(line.substring(sp + 1));
            sum += n;
            String[] frames = line.substring(0, sp).split(";");
            String top = frames[frames.length - 1];
            int paren = top.lastIndexOf(" (");
            leaf.merge(paren < 0 ? top : top.substring(0, paren), n, Long::sum);
        }
        assertEquals(profile.totalSamples(), sum, folded);
        assertEquals(selfAndNoFrame, leaf, folded);
    }

    @Test
    void everyMethodOfTheProgramHasItsSourceAndLine() {
        Map<String, MethodInfo> byName = new HashMap<>();
        for (MethodInfo m : profile.methods()) {
            byName.putIfAbsent(m.name(), m);
        }
        List<String> wrong = new ArrayList<>();
        for (String name : List.of("area", "get size", "arrow", "gen", "función", "$dollar$", "recurse", "text")) {
            MethodInfo m = byName.get(name);
            if (m != null && (!"varied.js".equals(m.source()) || m.line() < 1)) {
                wrong.add(name + " " + m.source() + ":" + m.line());
            }
        }
        assertEquals(List.of(), wrong);
    }
}
