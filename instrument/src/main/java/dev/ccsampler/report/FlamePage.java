package dev.ccsampler.report;

import dev.ccsampler.ccmap.MethodInfo;
import dev.ccsampler.ccmap.Tier;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Writes the self-contained flame graph page: {@code flamegraph.html} with {@code flamegraph.css},
 * {@code flamegraph.js} and the data inlined, so the file opens from disk with no network.
 *
 * <p>The data is JSON inside {@code <script type="application/json">}, read with
 * {@code JSON.parse}. Every {@code <}, {@code >} and {@code &} in it is written as a JSON unicode
 * escape, so no name (not even {@code </script>}) can end the element early; the title is
 * HTML-escaped where it appears as markup. The page sets every label with {@code textContent} or
 * draws it on a canvas, never through {@code innerHTML}.
 *
 * <p>Data layout, one flat array per tree so that 50k nodes parse quickly: nodes in pre-order, 10
 * numbers each: frame index, parent index (-1 for the root), total samples per tier (4), self
 * samples per tier (4). A diff page adds per node the "before" total and self samples (-1 when the
 * frame path did not exist before).
 *
 * @since 0.1
 */
final class FlamePage {

    /** One selectable tree; {@code before} is null except on a diff page. */
    record Tree(String name, FlameTree root, Map<FlameTree, long[]> before, long beforeTotal) {
    }

    private FlamePage() {
    }

    static void write(OutputStream out, String title, String subtitle, boolean diff, FlameFrames frames, List<Tree> trees, double minWidth)
                    throws IOException {
        StringBuilder json = new StringBuilder(1 << 16);
        json.append("{\"title\":");
        string(json, title);
        json.append(",\"subtitle\":");
        string(json, subtitle);
        json.append(",\"mode\":\"").append(diff ? "diff" : "profile").append("\",\"minWidth\":").append(minWidth);
        json.append(",\"tiers\":[");
        for (int t = 0; t < Tier.COUNT; t++) {
            json.append(t == 0 ? "" : ",");
            string(json, Tier.of(t).label());
        }
        json.append("],\"frames\":[");
        for (int f = 0; f < frames.size(); f++) {
            MethodInfo m = frames.frame(f);
            json.append(f == 0 ? "[" : ",[");
            string(json, m.label());
            json.append(',');
            string(json, m.language());
            json.append(']');
        }
        json.append("],\"trees\":[");
        for (int i = 0; i < trees.size(); i++) {
            json.append(i == 0 ? "" : ",");
            tree(json, trees.get(i), frames, minWidth);
        }
        json.append("]}");

        String template = resource("flamegraph.html");
        Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
        fill(w, template, Map.of(
                        "TITLE", html(title),
                        "CSS", resource("flamegraph.css"),
                        "JS", resource("flamegraph.js"),
                        "DATA", json.toString()));
        w.flush();
    }

    private static void tree(StringBuilder json, Tree tree, FlameFrames frames, double minWidth) {
        json.append("{\"name\":");
        string(json, tree.name());
        long rootTotal = tree.root().total();
        json.append(",\"total\":").append(rootTotal);
        if (tree.before() != null) {
            json.append(",\"beforeTotal\":").append(tree.beforeTotal());
        }
        // Frames narrower than minWidth % of the tree are left out with their subtrees.
        double cut = rootTotal * minWidth / 100.0;
        Comparator<FlameTree> byLabel = Comparator.comparing((FlameTree t) -> frames.frame(t.frame).label()).thenComparingInt(t -> t.frame);
        StringBuilder before = tree.before() == null ? null : new StringBuilder();
        json.append(",\"nodes\":[");
        List<FlameTree> stack = new ArrayList<>();
        List<Integer> parents = new ArrayList<>();
        stack.add(tree.root());
        parents.add(-1);
        int index = 0;
        while (!stack.isEmpty()) {
            FlameTree n = stack.remove(stack.size() - 1);
            int parent = parents.remove(parents.size() - 1);
            json.append(index == 0 ? "" : ",").append(n.frame).append(',').append(parent);
            for (long v : n.total) {
                json.append(',').append(v);
            }
            for (long v : n.self) {
                json.append(',').append(v);
            }
            if (before != null) {
                long[] b = tree.before().get(n);
                before.append(index == 0 ? "" : ",").append(b == null ? -1 : b[0]).append(',').append(b == null ? -1 : b[1]);
            }
            List<FlameTree> kids = new ArrayList<>(n.children);
            kids.removeIf(c -> c.total() < cut || c.total() == 0);
            kids.sort(byLabel.reversed());
            for (FlameTree c : kids) {
                stack.add(c);
                parents.add(index);
            }
            index++;
        }
        json.append(']');
        if (before != null) {
            json.append(",\"before\":[").append(before).append(']');
        }
        json.append('}');
    }

    /** Appends a JSON string literal that is also safe inside an HTML script element. */
    static void string(StringBuilder sb, String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '<', '>', '&', '\u2028', '\u2029' -> unicode(sb, c);
                default -> {
                    if (c < 0x20) {
                        unicode(sb, c);
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append('"');
    }

    private static void unicode(StringBuilder sb, char c) {
        sb.append(String.format("\\u%04x", (int) c));
    }

    static String html(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '&' -> sb.append("&amp;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&#39;");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }

    /** Writes {@code template} with each {@code {{NAME}}} replaced; inserted values are not scanned again. */
    private static void fill(Writer w, String template, Map<String, String> values) throws IOException {
        int at = 0;
        while (true) {
            int open = template.indexOf("{{", at);
            if (open < 0) {
                w.write(template, at, template.length() - at);
                return;
            }
            int close = template.indexOf("}}", open);
            String value = values.get(template.substring(open + 2, close));
            if (value == null) {
                throw new IllegalStateException("flamegraph.html has an unknown placeholder " + template.substring(open, close + 2));
            }
            w.write(template, at, open - at);
            w.write(value);
            at = close + 2;
        }
    }

    private static String resource(String name) {
        try (InputStream in = FlamePage.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource dev/ccsampler/report/" + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
