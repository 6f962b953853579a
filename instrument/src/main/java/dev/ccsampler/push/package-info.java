/**
 * Sink, push: sends each interval's profile to a Pyroscope-compatible {@code /ingest} endpoint while
 * the program runs ({@code --ccsampler.PushUrl}).
 *
 * <p>Data moves like this: every {@code PushInterval} the {@link dev.ccsampler.push.ProfilePusher}
 * thread takes a snapshot of the CC-Map (the map is never cleared, so the run-end report stays the
 * whole run), {@link dev.ccsampler.push.IntervalProfile} subtracts the previous pushed snapshot
 * calling context by calling context, an existing reporter ({@code pprof} or {@code folded}) encodes
 * the difference, and {@link java.net.http.HttpClient} POSTs it. {@link dev.ccsampler.push.PushConfig}
 * parses and checks the options.
 *
 * <p>Not exported: embedders push by taking snapshots themselves
 * ({@code CCSampler.takeSnapshot()}) or through the options.
 */
package dev.ccsampler.push;
