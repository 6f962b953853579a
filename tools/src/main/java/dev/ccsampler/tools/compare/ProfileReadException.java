package dev.ccsampler.tools.compare;

/**
 * A profile file is missing, unreadable or malformed. The message names the file and, where known,
 * the line or JSON location.
 *
 * @since 0.1
 */
public final class ProfileReadException extends Exception {

    private static final long serialVersionUID = 1L;

    /** @since 0.1 */
    public ProfileReadException(String message) {
        super(message);
    }

    /** @since 0.1 */
    public ProfileReadException(String message, Throwable cause) {
        super(message, cause);
    }
}
