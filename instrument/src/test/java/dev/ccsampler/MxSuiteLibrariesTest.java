package dev.ccsampler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * mx never runs here, so the mx suite ({@code mx.profiler/suite.py}) is kept in step with the Maven
 * build, which is the reference: every Maven library of the suite has the version the root pom
 * gives it, and a sha512 digest equal to the jar this very test runs with.
 */
class MxSuiteLibrariesTest {

    private static final Pattern LIBRARY = Pattern.compile(
                    "\"maven\": \\{\"groupId\": \"([^\"]+)\", \"artifactId\": \"([^\"]+)\", \"version\": \"([^\"]+)\"},\\s*\"digest\": \"sha512:([0-9a-f]*)\"");

    @Test
    void librariesHaveThePomsVersionsAndTheResolvedJarsDigests() throws Exception {
        String suite = Files.readString(Path.of("..", "mx.profiler", "suite.py"));
        String pom = Files.readString(Path.of("..", "pom.xml"));
        Matcher m = LIBRARY.matcher(suite);
        List<String> wrong = new ArrayList<>();
        int libraries = 0;
        while (m.find()) {
            libraries++;
            String group = m.group(1);
            String artifact = m.group(2);
            String version = m.group(3);
            String pomVersion = pomVersion(pom, group, artifact);
            if (!version.equals(pomVersion)) {
                wrong.add(artifact + ": suite.py has " + version + ", pom.xml " + pomVersion);
                continue;
            }
            Path jar = onThisTestsPath(artifact + "-" + version + ".jar");
            String digest = sha512(jar);
            if (!digest.equals(m.group(4))) {
                wrong.add(artifact + ": suite.py digest sha512:" + m.group(4) + ", " + jar + " has sha512:" + digest);
            }
        }
        assertTrue(libraries >= 4, "suite.py lists the instrument's libraries: " + libraries);
        assertEquals(List.of(), wrong);
    }

    /** The version the root pom's dependency management gives, with a property resolved. */
    private static String pomVersion(String pom, String group, String artifact) {
        Matcher d = Pattern.compile("<groupId>" + Pattern.quote(group) + "</groupId><artifactId>" + Pattern.quote(artifact) + "</artifactId><version>([^<]+)</version>").matcher(pom);
        assertTrue(d.find(), group + ":" + artifact + " is not in the root pom's dependencyManagement");
        String v = d.group(1);
        if (v.startsWith("${") && v.endsWith("}")) {
            String property = v.substring(2, v.length() - 1);
            Matcher p = Pattern.compile("<" + Pattern.quote(property) + ">([^<]+)</" + Pattern.quote(property) + ">").matcher(pom);
            assertTrue(p.find(), "property " + property + " of the root pom");
            v = p.group(1);
        }
        return v;
    }

    private static Path onThisTestsPath(String jarName) {
        for (String property : List.of("jdk.module.path", "java.class.path")) {
            for (String entry : System.getProperty(property, "").split(File.pathSeparator)) {
                if (!entry.isEmpty() && Path.of(entry).getFileName() != null && Path.of(entry).getFileName().toString().equals(jarName)) {
                    return Path.of(entry);
                }
            }
        }
        throw new AssertionError(jarName + " is on neither the module path nor the class path of this test");
    }

    private static String sha512(Path file) throws IOException, java.security.NoSuchAlgorithmException {
        MessageDigest md = MessageDigest.getInstance("SHA-512");
        try (InputStream in = new DigestInputStream(Files.newInputStream(file), md)) {
            in.transferTo(java.io.OutputStream.nullOutputStream());
        }
        return HexFormat.of().formatHex(md.digest());
    }
}
