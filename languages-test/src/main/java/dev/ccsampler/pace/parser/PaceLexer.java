package dev.ccsampler.pace.parser;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import com.oracle.truffle.api.source.Source;

import dev.ccsampler.pace.PaceException;
import dev.ccsampler.pace.parser.PaceToken.Kind;

/** Splits Pace source text into tokens; skips whitespace, {@code // line} and {@code /* block * /} comments. */
final class PaceLexer {

    static final Set<String> KEYWORDS = Set.of("fn", "let", "if", "else", "while", "return", "true", "false", "null", "throw", "try", "catch");
    private static final String[] PUNCTUATION = {"==", "!=", "<=", ">=", "&&", "||", "(", ")", "{", "}", ",", ";", "=", "<", ">", "+", "-", "*", "/", "%", "!"};

    private final Source source;
    private final String text;
    private int pos;
    private int line = 1;
    private int lineStart;

    PaceLexer(Source source) {
        this.source = source;
        this.text = source.getCharacters().toString();
    }

    List<PaceToken> tokenize() {
        List<PaceToken> tokens = new ArrayList<>();
        while (true) {
            skipBlanks();
            int start = pos;
            int column = pos - lineStart + 1;
            if (pos >= text.length()) {
                tokens.add(new PaceToken(Kind.EOF, "", start, start, line, column));
                return tokens;
            }
            char c = text.charAt(pos);
            if (Character.isLetter(c) || c == '_') {
                while (pos < text.length() && (Character.isLetterOrDigit(text.charAt(pos)) || text.charAt(pos) == '_')) {
                    pos++;
                }
                String word = text.substring(start, pos);
                tokens.add(new PaceToken(KEYWORDS.contains(word) ? Kind.KEYWORD : Kind.IDENT, word, start, pos, line, column));
            } else if (Character.isDigit(c)) {
                tokens.add(number(start, column));
            } else if (c == '"') {
                tokens.add(string(start, column));
            } else {
                String punct = null;
                for (String p : PUNCTUATION) {
                    if (text.startsWith(p, pos)) {
                        punct = p;
                        break;
                    }
                }
                if (punct == null) {
                    throw error("unexpected character '" + c + "'", start, column);
                }
                pos += punct.length();
                tokens.add(new PaceToken(Kind.PUNCT, punct, start, pos, line, column));
            }
        }
    }

    private PaceToken number(int start, int column) {
        while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
            pos++;
        }
        boolean isFloat = false;
        if (pos + 1 < text.length() && text.charAt(pos) == '.' && Character.isDigit(text.charAt(pos + 1))) {
            isFloat = true;
            pos++;
            while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
                pos++;
            }
        }
        String digits = text.substring(start, pos);
        try {
            if (!isFloat) {
                Long.parseLong(digits);
            }
        } catch (NumberFormatException e) {
            throw error("integer literal " + digits + " is too large", start, column);
        }
        return new PaceToken(isFloat ? Kind.FLOAT : Kind.INT, digits, start, pos, line, column);
    }

    private PaceToken string(int start, int column) {
        StringBuilder value = new StringBuilder();
        pos++;
        while (true) {
            if (pos >= text.length() || text.charAt(pos) == '\n') {
                throw error("unterminated string literal", start, column);
            }
            char c = text.charAt(pos++);
            if (c == '"') {
                return new PaceToken(Kind.STRING, value.toString(), start, pos, line, column);
            }
            if (c == '\\' && pos < text.length()) {
                char e = text.charAt(pos++);
                switch (e) {
                    case 'n' -> value.append('\n');
                    case 't' -> value.append('\t');
                    case '"' -> value.append('"');
                    case '\\' -> value.append('\\');
                    default -> throw error("unknown escape '\\" + e + "' in string literal", pos - 2, pos - 2 - lineStart + 1);
                }
            } else {
                value.append(c);
            }
        }
    }

    private void skipBlanks() {
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (c == '\n') {
                pos++;
                line++;
                lineStart = pos;
            } else if (Character.isWhitespace(c)) {
                pos++;
            } else if (text.startsWith("//", pos)) {
                while (pos < text.length() && text.charAt(pos) != '\n') {
                    pos++;
                }
            } else if (text.startsWith("/*", pos)) {
                int start = pos;
                int column = pos - lineStart + 1;
                int end = text.indexOf("*/", pos + 2);
                if (end < 0) {
                    throw error("unterminated comment", start, column);
                }
                while (pos < end + 2) {
                    if (text.charAt(pos++) == '\n') {
                        line++;
                        lineStart = pos;
                    }
                }
            } else {
                return;
            }
        }
    }

    private PaceException error(String message, int index, int column) {
        int length = Math.min(1, text.length() - index);
        return PaceException.syntaxError("Parse error at " + source.getName() + ":" + line + ":" + column + ": " + message,
                        source.createSection(Math.max(0, Math.min(index, text.length())), Math.max(0, length)));
    }
}
