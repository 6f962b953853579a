package dev.ccsampler.tools;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Writing a command's output file so that nothing the user had is lost silently: an existing file
 * is replaced only when asked, and only once the new content is complete (written next to it, then
 * moved over it), with the permissions of the file it replaces or the usual rw-r--r--.
 *
 * @since 0.1
 */
public final class OutputFiles {

    /** Writes the content into the file it is given. @since 0.1 */
    @FunctionalInterface
    public interface Content {
        /**
         * Writes the whole content to {@code file}.
         *
         * @since 0.1
         */
        void writeTo(Path file) throws IOException;
    }

    private OutputFiles() {
    }

    /**
     * Writes {@code target} from {@code content}.
     *
     * @throws FileAlreadyExistsException when {@code target} exists and {@code replace} is false
     * @since 0.1
     */
    public static void write(Path target, boolean replace, Content content) throws IOException {
        if (Files.exists(target) && !replace) {
            throw new FileAlreadyExistsException(target.toString(), null, "exists; use --force to replace it");
        }
        Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, "." + target.getFileName(), ".tmp");
        try {
            content.writeTo(tmp);
            try {
                // a temporary file is created rw-------; the output should look like any file the user writes
                Files.setPosixFilePermissions(tmp, Files.exists(target) ? Files.getPosixFilePermissions(target) : PosixFilePermissions.fromString("rw-r--r--"));
            } catch (UnsupportedOperationException e) {
                // not a POSIX file system: its defaults apply
            }
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
