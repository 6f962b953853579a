package dev.ccsampler.tools.compare;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.report.JsonProfileReader;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads each supported profile format into a {@link Cct}, all threads and contexts merged. JSON is
 * read with a streaming parser and an explicit stack, and the field order inside an object does not
 * matter (GraalVM's JSON writer does not keep one).
 *
 * <p>Per format:
 * <ul>
 * <li>{@code cpusampler}: every node of every thread of every context; frame = ({@code root_name},
 * {@code source_section.source_name}, {@code source_section.start_line}); weight =
 * {@code self_hit_count}. A node without a source section gets {@code <unknown>} / 0. Internal frames
 * are whatever the sampler kept (GraalVM hides them by default).</li>
 * <li>{@code cctracer}: frame = ({@code name}, {@code source}, {@code line}); weight = {@code calls}.</li>
 * <li>{@code folded}: {@code frame;frame;... count}; a frame is {@code name (source:line)},
 * {@code name (source)} or just {@code name} (source {@code <unknown>}, line 0); a trailing tier
 * suffix like {@code _[0]} or {@code _[j]} is dropped; weight = count (self samples of the last
 * frame); equal stacks add up; blank lines and lines starting with {@code #} are skipped.</li>
 * <li>{@code ccsampler}: through {@code dev.ccsampler.report.JsonProfileReader} and
 * {@link SnapshotAdapter}.</li>
 * </ul>
 *
 * @since 0.1
 */
public final class ProfileReaders {

    /** Jackson factory with the nesting limit lifted: a 5 000-deep recursion nests 10 000 levels. */
    static final JsonFactory JSON = JsonFactory.builder()
                    .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(Integer.MAX_VALUE).build())
                    .build();

    private static final Pattern LOCATED = Pattern.compile("^(.*) \\((.*)\\)$");
    private static final Pattern WITH_LINE = Pattern.compile("^(.*):(\\d+)$");
    private static final Pattern TIER_SUFFIX = Pattern.compile("_\\[[^\\]]{1,3}\\]$");

    private ProfileReaders() {
    }

    /**
     * Reads {@code file} in {@code format} ({@code null}: detect).
     *
     * @param includeInternal keep internal frames of ccsampler snapshots (other formats carry no flag)
     * @since 0.1
     */
    public static Cct read(Path file, ProfileFormat format, boolean includeInternal) throws ProfileReadException {
        ProfileFormat f = format != null ? format : ProfileFormat.detect(file);
        checkFile(file);
        return switch (f) {
            case FOLDED -> readFolded(file);
            case CPUSAMPLER -> readJsonTree(file, Set.of("samples", "children"), "root_name", "source_section.source_name", "source_section.start_line", "self_hit_count",
                            Cct.Kind.SAMPLES);
            case CCTRACER -> readJsonTree(file, Set.of("children"), "name", "source", "line", "calls", Cct.Kind.CALLS);
            case CCSAMPLER -> SnapshotAdapter.toCct(readSnapshot(file), includeInternal);
        };
    }

    /**
     * Rejects what cannot be a profile before any format is tried: a missing file, a directory or
     * anything else that is not a regular file, and a file that is empty or only white space.
     *
     * @since 0.1
     */
    public static void checkFile(Path file) throws ProfileReadException {
        if (Files.isDirectory(file)) {
            throw new ProfileReadException(file + ": is a directory, not a profile file");
        }
        if (!Files.exists(file)) {
            throw new ProfileReadException(file + ": no such file");
        }
        if (!Files.isRegularFile(file)) {
            throw new ProfileReadException(file + ": not a regular file");
        }
        try (java.io.InputStream in = new java.io.BufferedInputStream(Files.newInputStream(file))) {
            for (int c; (c = in.read()) != -1;) {
                if (!(c == ' ' || c == '\t' || c == '\r' || c == '\n')) {
                    return;
                }
            }
        } catch (IOException e) {
            throw new ProfileReadException(file + ": cannot read: " + e.getMessage(), e);
        }
        throw new ProfileReadException(file + ":1:1: the file is empty: no profile in it");
    }

    /** Reads ccsampler JSON with the project's reader. */
    private static ProfileSnapshot readSnapshot(Path file) throws ProfileReadException {
        try {
            return JsonProfileReader.read(file);
        } catch (NoSuchFileException e) {
            throw new ProfileReadException(file + ": no such file");
        } catch (IOException e) {
            throw new ProfileReadException(e.getMessage(), e);
        }
    }

    // ---------------------------------------------------------------- folded

    static Cct readFolded(Path file) throws ProfileReadException {
        Cct cct = new Cct(Cct.Kind.SAMPLES);
        int lineNo = 0;
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            for (String line; (line = r.readLine()) != null;) {
                lineNo++;
                String s = line.strip();
                if (s.isEmpty() || s.startsWith("#")) {
                    continue;
                }
                int sp = s.lastIndexOf(' ');
                long count;
                try {
                    if (sp <= 0) {
                        throw new NumberFormatException();
                    }
                    count = Long.parseLong(s.substring(sp + 1));
                    if (count < 0) {
                        throw new NumberFormatException();
                    }
                } catch (NumberFormatException e) {
                    throw new ProfileReadException(file + ":" + lineNo + ": expected 'frame;frame;... count' with a count from 0 to " + Long.MAX_VALUE + ", got '"
                                    + abbreviate(s) + "'");
                }
                List<Frame> path = new ArrayList<>();
                for (String fr : s.substring(0, sp).strip().split(";")) {
                    Frame f = parseFoldedFrame(fr);
                    if (f == null) {
                        throw new ProfileReadException(file + ":" + lineNo + ": line number out of range in frame '" + abbreviate(fr) + "'");
                    }
                    path.add(f);
                }
                try {
                    cct.add(path, count);
                } catch (ArithmeticException e) {
                    throw new ProfileReadException(file + ":" + lineNo + ": the counts of one stack add up past " + Long.MAX_VALUE);
                }
            }
        } catch (NoSuchFileException e) {
            throw new ProfileReadException(file + ": no such file");
        } catch (CharacterCodingException e) {
            // the reader decodes ahead of the line it returns: find the line of the bad bytes itself
            throw new ProfileReadException(file + ":" + lineOfBadUtf8(file, lineNo + 1) + ": not UTF-8 text (folded stacks are UTF-8)");
        } catch (IOException e) {
            throw new ProfileReadException(file + ": cannot read: " + e.getMessage(), e);
        }
        return cct;
    }

    /** The line (from 1) holding the first byte sequence of {@code file} that is not UTF-8; {@code fallback} if it cannot tell. */
    private static int lineOfBadUtf8(Path file, int fallback) {
        try {
            byte[] b = Files.readAllBytes(file);
            java.nio.ByteBuffer in = java.nio.ByteBuffer.wrap(b);
            java.nio.CharBuffer out = java.nio.CharBuffer.allocate(8192);
            java.nio.charset.CharsetDecoder d = StandardCharsets.UTF_8.newDecoder();
            while (true) {
                java.nio.charset.CoderResult r = d.decode(in, out, true);
                if (r.isError()) {
                    int line = 1;
                    for (int i = 0; i < in.position(); i++) {
                        line += b[i] == '\n' ? 1 : 0;
                    }
                    return line;
                }
                if (r.isUnderflow()) {
                    return fallback;
                }
                out.clear();
            }
        } catch (IOException e) {
            return fallback;
        }
    }

    /** {@code name (source:line)}, {@code name (source)} or {@code name}, tier suffix dropped; null when the line number is not an int. */
    static Frame parseFoldedFrame(String text) {
        String s = TIER_SUFFIX.matcher(text.strip()).replaceFirst("");
        Matcher m = LOCATED.matcher(s);
        if (!m.matches()) {
            return Frame.of(s, null, 0);
        }
        Matcher l = WITH_LINE.matcher(m.group(2));
        if (l.matches()) {
            try {
                return Frame.of(m.group(1), l.group(1), Integer.parseInt(l.group(2)));
            } catch (NumberFormatException e) {
                return null; // digits only (the pattern), so the number is too large
            }
        }
        return Frame.of(m.group(1), m.group(2), 0);
    }

    /** At most 80 characters of {@code s}, control characters shown as '?', so a message stays one readable line. */
    static String abbreviate(String s) {
        String t = s.length() <= 80 ? s : s.substring(0, 77) + "...";
        return t.replaceAll("\\p{Cntrl}", "?");
    }

    /** {@code file:line:column: malformed JSON: problem}, the place from the exception or else the parser. */
    static ProfileReadException malformedJson(Path file, JsonParser p, IOException e) {
        JsonLocation at = e instanceof JsonProcessingException j && j.getLocation() != null ? j.getLocation() : p != null ? p.currentLocation() : null;
        String problem = e instanceof JsonProcessingException j ? j.getOriginalMessage() : e.getMessage();
        return new ProfileReadException(file + ":" + where(at) + ": malformed JSON: " + abbreviate(String.valueOf(problem).lines().findFirst().orElse("")), e);
    }

    /** {@code line:column} of a parser location (1:1 when unknown). */
    static String where(JsonLocation at) {
        return at == null ? "1:1" : Math.max(1, at.getLineNr()) + ":" + Math.max(1, at.getColumnNr());
    }

    // ---------------------------------------------------------------- JSON trees

    /** A node object's scalar fields, keyed {@code field} or {@code object.field} one level down. */
    private static final class RawNode {
        final Map<String, String> fields = new HashMap<>();
        final List<RawNode> children = new ArrayList<>();
        /** Where the node's object starts, {@code line:column}. */
        final String at;

        RawNode(String at) {
            this.at = at;
        }
    }

    /** One open JSON object: the node it belongs to, and the prefix its fields get (null: ignored). */
    private record Open(RawNode owner, String prefix) {
    }

    /**
     * Reads every object that is an element of an array named in {@code nodeArrays} as a tree node;
     * its parent is the nearest enclosing node object, or the virtual root.
     */
    private static Cct readJsonTree(Path file, Set<String> nodeArrays, String nameKey, String sourceKey, String lineKey, String weightKey, Cct.Kind kind)
                    throws ProfileReadException {
        RawNode top = new RawNode("1:1");
        JsonParser parser = null;
        try (JsonParser p = JSON.createParser(file.toFile())) {
            parser = p;
            ArrayDeque<Open> open = new ArrayDeque<>();
            for (JsonToken t; (t = p.nextToken()) != null;) {
                switch (t) {
                    case START_OBJECT -> {
                        JsonStreamContext arr = p.getParsingContext().getParent();
                        Open enclosing = open.peek();
                        RawNode owner = enclosing == null ? null : enclosing.owner();
                        if (arr != null && arr.inArray() && arr.getParent() != null && arr.getParent().getCurrentName() != null
                                        && nodeArrays.contains(arr.getParent().getCurrentName())) {
                            RawNode n = new RawNode(where(p.currentTokenLocation()));
                            (owner == null ? top : owner).children.add(n);
                            open.push(new Open(n, ""));
                        } else if (enclosing != null && "".equals(enclosing.prefix()) && arr != null && arr.inObject()) {
                            open.push(new Open(owner, arr.getCurrentName() + "."));
                        } else {
                            open.push(new Open(owner, null));
                        }
                    }
                    case END_OBJECT -> open.pop();
                    case VALUE_STRING, VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT, VALUE_TRUE, VALUE_FALSE -> {
                        Open o = open.peek();
                        if (o != null && o.owner() != null && o.prefix() != null && p.getParsingContext().inObject()) {
                            o.owner().fields.put(o.prefix() + p.currentName(), p.getText());
                        }
                    }
                    default -> {
                    }
                }
            }
        } catch (NoSuchFileException e) {
            throw new ProfileReadException(file + ": no such file");
        } catch (IOException e) {
            throw malformedJson(file, parser, e);
        }
        Cct cct = new Cct(kind);
        ArrayDeque<Object[]> work = new ArrayDeque<>();
        for (RawNode c : top.children) {
            work.push(new Object[]{c, cct.root()});
        }
        while (!work.isEmpty()) {
            Object[] w = work.pop();
            RawNode r = (RawNode) w[0];
            long line = number(file, r, lineKey, true);
            if (line > Integer.MAX_VALUE) {
                throw new ProfileReadException(file + ":" + r.at + ": '" + lineKey + "' is out of range: " + line);
            }
            Frame f = Frame.of(r.fields.get(nameKey), r.fields.get(sourceKey), (int) line);
            Cct.Node n = ((Cct.Node) w[1]).childOrCreate(f);
            try {
                n.add(number(file, r, weightKey, false));
            } catch (ArithmeticException e) {
                throw new ProfileReadException(file + ":" + r.at + ": the '" + weightKey + "' counts of one context add up past " + Long.MAX_VALUE);
            }
            for (RawNode c : r.children) {
                work.push(new Object[]{c, n});
            }
        }
        return cct;
    }

    private static long number(Path file, RawNode r, String key, boolean optional) throws ProfileReadException {
        String v = r.fields.get(key);
        if (v == null && optional) {
            return 0;
        }
        try {
            if (v == null) {
                throw new NumberFormatException();
            }
            long x = Long.parseLong(v);
            if (x < 0) {
                throw new NumberFormatException();
            }
            return x;
        } catch (NumberFormatException e) {
            throw new ProfileReadException(file + ":" + r.at + ": the node has no '" + key + "' from 0 to " + Long.MAX_VALUE
                            + (v == null ? "" : ", found '" + abbreviate(v) + "'"));
        }
    }
}
