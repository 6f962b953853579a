package dev.ccsampler.pace.parser;

/** One token: its kind, text, and where it is (character index, 1-based line and column). */
record PaceToken(Kind kind, String text, int start, int end, int line, int column) {

    enum Kind {
        IDENT, INT, FLOAT, STRING, KEYWORD, PUNCT, EOF
    }

    boolean is(String s) {
        return (kind == Kind.PUNCT || kind == Kind.KEYWORD) && text.equals(s);
    }

    /** How the token is quoted in an error message. */
    String describe() {
        return switch (kind) {
            case EOF -> "end of file";
            case STRING -> "string literal";
            default -> "'" + text + "'";
        };
    }
}
