package dev.ccsampler.report;

import dev.ccsampler.ccmap.ProfileSnapshot;

import java.io.IOException;
import java.io.OutputStream;

/** Placeholder until the format is implemented. */
final class FlameGraphReporter implements Reporter {
    @Override
    public void write(ProfileSnapshot snapshot, ReportOptions options, OutputStream out) throws IOException {
        throw new UnsupportedOperationException("output format not implemented yet: FlameGraphReporter");
    }
}
