package dev.ccsampler.pace;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

import com.oracle.truffle.api.TruffleFile;

/** Lets {@code Source.findLanguage(File)} recognise {@code .pace} files. */
public final class PaceFileDetector implements TruffleFile.FileTypeDetector {

    @Override
    public String findMimeType(TruffleFile file) {
        String name = file.getName();
        return name != null && name.endsWith(PaceLanguage.EXTENSION) ? PaceLanguage.MIME_TYPE : null;
    }

    @Override
    public Charset findEncoding(TruffleFile file) {
        return findMimeType(file) != null ? StandardCharsets.UTF_8 : null;
    }
}
