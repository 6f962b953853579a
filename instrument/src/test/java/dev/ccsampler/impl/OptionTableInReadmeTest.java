package dev.ccsampler.impl;

import org.graalvm.options.OptionDescriptor;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The README's option table must equal the instrument's option descriptors: name, usage and help
 * (the README may order the rows for readers; the descriptors come alphabetically). On a mismatch
 * the message holds the rows to paste.
 */
class OptionTableInReadmeTest {

    static List<String> expectedRows() {
        List<String> rows = new ArrayList<>();
        for (OptionDescriptor d : new CCSamplerOptionsOptionDescriptors()) {
            String name = d.getName().isEmpty() ? "--" + CCSamplerInstrument.ID : "--" + d.getName();
            rows.add("| `" + name + "=" + d.getUsageSyntax().replace("|", "\\|") + "` | " + d.getHelp().replace("|", "\\|") + " |");
        }
        return rows;
    }

    static Path readme() {
        Path p = Path.of("README.md");
        return Files.exists(p) ? p : Path.of("..", "README.md");
    }

    @Test
    void readmeTableMatchesDescriptors() throws Exception {
        List<String> actual = new ArrayList<>();
        for (String line : Files.readAllLines(readme())) {
            if (line.startsWith("| `--ccsampler")) {
                actual.add(line.strip());
            }
        }
        List<String> expected = expectedRows();
        java.util.Collections.sort(expected);
        java.util.Collections.sort(actual);
        assertEquals(String.join("\n", expected), String.join("\n", actual),
                        "README.md option table drifted from CCSamplerOptions; paste the expected rows under the table header.");
    }
}
