package dev.ccsampler.drain;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A comma-separated list of wildcard patterns ({@code *} any run of characters, {@code ?} one
 * character). A name matches when it matches any pattern; an empty filter matches everything.
 *
 * @since 0.1
 */
public final class WildcardFilter {

    private final List<Pattern> patterns;

    private WildcardFilter(List<Pattern> patterns) {
        this.patterns = patterns;
    }

    /**
     * Compiles a filter.
     *
     * @throws IllegalArgumentException for an empty alternative such as {@code "a,,b"}
     * @since 0.1
     */
    public static WildcardFilter compile(String spec) {
        List<Pattern> ps = new ArrayList<>();
        if (!spec.isBlank()) {
            for (String part : spec.split(",", -1)) {
                String p = part.trim();
                if (p.isEmpty()) {
                    throw new IllegalArgumentException("empty pattern in '" + spec + "'; use comma-separated wildcards such as 'foo*,bar?'.");
                }
                StringBuilder re = new StringBuilder();
                for (char c : p.toCharArray()) {
                    switch (c) {
                        case '*' -> re.append(".*");
                        case '?' -> re.append('.');
                        default -> re.append(Pattern.quote(String.valueOf(c)));
                    }
                }
                ps.add(Pattern.compile(re.toString(), Pattern.DOTALL));
            }
        }
        return new WildcardFilter(ps);
    }

    /**
     * Whether the filter lets everything through.
     *
     * @since 0.1
     */
    public boolean matchesAll() {
        return patterns.isEmpty() || patterns.stream().anyMatch(p -> p.pattern().equals(".*"));
    }

    /**
     * Whether {@code s} matches. {@code null} matches only a match-all filter.
     *
     * @since 0.1
     */
    public boolean matches(String s) {
        if (matchesAll()) {
            return true;
        }
        if (s == null) {
            return false;
        }
        for (Pattern p : patterns) {
            if (p.matcher(s).matches()) {
                return true;
            }
        }
        return false;
    }
}
