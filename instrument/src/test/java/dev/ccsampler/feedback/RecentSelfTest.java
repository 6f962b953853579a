package dev.ccsampler.feedback;

import dev.ccsampler.ccmap.MethodInfo;
import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.ccmap.Tier;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What compile hints rank by, without an engine: a run's setup is hot first and its steady state
 * after; counted over the whole run the setup wins, counted with older rounds weighing less the
 * steady state does. Snapshots are built by hand, one per round; nothing is timed.
 */
class RecentSelfTest {

    static String key(ProfileSnapshot s, AdvisorTest.Stacks st, String name) {
        MethodInfo m = s.method(st.ids.get(name));
        return RootKey.methodKey(m.language(), m.name(), m.source(), m.line(), m.column());
    }

    @Test
    void aSetupHotEarlyRanksBelowTheSteadyStateAfterAFewHalfLives() {
        AdvisorTest.Stacks st = new AdvisorTest.Stacks();
        RecentSelf recent = new RecentSelf();
        // 10 rounds of setup (100 samples each), then 30 rounds of steady state (40 samples each: 1 200 in all)
        for (int r = 0; r < 10; r++) {
            st.add(100, Tier.INTERPRETED, "main@1 setup");
            recent.update(st.snapshot(), FeedbackController.ROUND_NANOS);
        }
        for (int r = 0; r < 30; r++) {
            st.add(30, Tier.FIRST, "main@2 lex");
            st.add(10, Tier.FIRST, "main@3 emit");
            recent.update(st.snapshot(), FeedbackController.ROUND_NANOS);
        }
        ProfileSnapshot s = st.snapshot();
        assertEquals(1000, s.methodStats().get(st.ids.get("setup")).selfSum(), "over the whole run the setup has the most self samples");
        String setup = key(s, st, "setup");
        String lex = key(s, st, "lex");
        String emit = key(s, st, "emit");
        assertEquals(List.of(lex, emit, setup), recent.top(0));
        // 3 half-lives after it ended the setup weighs 1/8 to 1/16 of what it did (about 93), against 40 a round of the
        // steady state summed with decay (about 505): 15 %, where the whole run gives it 1 000 of 2 200 samples
        assertEquals(15.5, recent.share(setup), 0.5);
        assertEquals(75.0 * (100 - recent.share(setup)) / 100, recent.share(lex), 1e-6, "lex: three quarters of the steady state");
        assertEquals(List.of(lex, emit), recent.top(20));
        assertEquals(0, recent.share("pace:absent"), "a root without samples");
    }

    @Test
    void compileHintsScoreByRecentSelfSamplesOnceThereAreAny() {
        AdvisorTest.Stacks st = new AdvisorTest.Stacks().add(1000, Tier.INTERPRETED, "main@1 setup");
        RecentSelf recent = new RecentSelf();
        recent.update(st.snapshot(), FeedbackController.ROUND_NANOS);
        for (int r = 0; r < 40; r++) {
            st.add(10, Tier.FIRST, "main@2 lex");
            recent.update(st.snapshot(), FeedbackController.ROUND_NANOS);
        }
        ProfileSnapshot s = st.snapshot();
        Map<String, Integer> ids = new HashMap<>();
        for (MethodInfo m : s.methods()) {
            ids.put(RootKey.methodKey(m.language(), m.name(), m.source(), m.line(), m.column()), m.id());
        }
        HintLog log = new HintLog();
        int seq = 0;
        for (String name : List.of("setup", "lex")) {
            MethodInfo m = s.method(st.ids.get(name));
            log.add(new Hint(++seq, Hint.Kind.COMPILE, new RootKey("pace", name, "t.pace", 0, 1, m.line(), m.column(), ""), null, 0, 0, "r", Hint.Evidence.NONE, "advisor", 0,
                            Hint.State.ADVISED));
        }
        FeedbackController.score(s, ids, log);
        assertEquals(List.of("setup", "lex"), log.top(10).stream().map(h -> h.target.name()).toList(), "whole run: setup 1 000 self samples, lex 400");
        FeedbackController.score(s, ids, log, new RecentSelf());
        assertEquals(List.of("setup", "lex"), log.top(10).stream().map(h -> h.target.name()).toList(), "no recent samples yet: the whole run");
        FeedbackController.score(s, ids, log, recent);
        assertEquals(List.of("lex", "setup"), log.top(10).stream().map(h -> h.target.name()).toList(), "recent: the setup ended 40 rounds (4 half-lives) ago");
        assertEquals(recent.share(ids.keySet().stream().filter(k -> k.contains("lex")).findFirst().orElseThrow()), log.top(1).get(0).score, 1e-9);
    }

    @Test
    void advisorRoundsKeepToOnePercentOfACore() {
        assertEquals(200_000_000L, FeedbackController.nextPeriod(300_000L), "a small profile: every 200 ms");
        assertEquals(700_000_000L, FeedbackController.nextPeriod(7_000_000L), "a 7 ms round: 100 times that");
        assertEquals(2_000_000_000L, FeedbackController.nextPeriod(80_000_000L), "at most every 2 s");
    }

    @Test
    void theHalfLifeIsInTimeNotRounds() {
        AdvisorTest.Stacks st = new AdvisorTest.Stacks().add(100, Tier.INTERPRETED, "main@1 setup");
        RecentSelf a = new RecentSelf();
        a.update(st.snapshot(), FeedbackController.ROUND_NANOS);
        RecentSelf b = new RecentSelf();
        b.update(st.snapshot(), FeedbackController.ROUND_NANOS);
        st.add(100, Tier.INTERPRETED, "main@2 lex");
        ProfileSnapshot s = st.snapshot();
        // ten rounds of 200 ms, or one of 2 s: the setup's 100 samples weigh 50 either way against lex's 100
        for (int r = 0; r < 9; r++) {
            a.update(new AdvisorTest.Stacks().add(100, Tier.INTERPRETED, "main@1 setup").snapshot(), FeedbackController.ROUND_NANOS);
        }
        a.update(s, FeedbackController.ROUND_NANOS);
        b.update(s, RecentSelf.HALF_LIFE_NANOS);
        String setup = key(s, st, "setup");
        assertEquals(50.0, b.weight(setup), 1e-9);
        assertEquals(b.weight(setup), a.weight(setup), 1e-9);
        assertEquals(100.0 / 1.5, b.share(key(s, st, "lex")), 1e-9);
    }
}
