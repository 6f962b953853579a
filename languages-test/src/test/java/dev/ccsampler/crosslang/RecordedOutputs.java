package dev.ccsampler.crosslang;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.concurrent.Callable;

/**
 * What a deterministic guest program prints without a profiler, recorded once in
 * {@code src/test/resources/recorded-output/}. The tests that check that the profiler leaves a
 * guest's output alone compare against the record instead of running the program a second time
 * (docs/testing.md, <em>Recorded outputs</em>).
 *
 * <p>
 * A record's first line names the program (relative to the repository), its SHA-256, the GraalVM
 * version, the language and the arguments; the rest is the output. Where there is no record for a
 * run, or the program or GraalVM has changed since it was recorded, the program runs plain as
 * before and the test prints how to record it: a record never stands for a program it was not
 * taken from ({@link RecordedOutputsTest} fails on a stale one).
 * {@code -Dccsampler.recordOutputs=true} runs every such program plain and writes its record.
 */
final class RecordedOutputs {

    /** Where the records are, relative to the module directory the tests run in. */
    static final Path DIR = Path.of("src/test/resources/recorded-output");
    static final String HEADER = "# recorded output of ";
    /** The repository's root: programs are named relative to it. */
    static final Path REPOSITORY = Path.of("..").toAbsolutePath().normalize();

    private RecordedOutputs() {
    }

    /** The output of {@code file} run plain with {@code args}: the record's, else {@code plainRun}'s. */
    static String plain(String language, Path file, String[] args, Callable<String> plainRun) throws Exception {
        Path record = DIR.resolve(recordName(file, args));
        String header = header(language, file, args);
        boolean recording = Boolean.getBoolean("ccsampler.recordOutputs");
        if (!recording && Files.isRegularFile(record)) {
            String text = Files.readString(record, StandardCharsets.UTF_8);
            int nl = text.indexOf('\n');
            if (nl > 0 && text.substring(0, nl).equals(header)) {
                return text.substring(nl + 1);
            }
        }
        String output = plainRun.call();
        if (recording) {
            Files.createDirectories(DIR);
            Files.writeString(record, header + "\n" + output, StandardCharsets.UTF_8);
            System.out.println("recorded-output: wrote " + record);
        } else {
            System.out.println("recorded-output: no record of " + header.substring(HEADER.length()) + " (or its program or GraalVM changed): ran it plain; record it with "
                            + "mvn -pl languages-test test -Dccsampler.recordOutputs=true -Dtest=<the test>");
        }
        return output;
    }

    /** The record's file name: the program's and the arguments. */
    static String recordName(Path file, String[] args) {
        StringBuilder b = new StringBuilder(file.getFileName().toString());
        for (String a : args) {
            b.append('_').append(a.replaceAll("[^A-Za-z0-9.-]", "-"));
        }
        return b.append(".out").toString();
    }

    /** The first line of a record: program, its digest, GraalVM version, language and arguments. */
    static String header(String language, Path file, String[] args) throws IOException {
        Path program = file.toAbsolutePath().normalize();
        String name = program.startsWith(REPOSITORY) ? REPOSITORY.relativize(program).toString() : program.toString();
        return HEADER + name + " sha256 " + sha256(program) + " graalvm " + graalVersion() + " language " + language + " args " + String.join(" ", args);
    }

    private static String graalVersion;

    /** The GraalVM version the tests run on (the polyglot jar's): a record of another version's output is not used. */
    static synchronized String graalVersion() throws IOException {
        if (graalVersion == null) {
            // the polyglot jar's own (an engine on the class path says "Development Build")
            try (java.io.InputStream in = org.graalvm.polyglot.Engine.class.getResourceAsStream("/META-INF/graalvm/org.graalvm.polyglot/version")) {
                if (in == null) {
                    throw new IOException("the polyglot jar has no META-INF/graalvm/org.graalvm.polyglot/version");
                }
                graalVersion = new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
            }
        }
        return graalVersion;
    }

    static String sha256(Path file) throws IOException {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }
}
