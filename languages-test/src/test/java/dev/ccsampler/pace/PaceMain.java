package dev.ccsampler.pace;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Command-line runner for Pace programs: {@code PaceMain [--opt=value ...] file.pace [args...]}.
 * Options before the file are polyglot options (e.g. {@code --engine.Compilation=false},
 * {@code --ccsampler=true}); arguments after it are read by {@code arg(i, default)}. Prints the
 * program's output and error as {@link GoldenRunner} does and exits with the program's status.
 */
public final class PaceMain {

    private PaceMain() {
    }

    public static void main(String[] args) {
        Map<String, String> options = new LinkedHashMap<>();
        int i = 0;
        while (i < args.length && args[i].startsWith("--")) {
            String option = args[i++].substring(2);
            int eq = option.indexOf('=');
            options.put(eq < 0 ? option : option.substring(0, eq), eq < 0 ? "true" : option.substring(eq + 1));
        }
        if (i >= args.length) {
            System.err.println("usage: PaceMain [--option=value ...] program.pace [args ...]");
            System.exit(2);
        }
        GoldenRunner.Result result = GoldenRunner.run(Path.of(args[i]), options, Arrays.copyOfRange(args, i + 1, args.length));
        System.out.print(result.stdout());
        System.err.print(result.stderr());
        System.err.print(result.log());
        System.exit(result.exitStatus());
    }
}
