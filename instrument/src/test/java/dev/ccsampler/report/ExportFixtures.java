package dev.ccsampler.report;

import dev.ccsampler.ccmap.Accounting;
import dev.ccsampler.ccmap.CallSiteInfo;
import dev.ccsampler.ccmap.ContextNode;
import dev.ccsampler.ccmap.MethodInfo;
import dev.ccsampler.ccmap.MethodStats;
import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.ccmap.ThreadProfile;
import dev.ccsampler.ccmap.Tier;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A hand-built snapshot for the exporter tests: three threads in two polyglot contexts, two
 * languages ({@code js}, {@code python}), every tier, direct recursion ({@code fib → fib → fib}),
 * one callee ({@code helper}) reached through two callers, a method without a path, and one thread
 * whose roots are not {@code main}.
 *
 * <p>The per-method and per-call-site counts are computed here from the trees by the definitions in
 * {@link MethodStats} and {@link CallSiteInfo} (a sample counts once for a method even under
 * recursion), independently of any reporter, so a tool's totals can be checked against them.
 *
 * <pre>
 * thread "main" (context 0, id 1)              thread "worker-1" (context 0, id 2)
 *   main            self 2 [0]                   parse          self 8 [j]
 *     fib   @3      self 5 [j]                     tokenize @22 self 25 [j]
 *       fib @12     self 20 [j] + 1 [0]          render         self 1 [0]
 *         fib @12   self 30 [i]                    helper @7    self 2 [i]
 *           helper @13 self 7 [i]
 *         helper @13 self 4 [j]                thread "worker-2" (context 1, id 3)
 *     render @4     self 6 [1]                   main           self 0
 *       helper @7   self 9 [0]                     fib @3       self 3 [0]
 *     parse  @5     self 3 [0]  (python)             fib @12    self 2 [0]
 *       tokenize @22 self 11 [1] (python)
 * </pre>
 */
public final class ExportFixtures {

    static final long PERIOD_NANOS = 1_000_000L;
    static final long START_MILLIS = 1_700_000_000_000L;
    static final long END_MILLIS = START_MILLIS + 400;

    static final int MAIN = 0;
    static final int FIB = 1;
    static final int RENDER = 2;
    static final int PARSE = 3;
    static final int TOKENIZE = 4;
    static final int HELPER = 5;

    /** Call sites: {@code {caller, line}}; the index is the id. */
    private static final int[][] SITES = {
        {MAIN, 3}, // 0 main -> fib
        {FIB, 12}, // 1 fib -> fib
        {FIB, 13}, // 2 fib -> helper
        {MAIN, 4}, // 3 main -> render
        {RENDER, 7}, // 4 render -> helper
        {MAIN, 5}, // 5 main -> parse
        {PARSE, 22}, // 6 parse -> tokenize
    };

    private ExportFixtures() {
    }

    static List<MethodInfo> methods() {
        return List.of(
                        new MethodInfo(MAIN, "js", "main", "main.js", "/app/main.js", 1, 1, 9, false),
                        new MethodInfo(FIB, "js", "fib", "main.js", "/app/main.js", 10, 1, 15, false),
                        new MethodInfo(RENDER, "js", "render", "ui.js", null, 5, 3, 8, false),
                        new MethodInfo(PARSE, "python", "parse", "lib.py", "/app/lib.py", 3, 1, 25, false),
                        new MethodInfo(TOKENIZE, "python", "tokenize", "lib.py", "/app/lib.py", 20, 1, 40, false),
                        new MethodInfo(HELPER, "js", "helper", "main.js", "/app/main.js", 30, 1, 33, false));
    }

    /** The snapshot described in the class comment. */
    public static ProfileSnapshot snapshot() {
        List<ThreadProfile> threads = new ArrayList<>();

        T main = new T(-1, -1, Tier.INTERPRETED);
        T m = main.child(MAIN, -1, Tier.INTERPRETED).self(Tier.INTERPRETED, 2);
        T f1 = m.child(FIB, 0, Tier.LAST).self(Tier.LAST, 5);
        T f2 = f1.child(FIB, 1, Tier.LAST).self(Tier.LAST, 20).self(Tier.INTERPRETED, 1);
        T f3 = f2.child(FIB, 1, Tier.INLINED).self(Tier.INLINED, 30);
        f3.child(HELPER, 2, Tier.INLINED).self(Tier.INLINED, 7);
        f2.child(HELPER, 2, Tier.LAST).self(Tier.LAST, 4);
        T r = m.child(RENDER, 3, Tier.FIRST).self(Tier.FIRST, 6);
        r.child(HELPER, 4, Tier.INTERPRETED).self(Tier.INTERPRETED, 9);
        T p = m.child(PARSE, 5, Tier.INTERPRETED).self(Tier.INTERPRETED, 3);
        p.child(TOKENIZE, 6, Tier.FIRST).self(Tier.FIRST, 11);
        threads.add(thread(0, 1, "main", main));

        T w1 = new T(-1, -1, Tier.INTERPRETED);
        T wp = w1.child(PARSE, -1, Tier.LAST).self(Tier.LAST, 8);
        wp.child(TOKENIZE, 6, Tier.LAST).self(Tier.LAST, 25);
        T wr = w1.child(RENDER, -1, Tier.INTERPRETED).self(Tier.INTERPRETED, 1);
        wr.child(HELPER, 4, Tier.INLINED).self(Tier.INLINED, 2);
        threads.add(thread(0, 2, "worker-1", w1));

        T w2 = new T(-1, -1, Tier.INTERPRETED);
        T w2m = w2.child(MAIN, -1, Tier.INTERPRETED);
        T w2f = w2m.child(FIB, 0, Tier.INTERPRETED).self(Tier.INTERPRETED, 3);
        w2f.child(FIB, 1, Tier.INTERPRETED).self(Tier.INTERPRETED, 2);
        threads.add(thread(1, 3, "worker-2", w2));

        List<MethodInfo> methods = methods();
        ProfileSnapshot.Meta meta = new ProfileSnapshot.Meta(PERIOD_NANOS, START_MILLIS, END_MILLIS, "fixture", true, 128, List.of());
        return new ProfileSnapshot(meta, methods, methodStats(methods.size(), threads), callSites(threads), threads);
    }

    /** Self samples of each method name over all threads. */
    static Map<String, Long> selfByName(ProfileSnapshot s) {
        Map<String, Long> r = new LinkedHashMap<>();
        for (MethodStats st : s.methodStats()) {
            r.merge(s.method(st.method()).name(), st.selfSum(), Long::sum);
        }
        return r;
    }

    /** Samples with each method name on the stack (once per sample) over all threads. */
    static Map<String, Long> totalByName(ProfileSnapshot s) {
        Map<String, Long> r = new LinkedHashMap<>();
        for (MethodStats st : s.methodStats()) {
            r.merge(s.method(st.method()).name(), st.totalSum(), Long::sum);
        }
        return r;
    }

    /** Runs a reporter into a byte array. */
    static byte[] render(Reporter reporter, ProfileSnapshot s, ReportOptions o) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        reporter.write(s, o, out);
        return out.toByteArray();
    }

    /** Runs a reporter into {@code instrument/target/exports/<name>}, for the external tools. */
    static Path renderToFile(Reporter reporter, ProfileSnapshot s, ReportOptions o, String name) throws IOException {
        Path dir = Path.of("target", "exports");
        Files.createDirectories(dir);
        Path file = dir.resolve(name);
        try (OutputStream out = Files.newOutputStream(file)) {
            reporter.write(s, o, out);
        }
        return file.toAbsolutePath();
    }

    /** Self samples of each method name in one thread. */
    static Map<String, Long> selfByName(ProfileSnapshot s, ThreadProfile t) {
        Map<String, Long> r = new LinkedHashMap<>();
        ProfileSnapshot.forEachNode(t.root(), n -> r.merge(s.method(n.method()).name(), n.self(), Long::sum));
        return r;
    }

    /** Samples with each method name on the stack of one thread (once per sample, also under recursion). */
    static Map<String, Long> totalByName(ProfileSnapshot s, ThreadProfile t) {
        Map<String, Long> r = new LinkedHashMap<>();
        ProfileSnapshot.forEachNode(t.root(), n -> r.merge(s.method(n.method()).name(), hasAncestorWithMethod(n, n.method()) ? 0 : n.total(), Long::sum));
        return r;
    }

    /** Parses JSON into maps, lists, strings, {@code Long}/{@code Double}, booleans and null (jackson-core only). */
    static Object parseJson(byte[] json) throws IOException {
        try (com.fasterxml.jackson.core.JsonParser p = new com.fasterxml.jackson.core.JsonFactory().createParser(json)) {
            p.nextToken();
            return value(p);
        }
    }

    private static Object value(com.fasterxml.jackson.core.JsonParser p) throws IOException {
        switch (p.currentToken()) {
            case START_OBJECT: {
                Map<String, Object> m = new LinkedHashMap<>();
                while (p.nextToken() != com.fasterxml.jackson.core.JsonToken.END_OBJECT) {
                    String k = p.currentName();
                    p.nextToken();
                    m.put(k, value(p));
                }
                return m;
            }
            case START_ARRAY: {
                List<Object> l = new ArrayList<>();
                while (p.nextToken() != com.fasterxml.jackson.core.JsonToken.END_ARRAY) {
                    l.add(value(p));
                }
                return l;
            }
            case VALUE_STRING:
                return p.getText();
            case VALUE_NUMBER_INT:
                return p.getLongValue();
            case VALUE_NUMBER_FLOAT:
                return p.getDoubleValue();
            case VALUE_TRUE:
                return true;
            case VALUE_FALSE:
                return false;
            default:
                return null;
        }
    }

    /** What the real speedscope app showed for one file (see src/test/speedscope/check.mjs). */
    record Shown(String file, List<String> lines) {
        List<String[]> get(String kind) {
            return lines.stream().filter(l -> l.startsWith(kind + "\t")).map(l -> l.substring(kind.length() + 1).split("\t")).toList();
        }
    }

    /**
     * Opens {@code files} in the speedscope app from the npm package, served on loopback to headless
     * Chromium, with screenshots under {@code target/screenshots}.
     */
    static List<Shown> showInSpeedscope(Path... files) throws IOException, InterruptedException {
        Path dir = Path.of("src", "test", "speedscope").toAbsolutePath();
        if (!Files.isDirectory(dir.resolve("node_modules").resolve("speedscope"))) {
            // install the pinned packages (package-lock.json) the first time, as the flame graph test does
            String npm = tool("install Debian's npm", "/usr/bin/npm", "/usr/local/bin/npm");
            Run install = run(dir, Map.of("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1"), npm, "ci", "--no-audit", "--no-fund");
            if (install.exit() != 0 || !Files.isDirectory(dir.resolve("node_modules").resolve("speedscope"))) {
                throw new AssertionError("npm ci in " + dir + " failed; run (cd instrument/src/test/speedscope && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci):\n" + install.output());
            }
        }
        String node = tool("install Debian's nodejs", "/usr/bin/node", "/usr/local/bin/node");
        tool("install Debian's chromium", System.getenv().getOrDefault("CHROMIUM", "/usr/bin/chromium"));
        List<String> cmd = new ArrayList<>(List.of(node, "check.mjs", Path.of("target", "screenshots").toAbsolutePath().toString()));
        for (Path f : files) {
            cmd.add(f.toString());
        }
        Run r = run(dir, Map.of("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1"), cmd.toArray(String[]::new));
        if (r.exit() != 0) {
            throw new AssertionError("check.mjs failed:\n" + r.output());
        }
        List<Shown> shown = new ArrayList<>();
        for (String line : r.output().split("\n")) {
            if (line.startsWith("FILE\t")) {
                shown.add(new Shown(line.substring(5), new ArrayList<>()));
            } else if (!shown.isEmpty()) {
                shown.get(shown.size() - 1).lines().add(line);
            }
        }
        return shown;
    }

    /** {@code "67.00ms (68%)"} → 67.0. */
    static double millis(String cell) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("^([\\d.]+)ms").matcher(cell);
        if (!m.find()) {
            throw new AssertionError("not a duration in ms: " + cell);
        }
        return Double.parseDouble(m.group(1));
    }

    /** Output and exit status of an external tool. */
    public record Run(int exit, String output) {
    }

    /**
     * Runs an external tool (a real reader of a format) and returns its merged stdout/stderr. The
     * wait is a hang guard, not a timing assertion.
     */
    public static Run run(Path dir, Map<String, String> env, String... command) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        if (dir != null) {
            pb.directory(dir.toFile());
        }
        pb.environment().putAll(env);
        Process p = pb.start();
        p.getOutputStream().close();
        byte[][] out = new byte[1][];
        Thread reader = new Thread(() -> {
            try {
                out[0] = p.getInputStream().readAllBytes();
            } catch (IOException e) {
                out[0] = ("(reading output failed: " + e + ")").getBytes();
            }
        });
        reader.start();
        if (!p.waitFor(5, java.util.concurrent.TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("hung: " + String.join(" ", command));
        }
        reader.join();
        return new Run(p.exitValue(), new String(out[0], java.nio.charset.StandardCharsets.UTF_8));
    }

    /** The first of {@code candidates} that is an executable file; fails naming the package to install. */
    public static String tool(String packageHint, String... candidates) {
        for (String c : candidates) {
            if (c != null && Files.isExecutable(Path.of(c))) {
                return c;
            }
        }
        throw new AssertionError("none of " + List.of(candidates) + " is installed: " + packageHint);
    }

    /** Fails if a reporter changed any count of the snapshot: a deep copy of the counts before and after. */
    static String countsFingerprint(ProfileSnapshot s) {
        StringBuilder b = new StringBuilder();
        for (ThreadProfile t : s.threads()) {
            b.append(t.threadName()).append(java.util.Arrays.toString(t.root().totalByTier()));
            ProfileSnapshot.forEachNode(t.root(), n -> b.append(n.id()).append(':').append(n.method())
                            .append(java.util.Arrays.toString(n.selfByTier())).append(java.util.Arrays.toString(n.totalByTier()))
                            .append(n.children().size()).append(';'));
        }
        for (MethodStats st : s.methodStats()) {
            b.append(java.util.Arrays.toString(st.self())).append(java.util.Arrays.toString(st.total()));
        }
        return b.toString();
    }

    private static ThreadProfile thread(int context, long id, String name, T root) {
        int[] ids = {0};
        ContextNode r = root.build(null, ids);
        long n = r.total();
        return new ThreadProfile(context, id, name, r, new Accounting(n, n, 0, 0, 0, 0, 0, 50_000, 120_000, 400_000));
    }

    /** Per method: self per tier, and total counted once per sample at the outermost occurrence. */
    private static List<MethodStats> methodStats(int count, List<ThreadProfile> threads) {
        long[][] self = new long[count][Tier.COUNT];
        long[][] total = new long[count][Tier.COUNT];
        for (ThreadProfile t : threads) {
            ProfileSnapshot.forEachNode(t.root(), n -> {
                for (int i = 0; i < Tier.COUNT; i++) {
                    self[n.method()][i] += n.selfByTier()[i];
                }
                if (!hasAncestorWithMethod(n, n.method())) {
                    for (int i = 0; i < Tier.COUNT; i++) {
                        total[n.method()][i] += n.totalByTier()[i];
                    }
                }
            });
        }
        List<MethodStats> r = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            r.add(new MethodStats(i, self[i], total[i]));
        }
        return r;
    }

    private static boolean hasAncestorWithMethod(ContextNode n, int method) {
        for (ContextNode a = n.parent(); a != null; a = a.parent()) {
            if (a.method() == method) {
                return true;
            }
        }
        return false;
    }

    private static List<CallSiteInfo> callSites(List<ThreadProfile> threads) {
        List<Map<Integer, Long>> callees = new ArrayList<>();
        for (int i = 0; i < SITES.length; i++) {
            callees.add(new LinkedHashMap<>());
        }
        for (ThreadProfile t : threads) {
            ProfileSnapshot.forEachNode(t.root(), n -> {
                if (n.callSite() >= 0 && !hasAncestorWithEdge(n)) {
                    callees.get(n.callSite()).merge(n.method(), n.total(), Long::sum);
                }
            });
        }
        List<CallSiteInfo> r = new ArrayList<>();
        for (int i = 0; i < SITES.length; i++) {
            List<CallSiteInfo.Callee> cs = new ArrayList<>();
            callees.get(i).forEach((mth, c) -> cs.add(new CallSiteInfo.Callee(mth, c)));
            cs.sort((a, b) -> Long.compare(b.samples(), a.samples()));
            r.add(new CallSiteInfo(i, SITES[i][0], SITES[i][1], 5, cs));
        }
        return r;
    }

    private static boolean hasAncestorWithEdge(ContextNode n) {
        for (ContextNode a = n.parent(); a != null; a = a.parent()) {
            if (a.callSite() == n.callSite() && a.method() == n.method()) {
                return true;
            }
        }
        return false;
    }

    /**
     * Tree under construction. Every sample through a node's children is counted in the node's
     * {@code callingTier}: the fixture's frames keep one tier while they are calling.
     */
    private static final class T {
        final int method;
        final int callSite;
        final Tier callingTier;
        final long[] self = new long[Tier.COUNT];
        final List<T> children = new ArrayList<>();

        T(int method, int callSite, Tier callingTier) {
            this.method = method;
            this.callSite = callSite;
            this.callingTier = callingTier;
        }

        T child(int m, int cs, Tier tier) {
            T c = new T(m, cs, tier);
            children.add(c);
            return c;
        }

        T self(Tier tier, long n) {
            self[tier.ordinal()] += n;
            return this;
        }

        long total() {
            long s = ContextNode.sum(self);
            for (T c : children) {
                s += c.total();
            }
            return s;
        }

        ContextNode build(ContextNode parent, int[] ids) {
            long[] total = self.clone();
            for (T c : children) {
                total[callingTier.ordinal()] += c.total();
            }
            ContextNode n = new ContextNode(ids[0]++, method, callSite, self.clone(), total, parent);
            for (T c : children) {
                c.build(n, ids);
            }
            return n;
        }
    }
}
