package dev.ccsampler.crosslang;

import org.junit.jupiter.api.Test;

import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The project runs one GraalVM version, 25.0.1. TruffleRuby's newest release is 25.0.0, so its own
 * jars (and joni / jcodings, which have no 25.0.1) are the only 25.0.0 jars allowed on the test
 * class path, which holds every language we test; everything else that Ruby's pom would bring at
 * 25.0.0 is pinned to 25.0.1 in the root pom. This test fails when that pinning slips.
 */
class GraalVersionsTest {

    private static final Set<String> RUBY_ONLY = Set.of("ruby-annotations", "ruby-language", "ruby-resources", "ruby-shared", "jcodings", "joni");
    private static final Pattern GRAAL_JAR = Pattern.compile("(?:.*[/\\\\])?org[/\\\\]graalvm[/\\\\].*[/\\\\]([^/\\\\]+)-(\\d+\\.\\d+\\.\\d+)\\.jar");

    @Test
    void everyGraalJarIs25_0_1ButTruffleRubysOwn() {
        List<String> wrong = new ArrayList<>();
        int seen = 0;
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Matcher m = GRAAL_JAR.matcher(entry);
            if (!m.matches()) {
                continue;
            }
            seen++;
            String artifact = m.group(1);
            String version = m.group(2);
            boolean ok = RUBY_ONLY.contains(artifact) ? version.equals("25.0.0") : version.equals("25.0.1");
            if (!ok) {
                wrong.add(artifact + "-" + version);
            }
        }
        assertTrue(seen > 20, "GraalVM jars on the test class path: " + seen);
        assertEquals(List.of(), wrong, "GraalVM jars at an unexpected version");
    }
}
