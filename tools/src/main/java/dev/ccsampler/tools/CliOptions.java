package dev.ccsampler.tools;

import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.report.Format;
import dev.ccsampler.report.JsonProfileReader;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Iterator;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/**
 * Pieces the subcommands' command lines share: the help option, value converters whose messages
 * name what would have been accepted, and reading a saved profile as an input file.
 *
 * @since 0.1
 */
public final class CliOptions {

    private CliOptions() {
    }

    /** {@code -h}, {@code --help}: the same on every subcommand. @since 0.1 */
    public static final class Help {
        /** @since 0.1 */
        @Option(names = {"-h", "--help"}, usageHelp = true, description = "print this help and exit")
        public boolean help;
    }

    /** An output format name ({@link Format#parse}). @since 0.1 */
    public static final class FormatConverter implements ITypeConverter<Format> {
        @Override
        public Format convert(String value) {
            try {
                return Format.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException("unknown format '" + value + "': use one of " + Format.legalNames() + ".");
            }
        }
    }

    /** The format names, for the help text. @since 0.1 */
    public static final class FormatNames implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Arrays.stream(Format.values()).map(Format::id).iterator();
        }
    }

    /** A percentage from 0 up to (not including) 100. @since 0.1 */
    public static final class Percent implements ITypeConverter<Double> {
        @Override
        public Double convert(String value) {
            try {
                double w = Double.parseDouble(value);
                if (w >= 0 && w < 100) {
                    return w;
                }
            } catch (NumberFormatException e) {
                // the message below
            }
            throw new TypeConversionException("'" + value + "': use a percentage from 0 up to (not including) 100.");
        }
    }

    /** A whole number from 0. @since 0.1 */
    public static final class NonNegativeLong implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            try {
                long v = Long.parseLong(value);
                if (v >= 0) {
                    return v;
                }
            } catch (NumberFormatException e) {
                // the message below
            }
            throw new TypeConversionException("'" + value + "': use a whole number from 0.");
        }
    }

    /** A whole number from 1. @since 0.1 */
    public static final class PositiveInt implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            try {
                int v = Integer.parseInt(value);
                if (v > 0) {
                    return v;
                }
            } catch (NumberFormatException e) {
                // the message below
            }
            throw new TypeConversionException("'" + value + "': use a positive integer.");
        }
    }

    /**
     * Reads a saved ccsampler JSON profile given on the command line.
     *
     * @throws Cli.BadInput when the file is missing, a directory, empty, not a ccsampler profile or
     *             malformed; the message names the file (and the line and column of a problem)
     * @since 0.1
     */
    public static ProfileSnapshot readProfile(Path file) {
        Cli.checkInput(file);
        try {
            return JsonProfileReader.read(file);
        } catch (JsonProfileReader.MalformedProfileException e) {
            throw new Cli.BadInput(e.getMessage() + " (expected a profile saved with --ccsampler.Output=json)");
        } catch (IOException e) {
            throw new Cli.BadInput(file + ": cannot read: " + e.getMessage());
        }
    }
}
