package dev.ccsampler.pace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Source;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What an embedder sees of Pace: registration, file detection, errors as PolyglotExceptions. */
class PaceLanguageTest {

    @Test
    void registeredWithIdNameAndMimeType() {
        try (Engine engine = Engine.newBuilder().option("engine.WarnInterpreterOnly", "false").build()) {
            var language = engine.getLanguages().get("pace");
            assertEquals("Pace", language.getName());
            assertTrue(language.getMimeTypes().contains("application/x-pace"), language.getMimeTypes()::toString);
        }
    }

    @Test
    void findsLanguageOfPaceFiles(@TempDir Path dir) throws IOException {
        File pace = Files.writeString(dir.resolve("hello.pace"), "print(1);").toFile();
        File other = Files.writeString(dir.resolve("hello.txt"), "print(1);").toFile();
        assertEquals("pace", Source.findLanguage(pace));
        assertEquals("application/x-pace", Source.findMimeType(pace));
        assertFalse("pace".equals(Source.findLanguage(other)));
    }

    @Test
    void guestErrorCarriesGuestFrames() {
        try (Context context = Context.newBuilder("pace").option("engine.WarnInterpreterOnly", "false").build()) {
            Source source = Source.newBuilder("pace", "fn f(x) {\n  throw \"no \" + x;\n}\nfn g() { return f(1); }\ng();\n", "frames.pace").buildLiteral();
            PolyglotException e = assertThrows(PolyglotException.class, () -> context.eval(source));
            assertTrue(e.isGuestException());
            assertFalse(e.isSyntaxError());
            assertEquals("no 1", e.getMessage());
            List<String> frames = new ArrayList<>();
            for (PolyglotException.StackFrame frame : e.getPolyglotStackTrace()) {
                if (frame.isGuestFrame()) {
                    frames.add(frame.getRootName() + " (" + frame.getSourceLocation().getSource().getName() + ":" + frame.getSourceLocation().getStartLine() + ")");
                }
            }
            assertEquals(List.of("f (frames.pace:2)", "g (frames.pace:4)", ":program (frames.pace:5)"), frames);
            assertTrue(e.getGuestObject().isException());
        }
    }

    @Test
    void parseErrorIsSyntaxErrorWithLocation() {
        try (Context context = Context.newBuilder("pace").option("engine.WarnInterpreterOnly", "false").build()) {
            Source source = Source.newBuilder("pace", "let a = 1;\nlet b = (a + ;\n", "bad.pace").buildLiteral();
            PolyglotException e = assertThrows(PolyglotException.class, () -> context.eval(source));
            assertTrue(e.isSyntaxError());
            assertEquals(2, e.getSourceLocation().getStartLine());
            assertEquals("Parse error at bad.pace:2:14: expected an expression but found ';'", e.getMessage());
        }
    }

    @Test
    void programValueIsNull() {
        try (Context context = Context.newBuilder("pace").option("engine.WarnInterpreterOnly", "false").build()) {
            assertTrue(context.eval("pace", "print(1);").isNull());
        }
    }
}
