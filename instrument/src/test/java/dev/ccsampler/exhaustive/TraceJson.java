package dev.ccsampler.exhaustive;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayDeque;

/** Test helper: reads a ccsampler-cct file back into one merged TraceNode tree (all threads). */
final class TraceJson {

    private TraceJson() {
    }

    static TraceNode read(Path file) throws IOException {
        TraceNode root = TraceNode.newRoot();
        ArrayDeque<TraceNode> stack = new ArrayDeque<>();
        String language = null, name = null, source = null;
        int line = 0;
        long calls = 0;
        try (JsonParser p = new JsonFactory().createParser(file.toFile())) {
            for (JsonToken t; (t = p.nextToken()) != null;) {
                JsonStreamContext ctx = p.getParsingContext();
                if (t == JsonToken.FIELD_NAME) {
                    boolean inNode = isNodeObject(ctx);
                    String f = p.currentName();
                    if (f.equals("root")) {
                        stack.clear();
                        stack.push(root);
                    } else if (inNode && f.equals("children")) {
                        TraceNode n = stack.peek().childFor(new TracedMethod(language, name, source, line));
                        for (long i = 0; i < calls; i++) {
                            n.countCall();
                        }
                        stack.push(n);
                    } else if (inNode) {
                        p.nextToken();
                        switch (f) {
                            case "language" -> language = p.getText();
                            case "name" -> name = p.getText();
                            case "source" -> source = p.getText();
                            case "line" -> line = p.getIntValue();
                            case "calls" -> calls = p.getLongValue();
                            default -> p.skipChildren();
                        }
                    }
                } else if (t == JsonToken.END_OBJECT && ctx.inArray() && "children".equals(ctx.getParent().getCurrentName())) {
                    stack.pop();
                }
            }
        }
        return root;
    }

    /** Whether {@code ctx} is an object that is an element of a "children" array. */
    private static boolean isNodeObject(JsonStreamContext ctx) {
        JsonStreamContext arr = ctx.getParent();
        return ctx.inObject() && arr != null && arr.inArray() && "children".equals(arr.getParent().getCurrentName());
    }
}
