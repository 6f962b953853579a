package dev.ccsampler.tools.fuzz;

import dev.ccsampler.report.JsonProfileReader;
import dev.ccsampler.tools.compare.ProfileFormat;
import dev.ccsampler.tools.compare.ProfileReadException;
import dev.ccsampler.tools.compare.ProfileReaders;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * What a profile reader may do with any bytes: return a profile, or throw the documented read error
 * ({@link ProfileReadException} from the tools' readers, {@link JsonProfileReader.MalformedProfileException}
 * from the instrument's) whose message names the file and a position in it. Anything else (another
 * exception, an error, a stack overflow) breaks the contract and is thrown as an {@link AssertionError}
 * carrying it.
 */
final class ReadContract {

    /** {@code file:line:column: }, {@code file:line: } or {@code at line N}. */
    private static final Pattern POSITION = Pattern.compile(":\\d+(:\\d+)?: |at line \\d+");

    /** How a read ended. */
    enum Outcome {
        READ, REJECTED
    }

    private ReadContract() {
    }

    /** Reads {@code file} as {@code format} ({@code null}: detected first, as {@code compare} does). */
    static Outcome read(Path file, ProfileFormat format) {
        try {
            ProfileFormat f = format != null ? format : ProfileFormat.detect(file);
            ProfileReaders.read(file, f, true);
            return Outcome.READ;
        } catch (ProfileReadException e) {
            check(file, e);
            return Outcome.REJECTED;
        } catch (Throwable t) {
            throw new AssertionError("not the documented read error: " + t, t);
        }
    }

    /** Reads {@code file} with the instrument's {@link JsonProfileReader} (what {@code convert} and {@code diff} use). */
    static Outcome readSnapshot(Path file) {
        try {
            JsonProfileReader.read(file);
            return Outcome.READ;
        } catch (JsonProfileReader.MalformedProfileException e) {
            check(file, e);
            return Outcome.REJECTED;
        } catch (Throwable t) {
            throw new AssertionError("not the documented read error: " + t, t);
        }
    }

    /** Reads a stream with the instrument's reader; the error must name {@code name}. */
    static Outcome readSnapshot(InputStream in, String name) {
        try {
            JsonProfileReader.read(in, name);
            return Outcome.READ;
        } catch (JsonProfileReader.MalformedProfileException e) {
            check(Path.of(name), e);
            return Outcome.REJECTED;
        } catch (IOException | RuntimeException | Error t) {
            throw new AssertionError("not the documented read error: " + t, t);
        }
    }

    private static void check(Path file, Exception e) {
        String m = String.valueOf(e.getMessage());
        if (!m.contains(file.toString())) {
            throw new AssertionError("the read error does not name the file " + file + ": " + m, e);
        }
        if (!POSITION.matcher(m).find()) {
            throw new AssertionError("the read error names no position (file:line[:column]: or 'at line N'): " + m, e);
        }
        if (m.lines().count() > 1) {
            throw new AssertionError("the read error is more than one line: " + m, e);
        }
    }
}
