// A recursion that alternates JavaScript and Python frames, for SamplingStageTest: each JavaScript
// level calls a Python level directly, which calls the next JavaScript level through GraalPy's
// foreign-call builtin (a frame without a probe between them). At the bottom, by round: a Python
// loop (GraalPy replaces it on the stack when it runs long), a JavaScript loop, or a JavaScript
// error that unwinds the whole recursion, Python frames included, to the descent that catches it.
// A flat JavaScript loop between descents. Arguments: rounds, depth, work.
const args = typeof arguments !== 'undefined' ? Array.from(arguments) : [];
const rounds = parseInt(args[0] || '40'), depth = parseInt(args[1] || '120'), work = parseInt(args[2] || '200000');
const py = Polyglot.eval('python', `
def py_work(work):
    x = 1
    i = 0
    while i < work:
        x = (x * 1103515245 + 12345) & 0x7fffffff
        i += 1
    return x

def py_level(n, work, js_level, mode):
    if n == 0:
        if mode != 0:
            return js_level(-1, work, mode)
        return py_work(work)
    return (js_level(n - 1, work, mode) + 1) & 0xffffff

py_level
`);
function jsWork(work) {
    let x = 1;
    for (let i = 0; i < work; i++) { x = (x * 1103515245 + 12345) & 0x7fffffff; }
    return x;
}
function jsLevel(n, work, mode) {
    if (n < 0) {
        if (mode === 2) { throw new Error('unwind'); }
        return jsWork(work);
    }
    return (py(n, work, jsLevel, mode) + 1) & 0xffffff;
}
function descent(r) {
    const mode = r % 3 === 2 ? 2 : r % 2;
    try {
        return jsLevel(depth, work, mode);
    } catch (e) {
        if (!(e instanceof Error) || e.message !== 'unwind') { throw e; }
        return jsWork(work) & 0xff;
    }
}
function flat(n) {
    let x = 7;
    for (let i = 0; i < n; i++) { x = (x * 31 + i) & 0xffff; }
    return x;
}
let check = 0;
for (let r = 0; r < rounds; r++) {
    check = (check + descent(r) + flat(work * 4)) & 0xffffff;
}
console.log('polyglot-deep: ' + rounds + ' rounds, checksum ' + check);
