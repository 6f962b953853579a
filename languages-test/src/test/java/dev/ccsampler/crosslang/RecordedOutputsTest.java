package dev.ccsampler.crosslang;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/** Every recorded output ({@link RecordedOutputs}) belongs to the program as it is now, on this GraalVM. */
class RecordedOutputsTest {

    private static final Pattern HEADER = Pattern.compile(Pattern.quote(RecordedOutputs.HEADER) + "(\\S+) sha256 ([0-9a-f]{64}) graalvm (\\S+) language (\\S+) args ?(.*)");

    @Test
    void everyRecordIsOfTheProgramAsItIsNowOnThisGraalVm() throws Exception {
        List<String> stale = new ArrayList<>();
        int records = 0;
        try (Stream<Path> files = Files.list(RecordedOutputs.DIR)) {
            for (Path record : files.sorted().toList()) {
                records++;
                String first = Files.readString(record, StandardCharsets.UTF_8).lines().findFirst().orElse("");
                Matcher m = HEADER.matcher(first);
                assertTrue(m.matches(), () -> record + ": the first line is not a record's header: " + first);
                Path program = RecordedOutputs.REPOSITORY.resolve(m.group(1));
                String[] args = m.group(5).isEmpty() ? new String[0] : m.group(5).split(" ");
                assertEquals(RecordedOutputs.recordName(program, args), record.getFileName().toString(), "the record's name is its program's and arguments'");
                if (!Files.isRegularFile(program)) {
                    stale.add(record.getFileName() + ": " + program + " is gone");
                } else if (!RecordedOutputs.sha256(program).equals(m.group(2))) {
                    stale.add(record.getFileName() + ": " + m.group(1) + " changed since it was recorded");
                } else if (!RecordedOutputs.graalVersion().equals(m.group(3))) {
                    stale.add(record.getFileName() + ": recorded on GraalVM " + m.group(3) + ", the tests run on " + RecordedOutputs.graalVersion());
                }
            }
        }
        assertTrue(records > 0, "no records in " + RecordedOutputs.DIR.toAbsolutePath());
        assertEquals(List.of(), stale, "record them again: mvn -pl languages-test test -Dccsampler.recordOutputs=true -Dtest=<the tests that run them>");
    }
}
