package dev.ccsampler.report;

import dev.ccsampler.ccmap.Accounting;
import dev.ccsampler.ccmap.CallSiteInfo;
import dev.ccsampler.ccmap.ContextNode;
import dev.ccsampler.ccmap.MethodInfo;
import dev.ccsampler.ccmap.MethodStats;
import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.ccmap.Tier;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Hand-built snapshots for reporter tests, written as stacks so that a reader sees the expected
 * output in the input.
 *
 * <p>A stack is given outermost frame first; each frame is {@code name[@line]:tier} where
 * {@code name} is a method declared with {@link Builder#method}, {@code @line} the line of the call
 * site in the caller that led to this frame (so two calls of one callee from two lines are two
 * context nodes) and {@code tier} one of {@code 0 1 j i}.
 */
final class SnapshotFixtures {

    private SnapshotFixtures() {
    }

    /**
     * Two threads, two languages, all four tiers, direct recursion ({@code fib}), one callee reached
     * from two call sites of one caller ({@code helper} from lines 4 and 9 of {@code main}), a
     * function whose name contains a semicolon and one named {@code </script>}.
     *
     * <pre>
     * main thread (60 samples):
     *   main;compute;fib;fib;fib   leaf j 10, i 5
     *   main;compute;fib;fib       leaf j 5
     *   main;compute               leaf 1 5
     *   main;helper@4              leaf 0 10
     *   main;helper@9              leaf 0 5
     *   main;a;b                   leaf 1 5
     *   main;&lt;/script&gt;         leaf 0 15
     * worker-1 (40 samples):
     *   main;compute;fib           leaf i 20
     *   main;helper@4              leaf j 20
     * </pre>
     */
    static ProfileSnapshot mixed() {
        Builder b = new Builder();
        b.method("main", "js", "app.js", 1);
        b.method("compute", "python", "calc.py", 10);
        b.method("fib", "python", "calc.py", 20);
        b.method("helper", "js", "app.js", 30);
        b.method("a;b", "js", "weird.js", 2);
        b.method("</script>", "js", "<script>&.js", 3);
        b.thread(1, "main");
        b.stack(10, "main:0", "compute@5:1", "fib:j", "fib:j", "fib:j");
        b.stack(5, "main:0", "compute@5:1", "fib:j", "fib:j", "fib:i");
        b.stack(5, "main:0", "compute@5:1", "fib:j", "fib:j");
        b.stack(5, "main:0", "compute@5:1");
        b.stack(10, "main:0", "helper@4:0");
        b.stack(5, "main:0", "helper@9:0");
        b.stack(5, "main:0", "a;b@6:1");
        b.stack(15, "main:0", "</script>@7:0");
        b.thread(2, "worker-1");
        b.stack(20, "main:j", "compute@5:i", "fib:i");
        b.stack(20, "main:j", "helper@4:j");
        return b.build();
    }

    /** The "before" run of the diff test: {@code work} and {@code idle} share the time equally. */
    static ProfileSnapshot diffBefore() {
        Builder b = new Builder();
        diffMethods(b);
        b.thread(1, "main");
        b.stack(50, "main:j", "work:j", "grows:j");
        b.stack(50, "main:j", "work:j", "shrinks:j");
        b.stack(100, "main:j", "idle:0");
        return b.build();
    }

    /**
     * The "after" run: {@code grows} went from 25 % to 60 % of the samples, {@code shrinks} from 25 % to
     * 10 %, {@code idle} from 50 % to 20 %, and {@code fresh} is new. Method ids are declared in a
     * different order than in {@link #diffBefore()} so that matching cannot rely on ids.
     */
    static ProfileSnapshot diffAfter() {
        Builder b = new Builder();
        b.method("fresh", "js", "app.js", 50);
        diffMethods(b);
        b.thread(1, "main");
        b.stack(60, "main:j", "work:j", "grows:j");
        b.stack(10, "main:j", "work:j", "shrinks:j");
        b.stack(20, "main:j", "idle:0");
        b.stack(10, "main:j", "fresh:0");
        return b.build();
    }

    private static void diffMethods(Builder b) {
        b.method("main", "js", "app.js", 1);
        b.method("work", "js", "app.js", 10);
        b.method("grows", "js", "app.js", 20);
        b.method("shrinks", "js", "app.js", 30);
        b.method("idle", "js", "app.js", 40);
    }

    /**
     * A wide and deep synthetic tree of about {@code nodes} context nodes, for checking that the flame
     * graph stays usable at realistic sizes.
     */
    static ProfileSnapshot large(int nodes) {
        Builder b = new Builder();
        int methods = 500;
        for (int m = 0; m < methods; m++) {
            b.method("fn" + m, m % 3 == 0 ? "python" : "js", "gen" + (m % 7) + ".js", m + 1);
        }
        b.thread(1, "main");
        long seed = 42;
        String[] tiers = {"0", "1", "j", "i"};
        int made = 0;
        while (b.nodeCount() < nodes && made < nodes * 4) {
            seed = seed * 6364136223846793005L + 1442695040888963407L;
            int depth = 3 + (int) ((seed >>> 33) % 25);
            String[] stack = new String[depth];
            long s = seed;
            for (int d = 0; d < depth; d++) {
                s = s * 6364136223846793005L + 1442695040888963407L;
                int width = d < 3 ? 4 : 12;
                stack[d] = "fn" + ((d * 37 + (int) ((s >>> 40) % width)) % methods) + ":" + tiers[(int) ((s >>> 20) & 3)];
            }
            b.stack(1 + (int) ((seed >>> 50) % 9), stack);
            made++;
        }
        return b.build();
    }

    /** Accumulates stacks into trees; not thread-safe, test use only. */
    static final class Builder {
        private final List<MethodInfo> methods = new ArrayList<>();
        private final Map<String, Integer> methodIds = new LinkedHashMap<>();
        private final Map<String, Integer> siteIds = new LinkedHashMap<>();
        private final List<int[]> sites = new ArrayList<>();
        private final List<Object[]> threads = new ArrayList<>();
        private MNode current;
        private int nodeCount;

        private static final class MNode {
            final int method;
            final int site;
            final long[] self = new long[Tier.COUNT];
            final long[] total = new long[Tier.COUNT];
            final Map<Long, MNode> children = new LinkedHashMap<>();

            MNode(int method, int site) {
                this.method = method;
                this.site = site;
            }
        }

        Builder method(String name, String language, String source, int line) {
            int id = methods.size();
            methods.add(new MethodInfo(id, language, name, source, "/src/" + source, line, 1, line + 5, false));
            methodIds.put(name, id);
            return this;
        }

        Builder thread(long id, String name) {
            current = new MNode(-1, -1);
            threads.add(new Object[]{id, name, current});
            return this;
        }

        int nodeCount() {
            return nodeCount;
        }

        Builder stack(long count, String... frames) {
            MNode n = current;
            int caller = -1;
            for (String f : frames) {
                int colon = f.lastIndexOf(':');
                Tier tier = Tier.parse(f.substring(colon + 1));
                String nameAndSite = f.substring(0, colon);
                int at = nameAndSite.lastIndexOf('@');
                String name = at < 0 ? nameAndSite : nameAndSite.substring(0, at);
                int line = at < 0 ? 0 : Integer.parseInt(nameAndSite.substring(at + 1));
                Integer m = methodIds.get(name);
                if (m == null) {
                    throw new IllegalArgumentException("undeclared method " + name);
                }
                int site = caller < 0 ? -1 : site(caller, line);
                long key = ((long) site << 32) | m;
                MNode child = n.children.get(key);
                if (child == null) {
                    child = new MNode(m, site);
                    n.children.put(key, child);
                    nodeCount++;
                }
                child.total[tier.ordinal()] += count;
                n = child;
                caller = m;
            }
            n.self[Tier.parse(frames[frames.length - 1].substring(frames[frames.length - 1].lastIndexOf(':') + 1)).ordinal()] += count;
            current.total[0] += count;
            return this;
        }

        /** Samples of the current thread without a visible frame: the root's own. */
        Builder noVisibleFrame(long count) {
            current.self[0] += count;
            current.total[0] += count;
            return this;
        }

        private int site(int caller, int line) {
            return siteIds.computeIfAbsent(caller + ":" + line, k -> {
                sites.add(new int[]{caller, line});
                return sites.size() - 1;
            });
        }

        ProfileSnapshot build() {
            long[][] mSelf = new long[methods.size()][Tier.COUNT];
            long[][] mTotal = new long[methods.size()][Tier.COUNT];
            List<dev.ccsampler.ccmap.ThreadProfile> profiles = new ArrayList<>();
            for (Object[] t : threads) {
                MNode root = (MNode) t[2];
                int[] ids = {0};
                ContextNode r = new ContextNode(ids[0]++, -1, -1, root.self.clone(), root.total.clone(), null);
                materialize(root, r, ids, mSelf, mTotal, new HashSet<>());
                long applied = r.total();
                Accounting acc = new Accounting(applied, applied, 0, 0, 0, 0, 0, 1000, 2000, 3000);
                profiles.add(new dev.ccsampler.ccmap.ThreadProfile(0, (Long) t[0], (String) t[1], r, acc));
            }
            List<MethodStats> stats = new ArrayList<>();
            for (int m = 0; m < methods.size(); m++) {
                stats.add(new MethodStats(m, mSelf[m], mTotal[m]));
            }
            List<CallSiteInfo> callSites = new ArrayList<>();
            for (int i = 0; i < sites.size(); i++) {
                callSites.add(new CallSiteInfo(i, sites.get(i)[0], sites.get(i)[1], 1, List.of()));
            }
            ProfileSnapshot.Meta meta = new ProfileSnapshot.Meta(1_000_000, 1_700_000_000_000L, 1_700_000_010_000L, "fixture", true, 128, List.of());
            return new ProfileSnapshot(meta, List.copyOf(methods), stats, callSites, profiles);
        }

        /** Method totals count a recursive method once per sample: only at its outermost context on a path. */
        private static void materialize(MNode from, ContextNode to, int[] ids, long[][] mSelf, long[][] mTotal, Set<Integer> onPath) {
            for (MNode c : from.children.values()) {
                ContextNode cn = new ContextNode(ids[0]++, c.method, c.site, c.self.clone(), c.total.clone(), to);
                for (int t = 0; t < Tier.COUNT; t++) {
                    mSelf[c.method][t] += c.self[t];
                    if (!onPath.contains(c.method)) {
                        mTotal[c.method][t] += c.total[t];
                    }
                }
                boolean added = onPath.add(c.method);
                materialize(c, cn, ids, mSelf, mTotal, onPath);
                if (added) {
                    onPath.remove(c.method);
                }
            }
        }
    }
}
