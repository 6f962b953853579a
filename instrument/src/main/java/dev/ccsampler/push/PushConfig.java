package dev.ccsampler.push;

import dev.ccsampler.report.Format;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where, how and how often to push, parsed from the {@code ccsampler.Push*} options. Each parser
 * rejects a bad value with a message naming the option, the value and the legal forms, as every
 * ccsampler option does.
 *
 * @param ingest the {@code /ingest} endpoint: {@code PushUrl} with {@code /ingest} appended to its path
 * @param format {@link Format#PPROF} or {@link Format#FOLDED}
 * @param intervalNanos time between two pushes
 * @param name Pyroscope's {@code name} parameter: application name with optional {@code {k=v,...}} labels
 */
public record PushConfig(URI ingest, Format format, long intervalNanos, String name) {

    /** Smallest push interval: each push copies the whole CC-Map. */
    public static final long MIN_INTERVAL_NANOS = 100_000_000L;
    /** Largest push interval. */
    public static final long MAX_INTERVAL_NANOS = 3_600_000_000_000L;

    private static final Pattern APP = Pattern.compile("[A-Za-z0-9_./-]+");
    private static final Pattern LABEL = Pattern.compile("[A-Za-z0-9_.]+");

    /**
     * Parses {@code PushUrl}: an absolute {@code http} or {@code https} URL with a host, optionally a
     * port and a path prefix (for a reverse proxy), no query and no fragment.
     *
     * @return the URL with {@code /ingest} appended to its path
     * @throws IllegalArgumentException naming the value and the legal forms
     */
    public static URI parseUrl(String s) {
        String v = s.trim();
        URI u;
        try {
            u = new URI(v);
        } catch (URISyntaxException e) {
            throw badUrl(s, "it is not a URL (" + e.getReason() + ")");
        }
        String scheme = u.getScheme() == null ? "" : u.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw badUrl(s, "the scheme must be http or https");
        }
        if (u.getHost() == null || u.getHost().isEmpty()) {
            throw badUrl(s, "it has no host");
        }
        if (u.getRawQuery() != null || u.getRawFragment() != null) {
            throw badUrl(s, "it must not have a query or fragment (ccsampler adds the query)");
        }
        String path = u.getRawPath() == null ? "" : u.getRawPath();
        while (path.endsWith("/")) {
            path = path.substring(0, path.length() - 1);
        }
        return URI.create(scheme + "://" + u.getRawAuthority() + path + "/ingest");
    }

    private static IllegalArgumentException badUrl(String s, String why) {
        return new IllegalArgumentException("Invalid URL '" + s + "' for ccsampler.PushUrl: " + why
                        + "; use http://host:port or https://host:port, optionally with a path prefix (/ingest is appended).");
    }

    /**
     * Parses {@code PushFormat}: {@code pprof} or {@code folded} (case-insensitive).
     *
     * @throws IllegalArgumentException naming the value and the legal ones
     */
    public static Format parseFormat(String s) {
        return switch (s.trim().toLowerCase(Locale.ROOT)) {
            case "pprof" -> Format.PPROF;
            case "folded" -> Format.FOLDED;
            default -> throw new IllegalArgumentException("Invalid format '" + s + "' for ccsampler.PushFormat: use pprof or folded.");
        };
    }

    /**
     * Parses {@code PushInterval}: a number with unit {@code ms}, {@code s} or {@code m}, from 100ms
     * to 1 hour; a bare number means milliseconds, as for {@code Period}.
     *
     * @throws IllegalArgumentException naming the value and the legal forms
     */
    public static long parseIntervalNanos(String s) {
        return dev.ccsampler.impl.DurationOption.parse(s, "ccsampler.PushInterval", MIN_INTERVAL_NANOS, MAX_INTERVAL_NANOS);
    }

    /**
     * Checks {@code PushName} against the rules of Pyroscope's {@code /ingest} name parser: an
     * application name of letters, digits and {@code _ . - /}, then optionally
     * {@code {key=value,...}} with keys of letters, digits, {@code _} and {@code .}, and values
     * without {@code , { }}.
     *
     * @return the name, trimmed
     * @throws IllegalArgumentException naming the value, what is wrong and the legal form
     */
    public static String parseName(String s) {
        String v = s.trim();
        int brace = v.indexOf('{');
        String app = brace < 0 ? v : v.substring(0, brace).trim();
        if (!APP.matcher(app).matches()) {
            throw badName(s, app.isEmpty() ? "the application name is empty" : "the application name '" + app + "' has a character other than A-Z a-z 0-9 _ . - /");
        }
        if (brace >= 0) {
            if (!v.endsWith("}")) {
                throw badName(s, "the labels do not end with '}'");
            }
            String labels = v.substring(brace + 1, v.length() - 1);
            if (!labels.isBlank()) {
                for (String pair : labels.split(",", -1)) {
                    int eq = pair.indexOf('=');
                    String key = eq < 0 ? pair.trim() : pair.substring(0, eq).trim();
                    String value = eq < 0 ? "" : pair.substring(eq + 1).trim();
                    if (eq < 0 || !LABEL.matcher(key).matches() || key.equals("__name__")) {
                        throw badName(s, "label '" + pair.trim() + "' needs a key of A-Z a-z 0-9 _ . (not __name__) and '='");
                    }
                    if (value.isEmpty() || value.indexOf('{') >= 0 || value.indexOf('}') >= 0) {
                        throw badName(s, "label '" + key + "' needs a value without { or }");
                    }
                }
            }
        }
        return v;
    }

    private static IllegalArgumentException badName(String s, String why) {
        return new IllegalArgumentException("Invalid name '" + s + "' for ccsampler.PushName: " + why
                        + "; use <app>[{key=value,...}], for example myapp{env=prod,region=eu}.");
    }

    /** Pyroscope's {@code sampleRate} (Hz) for a sampling period: rounded, at least 1. */
    public static long sampleRate(long periodNanos) {
        return Math.max(1, Math.round(1e9 / periodNanos));
    }

    /**
     * The request URI for one push.
     *
     * @param fromEpochMillis start of the interval
     * @param untilEpochMillis end of the interval
     * @param periodNanos sampling period
     */
    public URI requestUri(long fromEpochMillis, long untilEpochMillis, long periodNanos) {
        String q = "name=" + enc(name)
                        + "&from=" + Math.floorDiv(fromEpochMillis, 1000)
                        + "&until=" + Math.floorDiv(untilEpochMillis, 1000)
                        + "&format=" + format.id()
                        + "&sampleRate=" + sampleRate(periodNanos)
                        + "&spyName=ccsampler&units=samples&aggregationType=sum";
        return URI.create(ingest + "?" + q);
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
