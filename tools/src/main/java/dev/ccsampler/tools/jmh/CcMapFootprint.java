package dev.ccsampler.tools.jmh;

import dev.ccsampler.ccmap.live.CCMap;

import java.lang.management.ManagementFactory;
import java.util.Locale;

/**
 * Question: how many bytes does the CC-Map keep per context node? Builds a map with at least
 * 1 000 000 context nodes from synthetic depth-12 stacks and prints two measures: retained heap
 * (used heap after full GCs, before and after, through {@code Runtime}) and bytes allocated by this
 * thread while building (the JDK's per-thread allocation counter, which also counts garbage).
 * 2 000 methods with 8 call sites each keep the number of distinct edges moderate (at most 16 000),
 * as in a real program; the context nodes come from the many paths through them.
 * A plain main, not a JMH benchmark: it is one measurement of size, not of time.
 *
 * <pre>java -cp tools/target/classes:tools/target/lib/* dev.ccsampler.tools.jmh.CcMapFootprint [nodes]</pre>
 */
public final class CcMapFootprint {

    private CcMapFootprint() {
    }

    public static void main(String[] args) throws InterruptedException {
        int target = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long tid = Thread.currentThread().threadId();
        // Stacks first, so their arrays are not counted as map bytes.
        CCMap probe = new CCMap();
        int samples = target; // each sample adds at most depth nodes; with high fan-out most add several
        SyntheticStacks stacks = new SyntheticStacks(probe, 2_000, 8, samples, 12, 11);
        long before = usedAfterGc();
        long alloc0 = threads.getThreadAllocatedBytes(tid);
        CCMap map = new CCMap();
        SyntheticStacks ids = new SyntheticStacks(map, 2_000, 8, 1, 12, 11); // interns the same methods and sites in this map
        int applied = 0;
        while (map.contextNodeCount() < target && applied < samples) {
            int end = Math.min(samples, applied + 50_000);
            for (; applied < end; applied++) {
                map.apply(0, 1L, "main", stacks.depth, stacks.methodIds[applied], stacks.callSiteIds[applied], stacks.tiers);
            }
        }
        long alloc = threads.getThreadAllocatedBytes(tid) - alloc0;
        long after = usedAfterGc();
        int nodes = map.contextNodeCount();
        System.out.printf(Locale.ROOT, "CC-Map footprint: %d context nodes from %d samples (depth %d, 2 000 methods, 8 call sites each)%n", nodes, applied, stacks.depth);
        System.out.printf(Locale.ROOT, "  retained heap: %.1f MiB = %.1f bytes per context node (includes interned methods and call sites)%n",
                        (after - before) / 1048576.0, (after - before) / (double) nodes);
        System.out.printf(Locale.ROOT, "  allocated while building: %.1f MiB = %.1f bytes per context node%n", alloc / 1048576.0, alloc / (double) nodes);
        if (ids.depth == 0 || probe.contextNodeCount() < 0) {
            System.out.println(); // keeps both maps reachable until here
        }
    }

    private static long usedAfterGc() throws InterruptedException {
        Runtime rt = Runtime.getRuntime();
        for (int i = 0; i < 4; i++) {
            System.gc();
            Thread.sleep(100);
        }
        return rt.totalMemory() - rt.freeMemory();
    }
}
