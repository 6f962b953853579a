package dev.ccsampler.report;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.ccsampler.ccmap.Accounting;
import dev.ccsampler.ccmap.LatencyHistogram;
import dev.ccsampler.ccmap.CallSiteInfo;
import dev.ccsampler.ccmap.CompilerHint;
import dev.ccsampler.ccmap.ContextNode;
import dev.ccsampler.ccmap.MethodInfo;
import dev.ccsampler.ccmap.MethodStats;
import dev.ccsampler.ccmap.ProfileSnapshot;
import dev.ccsampler.ccmap.ThreadProfile;
import dev.ccsampler.ccmap.Tier;

import java.io.CharConversionException;
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
 * {@link MalformedProfileException} naming the file, the place (line and column) and the problem,
 * on one line: {@code Malformed profile file p.json at line 3, column 17: field 'line' must be an
 * integer, found string 'x'}. No other exception comes out of a read of bad content: the reader is
 * fuzzed (tools' {@code ReaderMutationTest}, {@code ReaderFuzzTest}; docs/bad-input.md). Nesting is
 * bounded by Jackson's default depth (1000), which the recursive value reader stays far within.
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
        private final int line;
        private final int column;

        MalformedProfileException(String name, int line, int column, String problem, Throwable cause) {
            super("Malformed profile file " + name + " at line " + line + ", column " + column + ": " + oneLine(problem), cause);
            this.line = line;
            this.column = column;
        }

        /**
         * The line (from 1) where the problem was found.
         *
         * @since 0.1
         */
        public int line() {
            return line;
        }

        /**
         * The column (from 1) where the problem was found.
         *
         * @since 0.1
         */
        public int column() {
            return column;
        }

        /** At most 200 characters, control characters (a newline in a quoted value) shown as '?'. */
        private static String oneLine(String s) {
            String t = String.valueOf(s);
            t = t.length() <= 200 ? t : t.substring(0, 197) + "...";
            return t.replaceAll("\\p{Cntrl}", "?");
        }
    }

    /** A problem found at a known place; becomes a {@link MalformedProfileException}. */
    private static final class Located extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final transient JsonLocation at;

        Located(JsonLocation at, String message) {
            super(message, null, false, false);
            this.at = at;
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
        JsonParser parser = null;
        try (JsonParser p = FACTORY.createParser(in)) {
            parser = p;
            return new Parse(p, name).profile();
        } catch (Located e) {
            throw malformed(name, e.at, e.getMessage(), e);
        } catch (JsonProcessingException e) {
            // syntax, a number out of range for its field, a number or string past Jackson's limits, nesting past 1000
            throw malformed(name, e.getLocation() != null ? e.getLocation() : parser == null ? null : parser.currentLocation(), "not valid JSON (" + e.getOriginalMessage() + ")", e);
        } catch (CharConversionException e) {
            // bytes that are not UTF-8 (or UTF-16/32 as Jackson detects them): bad content, not an I/O failure
            throw malformed(name, parser == null ? null : parser.currentLocation(), "not valid JSON text (" + e.getMessage() + ")", e);
        } catch (IllegalArgumentException | IllegalStateException | IndexOutOfBoundsException | ArithmeticException e) {
            throw malformed(name, parser == null ? null : parser.currentLocation(), e.getMessage(), e);
        }
    }

    private static MalformedProfileException malformed(String name, JsonLocation at, String problem, Throwable cause) {
        int line = at == null ? 1 : Math.max(1, at.getLineNr());
        int column = at == null ? 1 : Math.max(1, at.getColumnNr());
        return new MalformedProfileException(name, line, column, problem, cause);
    }

    /** A generic JSON tree (maps, lists, strings, numbers, booleans) read without recursion limits that matter here. */
    private static final class Parse {
        private final JsonParser p;
        private final String name;
        /** Self counts of every node read so far: they must add up within a long, as every report sums them. */
        private long selfSum;

        Parse(JsonParser p, String name) {
            this.p = p;
            this.name = name;
        }

        /** A problem at the start of the current token. */
        private Located bad(String what) {
            return new Located(p.currentTokenLocation(), what);
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
            List<CompilerHint> hints = List.of(); // absent before 0.2, and when feedback was off
            List<JsonLocation> siteAt = new ArrayList<>();
            List<JsonLocation> threadAt = new ArrayList<>();
            JsonLocation formatAt = null;
            JsonLocation versionAt = null;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String f = p.currentName();
                p.nextToken();
                switch (f) {
                    case "format" -> {
                        formatAt = p.currentTokenLocation();
                        format = p.getValueAsString();
                        p.skipChildren();
                        if (!JsonProfileWriter.FORMAT.equals(format)) {
                            // say so before anything else of another format trips the reader
                            throw new Located(formatAt, "not a ccsampler profile: field 'format' is " + (format == null ? "not a string" : "'" + format + "'")
                                            + ", expected '" + JsonProfileWriter.FORMAT + "'");
                        }
                    }
                    case "version" -> {
                        versionAt = p.currentTokenLocation();
                        if (p.currentToken() != JsonToken.VALUE_NUMBER_INT) {
                            throw bad("field 'version' must be an integer");
                        }
                        version = p.getIntValue();
                    }
                    case "meta" -> meta = meta(obj());
                    case "endedLatency" -> endedLatency = latency(value(), "endedLatency");
                    case "hints" -> hints = hints();
                    case "methods" -> {
                        methods = new ArrayList<>();
                        stats = new ArrayList<>();
                        for (Object o : list(value())) {
                            Map<String, Object> m = map(o, "method");
                            int id = intOf(m, "id");
                            if (id != methods.size()) {
                                throw bad("method ids must be 0, 1, 2, ... in order; found " + id + " at position " + methods.size());
                            }
                            methods.add(new MethodInfo(id, str(m, "language"), str(m, "name"), str(m, "source"), optionalStr(m, "path"), intOf(m, "line"),
                                            intOf(m, "column"), intOf(m, "endLine"), Boolean.TRUE.equals(m.get("internal"))));
                            stats.add(new MethodStats(id, tiers(m, "self"), tiers(m, "total")));
                        }
                    }
                    case "callSites" -> {
                        sites = new ArrayList<>();
                        JsonLocation listAt = p.currentTokenLocation();
                        for (Object o : list(value())) {
                            siteAt.add(listAt);
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
                            threadAt.add(p.currentTokenLocation());
                            threads.add(thread(methods == null ? -1 : methods.size(), sites == null ? -1 : sites.size()));
                        }
                        if (p.currentToken() != JsonToken.END_ARRAY) {
                            throw bad("'threads' must hold thread objects, found " + p.currentToken());
                        }
                    }
                    default -> p.skipChildren();
                }
            }
            if (p.currentToken() != JsonToken.END_OBJECT) {
                throw bad("expected a field name or the end of the top object, found " + p.currentToken());
            }
            if (!JsonProfileWriter.FORMAT.equals(format)) {
                throw new Located(formatAt != null ? formatAt : p.currentTokenLocation(), "not a ccsampler profile: field 'format' is "
                                + (format == null ? "missing" : "'" + format + "'") + ", expected '" + JsonProfileWriter.FORMAT + "'");
            }
            if (version != JsonProfileWriter.VERSION) {
                throw new Located(versionAt != null ? versionAt : p.currentTokenLocation(), "unsupported version " + version + "; this reader reads version "
                                + JsonProfileWriter.VERSION);
            }
            if (meta == null || methods == null || sites == null || threads == null) {
                throw bad("missing one of the fields meta, methods, callSites, threads");
            }
            final int nm = methods.size();
            final int nsites = sites.size();
            for (int i = 0; i < sites.size(); i++) {
                CallSiteInfo cs = sites.get(i);
                try {
                    checkMethod(cs.caller(), nm, "call site " + cs.id());
                    for (CallSiteInfo.Callee c : cs.callees()) {
                        checkMethod(c.method(), nm, "call site " + cs.id());
                    }
                } catch (IllegalArgumentException e) {
                    throw new Located(siteAt.get(i), e.getMessage());
                }
            }
            for (int i = 0; i < threads.size(); i++) {
                ThreadProfile t = threads.get(i);
                try {
                    ProfileSnapshot.forEachNode(t.root(), n -> checkNode(n, nm, nsites, t.threadName()));
                } catch (IllegalArgumentException e) {
                    throw new Located(threadAt.get(i), e.getMessage());
                }
            }
            return new ProfileSnapshot(meta, List.copyOf(methods), List.copyOf(stats), List.copyOf(sites), List.copyOf(threads), endedLatency, hints);
        }

        /** The {@code hints} array; a bad entry is reported with its index and where it starts. */
        private List<CompilerHint> hints() throws IOException {
            if (p.currentToken() != JsonToken.START_ARRAY) {
                throw bad("'hints' must be an array");
            }
            List<CompilerHint> out = new ArrayList<>();
            JsonToken t;
            while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
                if (t == null) {
                    throw bad("unexpected end of file in 'hints'");
                }
                JsonLocation at = p.currentTokenLocation();
                try {
                    out.add(hint(map(value(), "hint")));
                } catch (IllegalArgumentException e) {
                    throw new Located(at, "hint " + out.size() + " (hints[" + out.size() + "]): " + e.getMessage());
                }
            }
            return List.copyOf(out);
        }

        private static CompilerHint hint(Map<String, Object> m) {
            String kind = str(m, "kind");
            if (!kind.equals("compile") && !kind.equals("split") && !kind.equals("inline")) {
                throw new IllegalArgumentException("field 'kind' must be compile, split or inline, found '" + abbreviate(kind) + "'");
            }
            CompilerHint.Root target = root(m, "target");
            CompilerHint.Root caller = null;
            int line = 0;
            int column = 0;
            if (!kind.equals("compile")) {
                caller = root(m, "caller");
                Map<String, Object> site = map(m.get("site"), "field 'site'");
                line = intOf(site, "line");
                column = intOf(site, "column");
            }
            Map<String, Object> e = map(m.get("evidence"), "field 'evidence'");
            List<String> callees = new ArrayList<>();
            for (Object c : list(e.get("callees"))) {
                if (!(c instanceof String cs)) {
                    throw new IllegalArgumentException("field 'callees' must hold strings, found " + describe(c));
                }
                callees.add(cs);
            }
            if (!(e.get("share") instanceof Number share)) {
                throw new IllegalArgumentException("field 'share' must be a number, found " + describe(e.get("share")));
            }
            CompilerHint.Evidence evidence = new CompilerHint.Evidence(longOf(e, "samples"), share.doubleValue(), intOf(e, "contexts"), List.copyOf(callees));
            CompilerHint.Events events;
            Object c = m.get("compiler");
            if (c == null) {
                events = CompilerHint.Events.unavailable("not recorded in this profile");
            } else {
                Map<String, Object> cm = map(c, "field 'compiler'");
                if (!(cm.get("available") instanceof Boolean available)) {
                    throw new IllegalArgumentException("field 'available' must be true or false, found " + describe(cm.get("available")));
                }
                String note = available ? "" : str(cm, "note");
                events = new CompilerHint.Events(available, note, longOf(cm, "compilations"), longOf(cm, "deoptimizations"), longOf(cm, "invalidations"));
            }
            CompilerHint.Rank rank = CompilerHint.Rank.NONE; // absent before 0.3, and for hints not ranked
            if (m.get("rank") != null) {
                Map<String, Object> rm = map(m.get("rank"), "field 'rank'");
                if (!(rm.get("share") instanceof Number rs)) {
                    throw new IllegalArgumentException("field 'share' of 'rank' must be a number, found " + describe(rm.get("share")));
                }
                rank = new CompilerHint.Rank(intOf(rm, "position"), intOf(rm, "of"), rs.doubleValue());
            }
            return new CompilerHint(kind, target, caller, line, column, str(m, "reason"), evidence, str(m, "origin"), longOf(m, "proposedAtMs"), str(m, "state"),
                            str(m, "action"), longOf(m, "appliedAtMs"), str(m, "outcome"), events, rank);
        }

        private static CompilerHint.Root root(Map<String, Object> m, String field) {
            Map<String, Object> r = map(m.get(field), "field '" + field + "'");
            try {
                return new CompilerHint.Root(str(r, "language"), str(r, "name"), str(r, "source"), intOf(r, "charIndex"), intOf(r, "charLength"), intOf(r, "line"),
                                intOf(r, "column"), str(r, "contentHash"));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("'" + field + "': " + e.getMessage());
            }
        }

        /** Method and call site of a node in range; a count of -1 means not known yet (checked again at the end). */
        private static void checkNode(ContextNode n, int methods, int sites, String thread) {
            if (methods >= 0) {
                checkMethod(n.method(), methods, "thread " + thread + " node " + n.id());
            }
            if (sites >= 0 && n.callSite() >= sites) {
                throw new IllegalArgumentException("thread " + thread + " node " + n.id() + " refers to call site " + n.callSite() + ", but there are " + sites);
            }
            if (n.callSite() < -1) {
                throw new IllegalArgumentException("thread " + thread + " node " + n.id() + " has call site " + n.callSite() + " (-1 for none, or an id)");
            }
        }

        private static void checkMethod(int id, int n, String where) {
            if (id < 0 || id >= n) {
                throw new IllegalArgumentException(where + " refers to method " + id + ", but there are " + n + " methods");
            }
        }

        private ThreadProfile thread(int methods, int sites) throws IOException {
            int context = 0;
            long threadId = 0;
            String threadName = "";
            Accounting acc = Accounting.EMPTY;
            ContextNode root = null;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String f = p.currentName();
                p.nextToken();
                switch (f) {
                    case "context" -> context = intValue(f);
                    case "threadId" -> threadId = longValue(f);
                    case "threadName" -> {
                        if (p.currentToken() != JsonToken.VALUE_STRING) {
                            throw bad("field 'threadName' must be a string");
                        }
                        threadName = p.getText();
                    }
                    case "accounting" -> acc = accounting(obj());
                    case "nodes" -> root = nodes(methods, sites, threadName);
                    default -> p.skipChildren();
                }
            }
            if (p.currentToken() != JsonToken.END_OBJECT) {
                throw bad("expected a field name or the end of the thread object, found " + p.currentToken());
            }
            if (root == null) {
                throw bad("thread '" + threadName + "' has no 'nodes'");
            }
            return new ThreadProfile(context, threadId, threadName, root, acc);
        }

        private long longValue(String field) throws IOException {
            if (p.currentToken() != JsonToken.VALUE_NUMBER_INT) {
                throw bad("field '" + field + "' must be an integer");
            }
            return p.getLongValue();
        }

        private int intValue(String field) throws IOException {
            if (p.currentToken() != JsonToken.VALUE_NUMBER_INT) {
                throw bad("field '" + field + "' must be an integer");
            }
            return p.getIntValue();
        }

        /**
         * Nodes come in pre-order: every parent before its children. Read one at a time; method and
         * call site ids are checked here when those lists came first (as the writer puts them).
         */
        private ContextNode nodes(int methods, int sites, String thread) throws IOException {
            if (p.currentToken() != JsonToken.START_ARRAY) {
                throw bad("'nodes' must be an array");
            }
            Map<Integer, ContextNode> byId = new HashMap<>();
            ContextNode root = null;
            while (p.nextToken() == JsonToken.START_OBJECT) {
                JsonLocation at = p.currentTokenLocation();
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
                if (byId.containsKey(id)) {
                    throw new Located(at, "node id " + id + " appears twice");
                }
                long[] self = tiers(m, "self");
                try {
                    for (long c : self) {
                        selfSum = Math.addExact(selfSum, c);
                    }
                } catch (ArithmeticException e) {
                    throw new Located(at, "the self counts of the profile add up past " + Long.MAX_VALUE);
                }
                long calls = m.containsKey("calls") ? longOf(m, "calls") : 0; // absent: no burst counted this context, or an older file
                if (calls < 0) {
                    throw new Located(at, "node " + id + " has a negative call count " + calls);
                }
                ContextNode n = new ContextNode(id, intOf(m, "method"), intOf(m, "callSite"), self, tiers(m, "total"), calls, par);
                try {
                    if (par != null) { // the thread root stands for no method
                        checkNode(n, methods, sites, thread);
                    }
                } catch (IllegalArgumentException e) {
                    throw new Located(at, e.getMessage());
                }
                byId.put(id, n);
                if (par == null) {
                    root = n;
                }
            }
            if (p.currentToken() != JsonToken.END_ARRAY) {
                throw bad("'nodes' must hold node objects, found " + p.currentToken());
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
                    if (p.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
                        throw bad("integer out of range: " + abbreviate(p.getText()));
                    }
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
            return o == null ? "null" : o instanceof String s ? "string '" + abbreviate(s) + "'" : o.getClass().getSimpleName().toLowerCase(java.util.Locale.ROOT);
        }

        private static String abbreviate(String s) {
            return s.length() <= 40 ? s : s.substring(0, 37) + "...";
        }

        private static String str(Map<String, Object> m, String k) {
            Object o = m.get(k);
            if (!(o instanceof String s)) {
                throw new IllegalArgumentException("field '" + k + "' must be a string, found " + describe(o));
            }
            return s;
        }

        private static String optionalStr(Map<String, Object> m, String k) {
            Object o = m.get(k);
            if (o != null && !(o instanceof String)) {
                throw new IllegalArgumentException("field '" + k + "' must be a string when present, found " + describe(o));
            }
            return (String) o;
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
