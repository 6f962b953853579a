package dev.ccsampler.report;

import dev.ccsampler.CCSampler;
import dev.ccsampler.fault.FaultInjection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link CCSampler#write(dev.ccsampler.ccmap.ProfileSnapshot, Format, ReportOptions, Path)} replaces
 * a file only with a complete profile (docs/faults.md): a reporter that fails half-way leaves the
 * user's file as it was and no temporary file behind; a symbolic link stays a link.
 */
class WriteFileTest {

    @TempDir
    Path tmp;

    @Test
    void aFailedWriteLeavesTheFileAsItWas() throws IOException {
        Path f = tmp.resolve("profile.json");
        Files.writeString(f, "an earlier profile");
        try (FaultInjection.Armed a = FaultInjection.arm(FaultInjection.Point.REPORT, 0, FaultInjection.ALWAYS, () -> new IOException("No space left on device (injected)"))) {
            IOException e = assertThrows(IOException.class, () -> CCSampler.write(SnapshotFixtures.mixed(), Format.JSON, ReportOptions.DEFAULT, f));
            assertTrue(e.getMessage().contains("No space left"), e::getMessage);
            assertEquals(1, a.fired());
        }
        assertEquals("an earlier profile", Files.readString(f));
        try (var files = Files.list(tmp)) {
            assertEquals(List.of(f), files.toList(), "no temporary file is left");
        }
    }

    @Test
    void aCompleteWriteReplacesTheFile() throws IOException {
        Path f = tmp.resolve("profile.json");
        Files.writeString(f, "an earlier profile");
        CCSampler.write(SnapshotFixtures.mixed(), Format.JSON, ReportOptions.DEFAULT, f);
        assertTrue(Files.readString(f).startsWith("{"));
        JsonProfileReader.read(f);
        try (var files = Files.list(tmp)) {
            assertEquals(List.of(f), files.toList(), "no temporary file is left");
        }
    }

    @Test
    void aSymbolicLinkStaysALink() throws IOException {
        Path target = tmp.resolve("real.json");
        Files.writeString(target, "old");
        Path link = Files.createSymbolicLink(tmp.resolve("link.json"), target);
        CCSampler.write(SnapshotFixtures.mixed(), Format.JSON, ReportOptions.DEFAULT, link);
        assertTrue(Files.isSymbolicLink(link), "the link was replaced by a file");
        assertTrue(Files.readString(target).startsWith("{"), "the profile went to the link's target");
    }
}
