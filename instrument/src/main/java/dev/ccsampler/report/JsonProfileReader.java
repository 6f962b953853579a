package dev.ccsampler.report;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.ccsampler.ccmap.Accounting;
import dev.ccsampler.ccmap.LatencyHistogram;
import dev.ccsampler.ccmap.CallSiteInfo;
import dev.ccsampler.ccmap.ContextNode;
import dev.ccsampler.ccmap.MethodInfo;
import dev.ccsampler.ccmap.MethodStats;
import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.ccmap.ThreadProfile;
import dev.ccsampler.ccmap.Tier;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the JSON written by {@code --ccsampler.Output=json} back into a {@link ProfileSnapshot}.
 * Checks structure and references (ids in range, parents before children); anything wrong is a
 * {@link MalformedProfileException} naming the file, the place and the problem.
 *
 * @since 0.1
 */
public final class JsonProfileReader {

    /**
     * A profile file that is not a valid ccsampler JSON profile.
     *
     * @since 0.1
     */
    public static final class MalformedProfileException extends IOException {
        private static final long serialVersionUID = 1L;

        MalformedProfileException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    private static final JsonFactory FACTORY = new JsonFactory();

    private JsonProfileReader() {
    }

    /**
     * Reads a profile file.
     *
     * @throws java.nio.file.NoSuchFileException when the file does not exist
     * @throws MalformedProfileException when it is not a ccsampler JSON profile
     * @since 0.1
     */
    public static ProfileSnapshot read(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return read(in, file.toString());
        }
    }

    /**
     * Reads a profile from a stream; {@code name} is used in error messages.
     *
     * @since 0.1
     */
    public static ProfileSnapshot read(InputStream in, String name) throws IOException {
        try (JsonParser p = FACTORY.createParser(in)) {
            return new Parse(p, name).profile();
        } catch (JsonParseException e) {
            throw new MalformedProfileException("Malformed profile file " + name + ": not valid JSON (" + e.getOriginalMessage() + " at line " + e.getLocation().getLineNr() + ")", e);
        } catch (IllegalArgumentException | IllegalStateException | IndexOutOfBoundsException e) {
            throw new MalformedProfileException("Malformed profile file " + name + ": " + e.getMessage(), e);
        }
    }

    /** A generic JSON tree (maps, lists, strings, numbers, booleans) read without recursion limits that matter here. */
    private static final class Parse {
        private final JsonParser p;
        private final String name;

        Parse(JsonParser p, String name) {
            this.p = p;
            this.name = name;
        }

        private IllegalArgumentException bad(String what) {
            return new IllegalArgumentException(what + " (near line " + p.currentLocation().getLineNr() + ")");
        }

        ProfileSnapshot profile() throws IOException {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw bad("expected a JSON object at the top");
            }
            String format = null;
            int version = -1;
            ProfileSnapshot.Meta meta = null;
            List<MethodInfo> methods = null;
            List<MethodStats> stats = null;
            List<CallSiteInfo> sites = null;
            List<ThreadProfile> threads = null;
            LatencyHistogram endedLatency = LatencyHistogram.EMPTY; // absent before 0.2
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String f = p.currentName();
                p.nextToken();
                switch (f) {
                    case "format" -> format = p.getValueAsString();
                    case "version" -> version = p.getIntValue();
                    case "meta" -> meta = meta(obj());
                    case "endedLatency" -> endedLatency = latency(value(), "endedLatency");
                    case "methods" -> {
                        methods = new ArrayList<>();
                        stats = new ArrayList<>();
                        for (Object o : list(value())) {
                            Map<String, Object> m = map(o, "method");
                            int id = intOf(m, "id");
                            if (id != methods.size()) {
                                throw bad("method ids must be 0, 1, 2, ... in order; found " + id + " at position " + methods.size());
                            }
                            methods.add(new MethodInfo(id, str(m, "language"), str(m, "name"), str(m, "source"), (String) m.get("path"), intOf(m, "line"),
                                            intOf(m, "column"), intOf(m, "endLine"), Boolean.TRUE.equals(m.get("internal"))));
                            stats.add(new MethodStats(id, tiers(m, "self"), tiers(m, "total")));
                        }
                    }
                    case "callSites" -> {
                        sites = new ArrayList<>();
                        for (Object o : list(value())) {
                            Map<String, Object> m = map(o, "call site");
                            int id = intOf(m, "id");
                            if (id != sites.size()) {
                                throw bad("call site ids must be 0, 1, 2, ... in order; found " + id);
                            }
                            List<CallSiteInfo.Callee> callees = new ArrayList<>();
                            for (Object c : list(m.get("callees"))) {
                                Map<String, Object> cm = map(c, "callee");
                                callees.add(new CallSiteInfo.Callee(intOf(cm, "method"), longOf(cm, "samples")));
                            }
                            sites.add(new CallSiteInfo(id, intOf(m, "caller"), intOf(m, "line"), intOf(m, "column"), List.copyOf(callees)));
                        }
                    }
                    case "threads" -> {
                        if (p.currentToken() != JsonToken.START_ARRAY) {
                            throw bad("'threads' must be an array");
                        }
                        threads = new ArrayList<>();
                        while (p.nextToken() == JsonToken.START_OBJECT) {
                            threads.add(thread());
                        }
                    }
                    default -> p.skipChildren();
                }
            }
            if (!JsonProfileWriter.FORMAT.equals(format)) {
                throw new IllegalArgumentException("not a ccsampler profile: field 'format' is " + (format == null ? "missing" : "'" + format + "'") + ", expected '" + JsonProfileWriter.FORMAT + "'");
            }
            if (version != JsonProfileWriter.VERSION) {
                throw new IllegalArgumentException("unsupported version " + version + "; this reader reads version " + JsonProfileWriter.VERSION);
            }
            if (meta == null || methods == null || sites == null || threads == null) {
                throw new IllegalArgumentException("missing one of the fields meta, methods, callSites, threads");
            }
            final int nm = methods.size();
            final int nsites = sites.size();
            for (CallSiteInfo cs : sites) {
                checkMethod(cs.caller(), nm, "call site " + cs.id());
                for (CallSiteInfo.Callee c : cs.callees()) {
                    checkMethod(c.method(), nm, "call site " + cs.id());
                }
            }
            for (ThreadProfile t : threads) {
                ProfileSnapshot.forEachNode(t.root(), n -> {
                    checkMethod(n.method(), nm, "thread " + t.threadName() + " node " + n.id());
                    if (n.callSite() >= nsites) {
                        throw new IllegalArgumentException("thread " + t.threadName() + " node " + n.id() + " refers to call site " + n.callSite() + ", but there are " + nsites);
                    }
                });
            }
            return new ProfileSnapshot(meta, List.copyOf(methods), List.copyOf(stats), List.copyOf(sites), List.copyOf(threads), endedLatency);
        }

        private static void checkMethod(int id, int n, String where) {
            if (id < 0 || id >= n) {
                throw new IllegalArgumentException(where + " refers to method " + id + ", but there are " + n + " methods");
            }
        }

        private ThreadProfile thread() throws IOException {
            int context = 0;
            long threadId = 0;
            String threadName = "";
            Accounting acc = Accounting.EMPTY;
            ContextNode root = null;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String f = p.currentName();
                p.nextToken();
                switch (f) {
                    case "context" -> context = p.getIntValue();
                    case "threadId" -> threadId = p.getLongValue();
                    case "threadName" -> threadName = p.getValueAsString();
                    case "accounting" -> acc = accounting(obj());
                    case "nodes" -> root = nodes();
                    default -> p.skipChildren();
                }
            }
            if (root == null) {
                throw bad("thread '" + threadName + "' has no 'nodes'");
            }
            return new ThreadProfile(context, threadId, threadName, root, acc);
        }

        /** Nodes come in pre-order: every parent before its children. Read one at a time. */
        private ContextNode nodes() throws IOException {
            if (p.currentToken() != JsonToken.START_ARRAY) {
                throw bad("'nodes' must be an array");
            }
            Map<Integer, ContextNode> byId = new HashMap<>();
            ContextNode root = null;
            while (p.nextToken() == JsonToken.START_OBJECT) {
                Map<String, Object> m = obj();
                int id = intOf(m, "id");
                int parent = intOf(m, "parent");
                ContextNode par = null;
                if (parent >= 0) {
                    par = byId.get(parent);
                    if (par == null) {
                        throw bad("node " + id + " comes before its parent " + parent + " (nodes must be in pre-order)");
                    }
                } else if (root != null) {
                    throw bad("node " + id + " is a second root");
                }
                ContextNode n = new ContextNode(id, intOf(m, "method"), intOf(m, "callSite"), tiers(m, "self"), tiers(m, "total"), par);
                if (byId.put(id, n) != null) {
                    throw bad("node id " + id + " appears twice");
                }
                if (par == null) {
                    root = n;
                }
            }
            if (root == null) {
                throw bad("'nodes' is empty: the thread root is missing");
            }
            return root;
        }

        private static ProfileSnapshot.Meta meta(Map<String, Object> m) {
            List<String> warnings = new ArrayList<>();
            for (Object o : list(m.getOrDefault("warnings", List.of()))) {
                warnings.add(String.valueOf(o));
            }
            List<String> sampling = new ArrayList<>();
            for (Object o : list(m.getOrDefault("sampling", List.of()))) {
                sampling.add(String.valueOf(o));
            }
            return new ProfileSnapshot.Meta(longOf(m, "periodNanos"), longOf(m, "startEpochMillis"), longOf(m, "endEpochMillis"), str(m, "runtime"),
                            Boolean.TRUE.equals(m.get("optimizing")), intOf(m, "stackLimit"), List.copyOf(warnings), List.copyOf(sampling));
        }

        private static Accounting accounting(Map<String, Object> m) {
            Accounting a = new Accounting(longOf(m, "requested"), longOf(m, "taken"), longOf(m, "late"), longOf(m, "dropped"), longOf(m, "failed"), longOf(m, "skipped"),
                            longOf(m, "truncated"), longOf(m, "latencyP50Nanos"), longOf(m, "latencyP99Nanos"), longOf(m, "latencyMaxNanos"),
                            m.containsKey("inFlight") ? longOf(m, "inFlight") : 0);
            if (!m.containsKey("samples")) {
                return a; // written before samples carried weights: one tick per sample
            }
            // pruned and latency: absent before 0.2 (no memory cap; percentiles only)
            return new Accounting(a.requested(), a.taken(), a.late(), a.dropped(), a.failed(), a.skipped(), a.truncated(), a.latencyP50Nanos(), a.latencyP99Nanos(),
                            a.latencyMaxNanos(), a.inFlight(), longOf(m, "samples"), longOf(m, "idle"), longOf(m, "framesWalked"), longOf(m, "frames"), longOf(m, "deferred"),
                            m.containsKey("pruned") ? longOf(m, "pruned") : 0, m.containsKey("latency") ? latency(m.get("latency"), "latency") : null);
        }

        /** A latency histogram written as {@code [[value, count], ...]}. */
        private static LatencyHistogram latency(Object o, String field) {
            List<Object> l = list(o);
            long[] values = new long[l.size()];
            long[] counts = new long[l.size()];
            for (int i = 0; i < l.size(); i++) {
                if (!(l.get(i) instanceof List<?> pair) || pair.size() != 2 || !(pair.get(0) instanceof Long v) || !(pair.get(1) instanceof Long c) || v < 0 || c < 0) {
                    throw new IllegalArgumentException("field '" + field + "' must hold [value, count] pairs of non-negative integers, found " + describe(l.get(i)) + " at " + i);
                }
                values[i] = v;
                counts[i] = c;
            }
            return LatencyHistogram.of(values, counts);
        }

        private Map<String, Object> obj() throws IOException {
            return map(value(), "object");
        }

        /** Reads the current value (the parser is on its first token). */
        private Object value() throws IOException {
            JsonToken t = p.currentToken();
            if (t == null) {
                throw bad("unexpected end of file");
            }
            switch (t) {
                case START_OBJECT: {
                    Map<String, Object> m = new HashMap<>();
                    while (p.nextToken() == JsonToken.FIELD_NAME) {
                        String f = p.currentName();
                        p.nextToken();
                        m.put(f, value());
                    }
                    return m;
                }
                case START_ARRAY: {
                    List<Object> l = new ArrayList<>();
                    while (p.nextToken() != JsonToken.END_ARRAY) {
                        l.add(value());
                    }
                    return l;
                }
                case VALUE_STRING:
                    return p.getText();
                case VALUE_NUMBER_INT:
                    return p.getLongValue();
                case VALUE_NUMBER_FLOAT:
                    return p.getDoubleValue();
                case VALUE_TRUE:
                    return Boolean.TRUE;
                case VALUE_FALSE:
                    return Boolean.FALSE;
                case VALUE_NULL:
                    return null;
                default:
                    throw bad("unexpected " + t);
            }
        }

        @SuppressWarnings("unchecked")
        private static Map<String, Object> map(Object o, String what) {
            if (!(o instanceof Map)) {
                throw new IllegalArgumentException("expected a JSON object for " + what + ", found " + describe(o));
            }
            return (Map<String, Object>) o;
        }

        @SuppressWarnings("unchecked")
        private static List<Object> list(Object o) {
            if (!(o instanceof List)) {
                throw new IllegalArgumentException("expected a JSON array, found " + describe(o));
            }
            return (List<Object>) o;
        }

        private static String describe(Object o) {
            return o == null ? "null" : o instanceof String s ? "string '" + s + "'" : o.getClass().getSimpleName().toLowerCase();
        }

        private static String str(Map<String, Object> m, String k) {
            Object o = m.get(k);
            if (!(o instanceof String s)) {
                throw new IllegalArgumentException("field '" + k + "' must be a string, found " + describe(o));
            }
            return s;
        }

        private static long longOf(Map<String, Object> m, String k) {
            Object o = m.get(k);
            if (!(o instanceof Long l)) {
                throw new IllegalArgumentException("field '" + k + "' must be an integer, found " + describe(o));
            }
            return l;
        }

        private static int intOf(Map<String, Object> m, String k) {
            long l = longOf(m, k);
            if (l < Integer.MIN_VALUE || l > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("field '" + k + "' is out of range: " + l);
            }
            return (int) l;
        }

        private static long[] tiers(Map<String, Object> m, String k) {
            List<Object> l = list(m.get(k));
            if (l.size() != Tier.COUNT) {
                throw new IllegalArgumentException("field '" + k + "' must have " + Tier.COUNT + " counts (one per tier), found " + l.size());
            }
            long[] r = new long[Tier.COUNT];
            for (int i = 0; i < Tier.COUNT; i++) {
                if (!(l.get(i) instanceof Long v) || v < 0) {
                    throw new IllegalArgumentException("field '" + k + "' must hold non-negative integers");
                }
                r[i] = (Long) l.get(i);
            }
            return r;
        }
    }
}
