// Five phases of a made-up program, each timing itself (for split-check): a bytecode loop, a polymorphic
// visitor over 250-deep expression trees, generators, Map / Set work with string keys, and a 300-deep mutual
// recursion that unwinds between calls. Written 2026-12-02 against nothing (twenty-third session); a second
// argument prints each round's times (warm-up against steady state).
class Num { constructor(v) { this.v = v; } accept(vis, d) { return vis.num(this, d); } }
class Add { constructor(a, b) { this.a = a; this.b = b; } accept(vis, d) { return vis.add(this, d); } }
class Mul { constructor(a, b) { this.a = a; this.b = b; } accept(vis, d) { return vis.mul(this, d); } }
class Neg { constructor(a) { this.a = a; } accept(vis, d) { return vis.neg(this, d); } }
function build(depth, seed) {
    if (depth === 0) return new Num(seed % 7);
    switch ((seed + depth) % 4) {
        case 0: return new Add(build(depth - 1, seed * 3 + 1), new Num(depth));
        case 1: return new Mul(new Num(1 + (seed & 1)), build(depth - 1, seed + 5));
        case 2: return new Neg(build(depth - 1, seed + 11));
        default: return new Add(new Num(seed & 3), build(depth - 1, seed ^ 9));
    }
}
const evaluator = {
    num(n, d) { return n.v; },
    add(n, d) { return (n.a.accept(this, d + 1) + n.b.accept(this, d + 1)) | 0; },
    mul(n, d) { return Math.imul(n.a.accept(this, d + 1), n.b.accept(this, d + 1)) & 0xfffff; },
    neg(n, d) { return (-n.a.accept(this, d + 1)) | 0; },
};
const trees = [];
for (let i = 0; i < 8; i++) trees.push(build(250, i));
function visitPhase() {
    let s = 0;
    for (let k = 0; k < 4000; k++) s = (s + trees[k & 7].accept(evaluator, 0)) | 0;
    return s;
}
function interpPhase() {
    const code = [0, 1, 1, 3, 2, 5, 3, 7, 4, 0, 5, 2];
    let acc = 0, pc = 0, x = 1;
    for (let i = 0; i < 25000000; i++) {
        const op = code[pc], arg = code[pc + 1];
        switch (op) {
            case 0: acc = (acc + arg + x) | 0; break;
            case 1: x = (x * 3 + arg) & 0xffff; break;
            case 2: acc ^= x << (arg & 7); break;
            case 3: acc = (acc - x) | 0; break;
            case 4: x = (x + acc) & 0xffff; break;
            default: acc = (acc >>> 1) + arg;
        }
        pc = (pc + 2) % code.length;
    }
    return acc;
}
function* range(n) { for (let i = 0; i < n; i++) yield i; }
function* squares(it) { for (const v of it) yield (v * v) & 0xffff; }
function genPhase() {
    let s = 0;
    for (let r = 0; r < 4; r++) for (const v of squares(range(150000))) s = (s + v) | 0;
    return s;
}
function mapPhase() {
    const m = new Map(); const seen = new Set();
    let s = 0;
    for (let i = 0; i < 300000; i++) {
        const k = 'k' + (i % 5003);
        m.set(k, (m.get(k) || 0) + i);
        if (!seen.has(k)) { seen.add(k); s++; }
    }
    for (const [k, v] of m) s = (s + v + k.length) | 0;
    return s;
}
function isEven(n, w) { return n === 0 ? w : isOdd(n - 1, (w * 5 + n) & 0xffff); }
function isOdd(n, w) { return n === 0 ? w + 1 : isEven(n - 1, (w ^ n) & 0xffff); }
function mutualPhase() {
    let s = 0;
    for (let i = 0; i < 60000; i++) s = (s + isEven(300 + (i & 63), i)) | 0;
    return s;
}
const args = (typeof process !== 'undefined' && process.argv) ? process.argv.slice(2) : (typeof arguments !== 'undefined' ? Array.from(arguments) : []);
const rounds = args.length > 0 ? parseInt(args[0]) : 8;
const phases = [visitPhase, interpPhase, genPhase, mapPhase, mutualPhase];
const ms = {};
for (const p of phases) ms[p.name] = 0;
let check = 0;
for (let r = 0; r < rounds; r++) {
    const line = [];
    for (const p of phases) {
        const t0 = Date.now();
        check = (check + p()) | 0;
        const dt = Date.now() - t0;
        ms[p.name] += dt;
        if (args.length > 1) line.push(p.name.replace('Phase','') + ' ' + dt);
    }
    if (args.length > 1) console.log('round ' + r + ': ' + line.join(' '));
}
const sum = Object.values(ms).reduce((a, b) => a + b, 0);
console.log('five-phase: ' + rounds + ' rounds in ' + sum + ' ms, checksum ' + check + ', time by Date.now: ' +
    Object.keys(ms).map(k => k + ' ' + (100 * ms[k] / sum).toFixed(1) + '%').join(', '));
