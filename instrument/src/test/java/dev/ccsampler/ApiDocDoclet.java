package dev.ccsampler;

import com.sun.source.doctree.DocCommentTree;
import com.sun.source.doctree.DocTree;
import com.sun.source.doctree.ParamTree;
import com.sun.source.doctree.ReturnTree;
import com.sun.source.doctree.SinceTree;
import com.sun.source.doctree.TextTree;
import com.sun.source.util.DocTrees;
import jdk.javadoc.doclet.Doclet;
import jdk.javadoc.doclet.DocletEnvironment;
import jdk.javadoc.doclet.Reporter;

import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.util.Elements.Origin;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.tools.Diagnostic;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * A javadoc doclet that writes no documentation: it checks that every type and member javadoc would
 * document (public and protected, the tool's default access) has a Javadoc comment with a
 * description and a non-empty {@code @since} tag, and reports each violation as one
 * {@link Diagnostic.Kind#ERROR ERROR} whose message is {@code package.Type#member: what is missing}.
 * {@link ApiDocTest} runs it over the exported packages.
 *
 * <p>Members without their own comment that are still documented:
 * <ul>
 * <li>members with no source of their own (enum {@code values}/{@code valueOf}, a record's
 * implicit {@code equals}/{@code hashCode}/{@code toString}): javadoc writes their text;</li>
 * <li>a record's implicit accessors and canonical constructor: documented by the record's
 * {@code @param} tags, so each component needs one;</li>
 * <li>a method overriding a method of another type of the checked API: javadoc copies that
 * method's comment, which this doclet checks where it is declared. A method overriding only a
 * method from outside the API ({@code Object.toString}, {@code AutoCloseable.close}, a Truffle
 * class) needs its own comment (which may be {@code {@inheritDoc}}) and {@code @since}: what it
 * does here is new API.</li>
 * </ul>
 * An implicit constructor (a public class that declares none) is reported: declare it with
 * a comment, or make it private if the class is not meant to be instantiated.
 *
 * <p>Instantiated by the javadoc tool through its public no-argument constructor.
 */
public final class ApiDocDoclet implements Doclet {

    private Reporter reporter;

    /** Creates the doclet; called reflectively by the javadoc tool. */
    public ApiDocDoclet() {
    }

    @Override
    public void init(Locale locale, Reporter r) {
        this.reporter = r;
    }

    @Override
    public String getName() {
        return "ApiDoc";
    }

    @Override
    public Set<? extends Option> getSupportedOptions() {
        return Set.of();
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
        return SourceVersion.latest();
    }

    @Override
    public boolean run(DocletEnvironment env) {
        List<String> violations = check(env);
        for (String v : violations) {
            reporter.print(Diagnostic.Kind.ERROR, v);
        }
        return violations.isEmpty();
    }

    /** Every violation in the included elements, sorted. */
    static List<String> check(DocletEnvironment env) {
        DocTrees docTrees = env.getDocTrees();
        Elements elements = env.getElementUtils();
        Set<String> out = new TreeSet<>();
        for (TypeElement type : ElementFilter.typesIn(env.getIncludedElements())) {
            String typeName = type.getQualifiedName().toString();
            DocCommentTree typeDoc = docTrees.getDocCommentTree(type);
            checkComment(typeName, typeDoc, out);
            if (type.getKind() == ElementKind.RECORD) {
                checkRecordComponents(type, typeName, typeDoc, docTrees, out);
            }
            for (Element member : type.getEnclosedElements()) {
                if (!isMember(member) || !env.isIncluded(member)) {
                    continue;
                }
                String name = typeName + "#" + memberName(member);
                if (docTrees.getPath(member) == null) {
                    continue; // no source: values/valueOf, a record's implicit members (components checked above)
                }
                if (member.getKind() == ElementKind.CONSTRUCTOR && elements.getOrigin(member) == Origin.MANDATED) {
                    if (type.getKind() != ElementKind.RECORD) {
                        out.add(name + ": implicit constructor; declare it with a comment, or make it private");
                    }
                    continue; // a record's implicit canonical constructor: documented by its @param tags
                }
                if (member instanceof ExecutableElement m && overridesApiMethod(m, type, env)) {
                    continue; // javadoc copies the overridden method's comment, checked where it is declared
                }
                checkComment(name, docTrees.getDocCommentTree(member), out);
            }
        }
        return new ArrayList<>(out);
    }

    private static boolean isMember(Element e) {
        return switch (e.getKind()) {
            case CONSTRUCTOR, METHOD, FIELD, ENUM_CONSTANT -> true;
            default -> false; // nested types are included elements of their own
        };
    }

    private static void checkComment(String name, DocCommentTree doc, Set<String> out) {
        if (doc == null) {
            out.add(name + ": no Javadoc comment");
            return;
        }
        if (!hasDescription(doc)) {
            out.add(name + ": Javadoc has no description");
        }
        if (!hasSince(doc)) {
            out.add(name + (doc.getFullBody().toString().contains("@since")
                            ? ": @since is part of the description; javadoc reads a block tag only at the start of a line"
                            : ": no @since"));
        }
    }

    /** A non-blank body, or a {@code @return} tag (javadoc turns it into the description). */
    private static boolean hasDescription(DocCommentTree doc) {
        if (nonBlank(doc.getFullBody())) {
            return true;
        }
        for (DocTree t : doc.getBlockTags()) {
            if (t instanceof ReturnTree r && nonBlank(r.getDescription())) {
                return true;
            }
        }
        return false;
    }

    private static boolean hasSince(DocCommentTree doc) {
        for (DocTree t : doc.getBlockTags()) {
            if (t instanceof SinceTree since && nonBlank(since.getBody())) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code trees} hold anything but whitespace (an inline tag such as {@code {@code x}} counts). */
    private static boolean nonBlank(List<? extends DocTree> trees) {
        for (DocTree t : trees) {
            if (!(t instanceof TextTree text) || !text.getBody().isBlank()) {
                return true;
            }
        }
        return false;
    }

    /** Each component whose accessor is implicit needs an {@code @param} in the record's comment. */
    private static void checkRecordComponents(TypeElement record, String typeName, DocCommentTree doc, DocTrees docTrees, Set<String> out) {
        Set<String> params = new HashSet<>();
        if (doc != null) {
            for (DocTree t : doc.getBlockTags()) {
                if (t instanceof ParamTree p && !p.isTypeParameter() && nonBlank(p.getDescription())) {
                    params.add(p.getName().getName().toString());
                }
            }
        }
        for (RecordComponentElement c : record.getRecordComponents()) {
            String component = c.getSimpleName().toString();
            ExecutableElement accessor = c.getAccessor();
            boolean implicit = accessor == null || docTrees.getPath(accessor) == null;
            if (implicit && !params.contains(component)) {
                out.add(typeName + "#" + component + "(): implicit record accessor; add @param " + component + " to the record's comment");
            }
        }
    }

    /** Whether {@code m} overrides a method declared in another included (API) type. */
    private static boolean overridesApiMethod(ExecutableElement m, TypeElement type, DocletEnvironment env) {
        if (m.getKind() != ElementKind.METHOD || m.getModifiers().contains(Modifier.STATIC)) {
            return false;
        }
        Elements elements = env.getElementUtils();
        Deque<TypeMirror> work = new ArrayDeque<>(env.getTypeUtils().directSupertypes(type.asType()));
        Set<String> seen = new HashSet<>();
        while (!work.isEmpty()) {
            TypeMirror t = work.pop();
            if (t.getKind() != TypeKind.DECLARED) {
                continue;
            }
            TypeElement superType = (TypeElement) ((DeclaredType) t).asElement();
            if (!seen.add(superType.getQualifiedName().toString())) {
                continue;
            }
            if (env.isIncluded(superType)) {
                for (ExecutableElement candidate : ElementFilter.methodsIn(superType.getEnclosedElements())) {
                    if (elements.overrides(m, candidate, type)) {
                        return true;
                    }
                }
            }
            work.addAll(env.getTypeUtils().directSupertypes(t));
        }
        return false;
    }

    /** {@code name}, {@code name(ParamType, ...)}, or {@code Type(ParamType, ...)} for a constructor. */
    static String memberName(Element e) {
        if (!(e instanceof ExecutableElement m)) {
            return e.getSimpleName().toString();
        }
        String name = m.getKind() == ElementKind.CONSTRUCTOR ? m.getEnclosingElement().getSimpleName().toString() : m.getSimpleName().toString();
        List<String> params = new ArrayList<>();
        for (VariableElement p : m.getParameters()) {
            params.add(simpleName(p.asType()));
        }
        return name + "(" + String.join(", ", params) + ")";
    }

    private static String simpleName(TypeMirror t) {
        if (t instanceof ArrayType a) {
            return simpleName(a.getComponentType()) + "[]";
        }
        if (t instanceof DeclaredType d) {
            return d.asElement().getSimpleName().toString();
        }
        return t.toString();
    }
}
