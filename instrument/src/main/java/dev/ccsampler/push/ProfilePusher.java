package dev.ccsampler.push;

import dev.ccsampler.CCSampler;
import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.ccmap.ThreadProfile;
import dev.ccsampler.fault.FaultInjection;
import dev.ccsampler.report.Format;
import dev.ccsampler.report.ReportOptions;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Pushes each interval's profile to a Pyroscope-compatible {@code /ingest} endpoint from its own
 * daemon thread, and the last interval when the engine closes.
 *
 * <h2>What is sent</h2>
 * Every {@link PushConfig#intervalNanos() interval} the pusher takes a snapshot, subtracts the
 * <em>baseline</em> (the snapshot whose samples were last delivered, see {@link IntervalProfile}),
 * encodes the difference with the {@code pprof} or {@code folded} reporter, and POSTs it to
 * {@code <PushUrl>/ingest?name=…&from=…&until=…&format=…&sampleRate=…&spyName=ccsampler&units=samples&aggregationType=sum}
 * with the profile as the raw request body ({@code application/octet-stream}, a gzipped
 * {@code profile.proto}, for pprof; {@code text/plain} lines for folded). {@code from} and
 * {@code until} are the interval's wall-clock bounds in Unix seconds. Threads are merged: Pyroscope
 * makes a series of every distinct set of pprof sample labels, and thread names would multiply them.
 * An interval without a sample that has a shown frame is not sent (and becomes the baseline): its
 * body would be empty.
 *
 * <h2>Failures</h2>
 * A push fails when the request cannot be made or answered in time (see {@link #REQUEST_TIMEOUT}),
 * or the status is not 2xx. Failures never reach the guest: they are counted, the first of a streak is
 * reported on the engine's error stream with the URL and the status or error, and the pusher goes
 * on at the next interval. After a connection error, a timeout, a 5xx, 408 or 429 the baseline stays,
 * so the next push carries the failed interval's samples too (its {@code from} goes back to the last
 * delivered push); after any other status the interval is dropped, since sending it again would
 * fail the same way. A timed-out request that the server did store is therefore counted twice.
 *
 * <h2>Threads</h2>
 * {@link #start()} starts the pusher thread; {@link #finish(ProfileSnapshot)} (the thread closing the
 * engine) stops it, lets a push in progress complete, and pushes the last interval itself. The
 * baseline and counters are guarded by this object's monitor, so the two never push at once.
 */
public final class ProfilePusher {

    /**
     * Timeout to connect, and then to receive the response's headers; a push is abandoned after twice
     * this in all.
     */
    public static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(5);

    private final PushConfig config;
    private final Supplier<ProfileSnapshot> snapshots;
    private final Consumer<String> log;
    private final Duration timeout = REQUEST_TIMEOUT;
    private final HttpClient client;
    private final ReportOptions reportOptions = ReportOptions.DEFAULT.withSummariseThreads(true);

    private final Object wakeup = new Object();
    private boolean stopping; // guarded by wakeup
    private volatile Thread thread;

    // guarded by this
    private ProfileSnapshot baseline;
    private long pushed;
    private long failed;
    private long skipped;
    private long streak;
    private long samplesPushed;
    /** Set by {@link #finish}: no push comes after the current one. */
    private boolean finishing;

    /**
     * @param config where, how and how often
     * @param snapshots takes a snapshot of the CC-Map ({@code CCSampler::takeSnapshot}); any thread
     * @param log one line per call, for the engine's error stream
     */
    public ProfilePusher(PushConfig config, Supplier<ProfileSnapshot> snapshots, Consumer<String> log) {
        this.config = config;
        this.snapshots = snapshots;
        this.log = log;
        this.client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(timeout)
                        .followRedirects(HttpClient.Redirect.NEVER).build();
    }

    /** Starts the pusher thread (a daemon). Once. */
    public synchronized void start() {
        if (thread != null) {
            throw new IllegalStateException("The pusher was already started.");
        }
        thread = new Thread(this::loop, "ccsampler-push");
        thread.setDaemon(true);
        thread.start();
    }

    private void loop() {
        long interval = config.intervalNanos();
        long next = System.nanoTime() + interval;
        while (true) {
            synchronized (wakeup) {
                try {
                    long wait;
                    while (!stopping && (wait = next - System.nanoTime()) > 0) {
                        TimeUnit.NANOSECONDS.timedWait(wakeup, wait);
                    }
                } catch (InterruptedException e) {
                    return;
                }
                if (stopping) {
                    return;
                }
            }
            try {
                push(snapshots.get());
            } catch (RuntimeException | Error e) {
                // a bug of ours must not end the thread silently, nor reach the guest
                synchronized (this) {
                    failure("could not take or encode the profile: " + e, true);
                }
            }
            long now = System.nanoTime();
            next += interval;
            if (next - now <= 0) {
                next = now + interval; // a slow push: skip the missed ticks, the next diff covers them
            }
        }
    }

    /**
     * Stops the pusher thread, waits for a push in progress (at most about twice the request timeout),
     * and pushes {@code last}, even when the thread has not stopped. Then closes the HTTP client.
     *
     * @param last the run's final snapshot, taken after sampling stopped
     */
    public void finish(ProfileSnapshot last) {
        stop();
        synchronized (this) {
            finishing = true;
        }
        try {
            push(last);
        } catch (RuntimeException | Error e) {
            synchronized (this) {
                failure("could not encode the profile: " + e, true);
            }
        }
        synchronized (this) {
            if (failed > 0) {
                log.accept("[ccsampler] " + failed + " of " + (pushed + failed) + " pushes to " + config.ingest() + " failed"
                                + (streak > 0 ? "; the samples since the last delivered push were not delivered." : "."));
            }
        }
        client.shutdownNow();
    }

    /** Ends the pusher thread after its current push; returns at once when it was never started. */
    void stop() {
        Thread t = thread;
        synchronized (wakeup) {
            stopping = true;
            wakeup.notifyAll();
        }
        if (t != null) {
            try {
                t.join(2 * timeout.toMillis() + 2000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Pushes the difference between {@code current} and the baseline. */
    private synchronized void push(ProfileSnapshot current) {
        FaultInjection.at(FaultInjection.Point.PUSH); // test only; the baseline stays, as for any failure here
        ProfileSnapshot interval = IntervalProfile.between(baseline, current);
        long samples = stackSamples(interval);
        if (samples == 0) {
            baseline = current;
            skipped++;
            return;
        }
        byte[] body = encode(interval);
        URI uri = config.requestUri(interval.meta().startEpochMillis(), interval.meta().endEpochMillis(), interval.meta().periodNanos());
        HttpRequest request = HttpRequest.newBuilder(uri).timeout(timeout)
                        .header("Content-Type", config.format() == Format.PPROF ? "application/octet-stream" : "text/plain; charset=utf-8")
                        .header("User-Agent", "ccsampler/0.1")
                        .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build();
        CompletableFuture<HttpResponse<String>> f = client.sendAsync(request, HttpResponse.BodyHandlers.ofString());
        try {
            // the request's own timeout covers the wait for the headers; this bounds the body too
            HttpResponse<String> r = f.get(2 * timeout.toMillis(), TimeUnit.MILLISECONDS);
            int status = r.statusCode();
            if (status / 100 == 2) {
                baseline = current;
                pushed++;
                samplesPushed += samples;
                if (streak > 0) {
                    log.accept("[ccsampler] Pushing to " + config.ingest() + " works again, after " + streak + (streak == 1 ? " failed push." : " failed pushes."));
                    streak = 0;
                }
                return;
            }
            boolean retry = status >= 500 || status == 408 || status == 429;
            if (!retry) {
                baseline = current;
            }
            failure("HTTP " + status + excerpt(r.body()), retry);
        } catch (ExecutionException e) {
            failure(describe(e.getCause()), true);
        } catch (TimeoutException e) {
            f.cancel(true);
            failure("no answer within " + (2 * timeout.toMillis()) + " ms", true);
        } catch (InterruptedException e) {
            f.cancel(true);
            Thread.currentThread().interrupt();
            failure("interrupted", true);
        }
    }

    /**
     * Samples with at least one shown frame: the ones pprof and folded can carry. A sample whose
     * frames were all hidden (internal, or filtered) counts only at its thread's root.
     */
    static long stackSamples(ProfileSnapshot s) {
        long n = 0;
        for (ThreadProfile t : s.threads()) {
            n += t.root().total() - t.root().self();
        }
        return n;
    }

    private byte[] encode(ProfileSnapshot interval) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            CCSampler.write(interval, config.format(), reportOptions, out);
        } catch (IOException e) {
            throw new IllegalStateException("writing to memory failed", e); // cannot happen
        }
        return out.toByteArray();
    }

    /** Counts a failed push; reports the first of a streak. Holding the monitor. */
    private void failure(String what, boolean carried) {
        failed++;
        if (streak++ == 0) {
            log.accept("[ccsampler] Could not push the profile to " + config.ingest() + ": " + what + ". The program goes on; "
                            + (carried && !finishing ? "these samples go into the next push. " : "these samples are not delivered. ")
                            + "Further failures are counted, not reported, until a push succeeds.");
        }
    }

    private static String excerpt(String body) {
        if (body == null || body.isBlank()) {
            return "";
        }
        String b = body.strip().replaceAll("\\s+", " ");
        return " (" + (b.length() > 200 ? b.substring(0, 200) + "…" : b) + ")";
    }

    /** What went wrong, then the exception and its causes: HttpClient's own often has no message. */
    static String describe(Throwable e) {
        StringBuilder sb = new StringBuilder();
        if (e instanceof java.net.ConnectException) {
            sb.append("cannot connect (nothing listening, or the host is unreachable): ");
        } else if (e instanceof java.net.http.HttpTimeoutException) {
            sb.append("no answer within ").append(REQUEST_TIMEOUT.toSeconds()).append(" s: ");
        }
        int prefix = sb.length();
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (sb.length() > prefix) {
                sb.append(": ");
            }
            sb.append(t.getClass().getName());
            if (t.getMessage() != null) {
                sb.append(' ').append(t.getMessage());
            }
        }
        return sb.toString();
    }

    /** Pushes delivered (2xx). */
    public synchronized long pushed() {
        return pushed;
    }

    /** Pushes that failed. */
    public synchronized long failed() {
        return failed;
    }

    /** Intervals not sent because they had no samples. */
    public synchronized long skipped() {
        return skipped;
    }

    /** Samples (with a shown frame) in delivered pushes. */
    public synchronized long samplesPushed() {
        return samplesPushed;
    }
}
