package dev.ccsampler.report;

import dev.ccsampler.ccmap.MethodInfo;
import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.ccmap.ThreadProfile;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Flat list of functions per thread, by self time: total and self time and share, location
 * {@code name (file:line)}, and with {@code ShowTiers} the share of self samples in each tier
 * ({@code 0} interpreted, {@code 1} first tier, {@code j} last tier, {@code i} inlined).
 */
final class HistogramReporter implements Reporter {

    @Override
    public void write(ProfileSnapshot s, ReportOptions o, OutputStream os) {
        PrintStream out = new PrintStream(os, false, StandardCharsets.UTF_8);
        TextReport.header(out, s, "histogram");
        for (ThreadProfile t : s.threads()) {
            long all = t.root().total();
            TextReport.threadHeader(out, t, s.threads().size());
            out.printf(" %s | %-17s | %-17s |%s%n", TextReport.fit("Name (location)", 60), "Total Time", "Self Time", o.showTiers() ? " Self by tier" : "");
            for (MethodTable.Row r : MethodTable.rows(s, t.root())) {
                if (r.totalSum() < o.minSamples()) {
                    continue;
                }
                MethodInfo m = s.method(r.method());
                out.printf(" %s | %s | %s |%s%n", TextReport.fit(m.label(), 60), TextReport.time(r.totalSum(), s, all), TextReport.time(r.selfSum(), s, all),
                                o.showTiers() ? TextReport.tiers(r.self(), r.selfSum()) : "");
            }
            if (t.root().self() > 0) {
                out.printf(" %s | %s | %s |%n", TextReport.fit(NoVisibleFrame.NAME, 60), TextReport.time(t.root().self(), s, all), TextReport.time(t.root().self(), s, all));
            }
            if (s.threads().size() > 1) {
                out.println("  " + t.accounting().summaryLine());
            }
        }
        TextReport.footer(out, s);
        out.flush();
    }
}
