package dev.ccsampler.tools.compare;

/**
 * A frame as the comparison sees it: (root name, source file base name, start line). Two profilers'
 * frames match exactly when these three are equal after {@link #of normalisation}; the language is
 * deliberately not part of the key (GraalVM's JSON does not always carry it).
 *
 * @param name root name; {@code "<unknown>"} when absent
 * @param source base name of the source (text after the last {@code /} or {@code \}); {@code "<unknown>"} when absent
 * @param line first line of the root's source section, 0 when unknown
 * @since 0.1
 */
public record Frame(String name, String source, int line) implements Comparable<Frame> {

    /** Placeholder for a missing name or source. @since 0.1 */
    public static final String UNKNOWN = "<unknown>";

    /**
     * Normalises a frame: null, empty, {@code "<Unknown>"} and {@code "<unknown>"} names and sources
     * become {@link #UNKNOWN}; a source path is cut to its base name; a non-positive line becomes 0.
     *
     * @since 0.1
     */
    public static Frame of(String name, String source, int line) {
        return new Frame(clean(name), baseName(clean(source)), Math.max(0, line));
    }

    /** The same frame keyed by name only (source {@code "*"}, line 0), for {@code --match name}. @since 0.1 */
    public Frame nameOnly() {
        return new Frame(name, "*", 0);
    }

    /** {@code name (source:line)}, the label used in reports and accepted in folded input. @since 0.1 */
    public String label() {
        if (source.equals("*")) {
            return name;
        }
        return name + " (" + (line > 0 ? source + ":" + line : source) + ")";
    }

    @Override
    public int compareTo(Frame o) {
        int c = name.compareTo(o.name);
        if (c == 0) {
            c = source.compareTo(o.source);
        }
        return c != 0 ? c : Integer.compare(line, o.line);
    }

    private static String clean(String s) {
        if (s == null) {
            return UNKNOWN;
        }
        String t = s.strip();
        return t.isEmpty() || t.equalsIgnoreCase(UNKNOWN) ? UNKNOWN : t;
    }

    private static String baseName(String s) {
        if (s.equals(UNKNOWN)) {
            return s;
        }
        int i = Math.max(s.lastIndexOf('/'), s.lastIndexOf('\\'));
        return i >= 0 && i < s.length() - 1 ? s.substring(i + 1) : s;
    }
}
