package dev.ccsampler.tools.compare;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The profile formats {@code compare} reads, and their auto-detection.
 *
 * <p>Detection: a file whose first non-blank character is not <code>{</code> is {@link #FOLDED}. A
 * JSON object with top-level {@code "tool":"cpusampler"} is {@link #CPUSAMPLER}, with
 * {@code "format":"ccsampler-cct"} is {@link #CCTRACER}, any other JSON object is
 * {@link #CCSAMPLER}.
 *
 * @since 0.1
 */
public enum ProfileFormat {
    /** ccsampler's own JSON ({@code --ccsampler.Output=json}), read into a snapshot. @since 0.1 */
    CCSAMPLER("ccsampler"),
    /** GraalVM {@code --cpusampler.Output=json}. @since 0.1 */
    CPUSAMPLER("cpusampler"),
    /** The exhaustive tracer's {@code ccsampler-cct} JSON. @since 0.1 */
    CCTRACER("cctracer"),
    /** Folded stacks, one {@code a;b;c count} line per stack. @since 0.1 */
    FOLDED("folded");

    private final String id;

    ProfileFormat(String id) {
        this.id = id;
    }

    /** The name used on the command line. @since 0.1 */
    public String id() {
        return id;
    }

    /** Parses a format name; the message lists the legal ones. @since 0.1 */
    public static ProfileFormat parse(String s) {
        for (ProfileFormat f : values()) {
            if (f.id.equals(s.toLowerCase(Locale.ROOT))) {
                return f;
            }
        }
        throw new IllegalArgumentException("Invalid format '" + s + "': use one of " + Arrays.stream(values()).map(ProfileFormat::id).collect(Collectors.joining(", ")) + ".");
    }

    /** Detects the format of {@code file} as described in the class comment. @since 0.1 */
    public static ProfileFormat detect(Path file) throws ProfileReadException {
        ProfileReaders.checkFile(file);
        int first;
        try (InputStream in = Files.newInputStream(file)) {
            do {
                first = in.read();
            } while (first == ' ' || first == '\t' || first == '\r' || first == '\n' || first == 0xEF || first == 0xBB || first == 0xBF);
        } catch (NoSuchFileException e) {
            throw new ProfileReadException(file + ": no such file");
        } catch (IOException e) {
            throw new ProfileReadException(file + ": cannot read: " + e.getMessage(), e);
        }
        if (first != '{') {
            return FOLDED;
        }
        JsonParser parser = null;
        try (JsonParser p = ProfileReaders.JSON.createParser(file.toFile())) {
            parser = p;
            p.nextToken();
            for (JsonToken t = p.nextToken(); t == JsonToken.FIELD_NAME; t = p.nextToken()) {
                String name = p.currentName();
                JsonToken v = p.nextToken();
                if (v == JsonToken.VALUE_STRING && name.equals("tool") && p.getText().equals("cpusampler")) {
                    return CPUSAMPLER;
                }
                if (v == JsonToken.VALUE_STRING && name.equals("format") && p.getText().equals("ccsampler-cct")) {
                    return CCTRACER;
                }
                p.skipChildren();
            }
        } catch (IOException e) {
            throw ProfileReaders.malformedJson(file, parser, e);
        }
        return CCSAMPLER;
    }
}
