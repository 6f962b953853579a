# Polyglot (written 2026-12-05, forty-third session): GraalPy driving JavaScript, four phases that
# time themselves with the monotonic clock, for `ccsampler split-check --run-option=--polyglot`:
#   mixed_deep   a recursion that alternates Python and JavaScript frames 160 deep, JavaScript work
#                at the bottom;
#   js_flat      one call into a JavaScript loop;
#   py_flat      the same arithmetic in a Python loop;
#   cross_dense  a Python loop that calls a one-line JavaScript function.
# Shares are of inclusive time among the four. 8 rounds, or the first argument. Its
# JavaScript-driven twin: poly-phases.js. docs/languages.md, *Polyglot programs*.
import polyglot, sys, time

js = polyglot.eval(language="js", string="""
(function () {
    function jsBottom(work) {
        let x = 1;
        for (let i = 0; i < work; i++) { x = (x * 1103515245 + 12345) & 0x7fffffff; }
        return x;
    }
    function jsDescend(n, work, pyDescend) {
        return n === 0 ? jsBottom(work) : (pyDescend(n - 1, work) + 1) | 0;
    }
    function jsFlat(n) {
        let x = 1;
        for (let i = 0; i < n; i++) { x = (x * 1103515245 + 12345) & 0x7fffffff; }
        return x;
    }
    function jsTiny(i, acc) { return (acc * 31 + i) & 0xffff; }
    return {descend: jsDescend, flat: jsFlat, tiny: jsTiny};
})()
""")
js_descend, js_flat_fn, js_tiny = js.descend, js.flat, js.tiny

def py_descend(n, work):
    return js_descend(n, work, py_descend) if n == 0 else (js_descend(n - 1, work, py_descend) + 1) & 0xffffffff

def mixed_deep():
    s = 0
    for _ in range(4):
        s = (s + py_descend(160, 3000000)) & 0xffffffff
    return s

def js_flat():
    return js_flat_fn(12000000)

def py_flat():
    x = 1
    i = 0
    while i < 1500000:
        x = (x * 1103515245 + 12345) & 0x7fffffff
        i += 1
    return x

def cross_dense():
    acc = 7
    for i in range(300000):
        acc = js_tiny(i, acc)
    return acc

rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 8
phases = [mixed_deep, js_flat, py_flat, cross_dense]
ns = {p.__name__: 0 for p in phases}
check = 0
for r in range(rounds):
    for p in phases:
        t0 = time.perf_counter_ns()
        check = (check + p()) & 0xffffffff
        dt = time.perf_counter_ns() - t0
        ns[p.__name__] += dt
total = sum(ns.values())
print("py-poly-phases: %d rounds in %d ms, checksum %d, time by perf_counter: %s" % (
    rounds, total // 1000000, check, ", ".join("%s %.1f%%" % (k, 100.0 * v / total) for k, v in ns.items())))
