package dev.ccsampler.report;

import dev.ccsampler.ccmap.Accounting;
import dev.ccsampler.ccmap.live.CCMap;
import dev.ccsampler.ccmap.ContextNode;
import dev.ccsampler.ccmap.MethodInfo;
import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.ccmap.ThreadProfile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JsonRoundTripTest {

    @TempDir
    Path tmp;

    /** A CC-Map with two threads, recursion 3 000 deep, two call sites to one callee, all tiers. */
    static ProfileSnapshot sample() {
        CCMap map = new CCMap();
        int main = map.internMethod("m", new MethodInfo(-1, "js", "main", "main.js", "/p/main.js", 1, 1, 40, false));
        int f = map.internMethod("f", new MethodInfo(-1, "js", "f \"quoted\" </script>", "main.js", "/p/main.js", 10, 1, 20, false));
        int py = map.internMethod("g", new MethodInfo(-1, "python", "g", "m.py", null, 3, 1, 9, false));
        int s1 = map.internCallSite(main, 50, 4, 5, 3);
        int s2 = map.internCallSite(main, 60, 4, 6, 3);
        int s3 = map.internCallSite(f, 70, 4, 12, 3);
        int sr = map.internCallSite(f, 80, 4, 13, 3);
        for (int i = 0; i < 7; i++) {
            map.apply(0, 1, "main", 3, new int[]{main, f, py}, new int[]{-1, s1, s3}, new byte[]{2, 3, (byte) (i % 4)});
        }
        map.apply(0, 1, "main", 2, new int[]{main, f}, new int[]{-1, s2}, new byte[]{0, 1});
        int depth = 3000;
        int[] ms = new int[depth];
        int[] ss = new int[depth];
        ms[0] = main;
        ss[0] = -1;
        for (int i = 1; i < depth; i++) {
            ms[i] = f;
            ss[i] = i == 1 ? s1 : sr;
        }
        map.apply(1, 2, "worker", depth, ms, ss, new byte[depth]);
        return map.snapshot(new ProfileSnapshot.Meta(1_000_000, 10, 20, "GraalVM CE", true, 10000, List.of("a warning")),
                        (c, t) -> new Accounting(9 + t, 8, t, 0, 1, 2, 0, 1000, 2000, 3000));
    }

    static byte[] json(ProfileSnapshot s) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Format.JSON.reporter().write(s, ReportOptions.DEFAULT, out);
        return out.toByteArray();
    }

    @Test
    void roundTripKeepsEverything() throws IOException {
        ProfileSnapshot s = sample();
        Path file = tmp.resolve("p.json");
        Files.write(file, json(s));
        ProfileSnapshot r = JsonProfileReader.read(file);
        assertEquals(s.meta(), r.meta());
        assertEquals(s.methods(), r.methods());
        assertEquals(s.callSites(), r.callSites());
        for (int i = 0; i < s.methodStats().size(); i++) {
            assertArrayEquals(s.methodStats().get(i).self(), r.methodStats().get(i).self());
            assertArrayEquals(s.methodStats().get(i).total(), r.methodStats().get(i).total());
        }
        assertEquals(s.threads().size(), r.threads().size());
        for (int i = 0; i < s.threads().size(); i++) {
            ThreadProfile a = s.threads().get(i);
            ThreadProfile b = r.threads().get(i);
            assertEquals(a.accounting(), b.accounting());
            assertEquals(a.threadName(), b.threadName());
            assertEquals(flatten(a.root()), flatten(b.root()));
        }
        assertArrayEquals(json(s), json(r), "writing what was read gives the same bytes");
    }

    private static List<String> flatten(ContextNode root) {
        List<String> out = new ArrayList<>();
        out.add("root " + root.self());
        ProfileSnapshot.forEachNode(root, n -> out.add(n.id() + " " + n.parent().id() + " " + n.method() + " " + n.callSite() + " "
                        + java.util.Arrays.toString(n.selfByTier()) + java.util.Arrays.toString(n.totalByTier())));
        return out;
    }

    @Test
    void malformedFilesAreNamed() throws IOException {
        Path notJson = tmp.resolve("broken.json");
        Files.writeString(notJson, "{\"format\": ");
        IOException e = assertThrows(IOException.class, () -> JsonProfileReader.read(notJson));
        assertTrue(e.getMessage().contains("broken.json"), e.getMessage());

        Path other = tmp.resolve("other.json");
        Files.writeString(other, "{\"format\": \"something-else\", \"version\": 1}");
        e = assertThrows(IOException.class, () -> JsonProfileReader.read(other));
        assertTrue(e.getMessage().contains("other.json") && e.getMessage().contains("something-else"), e.getMessage());

        String good = new String(json(sample()), StandardCharsets.UTF_8);
        Path badRef = tmp.resolve("badref.json");
        Files.writeString(badRef, good.replaceFirst("\"caller\":0", "\"caller\":99"));
        e = assertThrows(IOException.class, () -> JsonProfileReader.read(badRef));
        assertTrue(e.getMessage().contains("method 99"), e.getMessage());

        Path badTiers = tmp.resolve("tiers.json");
        Files.writeString(badTiers, good.replaceFirst("\"self\":\\[[0-9,]+\\]", "\"self\":[1,2]"));
        e = assertThrows(IOException.class, () -> JsonProfileReader.read(badTiers));
        assertTrue(e.getMessage().contains("one per tier"), e.getMessage());

        assertThrows(java.nio.file.NoSuchFileException.class, () -> JsonProfileReader.read(tmp.resolve("missing.json")));
    }

    @Test
    void textReportsShowSharesLocationsAndAccounting() throws IOException {
        ProfileSnapshot s = sample();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Format.HISTOGRAM.reporter().write(s, ReportOptions.DEFAULT.withShowTiers(true), out);
        String h = out.toString(StandardCharsets.UTF_8);
        assertTrue(h.contains("g (m.py:3)"), h);
        assertTrue(h.matches("(?s).*g \\(m\\.py:3\\)\\s+\\|\\s+7ms\\s+87\\.5%\\s+\\|\\s+7ms\\s+87\\.5%.*"), h);
        assertTrue(h.contains("requested"), h);
        assertTrue(h.contains("Warning: a warning"), h);
        assertTrue(h.contains("0: 28.6%"), "tier split of g's 7 self samples (2 of 7 in tier 0): " + h);

        out.reset();
        Format.CALLTREE.reporter().write(s, ReportOptions.DEFAULT, out);
        String t = out.toString(StandardCharsets.UTF_8);
        assertTrue(t.contains("@5") && t.contains("@6"), "two call sites of f in main are two contexts: " + t);
        assertTrue(t.contains("[2999]"), "deep contexts show their depth instead of indenting forever");
    }

    /** Call counts from bursts: kept by the CC-Map beside the samples, through JSON, in the calltree. */
    @Test
    void callCountsRoundTripAndShowInTheCallTree() throws IOException {
        CCMap map = new CCMap();
        int main = map.internMethod("m", new MethodInfo(-1, "js", "main", "main.js", "/p/main.js", 1, 1, 40, false));
        int f = map.internMethod("f", new MethodInfo(-1, "js", "f", "main.js", "/p/main.js", 10, 1, 20, false));
        int site = map.internCallSite(main, 50, 4, 5, 3);
        map.apply(0, 1, "main", 2, new int[]{main, f}, new int[]{-1, site}, new byte[]{0, 0});
        assertTrue(!map.snapshot(new ProfileSnapshot.Meta(1, 0, 0, "x", true, 10, List.of()), (c, t) -> Accounting.EMPTY).hasCallCounts(), "no burst, no call counts");
        synchronized (map) {
            CCMap.ContextRef root = map.threadRootOf(0, 1, "main");
            CCMap.ContextRef m = map.callInto(root, -1, main, 0);
            CCMap.ContextRef c = map.callInto(m, site, f, 30);
            assertEquals(30, c.calls());
            map.callInto(m, site, f, 12);
            assertEquals(42, c.calls());
            assertEquals(42, c.callee().calls(), "the general edge gets the calls too");
            assertEquals(1, c.totalSamples(), "calls do not touch the samples");
        }
        ProfileSnapshot s = map.snapshot(new ProfileSnapshot.Meta(1, 0, 0, "x", true, 10, List.of()), (c, t) -> Accounting.EMPTY);
        assertTrue(s.hasCallCounts());
        Path file = tmp.resolve("calls.json");
        Files.write(file, json(s));
        assertTrue(Files.readString(file).contains("\"calls\":42"), Files.readString(file));
        ProfileSnapshot r = JsonProfileReader.read(file);
        assertTrue(r.hasCallCounts());
        long[] calls = {0};
        ProfileSnapshot.forEachNode(r.threads().get(0).root(), n -> calls[0] += n.calls());
        assertEquals(42, calls[0]);
        assertEquals(42, r.mergeThreads().threads().get(0).root().children().get(0).children().get(0).calls(), "merging keeps call counts");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Format.CALLTREE.reporter().write(r, ReportOptions.DEFAULT, out);
        String t = out.toString(StandardCharsets.UTF_8);
        assertTrue(t.contains("Calls") && t.matches("(?s).*f \\(main\\.js:10\\) @5.*\\|\\s+42 \\|.*"), t);
        assertTrue(t.contains("  Calls: the calls bursts saw, each weighted"), () -> "the header says what the column counts: " + t);
        // an old file (no calls anywhere) reads as a profile without call counts
        Path old = tmp.resolve("old.json");
        Files.write(old, json(sample()));
        assertTrue(!JsonProfileReader.read(old).hasCallCounts());
        ByteArrayOutputStream plain = new ByteArrayOutputStream();
        Format.CALLTREE.reporter().write(JsonProfileReader.read(old), ReportOptions.DEFAULT, plain);
        assertTrue(!plain.toString(StandardCharsets.UTF_8).contains("Calls"), () -> "no call counts, no Calls column or note: " + plain);
    }
}
