package dev.ccsampler.mx.junit;

import static org.junit.platform.engine.discovery.ClassNameFilter.excludeClassNamePatterns;
import static org.junit.platform.engine.discovery.ClassNameFilter.includeClassNamePatterns;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClasspathRoots;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.discovery.ClassNameFilter;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * Runs JUnit 5 (Jupiter) tests for mx. mx's own runner, {@code MxJUnitWrapper}, drives JUnit 4
 * only; the profiler suite's unittest config puts this class in its place, so that
 * {@code mx unittest} runs ccsampler's Jupiter tests, and {@code mx ccsampler-unittest} calls it
 * directly.
 *
 * <p>
 * Arguments, in mx's conventions: {@code -JUnit...} flags (verbose ones print every test, the
 * others are named on standard error as not supported here), then either {@code @file} (one test
 * class per line, as {@code mx unittest} writes it), {@code Class} or {@code Class#method}, or
 * {@code --scan <classes dir>} with optional {@code --include <class name regex>} and
 * {@code --exclude <class name regex>} (both repeatable), which lets
 * Jupiter find every test class in a directory, including those that only have
 * {@code @TestFactory} or {@code @ParameterizedTest} methods (mx's scanner looks for
 * {@code @Test}).
 *
 * <p>
 * Exit status 0 when at least one test ran and none failed; 1 when a test failed or aborted in a
 * container; 2 on bad arguments or when no test was found. The last line is always the summary
 * {@code ccsampler-mx-junit: <n> tests, <p> passed, <f> failed, <s> skipped}, which the project's
 * {@code MxSuiteTest} reads.
 */
public final class JupiterWrapper {

    private static final Set<String> FLAGS_WITH_VALUE = Set.of("-JUnitMaxClassFailures", "-JUnitMaxTestTime", "-JUnitRecordPassed", "-JUnitRecordFailed",
                    "-JUnitJsonResults", "-JUnitRepeat", "-JUnitOpenPackages");

    private JupiterWrapper() {
    }

    public static void main(String[] args) throws IOException {
        boolean verbose = false;
        List<DiscoverySelector> selectors = new ArrayList<>();
        List<String> includes = new ArrayList<>();
        List<String> excludes = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("-JUnitVerbose") || a.equals("-JUnitVeryVerbose")) {
                verbose = true;
            } else if (a.equals("-JUnitEnableTiming") || a.equals("-JUnitEagerStackTrace")) {
                // Always on here: every failure is printed when it happens, with its time.
            } else if (a.startsWith("-JUnit")) {
                System.err.println("ccsampler-mx-junit: " + a + " is not supported by the Jupiter wrapper, ignored");
                if (FLAGS_WITH_VALUE.contains(a)) {
                    i++;
                }
            } else if (a.equals("--scan") || a.equals("--include") || a.equals("--exclude")) {
                if (i + 1 >= args.length) {
                    usage(a + " needs a value");
                }
                String value = args[++i];
                if (a.equals("--scan")) {
                    Path dir = Path.of(value);
                    if (!Files.isDirectory(dir)) {
                        usage("--scan " + value + ": not a directory of compiled classes");
                    }
                    selectors.addAll(selectClasspathRoots(Set.of(dir)));
                } else if (a.equals("--include")) {
                    includes.add(value);
                } else {
                    excludes.add(value);
                }
            } else if (a.startsWith("@")) {
                for (String line : Files.readAllLines(Path.of(a.substring(1)))) {
                    if (!line.isBlank()) {
                        selectors.add(selector(line.strip()));
                    }
                }
            } else if (a.startsWith("-")) {
                usage("unknown option " + a);
            } else {
                selectors.add(selector(a));
            }
        }
        if (selectors.isEmpty()) {
            usage("no test classes given");
        }
        LauncherDiscoveryRequestBuilder request = LauncherDiscoveryRequestBuilder.request().selectors(selectors);
        if (!includes.isEmpty()) {
            request.filters(includeClassNamePatterns(includes.toArray(String[]::new)));
        } else {
            request.filters(includeClassNamePatterns(ClassNameFilter.STANDARD_INCLUDE_PATTERN, ".*"));
        }
        if (!excludes.isEmpty()) {
            request.filters(excludeClassNamePatterns(excludes.toArray(String[]::new)));
        }
        Summary summary = new Summary(System.out, verbose);
        Launcher launcher = LauncherFactory.create();
        LauncherDiscoveryRequest discovery = request.build();
        launcher.execute(discovery, summary);
        System.out.println("ccsampler-mx-junit: " + summary.tests + " tests, " + summary.passed + " passed, " + summary.failed + " failed, " + summary.skipped + " skipped");
        System.out.flush();
        if (summary.failed.get() > 0) {
            System.exit(1);
        }
        if (summary.tests.get() == 0) {
            System.err.println("ccsampler-mx-junit: no test found for " + String.join(" ", args));
            System.exit(2);
        }
        System.exit(0);
    }

    private static DiscoverySelector selector(String spec) {
        int hash = spec.indexOf('#');
        return hash < 0 ? selectClass(spec) : selectMethod(spec.substring(0, hash), spec.substring(hash + 1));
    }

    private static void usage(String problem) {
        System.err.println("ccsampler-mx-junit: " + problem);
        System.err.println("usage: JupiterWrapper [-JUnit... flags] (@testfile | Class[#method] ... | --scan <classes dir> [--include <regex>] [--exclude <regex>])");
        System.exit(2);
    }

    /** Prints failures as they happen (and every test when verbose) and counts outcomes. */
    private static final class Summary implements TestExecutionListener {
        final AtomicLong tests = new AtomicLong();
        final AtomicLong passed = new AtomicLong();
        final AtomicLong failed = new AtomicLong();
        final AtomicLong skipped = new AtomicLong();
        private final PrintStream out;
        private final boolean verbose;
        private TestPlan plan;

        Summary(PrintStream out, boolean verbose) {
            this.out = out;
            this.verbose = verbose;
        }

        @Override
        public void testPlanExecutionStarted(TestPlan testPlan) {
            this.plan = testPlan;
            out.println("ccsampler-mx-junit: running " + testPlan.countTestIdentifiers(TestIdentifier::isTest) + " tests found before execution (dynamic tests come on top)");
        }

        @Override
        public void executionSkipped(TestIdentifier id, String reason) {
            if (id.isTest()) {
                tests.incrementAndGet();
                skipped.incrementAndGet();
            }
            if (verbose || id.isTest()) {
                out.println("SKIPPED " + name(id) + ": " + reason);
            }
        }

        @Override
        public void executionFinished(TestIdentifier id, TestExecutionResult result) {
            boolean ok = result.getStatus() == TestExecutionResult.Status.SUCCESSFUL;
            if (id.isTest()) {
                tests.incrementAndGet();
                if (ok) {
                    passed.incrementAndGet();
                } else if (result.getStatus() == TestExecutionResult.Status.ABORTED) {
                    skipped.incrementAndGet();
                } else {
                    failed.incrementAndGet();
                }
            } else if (result.getStatus() == TestExecutionResult.Status.FAILED) {
                // A container failed (e.g. @BeforeAll threw): its tests never reported a result.
                failed.incrementAndGet();
            }
            if (!ok && result.getStatus() != TestExecutionResult.Status.ABORTED) {
                out.println("FAILED " + name(id));
                result.getThrowable().ifPresent(t -> t.printStackTrace(out));
            } else if (verbose && id.isTest()) {
                out.println((ok ? "PASSED " : "ABORTED ") + name(id));
            }
        }

        private String name(TestIdentifier id) {
            String display = id.getDisplayName();
            for (TestIdentifier p = plan.getParent(id).orElse(null); p != null && p.getParentId().isPresent(); p = plan.getParent(p).orElse(null)) {
                display = p.getDisplayName() + " > " + display;
            }
            return display;
        }
    }
}
