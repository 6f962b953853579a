package dev.ccsampler.report;

import dev.ccsampler.ccmap.CallSiteInfo;
import dev.ccsampler.ccmap.ContextNode;
import dev.ccsampler.ccmap.MethodInfo;
import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.ccmap.ThreadProfile;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The calling context tree per thread, children by total time. A context is a function reached
 * through one call site, so a callee called from two lines of its caller shows twice, each with
 * {@code @line}. Indentation stops growing at 24 levels; deeper frames show their depth. When the
 * profile has call counts from bursts, a {@code Calls} column shows each context's weighted calls
 * (an estimate, beside the time: docs/bursting.md).
 */
final class CallTreeReporter implements Reporter {

    private static final int MAX_INDENT = 24;

    @Override
    public void write(ProfileSnapshot s, ReportOptions o, OutputStream os) {
        PrintStream out = new PrintStream(os, false, StandardCharsets.UTF_8);
        TextReport.header(out, s, "call tree", s.hasCallCounts());
        for (ThreadProfile t : s.threads()) {
            long all = t.root().total();
            boolean calls = s.hasCallCounts();
            TextReport.threadHeader(out, t, s.threads().size());
            out.printf(" %s | %-17s | %-17s |%s%s%n", TextReport.fit("Name (location) @call line", 80), "Total Time", "Self Time", calls ? String.format(" %12s |", "Calls") : "",
                            o.showTiers() ? " Total by tier" : "");
            List<ContextNode> stack = new ArrayList<>(sorted(t.root().children()));
            while (!stack.isEmpty()) {
                ContextNode n = stack.remove(stack.size() - 1);
                if (n.total() < o.minSamples()) {
                    continue;
                }
                int depth = n.depth() - 1;
                String indent = depth <= MAX_INDENT ? "  ".repeat(depth) : "  ".repeat(MAX_INDENT) + "[" + depth + "] ";
                MethodInfo m = s.method(n.method());
                String site = "";
                if (n.callSite() >= 0) {
                    CallSiteInfo cs = s.callSites().get(n.callSite());
                    if (cs.line() > 0) {
                        site = " @" + cs.line();
                    }
                }
                out.printf(" %s | %s | %s |%s%s%n", TextReport.fit(indent + m.label() + site, 80), TextReport.time(n.total(), s, all), TextReport.time(n.self(), s, all),
                                calls ? String.format(" %12d |", n.calls()) : "", o.showTiers() ? TextReport.tiers(n.totalByTier(), n.total()) : "");
                stack.addAll(sorted(n.children()));
            }
        }
        TextReport.footer(out, s);
        out.flush();
    }

    /** Children coldest first, so that popping from the end visits the hottest first. */
    private static List<ContextNode> sorted(List<ContextNode> children) {
        List<ContextNode> l = new ArrayList<>(children);
        l.sort(Comparator.comparingLong(ContextNode::total).thenComparing(Comparator.comparingInt(ContextNode::id).reversed()));
        return l;
    }
}
