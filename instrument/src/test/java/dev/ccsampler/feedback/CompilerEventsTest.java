package dev.ccsampler.feedback;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The compiler-event side of a hint without an engine: how a Truffle JFR event is matched to a
 * hint's root, what counts as "since the hint", and what the reports say when the events cannot be
 * observed (the fallback runtime). The counting on a real engine is in FeedbackTest.
 */
class CompilerEventsTest {

    static final RootKey WORK = new RootKey("pace", "work", "feedback-deopt.pace", 687, 50, 12, 1, "5de7be0c684eb991");

    @Test
    void anEventIsMatchedByLanguageNameSourceAndLine() {
        // the runtime's source field: "<source name>:<line> 0x<Source.hashCode() in hex>"
        String k = CompilerEvents.keyOf("pace", "work", "feedback-deopt.pace:12 0x5e76b1d3");
        assertEquals(CompilerEvents.key("pace", "work", "feedback-deopt.pace", 12), k);
        Hint h = new Hint(1, Hint.Kind.COMPILE, WORK, null, 0, 0, "r", Hint.Evidence.NONE, "advisor", 0, Hint.State.ADVISED);
        assertEquals(List.of(k), h.eventKeys());
        // a source name with a colon in it still splits at the last one
        assertEquals(CompilerEvents.key("js", "f", "C:\\x\\a.js", 3), CompilerEvents.keyOf("js", "f", "C:\\x\\a.js:3 0x1"));
        assertNull(CompilerEvents.keyOf("pace", "work", null), "an event without a source matches no root");
        assertNull(CompilerEvents.keyOf("pace", "work", "no line here"));
    }

    @Test
    void onlyEventsAtOrAfterTheHintCount() {
        CompilerEvents e = CompilerEvents.unavailable("not started"); // no stream: events come from record()
        String k = CompilerEvents.key("pace", "work", "feedback-deopt.pace", 12);
        e.record(k, CompilerEvents.Kind.COMPILATION, 1_000);
        e.record(k, CompilerEvents.Kind.COMPILATION, 2_000);
        e.record(k, CompilerEvents.Kind.INVALIDATION, 2_000);
        e.record(k, CompilerEvents.Kind.DEOPTIMIZATION, 3_000);
        e.record(CompilerEvents.key("pace", "other", "feedback-deopt.pace", 12), CompilerEvents.Kind.INVALIDATION, 2_500);
        assertEquals(new CompilerEvents.Counts(2, 1, 1), e.since(k, 0));
        assertEquals(new CompilerEvents.Counts(1, 1, 1), e.since(k, 2_000));
        assertEquals(new CompilerEvents.Counts(0, 1, 0), e.since(k, 2_001));
        assertEquals(new CompilerEvents.Counts(0, 0, 0), e.since(CompilerEvents.key("pace", "nothing", "x", 1), 0));
    }

    @Test
    void theFallbackRuntimeSaysTheEventsAreUnavailable() throws Exception {
        CompilerEvents e = CompilerEvents.start(false, "Interpreted");
        assertEquals("the Interpreted runtime compiles nothing", e.unavailableReason());
        e.close(); // nothing to stop

        HintLog log = new HintLog();
        log.add(new Hint(1, Hint.Kind.COMPILE, WORK, null, 0, 0, "hot and interpreted", Hint.Evidence.NONE, "advisor", 5, Hint.State.ADVISED));
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        log.writeText("mode advise on Interpreted", e.unavailableReason(), FeedbackController.DEFAULT_MAX_HINTS_PER_KIND, text);
        String t = text.toString(StandardCharsets.UTF_8);
        assertTrue(t.contains("compiler events: unavailable (the Interpreted runtime compiles nothing)"), t);
        assertFalse(t.contains("compiler since the hint"), t);

        ByteArrayOutputStream json = new ByteArrayOutputStream();
        log.writeJson("Interpreted", "advise", e.unavailableReason(), FeedbackController.DEFAULT_MAX_HINTS_PER_KIND, json);
        String j = json.toString(StandardCharsets.UTF_8);
        assertTrue(j.contains("\"compiler\":{\"available\":false,\"note\":\"the Interpreted runtime compiles nothing\",\"compilations\":0,\"deoptimizations\":0,\"invalidations\":0}"), j);
        dev.ccsampler.ccmap.CompilerHint r = log.records(e.unavailableReason()).get(0);
        assertFalse(r.compiler().available());
        assertEquals("the Interpreted runtime compiles nothing", r.compiler().note());
    }

    @Test
    void onTheClassPathTheRuntimesListenerIsUsedAndJfrWhenAskedFor() {
        String runtime = com.oracle.truffle.api.Truffle.getRuntime().getName();
        org.junit.jupiter.api.Assumptions.assumeFalse(runtime.contains("Interpreted"), "the optimizing runtime: " + runtime);
        CompilerEvents e = CompilerEvents.start(true, runtime);
        try {
            assertNull(e.unavailableReason());
            assertTrue(e.viaListener(), "these tests run on the class path, where the runtime's listener is reachable");
        } finally {
            e.close();
        }
        System.setProperty(CompilerEvents.EVENTS_PROPERTY, "jfr");
        try {
            CompilerEvents j = CompilerEvents.start(true, runtime);
            try {
                assertNull(j.unavailableReason());
                assertFalse(j.viaListener());
            } finally {
                j.close();
            }
        } finally {
            System.clearProperty(CompilerEvents.EVENTS_PROPERTY);
        }
    }
}
