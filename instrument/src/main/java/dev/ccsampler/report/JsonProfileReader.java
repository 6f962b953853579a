package dev.ccsampler.report;

import dev.ccsampler.ccmap.ProfileSnapshot;

import java.io.IOException;
import java.nio.file.Path;

/**
 * STUB on branch reportsA so that {@code DiffCommand} compiles; the real reader is written on
 * another branch. At merge, take the other branch's file and drop this one.
 */
public final class JsonProfileReader {
    private JsonProfileReader() {
    }

    /** Not implemented on this branch. */
    public static ProfileSnapshot read(Path path) throws IOException {
        throw new UnsupportedOperationException("JsonProfileReader is a stub on branch reportsA: " + path);
    }
}
