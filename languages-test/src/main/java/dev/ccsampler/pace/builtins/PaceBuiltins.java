package dev.ccsampler.pace.builtins;

import java.util.Map;
import java.util.function.Function;

import dev.ccsampler.pace.nodes.PaceExpressionNode;

/** The table the parser consults: builtin name → arity and node factory. */
public final class PaceBuiltins {

    /** One builtin: accepted argument counts ({@code maxArgs < 0}: no upper bound) and its factory. */
    public record Builtin(String name, int minArgs, int maxArgs, Function<PaceExpressionNode[], PaceBuiltinNode> factory) {

        public boolean accepts(int count) {
            return count >= minArgs && (maxArgs < 0 || count <= maxArgs);
        }

        public String arity() {
            if (maxArgs < 0) {
                return "at least " + minArgs + " argument" + (minArgs == 1 ? "" : "s");
            }
            return minArgs + " argument" + (minArgs == 1 ? "" : "s");
        }
    }

    private static final Map<String, Builtin> BUILTINS = Map.ofEntries(
                    Map.entry("repeat", new Builtin("repeat", 2, 2, PaceRepeatBuiltin::new)),
                    Map.entry("print", new Builtin("print", 1, 1, PacePrintBuiltin::new)),
                    Map.entry("str", new Builtin("str", 1, 1, PaceStrBuiltin::new)),
                    Map.entry("burn", new Builtin("burn", 1, 1, PaceBurnBuiltin::new)),
                    Map.entry("grind", new Builtin("grind", 1, 1, a -> new PaceBurnBuiltin(a, false))),
                    Map.entry("arg", new Builtin("arg", 2, 2, PaceArgBuiltin::new)),
                    Map.entry("nanoTime", new Builtin("nanoTime", 0, 0, PaceNanoTimeBuiltin::new)),
                    Map.entry("spawn", new Builtin("spawn", 1, -1, PaceSpawnBuiltin::new)),
                    Map.entry("join", new Builtin("join", 1, 1, PaceJoinBuiltin::new)),
                    Map.entry("sleep", new Builtin("sleep", 1, 1, PaceSleepBuiltin::new)),
                    Map.entry("exit", new Builtin("exit", 1, 1, PaceExitBuiltin::new)));

    private PaceBuiltins() {
    }

    /** The builtin called {@code name}, or null. */
    public static Builtin lookup(String name) {
        return BUILTINS.get(name);
    }
}
