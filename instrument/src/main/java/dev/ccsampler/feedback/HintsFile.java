package dev.ccsampler.feedback;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import dev.ccsampler.report.CompilerHintsWriter;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a hints file written by {@link HintLog#writeJson}. Only what a later run needs is read
 * (kind, target, caller, site, reason, evidence, rank); the recorded outcome is ignored. Any problem rejects the
 * whole file with a message naming the file and the entry, so that a run never applies half a
 * file. Stateless; any thread.
 */
final class HintsFile {

    static final String FORMAT = CompilerHintsWriter.FORMAT;
    static final int VERSION = CompilerHintsWriter.VERSION;

    private static final JsonFactory FACTORY = new JsonFactory();

    /**
     * A hint read from a file, not yet matched to this run's roots.
     *
     * @param rank its saved place among the file's hints of its kind, 1 first; 0 when the file has
     *            none (written before 0.3)
     */
    record Saved(Hint.Kind kind, RootKey target, RootKey caller, int siteLine, int siteColumn, String reason, Hint.Evidence evidence, int rank) {
    }

    /**
     * What a run applies of a file: per kind, the hints in saved rank order (unranked ones after
     * the ranked, in file order), at most {@code maxPerKind} of each; compile hints first.
     */
    static List<Saved> top(List<Saved> saved, int maxPerKind) {
        List<Saved> out = new ArrayList<>();
        for (Hint.Kind k : Hint.Kind.values()) {
            List<Saved> of = new ArrayList<>();
            for (Saved s : saved) {
                if (s.kind() == k) {
                    of.add(s);
                }
            }
            // a stable sort: equal ranks, and the unranked, keep the file's order
            of.sort(java.util.Comparator.comparingInt(s -> s.rank() > 0 ? s.rank() : Integer.MAX_VALUE));
            out.addAll(of.subList(0, Math.min(maxPerKind, of.size())));
        }
        return out;
    }

    /** A rejected hints file; the message names the file and, where it applies, the entry. */
    static final class BadHintsFile extends Exception {
        private static final long serialVersionUID = 1L;

        BadHintsFile(String message) {
            super(message);
        }
    }

    private HintsFile() {
    }

    static List<Saved> read(Path file) throws BadHintsFile {
        Map<String, Object> root;
        try (InputStream in = Files.newInputStream(file); JsonParser p = FACTORY.createParser(in)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new BadHintsFile("Invalid hints file " + file + ": not a JSON object.");
            }
            root = object(p);
        } catch (JsonProcessingException e) {
            throw new BadHintsFile("Invalid hints file " + file + ": malformed JSON at line " + e.getLocation().getLineNr() + ": " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new BadHintsFile("Cannot read hints file " + file + ": " + e);
        }
        if (!FORMAT.equals(root.get("format"))) {
            throw new BadHintsFile("Invalid hints file " + file + ": \"format\" is " + root.get("format") + ", expected \"" + FORMAT + "\" (write one with --ccsampler.SaveHints).");
        }
        if (!(root.get("version") instanceof Long v) || v != VERSION) {
            throw new BadHintsFile("Invalid hints file " + file + ": \"version\" is " + root.get("version") + ", this ccsampler reads version " + VERSION + ".");
        }
        if (!(root.get("hints") instanceof List<?> list)) {
            throw new BadHintsFile("Invalid hints file " + file + ": \"hints\" is missing or not an array.");
        }
        List<Saved> out = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            try {
                out.add(entry(list.get(i)));
            } catch (IllegalArgumentException e) {
                throw new BadHintsFile("Invalid hints file " + file + ": entry " + i + " (hints[" + i + "]): " + e.getMessage() + ".");
            }
        }
        return out;
    }

    private static Saved entry(Object o) {
        if (!(o instanceof Map<?, ?> m)) {
            throw new IllegalArgumentException("not an object");
        }
        Hint.Kind kind = Hint.Kind.parse(string(m, "kind"));
        RootKey target = key(m, "target");
        RootKey caller = null;
        int line = 0;
        int column = 0;
        if (kind != Hint.Kind.COMPILE) {
            caller = key(m, "caller");
            if (!(m.get("site") instanceof Map<?, ?> site)) {
                throw new IllegalArgumentException("\"site\" is missing or not an object");
            }
            line = integer(site, "line");
            column = integer(site, "column");
        }
        Object reason = m.get("reason");
        int rank = 0; // information like the evidence: a bad rank is read as none, never an error
        if (m.get("rank") instanceof Map<?, ?> r && r.get("position") instanceof Long p && p > 0 && p <= Integer.MAX_VALUE) {
            rank = (int) (long) p;
        }
        return new Saved(kind, target, caller, line, column, reason instanceof String s ? s : "", evidence(m.get("evidence")), rank);
    }

    /** The evidence of the run that saved the hint, kept for the report; optional and never an error. */
    private static Hint.Evidence evidence(Object o) {
        if (!(o instanceof Map<?, ?> e)) {
            return Hint.Evidence.NONE;
        }
        List<String> callees = new ArrayList<>();
        if (e.get("callees") instanceof List<?> l) {
            for (Object c : l) {
                if (c instanceof String s) {
                    callees.add(s);
                }
            }
        }
        return new Hint.Evidence(e.get("samples") instanceof Long n ? n : 0, e.get("share") instanceof Number d ? d.doubleValue() : 0,
                        e.get("contexts") instanceof Long c ? (int) (long) c : 0, List.copyOf(callees));
    }

    private static RootKey key(Map<?, ?> m, String field) {
        if (!(m.get(field) instanceof Map<?, ?> k)) {
            throw new IllegalArgumentException("\"" + field + "\" is missing or not an object");
        }
        try {
            return new RootKey(string(k, "language"), string(k, "name"), string(k, "source"), integer(k, "charIndex"), integer(k, "charLength"), integer(k, "line"),
                            integer(k, "column"), string(k, "contentHash"));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("\"" + field + "\": " + e.getMessage());
        }
    }

    private static String string(Map<?, ?> m, String f) {
        if (!(m.get(f) instanceof String s)) {
            throw new IllegalArgumentException("\"" + f + "\" is missing or not a string");
        }
        return s;
    }

    private static int integer(Map<?, ?> m, String f) {
        if (!(m.get(f) instanceof Long v) || v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("\"" + f + "\" is missing or not an integer");
        }
        return (int) (long) v;
    }

    private static Map<String, Object> object(JsonParser p) throws IOException {
        Map<String, Object> m = new LinkedHashMap<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            m.put(name, value(p, p.nextToken()));
        }
        return m;
    }

    private static Object value(JsonParser p, JsonToken t) throws IOException {
        return switch (t) {
            case START_OBJECT -> object(p);
            case START_ARRAY -> {
                List<Object> l = new ArrayList<>();
                JsonToken x;
                while ((x = p.nextToken()) != JsonToken.END_ARRAY) {
                    l.add(value(p, x));
                }
                yield l;
            }
            case VALUE_STRING -> p.getText();
            case VALUE_NUMBER_INT -> p.getLongValue();
            case VALUE_NUMBER_FLOAT -> p.getDoubleValue();
            case VALUE_TRUE -> Boolean.TRUE;
            case VALUE_FALSE -> Boolean.FALSE;
            case VALUE_NULL -> null;
            default -> throw new com.fasterxml.jackson.core.JsonParseException(p, "unexpected " + t);
        };
    }
}
