package dev.ccsampler.report;

import dev.ccsampler.ccmap.Accounting;
import dev.ccsampler.ccmap.ContextNode;
import dev.ccsampler.ccmap.LatencyHistogram;
import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.ccmap.ThreadProfile;
import dev.ccsampler.push.IntervalProfile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 10: the latency percentiles of several threads are computed from their merged histograms,
 * not by taking the larger of each thread's percentile. The case: thread {@code main} has 9 samples
 * at 20 µs, thread {@code worker} 3 samples at 5 ms. Of the 12 samples, the median is 20 µs; the
 * larger of the two medians (the old merge) is 5 ms, which is wrong. Checked on a real profile file
 * (the reader, the text header, the JSON written again), on a push interval, and on a file written
 * before latency buckets and pruned ticks existed (read as before: percentiles merge to the upper
 * bound, no pruned ticks).
 */
class LatencyMergeTest {

    @TempDir
    Path tmp;

    static final long FAST = 20_000;
    static final long SLOW = 5_000_000;

    /** A profile file with two threads and their latency buckets, written as a 0.2 writer does. */
    static String profile(boolean buckets) {
        String main = buckets ? ", \"latency\": [[" + FAST + ", 9]]" : "";
        String worker = buckets ? ", \"latency\": [[" + SLOW + ", 3]]" : "";
        return """
                        {"format": "ccsampler-profile", "version": 1,
                         "meta": {"periodNanos": 1000000, "startEpochMillis": 1, "endEpochMillis": 2, "runtime": "test", "optimizing": true, "stackLimit": 100,
                                  "warnings": [], "sampling": []},
                         "methods": [], "callSites": [],
                         "threads": [
                          {"context": 0, "threadId": 1, "threadName": "main",
                           "accounting": {"requested": 9, "taken": 9, "late": 0, "dropped": 0, "failed": 0, "inFlight": 0, "skipped": 0, "truncated": 0,
                                          "latencyP50Nanos": %d, "latencyP99Nanos": %d, "latencyMaxNanos": %d, "samples": 9, "idle": 0, "framesWalked": 0,
                                          "frames": 0, "deferred": 0%s},
                           "nodes": [{"id": 0, "parent": -1, "method": -1, "callSite": -1, "self": [9, 0, 0, 0], "total": [9, 0, 0, 0]}]},
                          {"context": 0, "threadId": 2, "threadName": "worker",
                           "accounting": {"requested": 3, "taken": 0, "late": 3, "dropped": 0, "failed": 0, "inFlight": 0, "skipped": 0, "truncated": 0,
                                          "latencyP50Nanos": %d, "latencyP99Nanos": %d, "latencyMaxNanos": %d, "samples": 3, "idle": 0, "framesWalked": 0,
                                          "frames": 0, "deferred": 0%s},
                           "nodes": [{"id": 0, "parent": -1, "method": -1, "callSite": -1, "self": [3, 0, 0, 0], "total": [3, 0, 0, 0]}]}
                         ]}
                        """.formatted(FAST, FAST, FAST, main, SLOW, SLOW, SLOW, worker);
    }

    /** Within the 1/64 width of a bucket, above the value. */
    static void assertNear(long expected, long actual, String what) {
        assertTrue(actual >= expected && actual <= expected + expected / 64 + 1, what + ": expected about " + expected + ", got " + actual);
    }

    @Test
    void percentilesOfSeveralThreadsComeFromTheMergedHistogram() throws Exception {
        Path file = tmp.resolve("two-threads.json");
        Files.writeString(file, profile(true));
        ProfileSnapshot s = JsonProfileReader.read(file);
        Accounting all = s.accounting();
        assertNear(FAST, all.latencyP50Nanos(), "p50 of 9 × 20us and 3 × 5ms");
        assertNear(SLOW, all.latencyP99Nanos(), "p99");
        assertEquals(SLOW, all.latencyMaxNanos());
        assertEquals(12, all.latency().totalCount());

        // the text header shows the merged figures
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Format.HISTOGRAM.reporter().write(s, ReportOptions.DEFAULT, out);
        String text = out.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("latency p50 " + Accounting.formatNanos(all.latencyP50Nanos()) + " p99"), text);
        assertTrue(!text.contains("latency p50 5.0ms"), text);

        // the merged threads of SummariseThreads, and the JSON written again, keep them
        assertNear(FAST, s.mergeThreads().threads().get(0).accounting().latencyP50Nanos(), "merged thread row");
        Path again = tmp.resolve("again.json");
        Files.write(again, JsonRoundTripTest.json(s));
        assertEquals(all, JsonProfileReader.read(again).accounting());
    }

    @Test
    void filesWithoutBucketsFallBackToTheUpperBound() throws Exception {
        Path file = tmp.resolve("old.json");
        Files.writeString(file, profile(false));
        Accounting all = JsonProfileReader.read(file).accounting();
        assertEquals(SLOW, all.latencyP50Nanos(), "without buckets the larger median is the only bound there is");
        assertEquals(null, all.latency());
        assertEquals(0, all.pruned(), "a file without 'pruned' had no memory cap");
    }

    @Test
    void badBucketsAreRejectedNamingTheField() throws Exception {
        Path file = tmp.resolve("bad.json");
        Files.writeString(file, profile(true).replace("[[" + FAST + ", 9]]", "[[" + FAST + ", -9]]"));
        JsonProfileReader.MalformedProfileException e = assertThrows(JsonProfileReader.MalformedProfileException.class, () -> JsonProfileReader.read(file));
        assertTrue(e.getMessage().contains("'latency'") && e.getMessage().contains("bad.json"), e.getMessage());
    }

    static ThreadProfile row(long tid, String name, long samples, LatencyHistogram h) {
        ContextNode root = new ContextNode(0, -1, -1, new long[]{samples, 0, 0, 0}, new long[]{samples, 0, 0, 0}, null);
        return new ThreadProfile(0, tid, name, root, new Accounting(samples, samples, 0, 0, 0, 0, 0, h.valueAtPercentile(50), h.valueAtPercentile(99), h.max(), 0,
                        samples, 0, 0, 0, 0, 0, h));
    }

    static LatencyHistogram values(long v, long n) {
        return LatencyHistogram.of(new long[]{v}, new long[]{n});
    }

    @Test
    void pushIntervalsHaveTheIntervalsOwnPercentiles() {
        ProfileSnapshot.Meta meta = new ProfileSnapshot.Meta(1_000_000, 1, 2, "test", true, 100, List.of());
        // before: main 9 slow samples; after: 9 slow + 30 fast, and a worker ended in the interval
        // with 2 fast samples before and 4 fast in total (its buckets went into the ended pool)
        ProfileSnapshot before = new ProfileSnapshot(meta, List.of(), List.of(), List.of(),
                        List.of(row(1, "main", 9, values(SLOW, 9)), row(2, "worker", 2, values(FAST, 2))));
        ThreadProfile ended = new ThreadProfile(0, 2, "worker", new ContextNode(0, -1, -1, new long[]{4, 0, 0, 0}, new long[]{4, 0, 0, 0}, null),
                        new Accounting(4, 4, 0, 0, 0, 0, 0, FAST, FAST, FAST, 0, 4, 0, 0, 0, 0, 0, LatencyHistogram.EMPTY));
        ProfileSnapshot after = new ProfileSnapshot(meta, List.of(), List.of(), List.of(),
                        List.of(row(1, "main", 39, values(SLOW, 9).plus(values(FAST, 30))), ended), values(FAST, 4));
        assertNear(FAST, after.accounting().latencyP50Nanos(), "whole run: 34 fast of 43");
        ProfileSnapshot interval = IntervalProfile.between(before, after);
        Accounting a = interval.accounting();
        assertEquals(30 + 2, a.samples());
        assertEquals(32, a.latency().totalCount(), "the interval's samples only: 30 of main, 2 of the worker");
        assertNear(FAST, a.latencyP50Nanos(), "interval p50");
        assertNear(FAST, a.latencyP99Nanos(), "interval p99: no slow sample in the interval");
        assertNear(FAST, interval.threads().get(0).accounting().latencyP99Nanos(), "main's own interval p99");
    }

    @Test
    void bucketsCoverEveryValueWithinOneSixtyFourth() {
        for (long v = 0; v < 1L << 40; v = v * 3 / 2 + 1) {
            int b = LatencyHistogram.bucketOf(v);
            long hi = LatencyHistogram.highestValueOf(b);
            assertTrue(hi >= v && hi - v <= v / 64 + 1, v + " in bucket " + b + " up to " + hi);
            assertEquals(b, LatencyHistogram.bucketOf(hi), "the bucket's highest value is in it");
            assertEquals(b + 1, LatencyHistogram.bucketOf(hi + 1), "buckets are contiguous");
        }
        assertEquals(Long.MAX_VALUE, LatencyHistogram.highestValueOf(LatencyHistogram.bucketOf(Long.MAX_VALUE)));
    }
}
