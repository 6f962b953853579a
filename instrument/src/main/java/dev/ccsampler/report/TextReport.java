package dev.ccsampler.report;

import dev.ccsampler.ccmap.Accounting;
import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.ccmap.ThreadProfile;
import dev.ccsampler.ccmap.Tier;

import java.io.PrintStream;

/** Header, footer and number formatting shared by the histogram and the call tree. */
final class TextReport {

    static final String RULE = "-".repeat(118);

    private TextReport() {
    }

    static void header(PrintStream out, ProfileSnapshot s, String what) {
        header(out, s, what, false);
    }

    /** {@link #header(PrintStream, ProfileSnapshot, String)}, saying what the Calls column counts when {@code callsColumn}. */
    static void header(PrintStream out, ProfileSnapshot s, String what, boolean callsColumn) {
        Accounting a = s.accounting();
        out.println(RULE);
        out.printf("ccsampler %s: %d ticks of %s (%d stack samples) on %s%n", what, s.totalSamples(), Accounting.formatNanos(s.meta().periodNanos()), a.samples(),
                        s.meta().runtime());
        out.println("  Total: time with the function anywhere on the stack.  Self: time with the function on top of the stack.");
        if (callsColumn) {
            out.println("  Calls: the calls bursts saw, each weighted by the walks and ticks it stands for: an estimate that compares contexts");
            out.println("  with each other, not the number of calls the program made.");
        }
        if (a.requested() > 0) {
            out.println("  Accounting: " + a.summaryLine());
        }
        for (String e : s.meta().sampling()) {
            out.println("  Sampling " + e);
        }
        out.println(RULE);
    }

    static void threadHeader(PrintStream out, ThreadProfile t, int threadCount) {
        if (threadCount > 1 || t.threadId() >= 0) {
            out.printf("Thread %s (id %d, %s): %d ticks, %d stack samples%n", t.threadName(), t.threadId(), t.contextLabel(), t.root().total(), t.accounting().samples());
        }
    }

    static void footer(PrintStream out, ProfileSnapshot s) {
        out.println(RULE);
        for (String w : s.meta().warnings()) {
            out.println("Warning: " + w);
        }
    }

    static String time(long samples, ProfileSnapshot s, long all) {
        double ms = samples * (s.meta().periodNanos() / 1e6);
        double pct = all == 0 ? 0 : 100.0 * samples / all;
        return String.format("%9.0fms %5.1f%%", ms, pct);
    }

    static String tiers(long[] byTier, long all) {
        StringBuilder b = new StringBuilder();
        for (int t = 0; t < Tier.COUNT; t++) {
            double pct = all == 0 ? 0 : 100.0 * byTier[t] / all;
            b.append(String.format(" %s:%5.1f%%", Tier.of(t).suffix(), pct));
        }
        return b.toString();
    }

    static String fit(String s, int width) {
        if (s.length() <= width) {
            return s + " ".repeat(width - s.length());
        }
        return s.substring(0, width - 1) + "…";
    }
}
