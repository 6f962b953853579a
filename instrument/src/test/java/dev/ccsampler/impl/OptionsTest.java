package dev.ccsampler.impl;

import org.graalvm.polyglot.Engine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Bad option values are rejected when the engine starts, with the option, the value and the legal forms. */
class OptionsTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "10ms|10000000", "10|10000000", "100us|100000", "1.5ms|1500000", "2s|2000000000", "250 us|250000", "1m|60000000000"})
    void periods(String text, long nanos) {
        assertEquals(nanos, CCSamplerOptions.parsePeriodNanos(text));
    }

    private static String engineError(String option, String value) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> {
            try (Engine en = Engine.newBuilder().option("engine.WarnInterpreterOnly", "false").option("ccsampler", "true").option(option, value).build()) {
                en.getImplementationName();
            }
        });
        return e.getMessage();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "ccsampler.Period|3 parsecs|use a number with us, ms, s or m from 100us to 60s",
        "ccsampler.Period|50us|from 100us to 60s",
        "ccsampler.Period|-1ms|use a number with us, ms, s or m",
        "ccsampler.Period|5ns|use a number with us, ms, s or m",
        "ccsampler.Delay|-1s|from 0ms to 60m",
        "ccsampler.AutoPeriodMin|10us|from 100us to 60s",
        "ccsampler.Output|svg|use one of histogram, calltree, json",
        "ccsampler.StackLimit|0|from 1 to 1000000",
        "ccsampler.StackLimit|many|from 1 to 1000000",
        "ccsampler.BufferSize|1|from 2 to 65536",
        "ccsampler.MaxContextNodes|0|from 16 to 100000000",
        "ccsampler.MaxContextNodes|1e6|from 16 to 100000000",
        "ccsampler.MinSamples|-3|from 0 to",
        "ccsampler.MinWidth|250|percentage from 0 to 100",
        "ccsampler.FilterRootName|a,,b|empty pattern",
        "ccsampler.Delay|soon|ccsampler.Delay",
        "ccsampler.ShowTiers|maybe|ShowTiers",
        "ccsampler.Burst|yes|use true or false",
        "ccsampler.BurstLength|0|from 1 to 1048576",
        "ccsampler.BurstLength|long|from 1 to 1048576",
        "ccsampler.BurstRR|0|from 1 to 1048576",
        "ccsampler.BurstRR|5%|from 1 to 1048576",
        "ccsampler.MaxHintsPerKind|0|from 1 to 1000000",
        "ccsampler.MaxHintsPerKind|-2|from 1 to 1000000",
        "ccsampler.MaxHintsPerKind|1000001|from 1 to 1000000",
        "ccsampler.MaxHintsPerKind|eight|from 1 to 1000000"})
    void badValuesNameOptionValueAndLegalForms(String option, String value, String legal) {
        String m = engineError(option, value);
        assertTrue(m.contains(value), m);
        assertTrue(m.contains(legal), m);
        assertTrue(m.contains(option.substring(option.indexOf('.') + 1)), m);
    }

    /** Every duration option takes the same grammar, each with its own bounds; Delay takes 0. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "ccsampler.Delay|0s", "ccsampler.Delay|0", "ccsampler.Delay|1.5s", "ccsampler.Delay|2m", "ccsampler.Period|1m", "ccsampler.PushInterval|250ms",
        "ccsampler.AutoPeriodMax|30s"})
    void durationsShareOneGrammar(String option, String value) {
        try (Engine en = Engine.newBuilder().option("engine.WarnInterpreterOnly", "false").option("ccsampler", "true").option(option, value).build()) {
            assertTrue(en.getInstruments().containsKey("ccsampler"));
        }
    }

    @Test
    void badEnableValue() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> {
            try (Engine en = Engine.newBuilder().option("engine.WarnInterpreterOnly", "false").option("ccsampler", "svg").build()) {
                en.getImplementationName();
            }
        });
        assertTrue(e.getMessage().contains("'svg'") && e.getMessage().contains("true, false or an output format"), e.getMessage());
    }

    @Test
    void unknownOptionIsRejected() {
        String m = engineError("ccsampler.Perod", "1ms");
        assertTrue(m.contains("ccsampler.Perod"), m);
    }

    @Test
    void unwritableOutputFileIsReportedAtStart(@org.junit.jupiter.api.io.TempDir Path tmp) throws Exception {
        String m = engineError("ccsampler.OutputFile", tmp.resolve("no/such/dir/out.json").toString());
        assertTrue(m.contains("does not exist") && m.contains("ccsampler.OutputFile"), m);
        m = engineError("ccsampler.OutputFile", tmp.toString());
        assertTrue(m.contains("is a directory"), m);
        Path ro = Files.createDirectory(tmp.resolve("ro"));
        ro.toFile().setWritable(false);
        if (!Files.isWritable(ro)) { // root can write anywhere; the check is then meaningless
            m = engineError("ccsampler.OutputFile", ro.resolve("x.json").toString());
            assertTrue(m.contains("not writable"), m);
        }
    }
}
