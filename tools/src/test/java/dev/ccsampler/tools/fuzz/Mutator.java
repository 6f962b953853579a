package dev.ccsampler.tools.fuzz;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Random;

/**
 * Deterministic mutations of a real profile: the same seed and index always give the same bytes, so
 * a failure names an input that can be rebuilt ({@link #mutate(byte[], byte[], long)}).
 *
 * <p>Kinds, chosen by the index: byte flips, truncation, random insertions, duplication of a slice,
 * deletion of a slice, splicing a slice of another real profile in, replacing one JSON number or
 * string token by a hostile value (huge, negative, NaN, fraction, another type), deep nesting
 * ({@code [[[[...} or <code>{"a":{"a":...</code>), and two or three of these stacked.
 */
final class Mutator {

    /** Values a token is replaced by: out of range, wrong type, or not JSON at all. */
    private static final String[] HOSTILE = {"-1", "0", "2147483648", "-2147483649", "9223372036854775807", "9223372036854775808", "-9223372036854775809",
                    "1" + "0".repeat(400), "1e999", "-1e999", "NaN", "Infinity", "-0.0", "0.5", "1.5e3", "\"\"", "\"x\"", "null", "true", "{}", "[]",
                    "[1,2,3]", "{\"id\":0}", "\"\\u0000\"", "\"\\ud800\"", "1" + "9".repeat(2000), "[" + "0,".repeat(300) + "0]"};

    /** Number of distinct mutation kinds. */
    static final int KINDS = 12;

    private Mutator() {
    }

    /** The {@code index}-th mutation of {@code seed}; {@code other} is a second profile to splice from. */
    static byte[] mutate(byte[] seed, byte[] other, long index) {
        Random r = new Random(index * 0x9E3779B97F4A7C15L + seed.length);
        int kind = (int) (index % KINDS);
        return apply(kind, seed, other, r);
    }

    /** Name of a kind, for failure messages. */
    static String kindName(long index) {
        return switch ((int) (index % KINDS)) {
            case 0 -> "byte flips";
            case 1 -> "truncation";
            case 2 -> "random insertion";
            case 3 -> "duplicated slice";
            case 4 -> "deleted slice";
            case 5 -> "spliced from another profile";
            case 6, 7 -> "hostile token";
            case 8 -> "deep nesting";
            case 9 -> "interesting bytes";
            case 10 -> "swapped tokens";
            default -> "stacked mutations";
        };
    }

    private static byte[] apply(int kind, byte[] s, byte[] other, Random r) {
        int n = s.length;
        switch (kind) {
            case 0: {
                byte[] b = s.clone();
                int flips = 1 + r.nextInt(8);
                for (int i = 0; i < flips && n > 0; i++) {
                    b[r.nextInt(n)] ^= (byte) (1 << r.nextInt(8));
                }
                return b;
            }
            case 1:
                return slice(s, 0, n == 0 ? 0 : r.nextInt(n));
            case 2: {
                byte[] ins = new byte[1 + r.nextInt(16)];
                r.nextBytes(ins);
                return splice(s, r.nextInt(n + 1), 0, ins);
            }
            case 3: {
                int a = r.nextInt(n + 1);
                int len = Math.min(n - a, r.nextInt(Math.max(1, n / 4)) + 1);
                byte[] piece = slice(s, a, a + Math.max(0, len));
                ByteArrayOutputStream rep = new ByteArrayOutputStream();
                int times = 1 + r.nextInt(r.nextBoolean() ? 3 : 200);
                for (int i = 0; i < times; i++) {
                    rep.writeBytes(piece);
                }
                return splice(s, r.nextInt(n + 1), 0, rep.toByteArray());
            }
            case 4: {
                int a = r.nextInt(n + 1);
                int len = Math.min(n - a, 1 + r.nextInt(Math.max(1, n / 8)));
                return splice(s, a, Math.max(0, len), new byte[0]);
            }
            case 5: {
                int a = r.nextInt(other.length + 1);
                int len = Math.min(other.length - a, 1 + r.nextInt(Math.max(1, other.length / 4)));
                int at = r.nextInt(n + 1);
                return splice(s, at, r.nextInt(Math.max(1, Math.min(64, n - at + 1))), slice(other, a, a + Math.max(0, len)));
            }
            case 6:
            case 7: {
                int[] tok = token(s, r);
                if (tok == null) {
                    return apply(0, s, other, r);
                }
                return splice(s, tok[0], tok[1] - tok[0], HOSTILE[r.nextInt(HOSTILE.length)].getBytes(StandardCharsets.UTF_8));
            }
            case 8: {
                int depth = r.nextBoolean() ? 1 + r.nextInt(1500) : 2000 + r.nextInt(50_000);
                String open = r.nextBoolean() ? "[" : "{\"a\":";
                String close = open.equals("[") ? "]" : "}";
                StringBuilder b = new StringBuilder(open.repeat(depth));
                if (r.nextBoolean()) {
                    b.append('1').append(close.repeat(depth));
                }
                int[] tok = token(s, r);
                int at = tok != null ? tok[0] : r.nextInt(n + 1);
                return splice(s, at, tok != null ? tok[1] - tok[0] : 0, b.toString().getBytes(StandardCharsets.UTF_8));
            }
            case 9: {
                byte[][] interesting = {{0}, {(byte) 0xFF}, {(byte) 0xFE, (byte) 0xFF}, {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, {0, 0, 0, '{'}, {'\r'}, {'\n'}, {'"'},
                                {'\\'}, {';'}, {' '}, {'#'}, {'('}, {')'}, {':'}, {(byte) 0xC3}, {(byte) 0xE2, (byte) 0x82}};
                return splice(s, r.nextInt(n + 1), r.nextInt(3), interesting[r.nextInt(interesting.length)]);
            }
            case 10: {
                int[] a = token(s, r);
                int[] b = token(s, r);
                if (a == null || b == null || a[0] == b[0]) {
                    return apply(1, s, other, r);
                }
                int[] first = a[0] < b[0] ? a : b;
                int[] second = a[0] < b[0] ? b : a;
                if (first[1] > second[0]) {
                    return apply(4, s, other, r);
                }
                ByteArrayOutputStream o = new ByteArrayOutputStream();
                o.write(s, 0, first[0]);
                o.write(s, second[0], second[1] - second[0]);
                o.write(s, first[1], second[0] - first[1]);
                o.write(s, first[0], first[1] - first[0]);
                o.write(s, second[1], n - second[1]);
                return o.toByteArray();
            }
            default: {
                byte[] b = s;
                int times = 2 + r.nextInt(2);
                for (int i = 0; i < times; i++) {
                    b = apply(r.nextInt(KINDS - 1), b, other, r);
                }
                return b;
            }
        }
    }

    /** [start, end) of a random number or string token (or a bare word of a folded line), or null. */
    private static int[] token(byte[] s, Random r) {
        if (s.length == 0) {
            return null;
        }
        for (int attempt = 0; attempt < 20; attempt++) {
            int i = r.nextInt(s.length);
            while (i < s.length && !(s[i] == '"' || s[i] == '-' || (s[i] >= '0' && s[i] <= '9'))) {
                i++;
            }
            if (i >= s.length) {
                continue;
            }
            int j = i + 1;
            if (s[i] == '"') {
                while (j < s.length && s[j] != '"') {
                    j += s[j] == '\\' ? 2 : 1;
                }
                return new int[]{i, Math.min(s.length, j + 1)};
            }
            while (j < s.length && (s[j] == '.' || s[j] == 'e' || s[j] == 'E' || s[j] == '+' || s[j] == '-' || (s[j] >= '0' && s[j] <= '9'))) {
                j++;
            }
            return new int[]{i, j};
        }
        return null;
    }

    private static byte[] slice(byte[] s, int from, int to) {
        byte[] b = new byte[Math.max(0, to - from)];
        System.arraycopy(s, from, b, 0, b.length);
        return b;
    }

    private static byte[] splice(byte[] s, int at, int remove, byte[] insert) {
        int rm = Math.max(0, Math.min(remove, s.length - at));
        byte[] b = new byte[s.length - rm + insert.length];
        System.arraycopy(s, 0, b, 0, at);
        System.arraycopy(insert, 0, b, at, insert.length);
        System.arraycopy(s, at + rm, b, at + insert.length, s.length - at - rm);
        return b;
    }
}
