package dev.ccsampler.mx.launcher;

import java.io.File;
import java.io.IOException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Source;

/**
 * The guest launcher behind {@code mx ccsampler-run}: {@code GuestLauncher [--option[=value] ...]
 * program.<ext> [args ...]}. Options before the program are polyglot options, as a language
 * launcher takes them ({@code --ccsampler}, {@code --ccsampler.Output=calltree},
 * {@code --engine.Compilation=false}); a bare {@code --name} means {@code --name=true}. The
 * language is the one registered for the file (Pace for {@code .pace}, GraalJS for {@code .js}
 * when it is on the class path). Arguments after the program are the guest's arguments. Exits with
 * the guest's exit status, 1 on a guest error, 2 on a bad command line.
 */
public final class GuestLauncher {

    private GuestLauncher() {
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
            fail("no program given; usage: mx ccsampler-run [--ccsampler[=<format>]] [--ccsampler.<Option>=<value> ...] program.<ext> [args ...]");
        }
        File file = new File(args[i]);
        if (!file.isFile()) {
            fail("program " + file + " does not exist or is not a file");
        }
        String language;
        try {
            language = Source.findLanguage(file);
        } catch (IOException e) {
            fail("cannot read program " + file + ": " + e.getMessage());
            return;
        }
        if (language == null) {
            fail("no language on the class path is registered for " + file + " (Pace: .pace; GraalJS: .js, with the suite's GRAALJS libraries)");
        }
        String[] guestArgs = Arrays.copyOfRange(args, i + 1, args.length);
        try (Context context = Context.newBuilder().allowAllAccess(true).options(options).arguments(language, guestArgs).build()) {
            context.eval(Source.newBuilder(language, file).build());
        } catch (PolyglotException e) {
            if (e.isExit()) {
                System.exit(e.getExitStatus());
            }
            if (e.isHostException() || e.isInternalError()) {
                e.printStackTrace();
            } else {
                System.err.println(e.getMessage());
            }
            System.exit(1);
        } catch (IllegalArgumentException e) {
            // Context.Builder rejects unknown options and bad values with a message naming the option.
            fail(e.getMessage());
        } catch (IOException e) {
            fail("cannot read program " + file + ": " + e.getMessage());
        }
    }

    private static void fail(String message) {
        System.err.println("ccsampler-run: " + message);
        System.exit(2);
    }
}
