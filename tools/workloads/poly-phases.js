// Polyglot (written 2026-12-05, forty-third session): JavaScript driving GraalPy, four phases that
// time themselves with Date.now, for `ccsampler split-check --run-option=--polyglot`:
//   mixedDeep   a recursion that alternates JavaScript and Python frames 160 deep (320 guest frames,
//               with the interop frames between them), Python work at the bottom;
//   pyFlat      one call into a Python loop;
//   jsFlat      the same arithmetic in a JavaScript loop;
//   crossDense  a JavaScript loop that calls a one-line Python function (a language crossing a call).
// Shares are of inclusive time among the four. Most of its time is warm-up: GraalPy interprets
// the first rounds. 6 rounds, or the first argument. Its GraalPy-driven twin: py-poly-phases.py.
// docs/languages.md, *Polyglot programs*.
const py = Polyglot.eval('python', `
def py_bottom(work):
    x = 1
    i = 0
    while i < work:
        x = (x * 1103515245 + 12345) & 0x7fffffff
        i += 1
    return x

def py_descend(n, work, js_descend):
    if n == 0:
        return py_bottom(work)
    return (js_descend(n - 1, work) + 1) & 0xffffffff

def py_flat(n):
    x = 1
    i = 0
    while i < n:
        x = (x * 1103515245 + 12345) & 0x7fffffff
        i += 1
    return x

def py_tiny(i, acc):
    return (acc * 31 + i) & 0xffff

{'descend': py_descend, 'flat': py_flat, 'tiny': py_tiny}
`);
const pyDescend = py['descend'], pyFlatFn = py['flat'], pyTiny = py['tiny'];
function jsDescend(n, work) {
    return n === 0 ? pyDescend(0, work, jsDescend) : (pyDescend(n - 1, work, jsDescend) + 1) | 0;
}
function mixedDeep() {
    let s = 0;
    for (let k = 0; k < 4; k++) { s = (s + jsDescend(160, 400000)) | 0; }
    return s;
}
function pyFlat() { return pyFlatFn(1600000); }
function jsFlat() {
    let x = 1;
    for (let i = 0; i < 12000000; i++) { x = (x * 1103515245 + 12345) & 0x7fffffff; }
    return x;
}
function crossDense() {
    let acc = 7;
    for (let i = 0; i < 300000; i++) { acc = pyTiny(i, acc); }
    return acc;
}
const args = (typeof process !== 'undefined' && process.argv) ? process.argv.slice(2) : (typeof arguments !== 'undefined' ? Array.from(arguments) : []);
const rounds = args.length > 0 ? parseInt(args[0]) : 6;
const phases = {mixedDeep, pyFlat, jsFlat, crossDense};
const ms = {mixedDeep: 0, pyFlat: 0, jsFlat: 0, crossDense: 0};
let check = 0;
for (let r = 0; r < rounds; r++) {
    for (const k of Object.keys(phases)) {
        const t0 = Date.now();
        check = (check + phases[k]()) | 0;
        ms[k] += Date.now() - t0;
    }
}
const sum = Object.values(ms).reduce((a, b) => a + b, 0);
console.log('poly-phases: ' + rounds + ' rounds in ' + sum + ' ms, checksum ' + check + ', time by Date.now: ' +
    Object.keys(ms).map(k => k + ' ' + (100 * ms[k] / sum).toFixed(1) + '%').join(', '));
