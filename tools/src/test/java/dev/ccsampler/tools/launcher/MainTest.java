package dev.ccsampler.tools.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.ccsampler.tools.Main;

/** The subcommand dispatcher, in process: help, unknown and missing subcommands, delegation. */
class MainTest {

    /** A subcommand that is present: status 40 + number of arguments, so delegation is visible. */
    public static final class CountingCommand {
        public static int run(String[] args) {
            return 40 + args.length;
        }
    }

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int dispatch(Map<String, String> commands, String... args) {
        return Main.dispatch(args, commands, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private static Map<String, String> table() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("present", CountingCommand.class.getName());
        m.put("absent", "dev.ccsampler.tools.nothing.AbsentCommand");
        return m;
    }

    @Test
    void theRealTableNamesTheFiveSubcommandClasses() {
        assertEquals(Map.of(
                        "convert", "dev.ccsampler.tools.convert.ConvertCommand",
                        "diff", "dev.ccsampler.tools.diff.DiffCommand",
                        "compare", "dev.ccsampler.tools.compare.CompareCommand",
                        "bench", "dev.ccsampler.tools.bench.BenchCommand",
                        "split-check", "dev.ccsampler.tools.bench.SplitCheckCommand"), Main.SUBCOMMANDS);
    }

    @Test
    void noArgumentsAndHelpPrintUsage() {
        assertEquals(0, dispatch(table()));
        assertEquals(0, dispatch(table(), "help"));
        String usage = out.toString(StandardCharsets.UTF_8);
        assertTrue(usage.contains("Usage: ccsampler <subcommand>"), usage);
        assertTrue(usage.contains("run [options] <file> [args...]"), usage);
        assertTrue(usage.contains("absent ...") && usage.contains("(not available in this build)"), usage);
    }

    @Test
    void unknownSubcommandListsTheLegalOnesAndExitsTwo() {
        assertEquals(2, dispatch(table(), "frobnicate"));
        String message = err.toString(StandardCharsets.UTF_8);
        assertTrue(message.contains("unknown subcommand 'frobnicate'"), message);
        assertTrue(message.contains("run, present, absent, help"), message);
    }

    @Test
    void missingSubcommandClassIsNotAvailableInThisBuild() {
        assertEquals(2, dispatch(table(), "absent", "x"));
        String message = err.toString(StandardCharsets.UTF_8);
        assertTrue(message.contains("subcommand absent is not available in this build"), message);
    }

    @Test
    void presentSubcommandGetsTheRemainingArgumentsAndItsStatusIsReturned() {
        assertEquals(42, dispatch(table(), "present", "a", "b"));
    }
}
