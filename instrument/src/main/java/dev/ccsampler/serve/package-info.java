/**
 * The live profile endpoint ({@code --ccsampler.Listen}): an HTTP server for long-running
 * embedders that serves what the reporters write, while the guest runs. {@code ListenConfig} parses
 * and checks the address and token; {@code ProfileServer} answers {@code /debug/pprof/profile} the
 * way Go's {@code net/http/pprof} does (so {@code go tool pprof <url>} works), snapshots in every
 * format, and an index page. Every answer is computed from CC-Map snapshots on the server's own
 * threads; nothing here runs on a guest thread.
 */
package dev.ccsampler.serve;
