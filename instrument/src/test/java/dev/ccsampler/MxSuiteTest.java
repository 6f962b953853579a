package dev.ccsampler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The mx suite ({@code mx.profiler/}) against the real mx: it builds, its tests run under mx, and
 * its command runs a guest under ccsampler; and its libraries are those of the Maven build.
 *
 * <p>
 * mx is taken from {@code MX_HOME}, else from {@code PATH}, else from the copy next to the
 * repository ({@code ../shared/tools/mx}); the build test is skipped, saying so, only when none of
 * them exists. mx downloads the suite's libraries from Maven Central into its cache
 * ({@code MX_CACHE_DIR}, by default {@code ~/.mx/cache}) and builds into {@code mxbuild/} at the
 * repository root; each mx run's output is kept in {@code instrument/target/mx-suite-test/}.
 * docs/mx.md has the cold and warm times.
 */
class MxSuiteTest {

    private static final Path REPO = Path.of("..").toAbsolutePath().normalize();
    private static final Path LOGS = Path.of("target", "mx-suite-test").toAbsolutePath();

    /** Summary line of the suite's JUnit Platform runner (mx.profiler/java/.../JupiterWrapper.java). */
    private static final Pattern SUMMARY = Pattern.compile("ccsampler-mx-junit: (\\d+) tests, (\\d+) passed, (\\d+) failed, (\\d+) skipped");

    @Test
    void suiteBuildsRunsItsTestsUnderMxAndProfilesAGuest() throws Exception {
        assertTrue(Files.isRegularFile(REPO.resolve("mx.profiler/suite.py")), "run from instrument/: " + REPO);
        Optional<Path> mx = findMx();
        Assumptions.assumeTrue(mx.isPresent(), "no mx: MX_HOME is not set, there is no mx on PATH and no " + REPO.resolveSibling("shared/tools/mx/mx")
                        + "; install GraalVM's mx (https://github.com/graalvm/mx) to run this test");
        Files.createDirectories(LOGS);

        // The instrument, Pace, their test distributions and the guest launcher, as docs/mx.md builds them.
        run(mx.get(), "build", "build", "--dependencies", "CCSAMPLER_TEST,CCSAMPLER_PACE_TEST,CCSAMPLER_LAUNCHER");

        // The suite's test command, one small class of a module, run from its Maven module directory
        // (the instrument's module, run the same way, took 12 s more of the suite until 2026-12-04).
        String pace = run(mx.get(), "ccsampler-unittest-pace", "ccsampler-unittest", "--module", "languages-test", "--include", "dev\\.ccsampler\\.pace\\.PaceLanguageTest");
        assertTestsRan(pace, "mx ccsampler-unittest --module languages-test");

        // mx's own unittest command, through the suite's unit test config (mx's runner is JUnit 4 only).
        String unittest = run(mx.get(), "unittest", "unittest", "dev.ccsampler.pace.PaceLanguageTest");
        assertTestsRan(unittest, "mx unittest dev.ccsampler.pace.PaceLanguageTest");

        // A guest under ccsampler, as `mx js --cpusampler` runs one under GraalVM's sampler.
        String profile = run(mx.get(), "ccsampler-run", "ccsampler-run", "--ccsampler=folded", "--ccsampler.Period=1ms", "languages-test/programs/three-callers.pace");
        for (String caller : List.of("viaA", "viaB", "viaC")) {
            // Folded stacks: one line per calling context, frames joined by ';', then the sample count.
            Pattern stack = Pattern.compile("(?m)^:program \\(three-callers\\.pace:\\d+\\);" + caller + " \\(three-callers\\.pace:\\d+\\);leaf \\(three-callers\\.pace:\\d+\\) [1-9]\\d*$");
            assertTrue(stack.matcher(profile).find(), "mx ccsampler-run printed no folded stack :program;" + caller + ";leaf with samples:\n" + tail(profile));
        }
    }

    private static void assertTestsRan(String output, String what) {
        Matcher m = SUMMARY.matcher(output);
        String last = null;
        while (m.find()) {
            last = m.group();
            int tests = Integer.parseInt(m.group(1));
            int passed = Integer.parseInt(m.group(2));
            assertTrue(tests > 0 && passed == tests, what + ": " + last);
        }
        assertTrue(last != null, what + " printed no test summary, so no test ran:\n" + tail(output));
    }

    /** Runs mx from the repository root; fails with the end of its output unless it exits with 0. */
    private static String run(Path mx, String logName, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(mx.toString());
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(REPO.toFile()).redirectErrorStream(true);
        Path log = LOGS.resolve(logName + ".log");
        pb.redirectOutput(log.toFile());
        Map<String, String> env = pb.environment();
        env.putIfAbsent("JAVA_HOME", System.getProperty("java.home"));
        // mx looks for python3.8 and older names first; python3 is what these machines (and most) have.
        env.putIfAbsent("MX_PYTHON", "python3");
        Process p = pb.start();
        // A bound so that a hung download cannot hold the suite forever; not a timing assertion.
        if (!p.waitFor(12, TimeUnit.MINUTES)) {
            p.destroyForcibly().waitFor();
            fail("mx " + String.join(" ", args) + " did not finish in 12 minutes; its output: " + log + "\n" + tail(Files.readString(log)));
        }
        String output = Files.readString(log);
        if (p.exitValue() != 0) {
            fail("mx " + String.join(" ", args) + " (" + mx + ") exited with " + p.exitValue() + ":\n" + tail(output));
        }
        return output;
    }

    private static String tail(String output) {
        return output.length() <= 6000 ? output : "..." + output.substring(output.length() - 6000);
    }

    /** MX_HOME, else mx on PATH, else the copy next to the repository. */
    static Optional<Path> findMx() {
        String home = System.getenv("MX_HOME");
        if (home != null && !home.isEmpty() && Files.isExecutable(Path.of(home, "mx"))) {
            return Optional.of(Path.of(home, "mx"));
        }
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, "mx")) && !Files.isDirectory(Path.of(dir, "mx"))) {
                return Optional.of(Path.of(dir, "mx"));
            }
        }
        Path shared = REPO.resolveSibling("shared").resolve("tools/mx/mx");
        return Files.isExecutable(shared) ? Optional.of(shared) : Optional.empty();
    }

    // ---- the suite's libraries are the Maven build's ----

    private static final Pattern LIBRARY = Pattern.compile(
                    "\"(\\w+)\": \\{\\s*(?:#[^\\n]*\\s*)*\"maven\": \\{\"groupId\": \"([^\"]+)\", \"artifactId\": \"([^\"]+)\", \"version\": \"([^\"]+)\"},\\s*\"digest\": \"sha512:([0-9a-f]*)\"");

    /**
     * Every Maven library of the suite has the version the root pom gives it (GraalVM and JUnit
     * artifacts the pom's graalvm.version and junit.version, the others the version Maven resolved
     * for this test), and, where the jar is in the local Maven repository, its sha512 digest. mx
     * verifies the digest of every jar it downloads, so a wrong one also fails the build above.
     */
    @Test
    void librariesHaveThePomsVersionsAndTheResolvedJarsDigests() throws Exception {
        String suite = Files.readString(REPO.resolve("mx.profiler/suite.py"));
        String pom = Files.readString(REPO.resolve("pom.xml"));
        Path mavenRepo = localMavenRepository();
        Matcher m = LIBRARY.matcher(suite);
        List<String> wrong = new ArrayList<>();
        Map<String, String> digestChecked = new LinkedHashMap<>();
        int libraries = 0;
        while (m.find()) {
            libraries++;
            String name = m.group(1);
            String group = m.group(2);
            String artifact = m.group(3);
            String version = m.group(4);
            String expected = expectedVersion(pom, group, artifact);
            if (!version.equals(expected)) {
                wrong.add(name + " " + group + ":" + artifact + ": suite.py has " + version + ", the Maven build " + expected);
                continue;
            }
            if (m.group(5).length() != 128) {
                wrong.add(name + ": the digest is not a sha512 (128 hex digits)");
                continue;
            }
            Path jar = mavenRepo.resolve(group.replace('.', '/')).resolve(artifact).resolve(version).resolve(artifact + "-" + version + ".jar");
            if (Files.isRegularFile(jar)) {
                String digest = sha512(jar);
                digestChecked.put(name, digest);
                if (!digest.equals(m.group(5))) {
                    wrong.add(name + ": suite.py digest sha512:" + m.group(5) + ", " + jar + " has sha512:" + digest);
                }
            }
        }
        assertTrue(libraries >= 29, "suite.py lists the instrument's, Pace's, the tests' and GraalJS's libraries: " + libraries);
        assertEquals(List.of(), wrong);
        for (String own : List.of("JACKSON_CORE", "PROTOBUF_JAVA", "JMC_FLIGHTRECORDER_WRITER", "JMC_COMMON", "TRUFFLE_API_MAVEN", "POLYGLOT_MAVEN")) {
            assertTrue(digestChecked.containsKey(own), own + "'s jar is on this test's class path, so its digest must have been checked");
        }
    }

    /** The version the Maven build uses for group:artifact. */
    private static String expectedVersion(String pom, String group, String artifact) {
        Matcher d = Pattern.compile("<groupId>" + Pattern.quote(group) + "</groupId>\\s*<artifactId>" + Pattern.quote(artifact) + "</artifactId>\\s*<version>([^<]+)</version>").matcher(pom);
        if (d.find()) {
            return resolveProperty(pom, d.group(1));
        }
        if (group.startsWith("org.graalvm.")) {
            return resolveProperty(pom, "${graalvm.version}");
        }
        if (group.equals("org.junit.jupiter")) {
            return resolveProperty(pom, "${junit.version}");
        }
        if (group.equals("org.junit.platform")) {
            // JUnit 5.x.y ships platform 1.x.y.
            return "1" + resolveProperty(pom, "${junit.version}").substring(1);
        }
        // A transitive dependency: the version Maven resolved for this test.
        return onThisTestsPath(artifact).orElseThrow(() -> new AssertionError(group + ":" + artifact + " is neither in the root pom nor on this test's class path"));
    }

    private static String resolveProperty(String pom, String v) {
        if (v.startsWith("${") && v.endsWith("}")) {
            String property = v.substring(2, v.length() - 1);
            Matcher p = Pattern.compile("<" + Pattern.quote(property) + ">([^<]+)</" + Pattern.quote(property) + ">").matcher(pom);
            assertTrue(p.find(), "property " + property + " of the root pom");
            return p.group(1);
        }
        return v;
    }

    /** The version of artifact's jar on this test's class path, from its file name. */
    private static Optional<String> onThisTestsPath(String artifact) {
        Pattern jar = Pattern.compile(Pattern.quote(artifact) + "-(\\d[^/]*)\\.jar");
        for (String entry : classPath()) {
            Path file = Path.of(entry).getFileName();
            Matcher m = file == null ? null : jar.matcher(file.toString());
            if (m != null && m.matches()) {
                return Optional.of(m.group(1));
            }
        }
        return Optional.empty();
    }

    /** The local Maven repository this test's jars come from (root of .../org/graalvm/truffle/truffle-api/V/truffle-api-V.jar). */
    private static Path localMavenRepository() {
        for (String entry : classPath()) {
            Path p = Path.of(entry).toAbsolutePath();
            if (p.getFileName() != null && p.getFileName().toString().startsWith("truffle-api-") && p.getNameCount() > 5
                            && p.getParent().getParent().getParent().endsWith(Path.of("org", "graalvm", "truffle"))) {
                return p.getParent().getParent().getParent().getParent().getParent().getParent();
            }
        }
        throw new AssertionError("truffle-api's jar from a Maven repository is not on this test's class path");
    }

    private static List<String> classPath() {
        List<String> entries = new ArrayList<>();
        for (String property : List.of("jdk.module.path", "java.class.path", "jdk.module.upgrade.path")) {
            for (String entry : System.getProperty(property, "").split(File.pathSeparator)) {
                if (!entry.isEmpty()) {
                    entries.add(entry);
                }
            }
        }
        return entries;
    }

    private static String sha512(Path file) throws IOException, java.security.NoSuchAlgorithmException {
        MessageDigest md = MessageDigest.getInstance("SHA-512");
        try (InputStream in = new DigestInputStream(Files.newInputStream(file), md)) {
            in.transferTo(java.io.OutputStream.nullOutputStream());
        }
        return HexFormat.of().formatHex(md.digest());
    }
}
