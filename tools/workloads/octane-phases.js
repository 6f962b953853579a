// Four phases in the style of the Octane suite (written for ccsampler, no code taken from Octane),
// each timing itself with Date.now so every run prints the split a profiler must find:
//   rewrite  simplifies random arithmetic terms with rewrite rules, as Boyer's prover does:
//            recursion over trees 14 deep, small polymorphic functions, many allocations;
//   bignum   multiplies 40-limb numbers (arrays of 26-bit limbs, the product cut to 40 limbs) and
//            sums them, as Crypto's RSA does its arithmetic: a multiply-accumulate helper called
//            millions of times from nested loops;
//   fluid    steps a 96 x 96 stable-fluids grid (diffuse, advect, project) in Float64Arrays, as
//            NavierStokes does: flat compiled loops, few calls;
//   lists    maps, filters, folds and merge-sorts cons lists of 2 500 cells with closures, as
//            Earley-Boyer's Scheme runtime does: map, filter, a right fold, an append and the merge
//            recurse as deep as the list is long (2 500 to 5 000).
// Shares are of inclusive time among the four. Arguments: rounds (default 10), 'v' for per-round times.

// ---- rewrite ----
function Num(v) { this.v = v; }
Num.prototype.kind = 0;
function Var(n) { this.n = n; }
Var.prototype.kind = 1;
function Add(a, b) { this.a = a; this.b = b; }
Add.prototype.kind = 2;
function Mul(a, b) { this.a = a; this.b = b; }
Mul.prototype.kind = 3;
function Neg(a) { this.a = a; }
Neg.prototype.kind = 4;

let seed = 17;
function rnd(n) { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed % n; }

function randomTerm(depth) {
  if (depth === 0 || rnd(7) === 0) return rnd(3) === 0 ? new Var(rnd(4)) : new Num(rnd(5));
  switch (rnd(5)) {
    case 0: case 1: return new Add(randomTerm(depth - 1), randomTerm(depth - 1));
    case 2: case 3: return new Mul(randomTerm(depth - 1), randomTerm(depth - 1));
    default: return new Neg(randomTerm(depth - 1));
  }
}
function isNum(t, v) { return t.kind === 0 && (v === undefined || t.v === v); }
function simplifyAdd(a, b) {
  if (isNum(a, 0)) return b;
  if (isNum(b, 0)) return a;
  if (isNum(a) && isNum(b)) return new Num((a.v + b.v) | 0);
  if (b.kind === 4 && equal(a, b.a)) return new Num(0);
  return new Add(a, b);
}
function simplifyMul(a, b) {
  if (isNum(a, 0) || isNum(b, 0)) return new Num(0);
  if (isNum(a, 1)) return b;
  if (isNum(b, 1)) return a;
  if (isNum(a) && isNum(b)) return new Num(Math.imul(a.v, b.v));
  if (a.kind === 2 && size(a) + size(b) < 24) return simplifyAdd(simplifyMul(a.a, b), simplifyMul(a.b, b));
  return new Mul(a, b);
}
function simplifyNeg(a) {
  if (a.kind === 4) return a.a;
  if (isNum(a)) return new Num(-a.v | 0);
  return new Neg(a);
}
function simplify(t) {
  switch (t.kind) {
    case 2: return simplifyAdd(simplify(t.a), simplify(t.b));
    case 3: return simplifyMul(simplify(t.a), simplify(t.b));
    case 4: return simplifyNeg(simplify(t.a));
    default: return t;
  }
}
function equal(x, y) {
  if (x.kind !== y.kind) return false;
  switch (x.kind) {
    case 0: return x.v === y.v;
    case 1: return x.n === y.n;
    case 4: return equal(x.a, y.a);
    default: return equal(x.a, y.a) && equal(x.b, y.b);
  }
}
function size(t) {
  switch (t.kind) {
    case 0: case 1: return 1;
    case 4: return 1 + size(t.a);
    default: return 1 + size(t.a) + size(t.b);
  }
}
function evaluate(t, env) {
  switch (t.kind) {
    case 0: return t.v;
    case 1: return env[t.n];
    case 2: return (evaluate(t.a, env) + evaluate(t.b, env)) | 0;
    case 3: return Math.imul(evaluate(t.a, env), evaluate(t.b, env));
    default: return -evaluate(t.a, env) | 0;
  }
}
function rewrite() {
  let check = 0;
  const env = [3, 5, 7, 11];
  for (let k = 0; k < 4400; k++) {
    const t = randomTerm(14);
    const s = simplify(t);
    if (evaluate(t, env) !== evaluate(s, env)) throw new Error('rewrite changed a value');
    check = (check + size(s) + evaluate(s, env)) | 0;
  }
  return check;
}

// ---- bignum ----
const LIMB = 26, MASK = (1 << LIMB) - 1, N = 40;
// w[j] += x * y + carry over one limb, in two 13-bit halves so no product passes 2^53
function mulAdd(x, y, w, j, c) {
  const xl = x & 0x1fff, xh = x >> 13, yl = y & 0x1fff, yh = y >> 13;
  const m = xh * yl + xl * yh;
  const lo = xl * yl + ((m & 0x1fff) << 13) + w[j] + c;
  w[j] = lo & MASK;
  return xh * yh + Math.floor(m / 8192) + Math.floor(lo / (MASK + 1));
}
function multiply(a, b, out) {
  out.fill(0);
  for (let i = 0; i < N; i++) {
    let c = 0;
    const x = a[i];
    for (let j = 0; i + j < N; j++) c = mulAdd(x, b[j], out, i + j, c);
  }
  return out;
}
function addInto(a, b) {
  let c = 0;
  for (let i = 0; i < N; i++) { const s = a[i] + b[i] + c; a[i] = s & MASK; c = s >> LIMB; }
}
function bignum() {
  const a = new Array(N), b = new Array(N), t = new Array(N).fill(0), acc = new Array(N).fill(0);
  for (let i = 0; i < N; i++) { a[i] = rnd(MASK); b[i] = rnd(MASK); }
  for (let k = 0; k < 30000; k++) {
    multiply(a, b, t);
    addInto(acc, t);
    for (let i = 0; i < N; i++) { a[i] = b[i]; b[i] = t[i] | 1; }
  }
  let check = 0;
  for (let i = 0; i < N; i++) check = (check * 31 + acc[i]) | 0;
  return check;
}

// ---- fluid ----
const G = 96, SZ = (G + 2) * (G + 2);
function ix(i, j) { return i + (G + 2) * j; }
function setBounds(b, x) {
  for (let i = 1; i <= G; i++) {
    x[ix(0, i)] = b === 1 ? -x[ix(1, i)] : x[ix(1, i)];
    x[ix(G + 1, i)] = b === 1 ? -x[ix(G, i)] : x[ix(G, i)];
    x[ix(i, 0)] = b === 2 ? -x[ix(i, 1)] : x[ix(i, 1)];
    x[ix(i, G + 1)] = b === 2 ? -x[ix(i, G)] : x[ix(i, G)];
  }
}
function linSolve(b, x, x0, a, c) {
  for (let k = 0; k < 20; k++) {
    for (let j = 1; j <= G; j++) {
      let row = j * (G + 2);
      for (let i = 1; i <= G; i++) {
        const p = row + i;
        x[p] = (x0[p] + a * (x[p - 1] + x[p + 1] + x[p - G - 2] + x[p + G + 2])) / c;
      }
    }
    setBounds(b, x);
  }
}
function advect(b, d, d0, u, v, dt) {
  const dt0 = dt * G;
  for (let j = 1; j <= G; j++) {
    for (let i = 1; i <= G; i++) {
      let x = i - dt0 * u[ix(i, j)], y = j - dt0 * v[ix(i, j)];
      x = x < 0.5 ? 0.5 : x > G + 0.5 ? G + 0.5 : x;
      y = y < 0.5 ? 0.5 : y > G + 0.5 ? G + 0.5 : y;
      const i0 = x | 0, j0 = y | 0, s1 = x - i0, t1 = y - j0;
      d[ix(i, j)] = (1 - s1) * ((1 - t1) * d0[ix(i0, j0)] + t1 * d0[ix(i0, j0 + 1)]) +
                    s1 * ((1 - t1) * d0[ix(i0 + 1, j0)] + t1 * d0[ix(i0 + 1, j0 + 1)]);
    }
  }
  setBounds(b, d);
}
function project(u, v, p, div) {
  for (let j = 1; j <= G; j++) for (let i = 1; i <= G; i++) {
    div[ix(i, j)] = -0.5 * (u[ix(i + 1, j)] - u[ix(i - 1, j)] + v[ix(i, j + 1)] - v[ix(i, j - 1)]) / G;
    p[ix(i, j)] = 0;
  }
  setBounds(0, div); setBounds(0, p);
  linSolve(0, p, div, 1, 4);
  for (let j = 1; j <= G; j++) for (let i = 1; i <= G; i++) {
    u[ix(i, j)] -= 0.5 * G * (p[ix(i + 1, j)] - p[ix(i - 1, j)]);
    v[ix(i, j)] -= 0.5 * G * (p[ix(i, j + 1)] - p[ix(i, j - 1)]);
  }
  setBounds(1, u); setBounds(2, v);
}
function fluid() {
  const u = new Float64Array(SZ), v = new Float64Array(SZ), u0 = new Float64Array(SZ), v0 = new Float64Array(SZ);
  const d = new Float64Array(SZ), d0 = new Float64Array(SZ);
  const dt = 0.1, visc = 0.0001, diff = 0.0001;
  for (let step = 0; step < 25; step++) {
    u0[ix(G >> 1, G >> 1)] += 5; v0[ix(G >> 1, G >> 1)] += 3; d0[ix(G >> 2, G >> 2)] += 50;
    let a = dt * visc * G * G;
    linSolve(1, u0, u, a, 1 + 4 * a); linSolve(2, v0, v, a, 1 + 4 * a);
    project(u0, v0, u, v);
    advect(1, u, u0, u0, v0, dt); advect(2, v, v0, u0, v0, dt);
    project(u, v, u0, v0);
    a = dt * diff * G * G;
    linSolve(0, d0, d, a, 1 + 4 * a);
    advect(0, d, d0, u, v, dt);
  }
  let check = 0;
  for (let i = 0; i < SZ; i += 97) check = (check + Math.floor(d[i] * 1000)) | 0;
  return check;
}

// ---- lists ----
function Cons(car, cdr) { this.car = car; this.cdr = cdr; }
function fromRange(n) { let l = null; for (let i = n; i > 0; i--) l = new Cons(rnd(10000), l); return l; }
function map(f, l) { return l === null ? null : new Cons(f(l.car), map(f, l.cdr)); }
function filter(p, l) { return l === null ? null : p(l.car) ? new Cons(l.car, filter(p, l.cdr)) : filter(p, l.cdr); }
function foldr(f, z, l) { return l === null ? z : f(l.car, foldr(f, z, l.cdr)); }
function append(a, b) { return a === null ? b : new Cons(a.car, append(a.cdr, b)); }
function split(l) {
  let a = null, b = null, flip = false;
  for (; l !== null; l = l.cdr, flip = !flip) { if (flip) b = new Cons(l.car, b); else a = new Cons(l.car, a); }
  return [a, b];
}
function merge(a, b) {
  if (a === null) return b;
  if (b === null) return a;
  return a.car <= b.car ? new Cons(a.car, merge(a.cdr, b)) : new Cons(b.car, merge(a, b.cdr));
}
function msort(l) {
  if (l === null || l.cdr === null) return l;
  const [a, b] = split(l);
  return merge(msort(a), msort(b));
}
function lists() {
  let check = 0;
  for (let k = 0; k < 250; k++) {
    const l = fromRange(2500);
    const m = map(x => (x * 7 + k) % 10007, l);
    const f = filter(x => (x & 3) !== 0, m);
    const s = msort(append(f, map(x => x >> 1, f)));
    check = (check + foldr((x, acc) => (acc * 31 + x) | 0, k, s)) | 0;
  }
  return check;
}

const args = (typeof arguments !== 'undefined') ? Array.from(arguments) : [];
const rounds = args.length > 0 ? parseInt(args[0]) : 10;
const verbose = args.length > 1 && args[1] === 'v';
const fns = { rewrite, bignum, fluid, lists };
const ms = { rewrite: 0, bignum: 0, fluid: 0, lists: 0 };
let check = 0;
const start = Date.now();
for (let r = 0; r < rounds; r++) {
  const line = [];
  for (const name of Object.keys(ms)) {
    const t0 = Date.now();
    check = (check + fns[name]()) | 0;
    const d = Date.now() - t0;
    ms[name] += d;
    line.push(name + ' ' + d + (verbose ? ' (ends at ' + (Date.now() - start) + ')' : ''));
  }
  if (verbose) console.log('round ' + r + ': ' + line.join(', '));
}
const sum = Object.values(ms).reduce((a, b) => a + b, 0);
console.log('octane-phases: ' + rounds + ' rounds in ' + sum + ' ms, checksum ' + check + ', time by Date.now: ' +
  Object.keys(ms).map(k => k + ' ' + (100 * ms[k] / sum).toFixed(1) + '%').join(', '));
