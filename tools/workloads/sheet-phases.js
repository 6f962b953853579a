// A small spreadsheet engine, timing its own phases: parse formulas (recursive descent), order the
// cells by their dependencies (a depth-first search down long chains), evaluate the cells through
// polymorphic formula nodes, and render the sheet as CSV text.
class Num { constructor(v) { this.v = v; } eval(s) { return this.v; } }
class Ref { constructor(n) { this.n = n; } eval(s) { return s.value(this.n); } }
class Add { constructor(a, b) { this.a = a; this.b = b; } eval(s) { return this.a.eval(s) + this.b.eval(s); } }
class Mul { constructor(a, b) { this.a = a; this.b = b; } eval(s) { return this.a.eval(s) * this.b.eval(s) % 1000003; } }
class Sum { constructor(from, to) { this.from = from; this.to = to; }
  eval(s) { let t = 0; for (let i = this.from; i <= this.to; i++) t += s.value('C' + i); return t % 1000003; } }
class Call { constructor(f, args) { this.f = f; this.args = args; }
  eval(s) { const xs = this.args.map(a => a.eval(s)); return this.f === 'MAX' ? Math.max(...xs) : Math.min(...xs); } }

function tokenize(text) {
  const out = []; let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === ' ') { i++; continue; }
    if (/[0-9]/.test(c)) { let j = i; while (j < text.length && /[0-9]/.test(text[j])) j++; out.push({ k: 'num', v: +text.slice(i, j) }); i = j; continue; }
    if (/[A-Z]/.test(c)) { let j = i; while (j < text.length && /[A-Z0-9]/.test(text[j])) j++; out.push({ k: 'id', v: text.slice(i, j) }); i = j; continue; }
    out.push({ k: c }); i++;
  }
  return out;
}
function parse(text) {
  const t = tokenize(text); let p = 0;
  function expr() { let l = term(); while (p < t.length && t[p].k === '+') { p++; l = new Add(l, term()); } return l; }
  function term() { let l = atom(); while (p < t.length && t[p].k === '*') { p++; l = new Mul(l, atom()); } return l; }
  function atom() {
    const x = t[p++];
    if (x.k === 'num') return new Num(x.v);
    if (x.k === '(') { const e = expr(); p++; return e; }
    if (x.k === 'id' && p < t.length && t[p].k === '(') {
      p++; const args = [expr()]; while (t[p].k === ',') { p++; args.push(expr()); } p++;
      if (x.v === 'SUM') return new Sum(+args[0].v, +args[1].v);
      return new Call(x.v, args);
    }
    return new Ref(x.v);
  }
  return expr();
}
function makeSheet(n) {
  const src = {};
  for (let i = 0; i < n; i++) {
    const k = i % 5;
    if (i < 3) src['C' + i] = String(i + 1);
    else if (k === 0) src['C' + i] = 'C' + (i - 1) + ' + C' + (i - 2) + ' * 3';
    else if (k === 1) src['C' + i] = '(C' + (i - 1) + ' + 7) * (C' + (i - 3) + ' + 1)';
    else if (k === 2) src['C' + i] = 'MAX(C' + (i - 1) + ', C' + (i - 2) + ', 11) + 1';
    else if (k === 3) src['C' + i] = 'SUM(' + Math.max(0, i - 8) + ', ' + (i - 1) + ')';
    else src['C' + i] = 'MIN(C' + (i - 1) + ' * 2, C' + (i - 3) + ' + 99)';
  }
  return src;
}
class Sheet {
  constructor(formulas) { this.f = formulas; this.vals = new Map(); }
  value(n) { return this.vals.get(n); }
}
function deps(node, out) {
  if (node instanceof Ref) out.push(node.n);
  else if (node instanceof Add || node instanceof Mul) { deps(node.a, out); deps(node.b, out); }
  else if (node instanceof Sum) { for (let i = node.from; i <= node.to; i++) out.push('C' + i); }
  else if (node instanceof Call) node.args.forEach(a => deps(a, out));
  return out;
}
function visit(name, f, seen, order) {   // deep: the chain C(n-1) -> C(n-2) -> ... goes down n levels
  if (seen.has(name)) return;
  seen.add(name);
  for (const d of deps(f[name], [])) visit(d, f, seen, order);
  order.push(name);
}
function parsePhase(src) { const f = {}; for (const k in src) f[k] = parse(src[k]); return f; }
function orderPhase(f, n) { const seen = new Set(), order = []; visit('C' + (n - 1), f, seen, order); return order; }
function evalPhase(f, order) {
  const s = new Sheet(f);
  for (let r = 0; r < 6; r++) for (const n of order) s.vals.set(n, f[n].eval(s));
  return s;
}
function renderPhase(s, order) {
  let rows = [];
  for (const n of order) rows.push(n + ',' + s.value(n) + ',' + (s.value(n) % 97).toString(16).padStart(4, '0'));
  return rows.join('\n').length;
}
const args = (typeof process !== 'undefined' && process.argv) ? process.argv.slice(2) : (typeof arguments !== 'undefined' ? Array.from(arguments) : []);
const rounds = args.length > 0 ? parseInt(args[0]) : 30;
const N = 1500;
const ms = { parsePhase: 0, orderPhase: 0, evalPhase: 0, renderPhase: 0 };
let check = 0;
const src = makeSheet(N);
for (let r = 0; r < rounds; r++) {
  const t0 = Date.now();
  const f = parsePhase(src);
  const t1 = Date.now();
  const order = orderPhase(f, N);
  const t2 = Date.now();
  const s = evalPhase(f, order);
  const t3 = Date.now();
  check = (check + renderPhase(s, order)) | 0;
  const t4 = Date.now();
  ms.parsePhase += t1 - t0; ms.orderPhase += t2 - t1; ms.evalPhase += t3 - t2; ms.renderPhase += t4 - t3;
}
const sum = ms.parsePhase + ms.orderPhase + ms.evalPhase + ms.renderPhase;
console.log('sheet-phases: ' + rounds + ' rounds in ' + sum + ' ms, checksum ' + check + ', time by Date.now: ' +
  Object.keys(ms).map(k => k + ' ' + (100 * ms[k] / sum).toFixed(1) + '%').join(', '));
