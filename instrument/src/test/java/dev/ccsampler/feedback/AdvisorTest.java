package dev.ccsampler.feedback;

import dev.ccsampler.ccmap.Accounting;
import dev.ccsampler.ccmap.live.CCMap;
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
 * The advisor's rules on CC-Maps built sample by sample (no engine): each rule fires on its shape
 * and stays silent on cold, megamorphic and recursive variants.
 */
class AdvisorTest {

    /** Builds a CC-Map from stacks written as {@code "main@0 useOne@3 apply@7 one"}: method@line of the call in it. */
    static final class Stacks {
        final CCMap map = new CCMap();
        final Map<String, Integer> ids = new HashMap<>();

        int method(String name) {
            return ids.computeIfAbsent(name, n -> map.internMethod(n, new MethodInfo(-1, "pace", n, "t.pace", null, 1 + ids.size(), 1, 1, false)));
        }

        Stacks add(int times, Tier leafTier, String stack) {
            String[] f = stack.split(" ");
            int[] m = new int[f.length];
            int[] s = new int[f.length];
            byte[] t = new byte[f.length];
            for (int i = 0; i < f.length; i++) {
                String[] p = f[i].split("@");
                m[i] = method(p[0]);
                s[i] = -1;
                if (i > 0) {
                    String[] caller = f[i - 1].split("@");
                    int line = Integer.parseInt(caller[1]);
                    s[i] = map.internCallSite(m[i - 1], line * 100, 10, line, 5);
                }
                t[i] = (byte) (i == f.length - 1 ? leafTier.ordinal() : Tier.INTERPRETED.ordinal());
            }
            synchronized (map) {
                for (int k = 0; k < times; k++) {
                    map.apply(0, 1, "main", f.length, m, s, t);
                }
            }
            return this;
        }

        ProfileSnapshot snapshot() {
            return map.snapshot(new ProfileSnapshot.Meta(1_000_000, 0, 1, "test", true, 100, List.of()), (c, tid) -> Accounting.EMPTY);
        }
    }

    static List<Advisor.Proposal> of(Stacks s, Hint.Kind kind) {
        return Advisor.advise(s.snapshot()).stream().filter(p -> p.kind() == kind).toList();
    }

    @Test
    void splitWhenTheInnerCallSiteIsPolymorphicOnlyAcrossCallers() {
        Stacks s = new Stacks().add(100, Tier.INTERPRETED, "main@10 useOne@3 apply@7 one").add(100, Tier.INTERPRETED, "main@11 useTwo@4 apply@7 two");
        List<Advisor.Proposal> p = of(s, Hint.Kind.SPLIT);
        assertEquals(2, p.size(), p.toString());
        assertTrue(p.stream().allMatch(x -> x.target() == s.ids.get("apply")), p.toString());
        assertEquals(List.of(s.ids.get("useOne"), s.ids.get("useTwo")), p.stream().map(Advisor.Proposal::caller).sorted().toList());
        assertEquals(List.of(3, 4), p.stream().map(Advisor.Proposal::siteLine).sorted().toList());
        Advisor.Proposal one = p.stream().filter(x -> x.caller() == s.ids.get("useOne")).findFirst().orElseThrow();
        assertEquals(100, one.evidence().samples());
        assertEquals(List.of("one (t.pace:4) 100%"), one.evidence().callees());
    }

    @Test
    void noSplitWhenEveryCallerSeesTheSameCallees() {
        Stacks s = new Stacks().add(50, Tier.INTERPRETED, "main@10 useOne@3 apply@7 one").add(50, Tier.INTERPRETED, "main@10 useOne@3 apply@7 two")
                        .add(50, Tier.INTERPRETED, "main@11 useTwo@4 apply@7 one").add(50, Tier.INTERPRETED, "main@11 useTwo@4 apply@7 two");
        assertEquals(List.of(), of(s, Hint.Kind.SPLIT));
    }

    @Test
    void noSplitWhenTheInnerCallSiteIsMegamorphic() {
        Stacks s = new Stacks();
        String[] callees = {"a", "b", "c", "d"};
        for (String c : callees) {
            s.add(30, Tier.INTERPRETED, "main@10 useOne@3 apply@7 " + c);
        }
        s.add(100, Tier.INTERPRETED, "main@11 useTwo@4 apply@7 two");
        assertEquals(List.of(), of(s, Hint.Kind.SPLIT));
    }

    @Test
    void noSplitForColdCallers() {
        Stacks s = new Stacks().add(400, Tier.INTERPRETED, "main@10 useOne@3 apply@7 one").add(5, Tier.INTERPRETED, "main@11 useTwo@4 apply@7 two");
        assertEquals(List.of(), of(s, Hint.Kind.SPLIT));
    }

    @Test
    void noSplitOfRecursiveCalls() {
        // walk calls itself at line 5 and calls leafA or leafB at line 6 depending on depth
        Stacks s = new Stacks().add(100, Tier.INTERPRETED, "main@10 walk@5 walk@6 leafA").add(100, Tier.INTERPRETED, "main@10 walk@6 leafB");
        assertTrue(of(s, Hint.Kind.SPLIT).stream().noneMatch(p -> p.caller() == p.target()), of(s, Hint.Kind.SPLIT).toString());
    }

    @Test
    void compileEarlyForAHotInterpretedRootButNotForTheEntryRoot() {
        Stacks s = new Stacks().add(190, Tier.INTERPRETED, "main@10 work").add(10, Tier.INTERPRETED, "main@10 other");
        List<Advisor.Proposal> p = of(s, Hint.Kind.COMPILE);
        assertEquals(1, p.size(), p.toString());
        assertEquals(s.ids.get("work"), p.get(0).target());
        assertEquals(190, p.get(0).evidence().samples());
    }

    @Test
    void noCompileEarlyWhenAlreadyCompiledOrCold() {
        Stacks s = new Stacks().add(190, Tier.LAST, "main@10 work").add(3, Tier.INTERPRETED, "main@10 cold").add(100, Tier.INTERPRETED, "main");
        assertEquals(List.of(), of(s, Hint.Kind.COMPILE).stream().filter(p -> p.target() != s.ids.get("main")).toList());
        assertTrue(of(s, Hint.Kind.COMPILE).isEmpty(), "the entry root main is never hinted");
    }

    @Test
    void noAdviceBeforeEnoughSamples() {
        Stacks s = new Stacks().add(50, Tier.INTERPRETED, "main@10 work");
        assertEquals(List.of(), Advisor.advise(s.snapshot()));
    }
}
