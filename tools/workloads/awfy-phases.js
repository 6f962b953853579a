// Four kernels in the style of the Are-We-Fast-Yet benchmarks, written on 2026-12-03 as a program the
// profiler had not seen: Towers of Hanoi on linked disks (call-dense recursion), N-queens by
// backtracking with a closure, a chain of 3 000 constraints of five classes at one megamorphic call
// site, and a depth-first search of a 4 000-node graph that recurses up to 4 000 deep. Each phase
// times itself with Date.now (the split-check's line). Arguments: rounds (default 6); a second
// argument `v` prints each round's times as well (docs/sampling.md, *Spared frames priced in time*).
class Disk { constructor(size) { this.size = size; this.next = null; } }
class Towers {
  constructor() { this.piles = [null, null, null]; this.moves = 0; }
  push(d, p) { const top = this.piles[p]; if (top && d.size >= top.size) throw new Error('bad'); d.next = top; this.piles[p] = d; }
  pop(p) { const top = this.piles[p]; this.piles[p] = top.next; top.next = null; return top; }
  move(from, to) { this.push(this.pop(from), to); this.moves++; }
  moveDisks(n, from, to) { if (n === 1) { this.move(from, to); return; } const other = 3 - from - to; this.moveDisks(n - 1, from, other); this.move(from, to); this.moveDisks(n - 1, other, to); }
  run(n) { for (let i = n - 1; i >= 0; i--) this.push(new Disk(i), 0); this.moveDisks(n, 0, 1); return this.moves; }
}
function towers() { let t = 0; for (let k = 0; k < 12; k++) t = (t + new Towers().run(18)) | 0; return t; }
function queens() {
  let t = 0;
  for (let k = 0; k < 60; k++) {
    const n = 10; const cols = new Array(n).fill(true), d1 = new Array(2 * n).fill(true), d2 = new Array(2 * n).fill(true);
    let count = 0;
    const place = (r) => { if (r === n) { count++; return; } for (let c = 0; c < n; c++) { if (cols[c] && d1[r + c] && d2[r - c + n]) { cols[c] = d1[r + c] = d2[r - c + n] = false; place(r + 1); cols[c] = d1[r + c] = d2[r - c + n] = true; } } };
    place(0); t = (t + count) | 0;
  }
  return t;
}
class Constraint { constructor(v) { this.v = v; } }
class Equality extends Constraint { exec(x) { return x; } }
class Scale extends Constraint { exec(x) { return (x * this.v + 1) & 0xffff; } }
class Offset extends Constraint { exec(x) { return (x + this.v) & 0xffff; } }
class Stay extends Constraint { exec(x) { return x ^ this.v; } }
class Clamp extends Constraint { exec(x) { return x > this.v ? this.v : x; } }
const kinds = [Equality, Scale, Offset, Stay, Clamp];
function constraints() {
  const plan = []; let s = 7;
  for (let i = 0; i < 3000; i++) { s = (s * 1103515245 + 12345) & 0x7fffffff; plan.push(new kinds[s % kinds.length](s % 97 + 1)); }
  let t = 0;
  for (let k = 0; k < 4000; k++) { let x = k; for (let i = 0; i < plan.length; i++) x = plan[i].exec(x); t = (t + x) | 0; }
  return t;
}
function cfg() {
  const n = 4000; let t = 0;
  for (let k = 0; k < 60; k++) {
    const succ = []; let s = k + 3;
    for (let i = 0; i < n; i++) { const e = [i + 1 < n ? i + 1 : 0]; s = (s * 1103515245 + 12345) & 0x7fffffff; if (s % 3 === 0) e.push(s % n); succ.push(e); }
    const pre = new Int32Array(n).fill(-1); let counter = 0;
    const dfs = (v) => { pre[v] = counter++; const es = succ[v]; for (let j = 0; j < es.length; j++) if (pre[es[j]] < 0) dfs(es[j]); };
    dfs(0);
    let back = 0; for (let i = 0; i < n; i++) for (const w of succ[i]) if (pre[w] <= pre[i]) back++;
    t = (t + back + counter) | 0;
  }
  return t;
}
const args = (typeof arguments !== 'undefined') ? Array.from(arguments) : [];
const rounds = args.length > 0 ? parseInt(args[0]) : 6;
const fns = { towers, queens, constraints, cfg };
const ms = { towers: 0, queens: 0, constraints: 0, cfg: 0 };
let check = 0;
const verbose = args.length > 1 && args[1] === 'v';
for (let r = 0; r < rounds; r++) {
  const line = [];
  for (const name of Object.keys(ms)) {
    const t0 = Date.now();
    check = (check + fns[name]()) | 0;
    const d = Date.now() - t0;
    ms[name] += d;
    line.push(name + ' ' + d);
  }
  if (verbose) console.log('round ' + r + ': ' + line.join(', '));
}
const sum = Object.values(ms).reduce((a, b) => a + b, 0);
console.log('awfy-phases: ' + rounds + ' rounds in ' + sum + ' ms, checksum ' + check + ', time by Date.now: ' + Object.keys(ms).map(k => k + ' ' + (100 * ms[k] / sum).toFixed(1) + '%').join(', '));
