// Stacks that change in the ways an incremental walk can get wrong, in one program: exceptions
// unwinding 50–250-deep recursions to a catch far below, generators delegating with `yield*` and
// resumed from another depth each time, a getter and a four-way polymorphic call, a sort
// comparator called back from a builtin, and mutual recursion. SamplingStageTest checks every
// walk against a full one. Arguments (optional): rounds.
const args = typeof arguments !== 'undefined' ? arguments : [];
const rounds = +(args[0] || 6);

function Node(v, l, r) { this.v = v; this.l = l; this.r = r; }
function build(d) { return d === 0 ? null : new Node(d, build(d - 1), build(d - 1)); }
function sum(n) { return n === null ? 0 : n.v + sum(n.l) + sum(n.r); }

function thrower(depth) {
  if (depth === 0) { throw new Error('bottom'); }
  return thrower(depth - 1) + 1;
}
function catcher(k) {
  let caught = 0;
  for (let i = 0; i < k; i++) {
    try { thrower(50 + (i % 200)); } catch (e) { caught++; }
  }
  return caught;
}

function* inOrder(n) { if (n === null) return; yield* inOrder(n.l); yield n.v; yield* inOrder(n.r); }
function viaGenerator(tree) { let s = 0; for (const v of inOrder(tree)) s += v; return s; }

class Shape { area() { return 0; } }
class Square extends Shape { constructor(a) { super(); this.a = a; } area() { return this.a * this.a; } }
class Circle extends Shape { constructor(r) { super(); this.r = r; } area() { return 3.14159 * this.r * this.r; } }
class Triangle extends Shape { constructor(b, h) { super(); this.b = b; this.h = h; } get half() { return 0.5; } area() { return this.half * this.b * this.h; } }
class Star extends Shape { constructor(n) { super(); this.n = n; } area() { return [1, 2, 3, 4].reduce((a, x) => a + x * this.n, 0); } }
function areas(k) {
  const shapes = [new Square(2), new Circle(1.5), new Triangle(3, 4), new Star(2)];
  let t = 0;
  for (let i = 0; i < k; i++) t += shapes[i & 3].area();
  return t;
}

function sorting(k) {
  let t = 0;
  for (let i = 0; i < k; i++) {
    const a = Array.from({ length: 200 }, (_, j) => (j * 7919 + i) % 1000);
    a.sort((x, y) => x - y);
    t += a[100];
  }
  return t;
}

function ping(n) { return n <= 0 ? 0 : 1 + pong(n - 1); }
function pong(n) { return n <= 0 ? 0 : 2 + ping(n - 1); }

let total = 0;
const tree = build(13);
for (let round = 0; round < rounds; round++) {
  total += sum(tree);
  total += catcher(300);
  total += viaGenerator(build(11));
  total += areas(200000);
  total += sorting(150);
  for (let i = 0; i < 200; i++) total += ping(400 + (i % 300));
}
console.log('unwinding: ' + rounds + ' rounds, ' + (total > 0 ? 'ok' : 'wrong'));
