// Four phases that time themselves, each with Date.now, so every run prints its own truth: a
// recursive tree build and walk (call-dense, allocating), a sort with a guest comparator (guest
// calls under a builtin), string building and regular expressions (mostly builtins), and a
// 120-deep chain of polymorphic method calls doing its work at the bottom, in a counted loop that
// does not poll. Written on 2026-11-28 as a program the profiler had not seen (docs/sampling.md).
// Arguments: rounds (default 6).
class Leaf { constructor(v) { this.v = v; } sum() { return this.v; } }
class Pair { constructor(l, r) { this.l = l; this.r = r; } sum() { return (this.l.sum() + this.r.sum()) | 0; } }
function build(d, s) { return d === 0 ? new Leaf(s & 1023) : new Pair(build(d - 1, s * 3 + 1), build(d - 1, s * 7 + 2)); }
function treePhase() { let t = 0; for (let k = 0; k < 6; k++) t = (t + build(16, k).sum()) | 0; return t; }
function sortPhase() {
  let t = 0;
  for (let k = 0; k < 4; k++) {
    const a = []; let s = k + 1;
    for (let i = 0; i < 40000; i++) { s = (s * 1103515245 + 12345) & 0x7fffffff; a.push({ key: s % 100000, tag: i }); }
    a.sort((x, y) => x.key - y.key || x.tag - y.tag);
    t = (t + a[0].key + a[a.length - 1].key) | 0;
  }
  return t;
}
function stringPhase() {
  let t = 0;
  for (let k = 0; k < 20; k++) {
    let s = '';
    for (let i = 0; i < 4000; i++) s += 'item' + i + (i % 3 === 0 ? ' foo ' : ' bar ');
    t = (t + s.replace(/foo|bar/g, m => m.toUpperCase()).split(' ').length) | 0;
  }
  return t;
}
class A { step(n, w) { return n === 0 ? grind(w) : (this.next.step(n - 1, w) + 1) | 0; } }
class B extends A { step(n, w) { return n === 0 ? grind(w) : (this.next.step(n - 1, w) + 2) | 0; } }
class C extends A { step(n, w) { return n === 0 ? grind(w) : (this.next.step(n - 1, w) + 3) | 0; } }
function grind(w) { let x = 1; for (let i = 0; i < w; i++) x = (x * 69069 + 1) & 0xffffff; return x; }
const chain = []; for (let i = 0; i < 130; i++) chain.push(i % 3 === 0 ? new A() : i % 3 === 1 ? new B() : new C());
for (let i = 0; i < 129; i++) chain[i].next = chain[i + 1];
function deepPhase() { let t = 0; for (let k = 0; k < 8; k++) t = (t + chain[0].step(120, 2500000)) | 0; return t; }
const args = (typeof process !== 'undefined' && process.argv) ? process.argv.slice(2) : (typeof arguments !== 'undefined' ? Array.from(arguments) : []);
const rounds = args.length > 0 ? parseInt(args[0]) : 6;
const ms = { treePhase: 0, sortPhase: 0, stringPhase: 0, deepPhase: 0 };
let check = 0;
for (let r = 0; r < rounds; r++) {
  for (const name of Object.keys(ms)) {
    const t0 = Date.now();
    check = (check + globalThis[name]()) | 0;
    ms[name] += Date.now() - t0;
  }
}
const sum = Object.values(ms).reduce((a, b) => a + b, 0);
console.log('four-phase: ' + rounds + ' rounds in ' + sum + ' ms, checksum ' + check + ', time by Date.now: ' +
  Object.keys(ms).map(k => k + ' ' + (100 * ms[k] / sum).toFixed(1) + '%').join(', '));
