package dev.ccsampler.feedback;

import dev.ccsampler.ccmap.MethodInfo;
import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.ccmap.Tier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The cap of {@code --ccsampler.MaxHintsPerKind} without an engine: hints ranked per kind by their
 * share of samples, the first N of each kind saved in rank order with their rank, and a loaded file
 * cut to the first N of each kind by saved rank. Shares are set by hand; nothing is timed.
 */
class HintRankingTest {

    @TempDir
    Path tmp;

    static RootKey root(String name, int line) {
        return new RootKey("js", name, "p.js", line * 10, 5, line, 1, "00112233aabbccdd");
    }

    static Hint compile(int seq, String name, double score) {
        Hint h = new Hint(seq, Hint.Kind.COMPILE, root(name, seq), null, 0, 0, "hot and interpreted", new Hint.Evidence(10 * seq, 1.0 + seq, 1, List.of()), "advisor",
                        seq, Hint.State.ADVISED);
        h.score = score;
        return h;
    }

    static Hint split(int seq, String caller, double score) {
        Hint h = new Hint(seq, Hint.Kind.SPLIT, root("apply", 90), root(caller, seq), seq, 3, "polymorphic across callers", new Hint.Evidence(5, 2.5, 1, List.of("one 100%")),
                        "advisor", seq, Hint.State.ADVISED);
        h.score = score;
        return h;
    }

    /** Five compile hints and two split hints, logged in an order unrelated to their shares. */
    static HintLog log() {
        HintLog log = new HintLog();
        log.add(compile(1, "early", 3.0));
        log.add(split(2, "useOne", 4.0));
        log.add(compile(3, "parse", 40.0));
        log.add(compile(4, "lex", 12.123));
        log.add(split(5, "useTwo", 30.0));
        log.add(compile(6, "walk", 40.0)); // ties parse: the earlier hint ranks first
        log.add(compile(7, "emit", 7.0));
        return log;
    }

    static List<String> names(List<Hint> hints) {
        return hints.stream().map(h -> h.kind == Hint.Kind.COMPILE ? h.target.name() : h.caller.name()).toList();
    }

    @Test
    void eachKindIsRankedByShareAndTheTopNSurviveInOrder() {
        HintLog log = log();
        assertEquals(List.of("parse", "walk", "useTwo", "useOne"), names(log.top(2)), "compile first, then split, each kind by share");
        assertEquals(List.of("parse", "walk", "lex", "emit", "early", "useTwo", "useOne"), names(log.top(1000)), "a large cap keeps every hint");
        assertEquals(List.of("parse", "useTwo"), names(log.top(1)));
        for (Hint h : log.list()) {
            assertEquals(h.kind == Hint.Kind.COMPILE ? 5 : 2, h.rankOf, h.describe());
        }
        List<Integer> ranks = log.list().stream().map(h -> h.rank).toList();
        assertEquals(List.of(5, 2, 1, 3, 1, 2, 4), ranks, "ranks in the order logged");
    }

    @Test
    void rankingFollowsTheShareAsItChanges() {
        HintLog log = log();
        assertEquals(List.of("parse", "walk", "useTwo", "useOne"), names(log.top(2)));
        for (Hint h : log.list()) {
            if (h.kind == Hint.Kind.COMPILE && h.target.name().equals("early")) {
                h.score = 55; // proposed first with little, the largest share of the run by now: it ranks first
            }
        }
        assertEquals(List.of("early", "parse", "useTwo", "useOne"), names(log.top(2)));
    }

    @Test
    void theSavedFileHasTheTopNOfEachKindInRankOrderWithTheirRankAndReason() throws Exception {
        HintLog log = log();
        Path file = tmp.resolve("h.json");
        try (OutputStream out = Files.newOutputStream(file)) {
            log.writeJson("GraalVM CE", "apply", null, 3, out);
        }
        String json = Files.readString(file);
        assertTrue(json.contains("\"rank\":{\"position\":1,\"of\":5,\"share\":40.0}"), json);
        assertTrue(json.contains("\"rank\":{\"position\":3,\"of\":5,\"share\":12.12}"), "the share is written with two decimals: " + json);
        assertTrue(json.contains("\"reason\":\"hot and interpreted\""), json);
        assertFalse(json.contains("\"name\":\"emit\""), "rank 4 of 5 is beyond the cap of 3: " + json);

        List<HintsFile.Saved> saved = HintsFile.read(file);
        assertEquals(List.of("parse", "walk", "lex", "useTwo", "useOne"),
                        saved.stream().map(s -> s.kind() == Hint.Kind.COMPILE ? s.target().name() : s.caller().name()).toList());
        assertEquals(List.of(1, 2, 3, 1, 2), saved.stream().map(HintsFile.Saved::rank).toList());
        assertEquals(2.5, saved.get(3).evidence().share(), "the evidence of the learning run is kept beside the rank");

        // loading the same file with a smaller cap keeps the first of each kind by saved rank
        List<HintsFile.Saved> one = HintsFile.top(saved, 1);
        assertEquals(List.of("parse", "useTwo"), one.stream().map(s -> s.kind() == Hint.Kind.COMPILE ? s.target().name() : s.caller().name()).toList());
    }

    @Test
    void aLoadedFileIsAppliedInSavedRankOrderWithUnrankedEntriesLast() throws Exception {
        // a file in another order than its ranks, with an entry that has no rank (written before 0.3)
        String entry = "{\"kind\":\"compile\",\"target\":{\"language\":\"js\",\"name\":\"%s\",\"source\":\"p.js\",\"charIndex\":1,\"charLength\":2,\"line\":1,\"column\":1,"
                        + "\"contentHash\":\"00112233aabbccdd\"}%s}";
        String json = "{\"format\":\"ccsampler-hints\",\"version\":1,\"runtime\":\"x\",\"mode\":\"apply\",\"hints\":[" + String.join(",",
                        String.format(entry, "old", ""), String.format(entry, "second", ",\"rank\":{\"position\":2,\"of\":3,\"share\":5.0}"),
                        String.format(entry, "first", ",\"rank\":{\"position\":1,\"of\":3,\"share\":9.5}")) + "]}";
        Path file = tmp.resolve("mixed.json");
        Files.writeString(file, json);
        List<HintsFile.Saved> saved = HintsFile.read(file);
        assertEquals(List.of("first", "second", "old"), HintsFile.top(saved, 10).stream().map(s -> s.target().name()).toList());
        assertEquals(List.of("first", "second"), HintsFile.top(saved, 2).stream().map(s -> s.target().name()).toList());
    }

    @Test
    void compileHintsRankBySelfSamplesAndEdgeHintsBySamplesThroughTheEdge() {
        // parse is on the stack in every sample but runs its own code in few; lex and emit in many
        AdvisorTest.Stacks st = new AdvisorTest.Stacks().add(10, Tier.INTERPRETED, "main@1 parse").add(60, Tier.INTERPRETED, "main@1 parse@2 lex")
                        .add(30, Tier.INTERPRETED, "main@1 parse@3 emit");
        ProfileSnapshot snap = st.snapshot();
        Map<String, Integer> ids = new HashMap<>();
        for (MethodInfo m : snap.methods()) {
            ids.put(RootKey.methodKey(m.language(), m.name(), m.source(), m.line(), m.column()), m.id());
        }
        HintLog log = new HintLog();
        int seq = 0;
        for (String name : List.of("parse", "emit", "lex", "absent")) {
            MethodInfo m = name.equals("absent") ? new MethodInfo(-1, "pace", "absent", "t.pace", null, 99, 1, 1, false) : snap.method(st.ids.get(name));
            log.add(new Hint(++seq, Hint.Kind.COMPILE, new RootKey("pace", name, "t.pace", 0, 1, m.line(), m.column(), ""), null, 0, 0, "r", Hint.Evidence.NONE, "advisor", 0,
                            Hint.State.ADVISED));
        }
        MethodInfo parse = snap.method(st.ids.get("parse"));
        MethodInfo lex = snap.method(st.ids.get("lex"));
        log.add(new Hint(++seq, Hint.Kind.INLINE, new RootKey("pace", "lex", "t.pace", 0, 1, lex.line(), lex.column(), ""),
                        new RootKey("pace", "parse", "t.pace", 0, 1, parse.line(), parse.column(), ""), 2, 5, "r", Hint.Evidence.NONE, "advisor", 0, Hint.State.ADVISED));

        FeedbackController.score(snap, ids, log);
        assertEquals(List.of("lex", "emit", "parse", "absent"), log.top(10).stream().filter(h -> h.kind == Hint.Kind.COMPILE).map(h -> h.target.name()).toList());
        Map<String, Double> score = new HashMap<>();
        for (Hint h : log.list()) {
            score.put(h.kind.id() + " " + h.target.name(), h.score);
        }
        assertEquals(60.0, score.get("compile lex"), 1e-9);
        assertEquals(10.0, score.get("compile parse"), 1e-9, "self samples, not the 100 % parse is on the stack");
        assertEquals(0.0, score.get("compile absent"), "a root without samples in this run");
        assertEquals(60.0, score.get("inline lex"), 1e-9, "the samples through parse line 2 -> lex");
    }

    @Test
    void anEdgeOnOneStackSeveralTimesCountsEachSampleOnce() {
        // a recursive-descent parser: expr calls term calls expr again at the same sites; 10 samples at depth 5,
        // 5 at depth 3; scored by summing every node, expr -> term would hold 25 of 15 samples (the 158 % an
        // acorn learning run reported for an inline hint)
        AdvisorTest.Stacks st = new AdvisorTest.Stacks().add(10, Tier.INTERPRETED, "main@1 expr@2 term@3 expr@2 term").add(5, Tier.INTERPRETED, "main@1 expr@2 term");
        ProfileSnapshot snap = st.snapshot();
        int site = -1;
        for (dev.ccsampler.ccmap.CallSiteInfo c : snap.callSites()) {
            if (c.caller() == st.ids.get("expr")) {
                site = c.id();
            }
        }
        Map<Long, Long> edges = FeedbackController.edgeSamples(snap);
        assertEquals(15L, edges.get(((long) site << 32) | st.ids.get("term")), "expr -> term: every sample once");
        assertEquals(15L, edges.get(((long) snap.callSites().stream().filter(c -> c.caller() == st.ids.get("main")).findFirst().orElseThrow().id() << 32) | st.ids.get("expr")));
    }

    @Test
    void theTextReportShowsTheRankAndWhatTheCapLeftOut() {
        HintLog log = log();
        log.rank();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        log.writeText("mode apply on GraalVM CE", null, 2, out);
        String t = out.toString(StandardCharsets.UTF_8);
        assertTrue(t.contains("rank: 1 of 5 compile hints, 40.0% of the recent samples in its own code\n"), t);
        assertTrue(t.contains("rank: 3 of 5 compile hints, 12.1% of the recent samples in its own code; beyond --ccsampler.MaxHintsPerKind=2, not saved"), t);
        assertTrue(t.contains("rank: 2 of 2 split hints, 4.0% of the samples in this run through this call edge\n"), t);
    }
}
