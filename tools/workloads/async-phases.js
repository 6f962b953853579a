// Four phases of the control flow modern JavaScript is written in, each timing itself with
// Date.now, so every run prints its own truth:
//   awaitPhase  an async function that awaits on every step of its loop (its frame leaves the stack
//               and comes back from the job queue a hundred thousand times a round), working on a
//               small queue of orders between the awaits;
//   genPhase    a lazy pipeline of generators (range, map, filter, windowed sums, `yield*`);
//   parsePhase  a backtracking recursive-descent parser of arithmetic that throws to backtrack,
//               caught several frames up;
//   mapPhase    plain code: objects in a Map, counted and sorted.
// Written on 2026-11-28 as a program the profiler had not seen (docs/accuracy.md). Shares are of
// the time among the four phases. Arguments: rounds (default 6).

// --- awaitPhase ---
function price(order) {
  let p = order.qty * order.unit;
  for (let i = 0; i < 40; i++) p = (p * 1.0001 + (i & 3)) % 1e9;
  return p;
}
async function awaitPhase(seed) {
  let total = 0, s = seed;
  const queue = [];
  for (let i = 0; i < 200000; i++) {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    queue.push({ qty: 1 + (s & 15), unit: 1 + ((s >> 4) & 255) });
    if (queue.length > 8) total += price(queue.shift());
    await (i & 1 ? null : s);
  }
  while (queue.length) total += price(queue.shift());
  return total | 0;
}

// --- genPhase ---
function* range(n) { for (let i = 0; i < n; i++) yield i; }
function* map(src, f) { for (const x of src) yield f(x); }
function* filter(src, p) { for (const x of src) if (p(x)) yield x; }
function* windows(src, w) {
  const buf = [];
  for (const x of src) {
    buf.push(x);
    if (buf.length === w) { yield buf.reduce((a, b) => a + b, 0); buf.shift(); }
  }
}
function* both(a, b) { yield* a; yield* b; }
function genPhase(seed) {
  let t = seed;
  for (let k = 0; k < 2; k++) {
    const sq = map(range(40000), x => (x * x + k) % 7919);
    const odd = filter(sq, x => (x & 1) === 1);
    for (const v of both(windows(odd, 5), windows(map(range(30000), x => x ^ k), 3))) t = (t + v) | 0;
  }
  return t;
}

// --- parsePhase ---
class Backtrack extends Error {}
function parseExpr(src, pos) {
  // expr := term ('+' expr)? | term ('-' expr)?  tried in turn, backtracking by exception
  const left = parseTerm(src, pos);
  for (const op of ['+', '-']) {
    try {
      if (src[left.pos] !== op) throw new Backtrack();
      const right = parseExpr(src, left.pos + 1);
      return { v: op === '+' ? left.v + right.v : left.v - right.v, pos: right.pos };
    } catch (e) {
      if (!(e instanceof Backtrack)) throw e;
    }
  }
  return left;
}
function parseTerm(src, pos) {
  const left = parseAtom(src, pos);
  try {
    if (src[left.pos] !== '*') throw new Backtrack();
    const right = parseTerm(src, left.pos + 1);
    return { v: (left.v * right.v) % 100003, pos: right.pos };
  } catch (e) {
    if (!(e instanceof Backtrack)) throw e;
    return left;
  }
}
function parseAtom(src, pos) {
  if (src[pos] === '(') {
    const inner = parseExpr(src, pos + 1);
    if (src[inner.pos] !== ')') throw new Backtrack();
    return { v: inner.v, pos: inner.pos + 1 };
  }
  let v = 0, p = pos;
  while (p < src.length && src.charCodeAt(p) >= 48 && src.charCodeAt(p) <= 57) v = v * 10 + src.charCodeAt(p++) - 48;
  if (p === pos) throw new Backtrack();
  return { v, pos: p };
}
function makeExpr(s, depth) {
  s.x = (s.x * 69069 + 1) & 0xffffff;
  if (depth === 0 || (s.x & 7) === 0) return String(s.x % 1000);
  const ops = '+-*';
  const e = makeExpr(s, depth - 1) + ops[s.x % 3] + makeExpr(s, depth - 1);
  return (s.x & 16) ? '(' + e + ')' : e;
}
const exprs = [];
{ const s = { x: 7 }; for (let i = 0; i < 12; i++) exprs.push(makeExpr(s, 8)); }
function parsePhase(seed) {
  let t = seed;
  for (let k = 0; k < 2; k++) for (const e of exprs) t = (t + parseExpr(e, 0).v) | 0;
  return t;
}

// --- mapPhase ---
function mapPhase(seed) {
  let t = seed;
  for (let k = 0; k < 4; k++) {
    const counts = new Map();
    let s = k + 1;
    for (let i = 0; i < 150000; i++) {
      s = (s * 1103515245 + 12345) & 0x7fffffff;
      const key = 'k' + (s % 5000);
      const c = counts.get(key);
      if (c) c.n++; else counts.set(key, { key, n: 1 });
    }
    const top = [...counts.values()].sort((a, b) => b.n - a.n || (a.key < b.key ? -1 : 1));
    t = (t + top[0].n + top.length) | 0;
  }
  return t;
}

const args = (typeof process !== 'undefined' && process.argv) ? process.argv.slice(2) : (typeof arguments !== 'undefined' ? Array.from(arguments) : []);
const rounds = args.length > 0 ? parseInt(args[0]) : 6;
const ms = { awaitPhase: 0, genPhase: 0, parsePhase: 0, mapPhase: 0 };
(async function main() {
  let check = 0;
  for (let r = 0; r < rounds; r++) {
    let t0 = Date.now();
    check = (check + await awaitPhase(r + 1)) | 0;
    ms.awaitPhase += Date.now() - t0;
    if (globalThis.DEBUGR) console.log(r, 'await', Date.now() - t0);
    for (const name of ['genPhase', 'parsePhase', 'mapPhase']) {
      t0 = Date.now();
      check = (check + globalThis[name](r)) | 0;
      ms[name] += Date.now() - t0;
      if (globalThis.DEBUGR) console.log(r, name, Date.now() - t0);
    }
  }
  const sum = Object.values(ms).reduce((a, b) => a + b, 0);
  console.log('async-phases: ' + rounds + ' rounds in ' + sum + ' ms, checksum ' + check + ', time by Date.now: ' +
    Object.keys(ms).map(k => k + ' ' + (100 * ms[k] / sum).toFixed(1) + '%').join(', '));
})();
