package dev.ccsampler.tools.launcher;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * Starts a real launcher ({@code main} of a class) in a new JVM: the java of this JVM, this JVM's
 * class path and flags (surefire's argLine: JVMCI, the compiler jars, the polyglot cache), so the
 * child runs on the same Truffle runtime as the test; by default with C1 alone for its Java code
 * ({@link #childJvmFlags()}).
 */
final class LauncherProcess {

    /** Safety net for a hung child, not a performance bound: nothing asserts on time. */
    private static final long HANG_LIMIT_SECONDS = 300;

    record Result(int status, String stdout, String stderr) {
        @Override
        public String toString() {
            return "status " + status + "\n--- stdout:\n" + stdout + "\n--- stderr:\n" + stderr;
        }
    }

    private LauncherProcess() {
    }

    /** The JVM flags of this JVM, without a debugger agent (the child would wait on its port). */
    static List<String> currentJvmFlags() {
        List<String> flags = new ArrayList<>();
        for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (!arg.startsWith("-agentlib:jdwp") && !arg.startsWith("-Xrunjdwp")) {
                flags.add(arg);
            }
        }
        return flags;
    }

    /**
     * The flags a child gets by default: this JVM's, with HotSpot's C1 alone compiling the child's
     * Java code. The children run for seconds, mostly start-up, and nothing here asserts on their
     * speed: the three launcher test classes took 119 s of a full test run with C1 alone against
     * 154 s with C2 too (2026-12-04, one run each). Guest code is still compiled by Graal. A child
     * that runs long in a language's interpreter (a recursion to its limit) is slower so:
     * {@link #currentJvmFlags()} keeps C2.
     */
    static List<String> childJvmFlags() {
        List<String> flags = currentJvmFlags();
        flags.add("-XX:TieredStopAtLevel=1");
        return flags;
    }

    static Result run(Path workDir, String mainClass, List<String> args) throws IOException, InterruptedException {
        return run(workDir, childJvmFlags(), mainClass, args);
    }

    static Result run(Path workDir, List<String> jvmFlags, String mainClass, List<String> args) throws IOException, InterruptedException {
        Child c = start(workDir, jvmFlags, mainClass, args);
        return c.end("launcher did not end");
    }

    /** A started child JVM, its output going to two files. */
    private record Child(List<String> command, Process process, Path out, Path err) {
        String stdout() throws IOException {
            return Files.readString(out, StandardCharsets.UTF_8);
        }

        /** Waits for the end (a hung child fails the test with {@code hung}) and reads the output. */
        Result end(String hung) throws IOException, InterruptedException {
            if (!process.waitFor(HANG_LIMIT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                fail(hung + ": " + command + "\n" + Files.readString(err, StandardCharsets.UTF_8));
            }
            return new Result(process.exitValue(), stdout(), Files.readString(err, StandardCharsets.UTF_8));
        }
    }

    private static Child start(Path workDir, List<String> jvmFlags, String mainClass, List<String> args) throws IOException {
        String java = ProcessHandle.current().info().command().orElseThrow(() -> new IllegalStateException("cannot tell this JVM's java command"));
        List<String> command = new ArrayList<>();
        command.add(java);
        command.addAll(jvmFlags);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(mainClass);
        command.addAll(args);
        Path out = Files.createTempFile(workDir, "stdout", ".txt");
        Path err = Files.createTempFile(workDir, "stderr", ".txt");
        Process process = new ProcessBuilder(command).directory(workDir.toFile()).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).redirectOutput(out.toFile()).redirectError(
                        err.toFile()).start();
        return new Child(command, process, out, err);
    }

    /**
     * {@code ccsampler <args>} until its standard output holds {@code marker}, then stopped as
     * {@code kill} does ({@link Process#destroy()}: {@code SIGTERM}), which runs the JVM's shutdown
     * hooks as Ctrl-C does; the result once it has ended.
     */
    static Result ccsamplerStoppedAfter(Path workDir, String marker, String... args) throws IOException, InterruptedException {
        Child c = start(workDir, childJvmFlags(), "dev.ccsampler.tools.Main", List.of(args));
        long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(HANG_LIMIT_SECONDS);
        while (!c.stdout().contains(marker)) {
            if (!c.process().isAlive() || System.nanoTime() > giveUp) {
                c.process().destroyForcibly();
                fail("the launcher ended or hung before printing " + marker + ": " + c.end("launcher did not end"));
            }
            Thread.sleep(100);
        }
        c.process().destroy();
        return c.end("launcher did not end after SIGTERM");
    }

    /** {@code ccsampler <args>} through the real entry point. */
    static Result ccsampler(Path workDir, String... args) throws IOException, InterruptedException {
        return run(workDir, "dev.ccsampler.tools.Main", List.of(args));
    }

    /** A Java stack trace on the output: what a user must never see for a guest or option error. */
    static boolean hasJavaStackTrace(String text) {
        Predicate<String> javaFrame = line -> line.trim().matches("at (java|jdk|org\\.graalvm|com\\.oracle|dev\\.ccsampler)\\..*\\(.*\\)");
        return text.contains("Exception in thread") || text.lines().anyMatch(javaFrame);
    }
}
