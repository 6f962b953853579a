package dev.ccsampler.pace.parser;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.oracle.truffle.api.frame.FrameDescriptor;
import com.oracle.truffle.api.frame.FrameSlotKind;
import com.oracle.truffle.api.source.Source;
import com.oracle.truffle.api.source.SourceSection;

import dev.ccsampler.pace.PaceException;
import dev.ccsampler.pace.PaceLanguage;
import dev.ccsampler.pace.builtins.PaceBuiltinNode;
import dev.ccsampler.pace.builtins.PaceBuiltins;
import dev.ccsampler.pace.nodes.PaceAddNodeGen;
import dev.ccsampler.pace.nodes.PaceBlockNode;
import dev.ccsampler.pace.nodes.PaceCompareNode;
import dev.ccsampler.pace.nodes.PaceCompareNodeGen;
import dev.ccsampler.pace.nodes.PaceConstantNode;
import dev.ccsampler.pace.nodes.PaceDivNodeGen;
import dev.ccsampler.pace.nodes.PaceEqualNodeGen;
import dev.ccsampler.pace.nodes.PaceExpressionNode;
import dev.ccsampler.pace.nodes.PaceFunctionBodyNode;
import dev.ccsampler.pace.nodes.PaceFunctionLiteralNode;
import dev.ccsampler.pace.nodes.PaceGlobalFunctionNode;
import dev.ccsampler.pace.nodes.PaceIfNode;
import dev.ccsampler.pace.nodes.PaceInvokeNode;
import dev.ccsampler.pace.nodes.PaceLogicalNode;
import dev.ccsampler.pace.nodes.PaceModNodeGen;
import dev.ccsampler.pace.nodes.PaceMulNodeGen;
import dev.ccsampler.pace.nodes.PaceNegateNodeGen;
import dev.ccsampler.pace.nodes.PaceNotNodeGen;
import dev.ccsampler.pace.nodes.PaceReadArgumentNode;
import dev.ccsampler.pace.nodes.PaceReadCapturedNode;
import dev.ccsampler.pace.nodes.PaceReadLocalNodeGen;
import dev.ccsampler.pace.nodes.PaceReturnNode;
import dev.ccsampler.pace.nodes.PaceRootNode;
import dev.ccsampler.pace.nodes.PaceSubNodeGen;
import dev.ccsampler.pace.nodes.PaceThrowNode;
import dev.ccsampler.pace.nodes.PaceTryCatchNode;
import dev.ccsampler.pace.nodes.PaceWhileNode;
import dev.ccsampler.pace.nodes.PaceWhileRepeatingNode;
import dev.ccsampler.pace.nodes.PaceWriteLocalNodeGen;
import dev.ccsampler.pace.parser.PaceToken.Kind;
import dev.ccsampler.pace.runtime.PaceFunction;
import dev.ccsampler.pace.runtime.PaceNull;

/**
 * Hand-written recursive-descent parser from Pace source to Truffle ASTs.
 *
 * <p>
 * Grammar (precedence from loosest to tightest):
 *
 * <pre>
 * program    = { function | statement }
 * function   = "fn" IDENT "(" [ IDENT { "," IDENT } ] ")" block
 * statement  = "let" IDENT "=" expr ";" | IDENT "=" expr ";" | "if" "(" expr ")" block [ "else" ( if | block ) ]
 *            | "while" "(" expr ")" block | "return" [ expr ] ";" | "throw" expr ";"
 *            | "try" block "catch" "(" IDENT ")" block | block | expr ";"
 * expr       = or;  or = and { "||" and };  and = equality { "&amp;&amp;" equality }
 * equality   = compare { ("==" | "!=") compare };  compare = sum { ("&lt;" | "&lt;=" | "&gt;" | "&gt;=") sum }
 * sum        = product { ("+" | "-") product };  product = unary { ("*" | "/" | "%") unary }
 * unary      = ("!" | "-") unary | call;  call = primary { "(" [ expr { "," expr } ] ")" }
 * primary    = INT | FLOAT | STRING | "true" | "false" | "null" | IDENT | "(" expr ")"
 *            | "fn" "(" params ")" block
 * </pre>
 *
 * <p>
 * Names are resolved while parsing: a {@code let} variable of the current function (block
 * scoped, one frame slot each), then — inside a function literal — a variable of an enclosing
 * function, which is captured by value; then a top-level {@code fn} (found by a pre-scan, so
 * functions may be used before they are declared); builtins are recognised only when called.
 * Top-level functions do not see the top-level program's variables.
 */
public final class PaceParser {

    /** The name of the root that runs the top-level statements. */
    public static final String PROGRAM_NAME = ":program";

    private final PaceLanguage language;
    private final Source source;
    private final List<PaceToken> tokens;
    private int index;
    private int previousEnd;
    private final Set<String> globalNames = new HashSet<>();
    private final Map<String, PaceFunction> functions = new HashMap<>();
    private FunctionScope scope;
    private FunctionScope programScope;

    /** Variables and captures of one function being parsed. */
    private static final class FunctionScope {
        final FunctionScope parent;
        final String name;
        final FrameDescriptor.Builder frame = FrameDescriptor.newBuilder().defaultValue(PaceNull.SINGLETON);
        final Deque<Map<String, Integer>> blocks = new ArrayDeque<>();
        final List<PaceExpressionNode> prologue = new ArrayList<>();
        /** Read nodes evaluated in the enclosing function when the literal is created. */
        final List<PaceExpressionNode> captures = new ArrayList<>();

        FunctionScope(FunctionScope parent, String name) {
            this.parent = parent;
            this.name = name;
            blocks.push(new HashMap<>());
        }

        Integer lookupLocal(String variable) {
            for (Map<String, Integer> block : blocks) {
                Integer slot = block.get(variable);
                if (slot != null) {
                    return slot;
                }
            }
            return null;
        }
    }

    private PaceParser(PaceLanguage language, Source source) {
        this.language = language;
        this.source = source;
        this.tokens = new PaceLexer(source).tokenize();
    }

    /** Parses a whole source; the returned root runs the top-level statements. */
    public static PaceRootNode parse(PaceLanguage language, Source source) {
        return new PaceParser(language, source).program();
    }

    private PaceRootNode program() {
        prescanFunctions();
        scope = new FunctionScope(null, PROGRAM_NAME);
        programScope = scope;
        List<PaceExpressionNode> statements = new ArrayList<>();
        int start = peek().start();
        while (peek().kind() != Kind.EOF) {
            if (peek().is("fn") && peek(1).kind() == Kind.IDENT) {
                namedFunction();
            } else {
                statements.add(statement());
            }
        }
        PaceBlockNode block = at(new PaceBlockNode(statements.toArray(PaceExpressionNode[]::new)), start);
        SourceSection whole = source.createSection(0, source.getLength());
        PaceFunctionBodyNode body = new PaceFunctionBodyNode(new PaceExpressionNode[0], block);
        body.setSourceSection(whole);
        return new PaceRootNode(language, scope.frame.build(), body, PROGRAM_NAME, whole);
    }

    /** Collects the names of all top-level functions so calls may precede declarations. */
    private void prescanFunctions() {
        int depth = 0;
        for (int i = 0; i < tokens.size() - 1; i++) {
            PaceToken t = tokens.get(i);
            if (t.is("{")) {
                depth++;
            } else if (t.is("}")) {
                depth--;
            } else if (depth == 0 && t.is("fn") && tokens.get(i + 1).kind() == Kind.IDENT) {
                globalNames.add(tokens.get(i + 1).text());
            }
        }
    }

    private void namedFunction() {
        int start = expect("fn").start();
        PaceToken nameToken = expectKind(Kind.IDENT, "function name");
        String name = nameToken.text();
        if (PaceBuiltins.lookup(name) != null) {
            throw error(nameToken, "cannot declare function '" + name + "': it is a builtin");
        }
        if (functions.containsKey(name)) {
            throw error(nameToken, "function '" + name + "' is already declared");
        }
        FunctionScope outer = scope;
        scope = new FunctionScope(null, name);
        try {
            PaceRootNode root = functionRest(start, name);
            functions.put(name, new PaceFunction(name, root.getCallTarget(), new Object[0]));
        } finally {
            scope = outer;
        }
    }

    /** Parameters and body of a function; {@link #scope} is the function's new scope. */
    private PaceRootNode functionRest(int start, String name) {
        expect("(");
        int parameter = 0;
        if (!peek().is(")")) {
            do {
                PaceToken p = expectKind(Kind.IDENT, "parameter name");
                int slot = declare(p);
                PaceExpressionNode read = at(new PaceReadArgumentNode(parameter++), p);
                scope.prologue.add(at(PaceWriteLocalNodeGen.create(read, slot), p));
            } while (accept(","));
        }
        expect(")");
        PaceExpressionNode block = block();
        SourceSection section = source.createSection(start, previousEnd - start);
        PaceFunctionBodyNode body = new PaceFunctionBodyNode(scope.prologue.toArray(PaceExpressionNode[]::new), block);
        body.setSourceSection(section);
        return new PaceRootNode(language, scope.frame.build(), body, name, section);
    }

    private PaceExpressionNode block() {
        int start = expect("{").start();
        scope.blocks.push(new HashMap<>());
        List<PaceExpressionNode> statements = new ArrayList<>();
        try {
            while (!peek().is("}")) {
                if (peek().kind() == Kind.EOF) {
                    throw error(peek(), "expected '}' but found end of file");
                }
                statements.add(statement());
            }
            expect("}");
        } finally {
            scope.blocks.pop();
        }
        return at(new PaceBlockNode(statements.toArray(PaceExpressionNode[]::new)), start);
    }

    private PaceExpressionNode statement() {
        PaceToken first = peek();
        int start = first.start();
        PaceExpressionNode result;
        if (accept("let")) {
            PaceToken name = expectKind(Kind.IDENT, "variable name");
            expect("=");
            PaceExpressionNode value = expression();
            expect(";");
            int slot = declare(name);
            result = PaceWriteLocalNodeGen.create(value, slot);
        } else if (first.kind() == Kind.IDENT && peek(1).is("=")) {
            advance();
            advance();
            Integer slot = resolveLocal(first.text(), scope);
            if (slot == null) {
                throw error(first, "cannot assign to '" + first.text() + "': no variable with that name is declared here (use 'let')");
            }
            PaceExpressionNode value = expression();
            expect(";");
            result = PaceWriteLocalNodeGen.create(value, slot);
        } else if (first.is("if")) {
            result = ifStatement();
        } else if (accept("while")) {
            expect("(");
            PaceExpressionNode condition = expression();
            expect(")");
            PaceExpressionNode body = block();
            PaceWhileRepeatingNode repeating = new PaceWhileRepeatingNode(condition, body);
            repeating.setSourceSection(source.createSection(start, previousEnd - start));
            result = new PaceWhileNode(repeating);
        } else if (accept("return")) {
            if (scope == programScope) {
                throw error(first, "'return' outside of a function");
            }
            PaceExpressionNode value = peek().is(";") ? null : expression();
            expect(";");
            result = new PaceReturnNode(value);
        } else if (accept("throw")) {
            PaceExpressionNode value = expression();
            expect(";");
            result = new PaceThrowNode(value);
        } else if (accept("try")) {
            PaceExpressionNode tryBlock = block();
            expect("catch");
            expect("(");
            PaceToken name = expectKind(Kind.IDENT, "catch variable name");
            expect(")");
            scope.blocks.push(new HashMap<>());
            try {
                int slot = declare(name, FrameSlotKind.Object);
                PaceExpressionNode catchBlock = block();
                result = new PaceTryCatchNode(tryBlock, slot, catchBlock);
            } finally {
                scope.blocks.pop();
            }
        } else if (first.is("{")) {
            result = block();
        } else {
            result = expression();
            expect(";");
        }
        if (result.getSourceSection() == null) {
            at(result, start); // expression statements keep the expression's own section
        }
        result.markStatement();
        return result;
    }

    private PaceExpressionNode ifStatement() {
        int start = expect("if").start();
        expect("(");
        PaceExpressionNode condition = expression();
        expect(")");
        PaceExpressionNode thenPart = block();
        PaceExpressionNode elsePart = null;
        if (accept("else")) {
            if (peek().is("if")) {
                elsePart = ifStatement();
                elsePart.markStatement();
            } else {
                elsePart = block();
            }
        }
        return at(new PaceIfNode(condition, thenPart, elsePart), start);
    }

    private PaceExpressionNode expression() {
        int start = peek().start();
        PaceExpressionNode left = and();
        while (accept("||")) {
            left = at(new PaceLogicalNode(left, and(), false), start);
        }
        return left;
    }

    private PaceExpressionNode and() {
        int start = peek().start();
        PaceExpressionNode left = equality();
        while (accept("&&")) {
            left = at(new PaceLogicalNode(left, equality(), true), start);
        }
        return left;
    }

    private PaceExpressionNode equality() {
        int start = peek().start();
        PaceExpressionNode left = comparison();
        while (peek().is("==") || peek().is("!=")) {
            boolean negated = advance().is("!=");
            left = at(PaceEqualNodeGen.create(negated, left, comparison()), start);
        }
        return left;
    }

    private PaceExpressionNode comparison() {
        int start = peek().start();
        PaceExpressionNode left = sum();
        while (true) {
            PaceCompareNode.Op op;
            if (peek().is("<")) {
                op = PaceCompareNode.Op.LT;
            } else if (peek().is("<=")) {
                op = PaceCompareNode.Op.LE;
            } else if (peek().is(">")) {
                op = PaceCompareNode.Op.GT;
            } else if (peek().is(">=")) {
                op = PaceCompareNode.Op.GE;
            } else {
                return left;
            }
            advance();
            left = at(PaceCompareNodeGen.create(op, left, sum()), start);
        }
    }

    private PaceExpressionNode sum() {
        int start = peek().start();
        PaceExpressionNode left = product();
        while (peek().is("+") || peek().is("-")) {
            boolean plus = advance().is("+");
            PaceExpressionNode right = product();
            left = at(plus ? PaceAddNodeGen.create(left, right) : PaceSubNodeGen.create(left, right), start);
        }
        return left;
    }

    private PaceExpressionNode product() {
        int start = peek().start();
        PaceExpressionNode left = unary();
        while (peek().is("*") || peek().is("/") || peek().is("%")) {
            String op = advance().text();
            PaceExpressionNode right = unary();
            left = at(switch (op) {
                case "*" -> PaceMulNodeGen.create(left, right);
                case "/" -> PaceDivNodeGen.create(left, right);
                default -> PaceModNodeGen.create(left, right);
            }, start);
        }
        return left;
    }

    private PaceExpressionNode unary() {
        int start = peek().start();
        if (accept("!")) {
            return at(PaceNotNodeGen.create(unary()), start);
        }
        if (accept("-")) {
            return at(PaceNegateNodeGen.create(unary()), start);
        }
        return call();
    }

    private PaceExpressionNode call() {
        int start = peek().start();
        PaceToken first = peek();
        PaceExpressionNode result;
        PaceBuiltins.Builtin builtin = first.kind() == Kind.IDENT && peek(1).is("(") && !isDeclaredName(first.text()) ? PaceBuiltins.lookup(first.text()) : null;
        if (builtin != null) {
            advance();
            PaceExpressionNode[] arguments = arguments();
            if (!builtin.accepts(arguments.length)) {
                throw error(first, "builtin '" + builtin.name() + "' takes " + builtin.arity() + " but is called with " + arguments.length);
            }
            PaceBuiltinNode node = builtin.factory().apply(arguments);
            result = at(node, start);
        } else {
            result = primary();
        }
        while (peek().is("(")) {
            PaceExpressionNode[] arguments = arguments();
            PaceInvokeNode invoke = new PaceInvokeNode(result, arguments);
            invoke.setCallSection(source.createSection(start, previousEnd - start));
            result = invoke;
        }
        return result;
    }

    private PaceExpressionNode[] arguments() {
        expect("(");
        List<PaceExpressionNode> arguments = new ArrayList<>();
        if (!peek().is(")")) {
            do {
                arguments.add(expression());
            } while (accept(","));
        }
        expect(")");
        return arguments.toArray(PaceExpressionNode[]::new);
    }

    private PaceExpressionNode primary() {
        PaceToken t = advance();
        int start = t.start();
        switch (t.kind()) {
            case INT:
                return at(new PaceConstantNode(Long.parseLong(t.text())), t);
            case FLOAT:
                return at(new PaceConstantNode(Double.parseDouble(t.text())), t);
            case STRING:
                return at(new PaceConstantNode(t.text()), t);
            case IDENT:
                return at(variable(t), t);
            default:
                break;
        }
        if (t.is("true") || t.is("false")) {
            return at(new PaceConstantNode(t.is("true")), t);
        } else if (t.is("null")) {
            return at(new PaceConstantNode(PaceNull.SINGLETON), t);
        } else if (t.is("(")) {
            PaceExpressionNode inner = expression();
            expect(")");
            return inner;
        } else if (t.is("fn")) {
            return functionLiteral(start, t);
        }
        throw error(t, "expected an expression but found " + t.describe());
    }

    private PaceExpressionNode functionLiteral(int start, PaceToken fnToken) {
        if (peek().kind() == Kind.IDENT) {
            throw error(peek(), "named functions are declared at top level only; write 'let " + peek().text() + " = fn (...) { ... };'");
        }
        String name = "lambda@" + fnToken.line();
        FunctionScope outer = scope;
        scope = new FunctionScope(outer, name);
        FunctionScope literalScope = scope;
        PaceRootNode root;
        try {
            root = functionRest(start, name);
        } finally {
            scope = outer;
        }
        PaceExpressionNode[] captures = literalScope.captures.toArray(PaceExpressionNode[]::new);
        return at(new PaceFunctionLiteralNode(name, root.getCallTarget(), captures), start);
    }

    private PaceExpressionNode variable(PaceToken name) {
        Integer slot = resolveLocal(name.text(), scope);
        if (slot != null) {
            return PaceReadLocalNodeGen.create(slot);
        }
        if (globalNames.contains(name.text())) {
            return new PaceGlobalFunctionNode(name.text(), functions);
        }
        if (PaceBuiltins.lookup(name.text()) != null) {
            throw error(name, "builtin '" + name.text() + "' can only be called, it is not a value");
        }
        if (programScope != scope && programScope.lookupLocal(name.text()) != null && !isInsideProgramLiteral()) {
            throw error(name, "'" + name.text() + "' is a top-level variable, which functions cannot see; pass it as an argument");
        }
        throw error(name, "undefined name '" + name.text() + "'");
    }

    /**
     * The slot of {@code variable} in {@code in}, capturing it from enclosing function literals'
     * scopes if needed (each capture gets its own slot, filled by the prologue); null if unknown.
     */
    private Integer resolveLocal(String variable, FunctionScope in) {
        Integer slot = in.lookupLocal(variable);
        if (slot != null || in.parent == null) {
            return slot;
        }
        Integer outerSlot = resolveLocal(variable, in.parent);
        if (outerSlot == null) {
            return null;
        }
        PaceToken use = tokens.get(Math.max(0, index - 1));
        SourceSection here = source.createSection(use.start(), use.end() - use.start());
        int captureIndex = in.captures.size();
        PaceExpressionNode outerRead = PaceReadLocalNodeGen.create(outerSlot);
        outerRead.setSourceSection(here);
        in.captures.add(outerRead);
        int innerSlot = in.frame.addSlot(FrameSlotKind.Illegal, variable, null);
        in.blocks.peekLast().put(variable, innerSlot);
        PaceExpressionNode read = new PaceReadCapturedNode(captureIndex);
        read.setSourceSection(here);
        PaceExpressionNode write = PaceWriteLocalNodeGen.create(read, innerSlot);
        write.setSourceSection(here);
        in.prologue.add(write);
        return innerSlot;
    }

    private boolean isInsideProgramLiteral() {
        for (FunctionScope s = scope; s != null; s = s.parent) {
            if (s == programScope) {
                return true;
            }
        }
        return false;
    }

    private boolean isDeclaredName(String name) {
        return resolveLocal(name, scope) != null || globalNames.contains(name);
    }

    private int declare(PaceToken name) {
        return declare(name, FrameSlotKind.Illegal);
    }

    private int declare(PaceToken name, FrameSlotKind kind) {
        Map<String, Integer> block = scope.blocks.peek();
        if (block.containsKey(name.text())) {
            throw error(name, "variable '" + name.text() + "' is already declared in this block");
        }
        int slot = scope.frame.addSlot(kind, name.text(), null);
        block.put(name.text(), slot);
        return slot;
    }

    // ---- token helpers ----

    private PaceToken peek() {
        return tokens.get(index);
    }

    private PaceToken peek(int ahead) {
        return tokens.get(Math.min(index + ahead, tokens.size() - 1));
    }

    private PaceToken advance() {
        PaceToken t = tokens.get(index);
        if (t.kind() != Kind.EOF) {
            index++;
            previousEnd = t.end();
        }
        return t;
    }

    private boolean accept(String text) {
        if (peek().is(text)) {
            advance();
            return true;
        }
        return false;
    }

    private PaceToken expect(String text) {
        if (!peek().is(text)) {
            throw error(peek(), "expected '" + text + "' but found " + peek().describe());
        }
        return advance();
    }

    private PaceToken expectKind(Kind kind, String what) {
        if (peek().kind() != kind) {
            throw error(peek(), "expected " + what + " but found " + peek().describe());
        }
        return advance();
    }

    private <T extends PaceExpressionNode> T at(T node, int start) {
        node.setSourceSection(source.createSection(start, previousEnd - start));
        return node;
    }

    private <T extends PaceExpressionNode> T at(T node, PaceToken token) {
        node.setSourceSection(source.createSection(token.start(), token.end() - token.start()));
        return node;
    }

    private PaceException error(PaceToken at, String message) {
        return PaceException.syntaxError("Parse error at " + source.getName() + ":" + at.line() + ":" + at.column() + ": " + message,
                        source.createSection(at.start(), at.end() - at.start()));
    }
}
