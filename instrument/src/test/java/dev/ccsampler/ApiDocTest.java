package dev.ccsampler;

import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.DirectiveTree;
import com.sun.source.tree.ExportsTree;
import com.sun.source.tree.ModuleTree;
import com.sun.source.util.JavacTask;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.DocumentationTool;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every public or protected type, constructor, method, field and enum constant of a package that
 * {@code module-info.java} exports has a Javadoc comment with a description and an {@code @since}
 * tag (issue 4).
 *
 * <p>How: the exported packages are read from {@code module-info.java} with the javac tree API
 * (unqualified {@code exports} only), so a new export is covered without touching this test. Their
 * source files are handed to the JDK's javadoc tool with {@link ApiDocDoclet}, which checks the
 * elements javadoc would document with {@code DocTrees} and reports one diagnostic per violation,
 * named {@code package.Type#member}. The rest of the module is read from the compiled classes on
 * the test class path (the sources are not on javadoc's source path, or its {@code module-info.java}
 * would switch javadoc to module mode). Javadoc does not attribute method bodies: a run takes about
 * a second.
 *
 * <p>{@link #checkerReportsEachKindOfViolation} runs the same check over a small fixture with one
 * violation of each kind, so a checker that silently passes everything fails too.
 */
class ApiDocTest {

    static Path sourceRoot() {
        Path p = Path.of("src", "main", "java");
        return Files.isDirectory(p) ? p : Path.of("instrument", "src", "main", "java");
    }

    @Test
    void everyExportedMemberHasJavadocAndSince() throws IOException {
        Path src = sourceRoot();
        List<String> packages = exportedPackages(src.resolve("module-info.java"));
        assertTrue(packages.contains("dev.ccsampler"), "exports read from module-info.java: " + packages);
        List<String> violations = check(src, packages, System.getProperty("java.class.path"));
        assertTrue(violations.isEmpty(), violations.size() + " public or protected members of the exported packages " + packages
                        + " lack Javadoc or @since (add a one-line description and @since):\n" + String.join("\n", violations));
    }

    @Test
    void checkerReportsEachKindOfViolation(@TempDir Path dir) throws IOException {
        write(dir, "module-info.java", """
                        module fixture {
                            exports fx.api;
                            exports fx.friends to some.friend;
                        }
                        """);
        write(dir, "fx/api/Api.java", """
                        package fx.api;

                        /**
                         * Documented type.
                         *
                         * @since 1.0
                         */
                        public class Api implements Runnable {
                            /**
                             * Declared, documented constructor.
                             *
                             * @since 1.0
                             */
                            public Api() {
                            }

                            public int undocumented;

                            /** Has a description only. */
                            public void noSince() {
                            }

                            /** Has a description and a tag javadoc does not see. @since 1.0 */
                            public void inlineSince() {
                            }

                            /** @since 1.0 */
                            public void noDescription() {
                            }

                            /**
                             * @return the answer
                             * @since 1.0
                             */
                            public int returnTagIsTheDescription() {
                                return 42;
                            }

                            /** Package-private: not API. */
                            void hidden() {
                            }

                            protected void protectedUndocumented() {
                            }

                            @Override
                            public void run() {
                            }

                            /**
                             * {@inheritDoc}
                             *
                             * @since 1.0
                             */
                            @Override
                            public String toString() {
                                return "";
                            }

                            /**
                             * Overloads are told apart.
                             *
                             * @since 1.0
                             */
                            public static void overloaded(int[] a, String... b) {
                            }

                            public static void overloaded(Api a) {
                            }

                            /**
                             * Documented interface.
                             *
                             * @since 1.0
                             */
                            public interface Port {
                                /**
                                 * Documented here once.
                                 *
                                 * @since 1.0
                                 */
                                void send(long nanos);
                            }

                            /**
                             * An implementation in the same API inherits the comment.
                             *
                             * @since 1.0
                             */
                            public static final class PortImpl implements Port {
                                /**
                                 * Declared.
                                 *
                                 * @since 1.0
                                 */
                                public PortImpl() {
                                }

                                @Override
                                public void send(long nanos) {
                                }
                            }

                            /**
                             * Implicit constructor.
                             *
                             * @since 1.0
                             */
                            public static class NoConstructor {
                            }

                            private static class PrivateNested {
                                public void notApi() {
                                }
                            }
                        }
                        """);
        write(dir, "fx/api/Kind.java", """
                        package fx.api;

                        /**
                         * Enum.
                         *
                         * @since 1.0
                         */
                        public enum Kind {
                            /**
                             * Documented.
                             *
                             * @since 1.0
                             */
                            A,
                            B
                        }
                        """);
        write(dir, "fx/api/Point.java", """
                        package fx.api;

                        /**
                         * Record with two of three components documented.
                         *
                         * @param x documented
                         * @param z documented
                         * @since 1.0
                         */
                        public record Point(int x, int y, int z) {
                            /**
                             * An explicit accessor documents itself.
                             *
                             * @since 1.0
                             */
                            public int z() {
                                return z;
                            }
                        }
                        """);
        write(dir, "fx/api/Bare.java", """
                        package fx.api;

                        public final class Bare {
                            private Bare() {
                            }
                        }
                        """);
        write(dir, "fx/friends/Friend.java", "package fx.friends;\n\npublic class Friend {\n    public void notChecked() {\n    }\n}\n");
        write(dir, "fx/internal/Internal.java", "package fx.internal;\n\npublic class Internal {\n    public void notChecked() {\n    }\n}\n");

        List<String> packages = exportedPackages(dir.resolve("module-info.java"));
        assertEquals(List.of("fx.api"), packages);
        List<String> violations = check(dir, packages, "");
        assertEquals(List.of(
                        "fx.api.Api#inlineSince(): @since is part of the description; javadoc reads a block tag only at the start of a line",
                        "fx.api.Api#noDescription(): Javadoc has no description",
                        "fx.api.Api#noSince(): no @since",
                        "fx.api.Api#overloaded(Api): no Javadoc comment",
                        "fx.api.Api#protectedUndocumented(): no Javadoc comment",
                        "fx.api.Api#run(): no Javadoc comment",
                        "fx.api.Api#undocumented: no Javadoc comment",
                        "fx.api.Api.NoConstructor#NoConstructor(): implicit constructor; declare it with a comment, or make it private",
                        "fx.api.Bare: no Javadoc comment",
                        "fx.api.Kind#B: no Javadoc comment",
                        "fx.api.Point#y(): implicit record accessor; add @param y to the record's comment"),
                        violations);
    }

    /** The packages a module exports to everyone, in declaration order. */
    static List<String> exportedPackages(Path moduleInfo) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        List<String> packages = new ArrayList<>();
        try (StandardJavaFileManager fm = javac.getStandardFileManager(null, null, StandardCharsets.UTF_8)) {
            JavacTask task = (JavacTask) javac.getTask(null, fm, null, null, null, fm.getJavaFileObjects(moduleInfo));
            for (CompilationUnitTree unit : task.parse()) {
                ModuleTree module = unit.getModule();
                assertNotNull(module, moduleInfo + " declares no module");
                for (DirectiveTree d : module.getDirectives()) {
                    if (d instanceof ExportsTree e && (e.getModuleNames() == null || e.getModuleNames().isEmpty())) {
                        packages.add(e.getPackageName().toString());
                    }
                }
            }
        }
        return packages;
    }

    /** Runs {@link ApiDocDoclet} over the source files of {@code packages} under {@code root}. */
    static List<String> check(Path root, List<String> packages, String classPath) throws IOException {
        DocumentationTool javadoc = ToolProvider.getSystemDocumentationTool();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        StringWriter out = new StringWriter();
        try (StandardJavaFileManager fm = javadoc.getStandardFileManager(null, null, StandardCharsets.UTF_8)) {
            List<Path> files = new ArrayList<>();
            for (String p : packages) {
                files.addAll(javaFiles(root.resolve(p.replace('.', '/'))));
            }
            assertFalse(files.isEmpty(), "no sources for " + packages + " under " + root);
            // -Xmaxerrs: javadoc stops reporting after 100 errors by default; list every violation
            List<String> options = List.of("-quiet", "-protected", "-encoding", "UTF-8", "-Xmaxerrs", "100000", "-classpath", classPath);
            Boolean ok = javadoc.getTask(out, fm, diagnostics, ApiDocDoclet.class, options, fm.getJavaFileObjectsFromPaths(files)).call();
            List<String> errors = new ArrayList<>();
            for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
                if (d.getKind() == Diagnostic.Kind.ERROR) {
                    errors.add(d.getSource() == null ? d.getMessage(null) : d.toString());
                }
            }
            assertEquals(ok, errors.isEmpty(), "javadoc's result disagrees with its errors: " + errors + "\n" + out);
            return errors;
        }
    }

    private static List<Path> javaFiles(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(f -> f.getFileName().toString().endsWith(".java")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void write(Path root, String file, String text) throws IOException {
        Path p = root.resolve(file);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
    }
}
