package dev.ccsampler.tools.jmh;

import dev.ccsampler.ccmap.live.CCMap;
import dev.ccsampler.ccmap.MethodInfo;

import java.util.SplittableRandom;

/**
 * Deterministic synthetic stacks for the CC-Map benchmarks: {@code methods} interned methods, each
 * with {@code sitesPerMethod} call sites, and {@code count} stacks of {@code depth} frames drawn so
 * that stacks share prefixes the way real ones do (frame i is one of {@code fanout} callees of
 * frame i-1). Not a benchmark; shared setup.
 */
final class SyntheticStacks {
    final int depth;
    final int[][] methodIds;
    final int[][] callSiteIds;
    final byte[] tiers;

    SyntheticStacks(CCMap map, int methods, int fanout, int count, int depth, long seed) {
        this.depth = depth;
        int sitesPerMethod = fanout;
        int[][] sites = new int[methods][sitesPerMethod];
        for (int m = 0; m < methods; m++) {
            map.internMethod("bench:m" + m, new MethodInfo(-1, "bench", "m" + m, "synthetic.js", null, m + 1, 1, m + 2, false));
        }
        for (int m = 0; m < methods; m++) {
            for (int s = 0; s < sitesPerMethod; s++) {
                sites[m][s] = map.internCallSite(m, m * 100 + s, 5, m + 1, s + 1);
            }
        }
        SplittableRandom r = new SplittableRandom(seed);
        methodIds = new int[count][depth];
        callSiteIds = new int[count][depth];
        for (int k = 0; k < count; k++) {
            int m = 0;
            callSiteIds[k][0] = -1;
            methodIds[k][0] = 0;
            for (int i = 1; i < depth; i++) {
                int s = r.nextInt(fanout);
                callSiteIds[k][i] = sites[m][s];
                // the callee of site s of m: fixed per (m, s), so paths form a tree with shared prefixes
                m = (int) ((m * 31L + s * 7L + 1) % methods);
                methodIds[k][i] = m;
            }
        }
        tiers = new byte[depth];
    }

    void apply(CCMap map, int k) {
        map.apply(0, 1L, "main", depth, methodIds[k], callSiteIds[k], tiers);
    }
}
