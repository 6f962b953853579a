package dev.ccsampler.report;

import dev.ccsampler.ccmap.ProfileSnapshot;

import java.io.IOException;
import java.io.OutputStream;

/**
 * One output format: a pure function from a snapshot to bytes. A reporter never mutates the
 * snapshot and keeps no state between calls.
 *
 * @since 0.1
 */
@FunctionalInterface
public interface Reporter {

    /**
     * Writes {@code snapshot} to {@code out}. Does not close {@code out}.
     *
     * @since 0.1
     */
    void write(ProfileSnapshot snapshot, ReportOptions options, OutputStream out) throws IOException;
}
