// A document round trip, as a serialization library's tests run it: build a random document tree,
// serialize it by hand, parse it back with a recursive-descent parser class, compare and count.
// Written for this suite on 2026-11-28, first run as a program the profiler had not seen: call-dense
// (about 170 000 calls an iteration), with five recursive phases per document whose call densities
// differ, so bursts that fill their length and bursts cut by the next walk see different code.
function rng(seed) { let s = seed >>> 0; return () => { s = (s * 1103515245 + 12345) >>> 0; return s / 4294967296; }; }
function makeValue(r, depth) {
  const k = r();
  if (depth > 4 || k < 0.3) {
    if (k < 0.1) return Math.floor(r() * 1000);
    if (k < 0.2) return 'str' + Math.floor(r() * 100);
    if (k < 0.25) return r() < 0.5;
    return null;
  }
  if (k < 0.6) { const a = []; const n = 1 + Math.floor(r() * 5); for (let i = 0; i < n; i++) a.push(makeValue(r, depth + 1)); return a; }
  const o = {}; const n = 1 + Math.floor(r() * 5);
  for (let i = 0; i < n; i++) o['k' + i] = makeValue(r, depth + 1);
  return o;
}
function quote(s) { let out = '"'; for (let i = 0; i < s.length; i++) { const c = s[i]; out += (c === '"' || c === '\\') ? '\\' + c : c; } return out + '"'; }
function ser(v) {
  if (v === null) return 'null';
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (typeof v === 'string') return quote(v);
  if (Array.isArray(v)) return '[' + v.map(ser).join(',') + ']';
  return '{' + Object.keys(v).map(k => quote(k) + ':' + ser(v[k])).join(',') + '}';
}
class Parser {
  constructor(t) { this.t = t; this.i = 0; }
  peek() { return this.t.charCodeAt(this.i); }
  expect(c) { if (this.t[this.i] !== c) throw new Error('expected ' + c + ' at ' + this.i); this.i++; }
  value() {
    const c = this.t[this.i];
    if (c === '{') return this.object();
    if (c === '[') return this.array();
    if (c === '"') return this.string();
    if (c === 'n') { this.i += 4; return null; }
    if (c === 't') { this.i += 4; return true; }
    if (c === 'f') { this.i += 5; return false; }
    return this.number();
  }
  object() { this.expect('{'); const o = {}; if (this.t[this.i] === '}') { this.i++; return o; }
    for (;;) { const k = this.string(); this.expect(':'); o[k] = this.value(); if (this.t[this.i] === ',') { this.i++; continue; } this.expect('}'); return o; } }
  array() { this.expect('['); const a = []; if (this.t[this.i] === ']') { this.i++; return a; }
    for (;;) { a.push(this.value()); if (this.t[this.i] === ',') { this.i++; continue; } this.expect(']'); return a; } }
  string() { this.expect('"'); let s = ''; for (;;) { const c = this.t[this.i++]; if (c === '"') return s; if (c === '\\') s += this.t[this.i++]; else s += c; } }
  number() { let j = this.i; while (j < this.t.length) { const c = this.t.charCodeAt(j); if ((c < 48 || c > 57) && c !== 45) break; j++; } const n = +this.t.slice(this.i, j); this.i = j; return n; }
}
function equal(a, b) {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) { if (!Array.isArray(b) || a.length !== b.length) return false; for (let i = 0; i < a.length; i++) if (!equal(a[i], b[i])) return false; return true; }
  const ka = Object.keys(a), kb = Object.keys(b); if (ka.length !== kb.length) return false;
  for (const k of ka) if (!equal(a[k], b[k])) return false; return true;
}
function count(v) { if (v === null || typeof v !== 'object') return 1; let n = 1; for (const k in v) n += count(v[k]); return n; }
let sink = 0;
(function iteration() {
  const r = rng(42);
  for (let d = 0; d < 300; d++) {
    const doc = makeValue(r, 0);
    const text = ser(doc);
    const back = new Parser(text).value();
    if (!equal(doc, back)) throw new Error('mismatch');
    sink = (sink + count(back) + text.length) | 0;
  }
  return sink;
});
