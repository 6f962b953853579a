// The list phase of octane-phases.js alone: a list built in a loop (fromRange), mapped and filtered
// by recursions as deep as the list is long, every cell a call of Cons. Cons's calls by caller are
// 1 : 1 : 0.75 (fromRange : map : filter): what bursting must count (docs/bursting.md).
// Arguments: list length, iterations.
function Cons(car, cdr) { this.car = car; this.cdr = cdr; }
let seed = 17;
function rnd(n) { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed % n; }
function fromRange(n) { let l = null; for (let i = n; i > 0; i--) l = new Cons(rnd(10000), l); return l; }
function map(f, l) { return l === null ? null : new Cons(f(l.car), map(f, l.cdr)); }
function filter(p, l) { return l === null ? null : p(l.car) ? new Cons(l.car, filter(p, l.cdr)) : filter(p, l.cdr); }
const args = (typeof arguments !== 'undefined') ? Array.from(arguments) : [];
const n = parseInt(args[0]), iters = parseInt(args[1]);
let check = 0;
for (let k = 0; k < iters; k++) {
  const l = fromRange(n);
  const m = map(x => (x * 7 + k) % 10007, l);
  const f = filter(x => (x & 3) !== 0, m);
  check = (check + (f === null ? 0 : f.car)) | 0;
}
console.log('map-filter: checksum ' + check);
