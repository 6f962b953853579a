package dev.ccsampler.report;

import dev.ccsampler.ccmap.ContextNode;
import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.ccmap.Tier;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Per-method self and total counts of one calling context tree (one thread, or merged threads).
 * Total counts a sample once per method even under recursion. Shared by the text reporters.
 */
final class MethodTable {

    /** One row. */
    record Row(int method, long[] self, long[] total) {
        long selfSum() {
            return ContextNode.sum(self);
        }

        long totalSum() {
            return ContextNode.sum(total);
        }
    }

    private MethodTable() {
    }

    /** Rows of the methods under {@code root}, by self then total samples, descending. */
    static List<Row> rows(ProfileSnapshot s, ContextNode root) {
        int n = s.methods().size();
        long[][] self = new long[n][];
        long[][] total = new long[n][];
        int[] onPath = new int[n];
        // iterative DFS with explicit enter/exit so onPath counts the method's frames on the current path
        List<Object> stack = new ArrayList<>();
        for (ContextNode c : root.children()) {
            stack.add(c);
        }
        while (!stack.isEmpty()) {
            Object top = stack.remove(stack.size() - 1);
            if (top instanceof Integer exitMethod) {
                onPath[exitMethod]--;
                continue;
            }
            ContextNode node = (ContextNode) top;
            int m = node.method();
            if (self[m] == null) {
                self[m] = new long[Tier.COUNT];
                total[m] = new long[Tier.COUNT];
            }
            for (int t = 0; t < Tier.COUNT; t++) {
                self[m][t] += node.selfByTier()[t];
                if (onPath[m] == 0) {
                    total[m][t] += node.totalByTier()[t];
                }
            }
            onPath[m]++;
            stack.add(m);
            for (ContextNode c : node.children()) {
                stack.add(c);
            }
        }
        List<Row> rows = new ArrayList<>();
        for (int m = 0; m < n; m++) {
            if (self[m] != null) {
                rows.add(new Row(m, self[m], total[m]));
            }
        }
        rows.sort(Comparator.comparingLong(Row::selfSum).reversed().thenComparing(Comparator.comparingLong(Row::totalSum).reversed())
                        .thenComparingInt(Row::method));
        return rows;
    }
}
