package dev.ccsampler.drain;

import dev.ccsampler.ccmap.MethodInfo;

/**
 * Decides once per method whether its frames are shown. Hidden frames are left out of the stack;
 * the sample's time goes to the nearest shown frame below them (its self time when the hidden
 * frame was on top). Internal roots and roots without a source section are hidden unless
 * {@code SampleInternal} is set.
 *
 * @param rootName filter on the function name
 * @param file filter on the source name or path
 * @param language filter on the language id
 * @param sampleInternal whether internal frames are shown
 * @since 0.1
 */
public record FrameFilter(WildcardFilter rootName, WildcardFilter file, WildcardFilter language, boolean sampleInternal) {

    /**
     * Shows every non-internal frame.
     *
     * @since 0.1
     */
    public static final FrameFilter DEFAULT = new FrameFilter(WildcardFilter.compile(""), WildcardFilter.compile(""), WildcardFilter.compile(""), false);

    /**
     * Whether frames of {@code m} are shown.
     *
     * @since 0.1
     */
    public boolean shows(MethodInfo m) {
        if (m.internal() && !sampleInternal) {
            return false;
        }
        return rootName.matches(m.name()) && (file.matches(m.source()) || (m.path() != null && file.matches(m.path()))) && language.matches(m.language());
    }
}
