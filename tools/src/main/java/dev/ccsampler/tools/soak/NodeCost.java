package dev.ccsampler.tools.soak;

import dev.ccsampler.ccmap.live.CCMap;
import dev.ccsampler.ccmap.MethodInfo;

import java.util.Random;

/**
 * The question: how many bytes does one calling-context node of the CC-Map cost, the figure behind
 * the default of {@code --ccsampler.MaxContextNodes}? Fills a map with random 4-frame paths over
 * 1 000 functions (a very wide tree) and prints the heap retained after GC per node.
 *
 * <p>Usage: {@code java -cp <tools class path> dev.ccsampler.tools.soak.NodeCost [samples]}
 * (default 400 000 samples); see docs/memory.md.
 */
public final class NodeCost {

    private NodeCost() {
    }

    public static void main(String[] args) throws InterruptedException {
        int samples = args.length > 0 ? Integer.parseInt(args[0]) : 400_000;
        CCMap map = new CCMap();
        int n = 1000;
        int[] m = new int[n];
        int[] sites = new int[n];
        for (int i = 0; i < n; i++) {
            m[i] = map.internMethod("f" + i, new MethodInfo(-1, "t", "f" + i, "s", null, i, 1, i, false));
            sites[i] = map.internCallSite(m[i], 1, 1, 1, 1);
        }
        long before = SoakMain.heapAfterGc();
        Random r = new Random(1);
        synchronized (map) {
            for (int k = 0; k < samples; k++) {
                int[] ms = {m[0], m[1 + r.nextInt(n - 1)], m[1 + r.nextInt(n - 1)], m[1 + r.nextInt(n - 1)]};
                int[] ss = {-1, sites[ms[0]], sites[ms[1]], sites[ms[2]]};
                map.apply(0, 1, "t", 4, ms, ss, new byte[4], 1);
            }
        }
        long after = SoakMain.heapAfterGc();
        int nodes = map.contextNodeCount();
        System.out.printf("%d nodes, %d bytes retained, %.0f bytes per node%n", nodes, after - before, (double) (after - before) / nodes);
        if (map.contextNodeCount() < 0) {
            System.out.println(map); // keeps the map reachable until the second reading
        }
    }
}
