package dev.ccsampler.crosslang;

import dev.ccsampler.ccmap.Accounting;
import dev.ccsampler.ccmap.live.CCMap;
import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.ccmap.ThreadProfile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 10, the CC-Map's memory cap ({@code --ccsampler.MaxContextNodes}) on a real GraalJS
 * program with a very wide calling context tree: 300 distinct functions, each called from its own
 * site in the main loop, each calling one of 40 helpers from one of two sites, which call a shared
 * leaf. Without a cap that is hundreds of context nodes; with a cap of 64 the profile has at most
 * 64 (besides a synthetic {@code <pruned>} frame per thread), every thread's tree adds up to its applied ticks, the pruned ticks are in the JSON
 * accounting and the profile warns naming the option.
 */
class ContextCapTest {

    static final int CAP = 64;

    @TempDir
    Path tmp;

    /** The wide program, generated: function fK and its call site are distinct for every K. */
    static String wideProgram(int functions, int helpers) {
        StringBuilder js = new StringBuilder("function leaf(n) { let s = 0; for (let i = 0; i < n; i++) { s += i % 7; } return s; }\n");
        for (int h = 0; h < helpers; h++) {
            js.append("function h").append(h).append("(n) { return leaf(n) + leaf(n >> 1); }\n");
        }
        for (int f = 0; f < functions; f++) {
            js.append("function f").append(f).append("(n) { return (n & 1) ? h").append(f % helpers).append("(n) : h").append((f * 7) % helpers).append("(n + 1); }\n");
        }
        js.append("let total = 0;\nfor (let round = 0; round < 200; round++) {\n");
        for (int f = 0; f < functions; f++) {
            js.append("  total += f").append(f).append("(200 + round);\n");
        }
        js.append("}\nconsole.log(total > 0 ? 'done' : 'zero');\n");
        return js.toString();
    }

    @Test
    void nodesStayUnderTheCapAndTicksStillAddUp() throws Exception {
        Path program = tmp.resolve("wide.js");
        Files.writeString(program, wideProgram(300, 40));
        ProfileRun r = ProfileRun.run("js", program, tmp, Map.of("ccsampler.Period", "100us", "ccsampler.MaxContextNodes", Integer.toString(CAP),
                        // every tick walked: this is about the cap; at the default budget a fresh engine's
                        // first expensive walks thinned a 1 s run to 15 samples, too few to outgrow it
                        "ccsampler.CostBudget", "100"));
        assertEquals("done", r.stdout.strip());
        ProfileSnapshot p = r.profile;
        int[] nodes = {0};
        p.forEachNode(n -> nodes[0] += p.method(n.method()).name().equals(CCMap.PRUNED) ? 0 : 1);
        assertTrue(nodes[0] <= CAP, nodes[0] + " context nodes, cap " + CAP);
        long applied = 0;
        for (ThreadProfile t : p.threads()) {
            Accounting a = t.accounting();
            assertEquals(a.applied(), t.root().total(), () -> t.threadName() + ": the tree adds up to the applied ticks: " + a.summaryLine());
            long[] self = {t.root().self()};
            ProfileSnapshot.forEachNode(t.root(), n -> self[0] += n.self());
            assertEquals(t.root().total(), self[0], t.threadName() + ": self ticks add up to the thread's ticks");
            applied += a.applied();
        }
        Accounting all = p.accounting();
        assertEquals(all.applied(), applied);
        // pruned ticks: the tree outgrew the cap (without a cap the program has hundreds of nodes)
        assertTrue(all.pruned() > 0 && all.pruned() <= all.applied(), all::summaryLine);
        assertTrue(p.meta().warnings().stream().anyMatch(w -> w.contains("--ccsampler.MaxContextNodes")), () -> String.join("\n", p.meta().warnings()));
        // the flat per-function counts are not pruned: the helpers' self time is all there
        long leafSelf = r.selfByName().getOrDefault("leaf", 0L);
        assertTrue(leafSelf > all.applied() / 4, "leaf self " + leafSelf + " of " + all.applied());
    }
}
