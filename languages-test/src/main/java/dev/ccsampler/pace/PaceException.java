package dev.ccsampler.pace;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.exception.AbstractTruffleException;
import com.oracle.truffle.api.interop.ExceptionType;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.library.ExportLibrary;
import com.oracle.truffle.api.library.ExportMessage;
import com.oracle.truffle.api.nodes.Node;
import com.oracle.truffle.api.source.SourceSection;

import dev.ccsampler.pace.runtime.PaceNull;
import dev.ccsampler.pace.runtime.PaceValues;

/**
 * Every guest error: a value thrown by {@code throw}, a runtime type error, or a parse error.
 *
 * <p>
 * Truffle fills in the guest stack trace from the {@code location} node when the exception
 * leaves a root, so the embedder sees a {@code PolyglotException} whose guest frames are the Pace
 * functions. A {@code catch} block receives {@link #getValue()}: the thrown value, or the message
 * string for errors raised by the language itself.
 */
@ExportLibrary(InteropLibrary.class)
public final class PaceException extends AbstractTruffleException {

    private static final long serialVersionUID = 1L;

    private final transient Object value;
    private final transient SourceSection syntaxErrorSection;

    private PaceException(String message, Node location, Object value, SourceSection syntaxErrorSection) {
        super(message, null, UNLIMITED_STACK_TRACE, location);
        this.value = value;
        this.syntaxErrorSection = syntaxErrorSection;
    }

    /** A value thrown by the guest with {@code throw}. */
    @TruffleBoundary
    public static PaceException thrown(Object value, Node location) {
        return new PaceException(PaceValues.toDisplayString(value), location, value, null);
    }

    /** An error raised by the language at run time (type errors, division by zero, ...). */
    @TruffleBoundary
    public static PaceException error(String message, Node location) {
        return new PaceException(message, location, message, null);
    }

    /** Re-throws, at {@code location}, an error that ended another thread: same message, same value. */
    @TruffleBoundary
    public static PaceException rethrown(PaceException original, Node location) {
        return new PaceException(original.getMessage(), location, original.getValue(), null);
    }

    /** A parse error; its message names file, line and column. */
    @TruffleBoundary
    public static PaceException syntaxError(String message, SourceSection section) {
        return new PaceException(message, null, message, section);
    }

    /** The guest value a {@code catch} block binds. */
    public Object getValue() {
        return value == null ? PaceNull.SINGLETON : value;
    }

    public boolean isSyntaxError() {
        return syntaxErrorSection != null;
    }

    @ExportMessage
    ExceptionType getExceptionType() {
        return syntaxErrorSection != null ? ExceptionType.PARSE_ERROR : ExceptionType.RUNTIME_ERROR;
    }

    @ExportMessage
    boolean hasSourceLocation() {
        return syntaxErrorSection != null || getLocation() != null && getLocation().getEncapsulatingSourceSection() != null;
    }

    @ExportMessage
    @TruffleBoundary
    SourceSection getSourceLocation() throws com.oracle.truffle.api.interop.UnsupportedMessageException {
        if (syntaxErrorSection != null) {
            return syntaxErrorSection;
        }
        Node location = getLocation();
        SourceSection section = location == null ? null : location.getEncapsulatingSourceSection();
        if (section == null) {
            throw com.oracle.truffle.api.interop.UnsupportedMessageException.create();
        }
        return section;
    }
}
