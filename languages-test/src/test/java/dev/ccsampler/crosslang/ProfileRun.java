package dev.ccsampler.crosslang;

import dev.ccsampler.ccmap.Accounting;
import dev.ccsampler.ccmap.MethodInfo;
import dev.ccsampler.ccmap.MethodStats;
import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.ccmap.ThreadProfile;
import dev.ccsampler.report.JsonProfileReader;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Source;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** Runs a guest program with ccsampler's JSON output and reads the profile back. Test helper. */
final class ProfileRun {

    final ProfileSnapshot profile;
    final String stdout;
    final String stderr;
    final int exitStatus;

    private ProfileRun(ProfileSnapshot profile, String stdout, String stderr, int exitStatus) {
        this.profile = profile;
        this.stdout = stdout;
        this.stderr = stderr;
        this.exitStatus = exitStatus;
    }

    static boolean optimizing() {
        try (Engine e = Engine.newBuilder().option("engine.WarnInterpreterOnly", "false").build()) {
            return !e.getImplementationName().toLowerCase().contains("fallback") && !e.getImplementationName().toLowerCase().contains("interpreted");
        }
    }

    /** Output and exit status of a guest run. */
    record Guest(String stdout, String stderr, int exitStatus) {
    }

    /**
     * {@code file} in {@code language} with no profiler: the reference for "output unchanged", a
     * program that ends with status 0 and whose output is recorded ({@link RecordedOutputs}; stderr
     * is then empty).
     */
    static Guest plain(String language, Path file, String... args) throws Exception {
        Guest[] ran = {null};
        String stdout = RecordedOutputs.plain(language, file, args, () -> {
            ran[0] = guest(language, file, Map.of(), args);
            assertTrue(ran[0].exitStatus() == 0, () -> "the plain run of " + file + " ended with " + ran[0].exitStatus() + ": " + ran[0].stderr());
            return ran[0].stdout();
        });
        return ran[0] != null ? ran[0] : new Guest(stdout, "", 0);
    }

    /** Runs {@code file} in {@code language} with ccsampler on and the given extra options. */
    static ProfileRun run(String language, Path file, Path workDir, Map<String, String> options, String... args) throws IOException {
        Path json = workDir.resolve("profile-" + System.nanoTime() + ".json");
        Map<String, String> opts = new LinkedHashMap<>();
        opts.put("ccsampler", "json");
        opts.put("ccsampler.OutputFile", json.toString());
        opts.putAll(options);
        Guest g = guest(language, file, opts, args);
        ProfileSnapshot p = JsonProfileReader.read(json);
        for (ThreadProfile t : p.threads()) {
            assertTrue(t.accounting().balanced(), () -> "accounting identity broken for " + t.threadName() + ": " + t.accounting().summaryLine());
        }
        Accounting a = p.accounting();
        assertTrue(a.balanced(), a::summaryLine);
        assertTrue(a.inFlight() == 0, a::summaryLine);
        return new ProfileRun(p, g.stdout(), g.stderr(), g.exitStatus());
    }

    private static Guest guest(String language, Path file, Map<String, String> opts, String... args) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int[] status = {0};
        Throwable[] failure = {null};
        Context.Builder b = Context.newBuilder().allowAllAccess(true).out(out).err(err).arguments(language, args).options(opts);
        // a big stack: Pace's 5 000-deep recursion needs more than the default while interpreted
        Thread guest = new Thread(null, () -> {
            try (Context c = b.build()) {
                try {
                    c.eval(Source.newBuilder(language, file.toFile()).build());
                } catch (PolyglotException e) {
                    if (e.isExit()) {
                        status[0] = e.getExitStatus();
                    } else {
                        status[0] = 1;
                        err.writeBytes(String.valueOf(e.getMessage()).getBytes());
                    }
                }
            } catch (Throwable t) {
                failure[0] = t;
            }
        }, "guest-main", 64L << 20);
        guest.start();
        try {
            guest.join();
        } catch (InterruptedException e) {
            throw new IOException(e);
        }
        if (failure[0] != null) {
            throw new IOException("guest run failed", failure[0]);
        }
        return new Guest(out.toString(), err.toString(), status[0]);
    }

    /** Self samples per method name over all threads. */
    Map<String, Long> selfByName() {
        Map<String, Long> m = new HashMap<>();
        for (MethodInfo mi : profile.methods()) {
            MethodStats st = profile.methodStats().get(mi.id());
            m.merge(mi.name(), st.selfSum(), Long::sum);
        }
        return m;
    }

    /** Each name's share (in percent) of the self samples of the given names together. */
    Map<String, Double> shares(String... names) {
        Map<String, Long> self = selfByName();
        long sum = 0;
        for (String n : names) {
            sum += self.getOrDefault(n, 0L);
        }
        Map<String, Double> r = new LinkedHashMap<>();
        for (String n : names) {
            r.put(n, sum == 0 ? 0 : 100.0 * self.getOrDefault(n, 0L) / sum);
        }
        return r;
    }
}
