package dev.ccsampler.tools.fuzz;

import java.io.IOException;
import java.io.InputStream;

/** The real profiles under {@code seeds/} (written by the profiler from {@code seeds/small.js}). */
public final class Seeds {

    private Seeds() {
    }

    /** The bytes of {@code seeds/<name>}. */
    public static byte[] bytes(String name) throws IOException {
        try (InputStream in = Seeds.class.getResourceAsStream("seeds/" + name)) {
            if (in == null) {
                throw new IOException("no seed " + name);
            }
            return in.readAllBytes();
        }
    }
}
