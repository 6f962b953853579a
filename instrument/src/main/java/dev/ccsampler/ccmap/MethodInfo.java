package dev.ccsampler.ccmap;

/**
 * Identity of one guest function: language, root name and source section. Split copies of a root
 * fold into one {@code MethodInfo}.
 *
 * @param id dense id, index into {@link ProfileSnapshot#methods()}
 * @param language Truffle language id ({@code js}, {@code python}, {@code pace}, ...)
 * @param name root name, {@code "<unknown>"} when the root has none
 * @param source source name (usually the file name), {@code "<unknown>"} when there is no source section
 * @param path source path or URI when the source has one, else {@code null}
 * @param line first line of the root's source section (1-based), 0 when unknown
 * @param column first column (1-based), 0 when unknown
 * @param endLine last line of the root's source section, 0 when unknown
 * @param internal whether the root is internal or has no source section
 * @since 0.1
 */
public record MethodInfo(int id, String language, String name, String source, String path, int line, int column, int endLine, boolean internal) {

    /**
     * {@code file:line}, or just the source name when the line is unknown.
     *
     * @since 0.1
     */
    public String location() {
        return line > 0 ? source + ":" + line : source;
    }

    /**
     * {@code name (file:line)}: how every report labels a frame.
     *
     * @since 0.1
     */
    public String label() {
        return name + " (" + location() + ")";
    }
}
