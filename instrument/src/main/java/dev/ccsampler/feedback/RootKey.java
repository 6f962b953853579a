package dev.ccsampler.feedback;

import com.oracle.truffle.api.nodes.RootNode;
import com.oracle.truffle.api.source.Source;
import com.oracle.truffle.api.source.SourceSection;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * The identity of a guest root that survives a restart: language, root name, source name, the
 * root's source section (character index and length, and its line and column for people), and a
 * hash of the source's content. Two runs of the same unchanged file give equal keys; an edited file
 * gives a different {@link #contentHash()}, which is how a saved hint is found stale.
 *
 * @param language language id
 * @param name root name
 * @param source source name (not the path: a program may move)
 * @param charIndex first character of the root's section, -1 when unavailable
 * @param charLength characters in the section, -1 when unavailable
 * @param line first line of the section, 0 when unavailable
 * @param column first column of the section, 0 when unavailable
 * @param contentHash first 16 hex digits of the SHA-256 of the source's characters, empty when the
 *            source has none
 */
public record RootKey(String language, String name, String source, int charIndex, int charLength, int line, int column, String contentHash) {

    /** Per-source content hash; sources are immutable, so one hash per object. Guarded by itself. */
    private static final Map<Source, String> HASHES = new WeakHashMap<>();

    /** The key of a root node, or null when it has no language or no source section. */
    static RootKey of(RootNode root) {
        if (root == null || root.getLanguageInfo() == null) {
            return null;
        }
        SourceSection ss = root.getSourceSection();
        if (ss == null) {
            return null;
        }
        Source src = ss.getSource();
        String name = root.getName() == null || root.getName().isEmpty() ? "<unknown>" : root.getName();
        boolean avail = ss.isAvailable();
        return new RootKey(root.getLanguageInfo().getId(), name, src.getName(), avail ? ss.getCharIndex() : -1, avail ? ss.getCharLength() : -1,
                        avail ? ss.getStartLine() : 0, avail ? ss.getStartColumn() : 0, hash(src));
    }

    static String hash(Source src) {
        synchronized (HASHES) {
            String h = HASHES.get(src);
            if (h != null) {
                return h;
            }
        }
        String h = "";
        if (src.hasCharacters()) {
            try {
                byte[] d = MessageDigest.getInstance("SHA-256").digest(src.getCharacters().toString().getBytes(StandardCharsets.UTF_8));
                h = HexFormat.of().formatHex(d, 0, 8);
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("SHA-256 is missing from this JDK", e);
            }
        }
        synchronized (HASHES) {
            HASHES.put(src, h);
        }
        return h;
    }

    /**
     * The part of the key a CC-Map {@code MethodInfo} also has (language, name, source, line,
     * column): how a snapshot's method is matched to live roots.
     */
    String methodKey() {
        return methodKey(language, name, source, line, column);
    }

    static String methodKey(String language, String name, String source, int line, int column) {
        return language + '\0' + name + '\0' + source + '\0' + line + '\0' + column;
    }

    /** Same root, ignoring the content hash: a saved key whose hash differs is stale. */
    boolean sameRootAs(RootKey o) {
        return language.equals(o.language) && name.equals(o.name) && source.equals(o.source) && charIndex == o.charIndex && charLength == o.charLength;
    }

    /** {@code name (source:line)}, as the reports name functions. */
    String label() {
        return name + " (" + source + ":" + line + ")";
    }
}
