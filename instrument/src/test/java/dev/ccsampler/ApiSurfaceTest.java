package dev.ccsampler;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Type;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * What an embedder sees: the service, snapshots, formats and report options, and the tracer. The
 * module exports exactly those packages, creating the service is not API (the instrument does it
 * through a non-exported door), and no public member of an exported type mentions a type of a
 * package that is not exported.
 */
class ApiSurfaceTest {

    static final Set<String> EXPORTED = Set.of("dev.ccsampler", "dev.ccsampler.ccmap", "dev.ccsampler.report", "dev.ccsampler.exhaustive");

    @Test
    void moduleExportsOnlyTheEmbeddersPackages() throws IOException {
        String module = Files.readString(ApiDocTest.sourceRoot().resolve("module-info.java"));
        Matcher m = Pattern.compile("(?m)^\\s*exports\\s+([\\w.]+)\\s*;").matcher(module);
        Set<String> exported = new TreeSet<>();
        while (m.find()) {
            exported.add(m.group(1));
        }
        assertEquals(new TreeSet<>(EXPORTED), exported);
    }

    @Test
    void theServiceIsFoundNotCreated() {
        List<String> creators = new ArrayList<>();
        for (Method method : CCSampler.class.getMethods()) {
            if (Modifier.isStatic(method.getModifiers()) && method.getReturnType() == CCSampler.class && !method.getName().equals("find")) {
                creators.add(method.toString());
            }
        }
        for (Constructor<?> c : CCSampler.class.getConstructors()) {
            creators.add(c.toString());
        }
        assertEquals(List.of(), creators, "public ways to create the service besides find(Engine)");
    }

    @Test
    void exportedSignaturesMentionOnlyExportedOrPlatformTypes() throws Exception {
        List<String> leaks = new ArrayList<>();
        for (Class<?> c : exportedPublicClasses()) {
            List<Executable> members = new ArrayList<>();
            for (Method m : c.getDeclaredMethods()) {
                if (Modifier.isPublic(m.getModifiers()) || Modifier.isProtected(m.getModifiers())) {
                    members.add(m);
                }
            }
            for (Constructor<?> k : c.getDeclaredConstructors()) {
                if (Modifier.isPublic(k.getModifiers()) || Modifier.isProtected(k.getModifiers())) {
                    members.add(k);
                }
            }
            for (Executable e : members) {
                List<Type> types = new ArrayList<>(List.of(e.getGenericParameterTypes()));
                if (e instanceof Method m) {
                    types.add(m.getGenericReturnType());
                }
                types.addAll(List.of(e.getGenericExceptionTypes()));
                for (Type t : types) {
                    check(t, c.getName() + "#" + e.getName(), leaks);
                }
            }
            for (Field f : c.getDeclaredFields()) {
                if (Modifier.isPublic(f.getModifiers())) {
                    check(f.getGenericType(), c.getName() + "." + f.getName(), leaks);
                }
            }
        }
        assertEquals(List.of(), leaks, "exported members that mention a type of a package that is not exported");
    }

    private static void check(Type t, String where, List<String> leaks) {
        for (String name : typeNames(t)) {
            int dot = name.lastIndexOf('.');
            String pkg = dot < 0 ? "" : name.substring(0, dot);
            if (pkg.startsWith("dev.ccsampler") && !EXPORTED.contains(pkg)) {
                leaks.add(where + " mentions " + name);
            }
        }
    }

    /** Every class name in a (generic) type, innermost types by their outermost class. */
    private static List<String> typeNames(Type t) {
        List<String> out = new ArrayList<>();
        Matcher m = Pattern.compile("[\\w.$]+").matcher(t.getTypeName());
        while (m.find()) {
            String n = m.group();
            int dollar = n.indexOf('$');
            out.add(dollar < 0 ? n : n.substring(0, dollar));
        }
        return out;
    }

    private static List<Class<?>> exportedPublicClasses() throws Exception {
        Path classes = Path.of(CCSampler.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<Class<?>> out = new ArrayList<>();
        for (String pkg : EXPORTED) {
            Path dir = classes.resolve(pkg.replace('.', '/'));
            try (Stream<Path> files = Files.list(dir)) {
                for (Path f : (Iterable<Path>) files::iterator) {
                    String file = f.getFileName().toString();
                    if (!file.endsWith(".class") || file.equals("package-info.class") || file.equals("module-info.class")) {
                        continue;
                    }
                    Class<?> c = Class.forName(pkg + "." + file.substring(0, file.length() - ".class".length()), false, CCSampler.class.getClassLoader());
                    if (Modifier.isPublic(c.getModifiers()) && isPubliclyReachable(c)) {
                        out.add(c);
                    }
                }
            }
        }
        return out;
    }

    private static boolean isPubliclyReachable(Class<?> c) {
        for (Class<?> o = c; o != null; o = o.getEnclosingClass()) {
            if (!Modifier.isPublic(o.getModifiers())) {
                return false;
            }
        }
        return true;
    }
}
