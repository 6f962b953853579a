package dev.ccsampler.exhaustive;

/**
 * Identity of one guest function in the exhaustive tree: language, root name, source name and first
 * line of the root's source section. Interned by {@link CctTracer#intern}, so two nodes' methods are
 * the same method exactly when they are the same object.
 *
 * @param language Truffle language id, {@code "<unknown>"} when the root has no language
 * @param name root name, {@code "<unknown>"} when the root has none
 * @param source source name, {@code "<unknown>"} without a source section
 * @param line first line of the root's source section (1-based), 0 when unknown
 * @since 0.1
 */
public record TracedMethod(String language, String name, String source, int line) {
}
