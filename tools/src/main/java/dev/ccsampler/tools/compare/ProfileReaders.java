package dev.ccsampler.tools.compare;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.report.JsonProfileReader;

import java.io.BufferedReader;
import java.io.IOException;
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
        if (!Files.isRegularFile(file)) {
            throw new ProfileReadException(file + ": no such file");
        }
        return switch (f) {
            case FOLDED -> readFolded(file);
            case CPUSAMPLER -> readJsonTree(file, Set.of("samples", "children"), "root_name", "source_section.source_name", "source_section.start_line", "self_hit_count",
                            Cct.Kind.SAMPLES);
            case CCTRACER -> readJsonTree(file, Set.of("children"), "name", "source", "line", "calls", Cct.Kind.CALLS);
            case CCSAMPLER -> SnapshotAdapter.toCct(readSnapshot(file), includeInternal);
        };
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
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            int lineNo = 0;
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
                    throw new ProfileReadException(file + ":" + lineNo + ": expected 'frame;frame;... count' with a non-negative count, got '" + abbreviate(s) + "'");
                }
                List<Frame> path = new ArrayList<>();
                for (String fr : s.substring(0, sp).strip().split(";")) {
                    path.add(parseFoldedFrame(fr));
                }
                cct.add(path, count);
            }
        } catch (NoSuchFileException e) {
            throw new ProfileReadException(file + ": no such file");
        } catch (IOException e) {
            throw new ProfileReadException(file + ": cannot read: " + e.getMessage(), e);
        }
        return cct;
    }

    /** {@code name (source:line)}, {@code name (source)} or {@code name}, tier suffix dropped. */
    static Frame parseFoldedFrame(String text) {
        String s = TIER_SUFFIX.matcher(text.strip()).replaceFirst("");
        Matcher m = LOCATED.matcher(s);
        if (!m.matches()) {
            return Frame.of(s, null, 0);
        }
        Matcher l = WITH_LINE.matcher(m.group(2));
        if (l.matches()) {
            return Frame.of(m.group(1), l.group(1), Integer.parseInt(l.group(2)));
        }
        return Frame.of(m.group(1), m.group(2), 0);
    }

    private static String abbreviate(String s) {
        return s.length() <= 80 ? s : s.substring(0, 77) + "...";
    }

    // ---------------------------------------------------------------- JSON trees

    /** A node object's scalar fields, keyed {@code field} or {@code object.field} one level down. */
    private static final class RawNode {
        final Map<String, String> fields = new HashMap<>();
        final List<RawNode> children = new ArrayList<>();
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
        RawNode top = new RawNode();
        try (JsonParser p = JSON.createParser(file.toFile())) {
            ArrayDeque<Open> open = new ArrayDeque<>();
            for (JsonToken t; (t = p.nextToken()) != null;) {
                switch (t) {
                    case START_OBJECT -> {
                        JsonStreamContext arr = p.getParsingContext().getParent();
                        Open enclosing = open.peek();
                        RawNode owner = enclosing == null ? null : enclosing.owner();
                        if (arr != null && arr.inArray() && arr.getParent() != null && nodeArrays.contains(arr.getParent().getCurrentName())) {
                            RawNode n = new RawNode();
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
            throw new ProfileReadException(file + ": malformed JSON: " + e.getMessage(), e);
        }
        Cct cct = new Cct(kind);
        ArrayDeque<Object[]> work = new ArrayDeque<>();
        for (RawNode c : top.children) {
            work.push(new Object[]{c, cct.root()});
        }
        while (!work.isEmpty()) {
            Object[] w = work.pop();
            RawNode r = (RawNode) w[0];
            Frame f = Frame.of(r.fields.get(nameKey), r.fields.get(sourceKey), (int) number(file, r, lineKey, true));
            Cct.Node n = ((Cct.Node) w[1]).childOrCreate(f);
            n.add(number(file, r, weightKey, false));
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
            throw new ProfileReadException(file + ": node " + r.fields + " has no non-negative integer '" + key + "'");
        }
    }
}
