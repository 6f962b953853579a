package dev.ccsampler.report;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.ccsampler.ccmap.CompilerHint;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;

/**
 * The one JSON form of compiler-feedback hints ({@code docs/json-schema.md}): a hints file
 * ({@code --ccsampler.SaveHints}, {@code CCSampler.saveHints}, read back by
 * {@code --ccsampler.LoadHints}) and the {@code hints} section of a JSON profile write their entries
 * here, so both carry the same fields in the same form. Stateless; any thread.
 *
 * @since 0.3
 */
public final class CompilerHintsWriter {

    /**
     * Value of a hints file's {@code format} field.
     *
     * @since 0.3
     */
    public static final String FORMAT = "ccsampler-hints";
    /**
     * Version of the hints file written.
     *
     * @since 0.3
     */
    public static final int VERSION = 1;

    private static final JsonFactory FACTORY = new JsonFactory();

    private CompilerHintsWriter() {
    }

    /**
     * Writes a hints file: {@code format}, {@code version}, the run's runtime and feedback mode, and
     * {@code hints} in the order given (a saved file lists each kind's hints by rank). Does not
     * close {@code out}.
     *
     * @param runtime the Truffle runtime's name
     * @param mode the feedback mode at the end of the run ({@code off}, {@code advise} or
     *            {@code apply})
     * @param hints the entries
     * @param out where to write
     * @throws IOException when {@code out} fails
     * @since 0.3
     */
    public static void writeHintsFile(String runtime, String mode, List<CompilerHint> hints, OutputStream out) throws IOException {
        try (JsonGenerator g = FACTORY.createGenerator(out, JsonEncoding.UTF8)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.writeStartObject();
            g.writeStringField("format", FORMAT);
            g.writeNumberField("version", VERSION);
            g.writeStringField("runtime", runtime);
            g.writeStringField("mode", mode);
            writeHints(g, hints);
            g.writeEndObject();
        }
    }

    /** The {@code hints} array field, for a hints file and for a JSON profile. */
    static void writeHints(JsonGenerator g, List<CompilerHint> hints) throws IOException {
        g.writeArrayFieldStart("hints");
        for (CompilerHint h : hints) {
            g.writeStartObject();
            g.writeStringField("kind", h.kind());
            writeRoot(g, "target", h.target());
            if (h.caller() != null) {
                writeRoot(g, "caller", h.caller());
                g.writeObjectFieldStart("site");
                g.writeNumberField("line", h.siteLine());
                g.writeNumberField("column", h.siteColumn());
                g.writeEndObject();
            }
            g.writeStringField("reason", h.reason());
            CompilerHint.Rank r = h.rank();
            if (r.position() > 0) {
                g.writeObjectFieldStart("rank");
                g.writeNumberField("position", r.position());
                g.writeNumberField("of", r.of());
                g.writeNumberField("share", r.share());
                g.writeEndObject();
            }
            CompilerHint.Evidence e = h.evidence();
            g.writeObjectFieldStart("evidence");
            g.writeNumberField("samples", e.samples());
            g.writeNumberField("share", e.share());
            g.writeNumberField("contexts", e.contexts());
            g.writeArrayFieldStart("callees");
            for (String c : e.callees()) {
                g.writeString(c);
            }
            g.writeEndArray();
            g.writeEndObject();
            g.writeStringField("origin", h.origin());
            g.writeNumberField("proposedAtMs", h.proposedAtMs());
            g.writeStringField("state", h.state());
            g.writeStringField("action", h.action());
            g.writeNumberField("appliedAtMs", h.appliedAtMs());
            CompilerHint.Events c = h.compiler();
            g.writeObjectFieldStart("compiler");
            g.writeBooleanField("available", c.available());
            if (!c.available()) {
                g.writeStringField("note", c.note());
            }
            g.writeNumberField("compilations", c.compilations());
            g.writeNumberField("deoptimizations", c.deoptimizations());
            g.writeNumberField("invalidations", c.invalidations());
            g.writeEndObject();
            g.writeStringField("outcome", h.outcome());
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    private static void writeRoot(JsonGenerator g, String field, CompilerHint.Root r) throws IOException {
        g.writeObjectFieldStart(field);
        g.writeStringField("language", r.language());
        g.writeStringField("name", r.name());
        g.writeStringField("source", r.source());
        g.writeNumberField("charIndex", r.charIndex());
        g.writeNumberField("charLength", r.charLength());
        g.writeNumberField("line", r.line());
        g.writeNumberField("column", r.column());
        g.writeStringField("contentHash", r.contentHash());
        g.writeEndObject();
    }
}
