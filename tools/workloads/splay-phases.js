// Three phases that time themselves with Date.now, written on 2026-12-01 as a program the profiler
// had not seen: a splay tree in the manner of Octane's Splay (a large live heap of payload trees,
// one node inserted and one removed per step, so the collector works hard and its pauses fall in
// this phase), word counting with Map and string builtins, and a mutually recursive evaluator of
// expression trees 400 deep through closures of several shapes. docs/accuracy.md.
// Arguments: rounds (default 6).
class SplayNode { constructor(key, value) { this.key = key; this.value = value; this.left = null; this.right = null; } }
class SplayTree {
  constructor() { this.root = null; }
  splay(key) {
    if (this.root === null) return;
    const dummy = new SplayNode(null, null);
    let left = dummy, right = dummy, current = this.root;
    for (;;) {
      if (key < current.key) {
        if (current.left === null) break;
        if (key < current.left.key) { const t = current.left; current.left = t.right; t.right = current; current = t; if (current.left === null) break; }
        right.left = current; right = current; current = current.left;
      } else if (key > current.key) {
        if (current.right === null) break;
        if (key > current.right.key) { const t = current.right; current.right = t.left; t.left = current; current = t; if (current.right === null) break; }
        left.right = current; left = current; current = current.right;
      } else break;
    }
    left.right = current.left; right.left = current.right;
    current.left = dummy.right; current.right = dummy.left;
    this.root = current;
  }
  insert(key, value) {
    if (this.root === null) { this.root = new SplayNode(key, value); return; }
    this.splay(key);
    if (this.root.key === key) return;
    const node = new SplayNode(key, value);
    if (key > this.root.key) { node.left = this.root; node.right = this.root.right; this.root.right = null; }
    else { node.right = this.root; node.left = this.root.left; this.root.left = null; }
    this.root = node;
  }
  remove(key) {
    this.splay(key);
    if (this.root === null || this.root.key !== key) return null;
    const removed = this.root;
    if (this.root.left === null) this.root = this.root.right;
    else { const right = this.root.right; this.root = this.root.left; this.splay(key); this.root.right = right; }
    return removed;
  }
  findGreatestLessThan(key) {
    if (this.root === null) return null;
    this.splay(key);
    if (this.root.key < key) return this.root;
    if (this.root.left === null) return null;
    let n = this.root.left; while (n.right !== null) n = n.right; return n;
  }
}
let seed = 49734321;
function random() { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed / 0x7fffffff; }
function payload(depth, key) {
  if (depth === 0) return { array: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], string: 'String for key ' + key + ' in leaf node' };
  return { left: payload(depth - 1, key), right: payload(depth - 1, key) };
}
const tree = new SplayTree();
function insertNew() { let key; do { key = random(); } while (tree.findGreatestLessThan(key) !== null && tree.root.key === key); tree.insert(key, payload(5, key)); return key; }
for (let i = 0; i < 8000; i++) insertNew();
function splayPhase() {
  let t = 0;
  for (let i = 0; i < 8000; i++) {
    const key = insertNew();
    const g = tree.findGreatestLessThan(key);
    const removed = tree.remove(g === null ? key : g.key);
    if (removed !== null) t = (t + (removed.value.left ? 1 : 2)) | 0;
  }
  return t;
}
const words = [];
for (let i = 0; i < 3000; i++) words.push('w' + ((i * 7919) % 1500).toString(36) + (i % 11 === 0 ? 'ing' : ''));
function mapPhase() {
  let t = 0;
  for (let k = 0; k < 30; k++) {
    const counts = new Map();
    for (let i = 0; i < words.length; i++) {
      const w = words[(i * (k + 3)) % words.length].toUpperCase();
      counts.set(w, (counts.get(w) || 0) + 1);
    }
    for (const [w, c] of counts) if (w.endsWith('ING')) t = (t + c + w.length) | 0;
    t = (t + JSON.stringify([...counts.entries()].slice(0, 200)).length) | 0;
  }
  return t;
}
const ops = [
  (a, b) => (a + b) | 0,
  (a, b) => (a * 31 + b) & 0xffff,
  (a, b) => (a ^ (b << 1)) | 0,
  (a, b) => Math.max(a, b) - Math.min(a, b),
];
function mk(depth, i) {
  if (depth === 0) return { kind: 'lit', v: i & 255 };
  if (depth % 3 === 0) return { kind: 'neg', e: mk(depth - 1, i + 1) };
  return { kind: 'bin', op: ops[(depth + i) & 3], l: { kind: 'lit', v: depth & 63 }, r: mk(depth - 1, i * 5 + 1) };
}
function evalBin(e) { return e.op(evalExpr(e.l), evalExpr(e.r)); }
function evalNeg(e) { return (-evalExpr(e.e)) & 0xffff; }
function evalExpr(e) { return e.kind === 'lit' ? e.v : e.kind === 'bin' ? evalBin(e) : evalNeg(e); }
const exprs = []; for (let i = 0; i < 8; i++) exprs.push(mk(400, i));
function recursePhase() { let t = 0; for (let k = 0; k < 4500; k++) t = (t + evalExpr(exprs[k & 7])) | 0; return t; }
const args = (typeof process !== 'undefined' && process.argv) ? process.argv.slice(2) : (typeof arguments !== 'undefined' ? Array.from(arguments) : []);
const rounds = args.length > 0 ? parseInt(args[0]) : 6;
const ms = { splayPhase: 0, mapPhase: 0, recursePhase: 0 };
let check = 0;
for (let r = 0; r < rounds; r++) {
  for (const name of Object.keys(ms)) {
    const t0 = Date.now();
    check = (check + globalThis[name]()) | 0;
    ms[name] += Date.now() - t0;
  }
}
const sum = Object.values(ms).reduce((a, b) => a + b, 0);
console.log('splay-phases: ' + rounds + ' rounds in ' + sum + ' ms, checksum ' + check + ', time by Date.now: ' +
  Object.keys(ms).map(k => k + ' ' + (100 * ms[k] / sum).toFixed(1) + '%').join(', '));
