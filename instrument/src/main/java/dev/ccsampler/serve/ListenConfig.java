package dev.ccsampler.serve;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;

/**
 * Where the live endpoint listens, and the token it asks for.
 *
 * <p>{@code Listen} is {@code port} or {@code host:port} ({@code [v6]:port} for IPv6). A bare port
 * binds the loopback address. A host that is not a loopback address is an explicit choice to serve
 * other machines, and is only accepted together with a {@code ListenToken} of at least
 * {@value #MIN_TOKEN} characters, which every request must then carry.
 *
 * @param address the socket address to bind (port 0: any free port)
 * @param token the token every request must carry, or empty for none
 */
public record ListenConfig(InetSocketAddress address, String token) {

    /** Shortest token accepted. */
    public static final int MIN_TOKEN = 16;

    /**
     * Parses and checks the two options.
     *
     * @throws IllegalArgumentException naming the option, the value and the legal forms
     */
    public static ListenConfig parse(String listen, String token) {
        InetSocketAddress a = parseAddress(listen);
        String t = token == null ? "" : token;
        if (!t.isEmpty() && (t.length() < MIN_TOKEN || !t.chars().allMatch(c -> c > ' ' && c < 127))) {
            throw new IllegalArgumentException("Invalid ccsampler.ListenToken: use at least " + MIN_TOKEN + " printable ASCII characters without spaces.");
        }
        if (!a.getAddress().isLoopbackAddress() && t.isEmpty()) {
            throw new IllegalArgumentException("ccsampler.Listen=" + listen + " serves profiles to other machines (" + a.getAddress().getHostAddress()
                            + " is not a loopback address): set --ccsampler.ListenToken=<at least " + MIN_TOKEN
                            + " characters> as well, or listen on 127.0.0.1.");
        }
        return new ListenConfig(a, t);
    }

    /**
     * Parses {@code port}, {@code host:port} or {@code [v6]:port}; the host is resolved now.
     *
     * @throws IllegalArgumentException naming the option and the value
     */
    public static InetSocketAddress parseAddress(String value) {
        String v = value.trim();
        String host;
        String port;
        if (v.startsWith("[")) {
            int close = v.indexOf(']');
            if (close < 0 || close + 1 >= v.length() || v.charAt(close + 1) != ':') {
                throw bad(value, "an IPv6 address is written [address]:port");
            }
            host = v.substring(1, close);
            port = v.substring(close + 2);
        } else {
            int colon = v.lastIndexOf(':');
            if (colon >= 0 && v.indexOf(':') != colon) {
                throw bad(value, "an IPv6 address is written [address]:port");
            }
            host = colon < 0 ? "" : v.substring(0, colon);
            port = colon < 0 ? v : v.substring(colon + 1);
        }
        int p;
        try {
            p = Integer.parseInt(port);
        } catch (NumberFormatException e) {
            throw bad(value, "'" + port + "' is not a port number");
        }
        if (p < 0 || p > 65535) {
            throw bad(value, "the port must be 0 to 65535");
        }
        if (host.isEmpty()) {
            return new InetSocketAddress(InetAddress.getLoopbackAddress(), p);
        }
        try {
            return new InetSocketAddress(InetAddress.getByName(host), p);
        } catch (UnknownHostException e) {
            throw bad(value, "unknown host '" + host + "'");
        }
    }

    private static IllegalArgumentException bad(String value, String why) {
        return new IllegalArgumentException("Invalid ccsampler.Listen '" + value + "': " + why
                        + ". Use a port (6060, on loopback), host:port (127.0.0.1:6060) or [address]:port; port 0 picks a free one.");
    }
}
