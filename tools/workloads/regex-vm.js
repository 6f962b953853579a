// A backtracking regular-expression engine: a recursive-descent pattern compiler to a node graph,
// and a matcher that recurses per node (deep, polymorphic: one call site, many node kinds).
// Written on 2026-11-28 as a program the profiler had not seen (docs/bursting.md); not in the
// bench's suite, since its iterations never settle on 2 cores (11 to 118 ms late in a 100-iteration
// process, with or without a profiler). Run it with: bin/ccsampler bench --burst --pairs 1 tools/workloads/regex-vm.js
class Node { constructor() { this.next = null; } }
class Char extends Node { constructor(c) { super(); this.c = c; } match(s, i, k) { return i < s.length && s[i] === this.c ? this.next.match(s, i + 1, k) : -1; } }
class Any extends Node { match(s, i, k) { return i < s.length ? this.next.match(s, i + 1, k) : -1; } }
class Cls extends Node { constructor(lo, hi) { super(); this.lo = lo; this.hi = hi; } match(s, i, k) { if (i >= s.length) return -1; const c = s.charCodeAt(i); return c >= this.lo && c <= this.hi ? this.next.match(s, i + 1, k) : -1; } }
class Alt extends Node { constructor(a, b) { super(); this.a = a; this.b = b; } match(s, i, k) { const r = this.a.match(s, i, k); return r >= 0 ? r : this.b.match(s, i, k); } }
class Star extends Node { constructor(body) { super(); this.body = body; } match(s, i, k) { const r = this.body.match(s, i, { tail: this, i }); return r >= 0 ? r : this.next.match(s, i, k); } }
class Loop extends Node { match(s, i, k) { return i === k.i ? -1 : k.tail.match(s, i, k); } }
class End extends Node { match(s, i, k) { return i; } }
function compile(p) {
  let pos = 0;
  function seq(next) { const items = []; while (pos < p.length && p[pos] !== '|' && p[pos] !== ')') items.push(atom()); let n = next; for (let j = items.length - 1; j >= 0; j--) n = items[j](n); return n; }
  function alt(next) { let a = seq(next); while (p[pos] === '|') { pos++; a = new Alt(a, seq(next)); } return a; }
  function atom() {
    let make; const c = p[pos++];
    if (c === '(') { const save = pos; let depth = 1; while (depth) { if (p[pos] === '(') depth++; if (p[pos] === ')') depth--; pos++; } const inner = p.slice(save, pos - 1); make = n => { const q = pos; pos = 0; const old = p; p = inner; const r = alt(n); p = old; pos = q; return r; }; }
    else if (c === '.') make = n => { const x = new Any(); x.next = n; return x; };
    else if (c === '[') { const lo = p.charCodeAt(pos), hi = p.charCodeAt(pos + 2); pos += 4; make = n => { const x = new Cls(lo, hi); x.next = n; return x; }; }
    else make = n => { const x = new Char(c); x.next = n; return x; };
    if (p[pos] === '*') { pos++; const inner = make; return n => { const st = new Star(null); const lp = new Loop(); st.body = inner(lp); st.next = n; return st; }; }
    return make;
  }
  return alt(new End());
}
function search(re, s) { let n = 0; for (let i = 0; i < s.length; ) { const e = re.match(s, i, null); if (e > i) { n++; i = e; } else i++; } return n; }
const patterns = ['[a-z]*@[a-z]*', '(ab|cd)*e', 'x[0-9][0-9]*y', '(a|b|c)*(d|e)', 'th(e|is|at)*'];
const texts = [];
for (let t = 0; t < 20; t++) { let s = ''; for (let j = 0; j < 400; j++) s += 'abcdexyz0123th @'[(j * 7 + t * 13 + (j >> 3)) % 16]; texts.push(s); }
let sink = 0;
(function iteration() {
  for (let rep = 0; rep < 4; rep++) for (const p of patterns) { const re = compile(p); for (const s of texts) sink = (sink + search(re, s)) | 0; }
  return sink;
});
