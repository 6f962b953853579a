// Three phases that time themselves with Date.now, written on 2026-12-04 as a program the profiler
// had not seen, after three benchmarks people know: a DeltaBlue-style incremental constraint solver
// (chain and projection tests; four constraint classes behind the same calls, so its call sites are
// polymorphic), loop recognition in the manner of Havlak's (a depth-first numbering that recurses
// 3 000 deep over a generated control-flow graph, then union-find over the back edges), and an
// n-body simulation (five bodies, counted loops that the compiler may leave without a safepoint
// poll). docs/accuracy.md.
// Arguments: rounds (default 6).

// ---- constraint solver ----
const REQUIRED = 0, STRONG_PREFERRED = 1, PREFERRED = 2, STRONG_DEFAULT = 3, NORMAL = 4, WEAK_DEFAULT = 5, WEAKEST = 6;
const stronger = (a, b) => a < b;
const weaker = (a, b) => a > b;
const weakestOf = (a, b) => (weaker(a, b) ? a : b);
const NONE = 0, FORWARD = 1, BACKWARD = 2;

class Variable {
  constructor(name, value) {
    this.name = name; this.value = value || 0; this.constraints = [];
    this.determinedBy = null; this.mark = 0; this.walkStrength = WEAKEST; this.stay = true;
  }
  addConstraint(c) { this.constraints.push(c); }
  removeConstraint(c) {
    const i = this.constraints.indexOf(c);
    if (i >= 0) this.constraints.splice(i, 1);
    if (this.determinedBy === c) this.determinedBy = null;
  }
}

class Constraint {
  constructor(planner, strength) { this.planner = planner; this.strength = strength; }
  addConstraint() { this.addToGraph(); this.planner.incrementalAdd(this); }
  satisfy(mark) {
    this.chooseMethod(mark);
    if (!this.isSatisfied()) {
      if (this.strength === REQUIRED) throw new Error('could not satisfy a required constraint');
      return null;
    }
    this.markInputs(mark);
    const out = this.output();
    const overridden = out.determinedBy;
    if (overridden !== null) overridden.markUnsatisfied();
    out.determinedBy = this;
    if (!this.planner.addPropagate(this, mark)) throw new Error('cycle encountered');
    out.mark = mark;
    return overridden;
  }
  destroyConstraint() {
    if (this.isSatisfied()) this.planner.incrementalRemove(this);
    else this.removeFromGraph();
  }
  isInput() { return false; }
}

class UnaryConstraint extends Constraint {
  constructor(planner, v, strength) {
    super(planner, strength); this.myOutput = v; this.satisfied = false; this.addConstraint();
  }
  addToGraph() { this.myOutput.addConstraint(this); this.satisfied = false; }
  chooseMethod(mark) { this.satisfied = this.myOutput.mark !== mark && stronger(this.strength, this.myOutput.walkStrength); }
  isSatisfied() { return this.satisfied; }
  markInputs(mark) { }
  output() { return this.myOutput; }
  recalculate() {
    this.myOutput.walkStrength = this.strength;
    this.myOutput.stay = !this.isInput();
    if (this.myOutput.stay) this.execute();
  }
  markUnsatisfied() { this.satisfied = false; }
  inputsKnown() { return true; }
  removeFromGraph() { if (this.myOutput !== null) this.myOutput.removeConstraint(this); this.satisfied = false; }
}
class StayConstraint extends UnaryConstraint { execute() { } }
class EditConstraint extends UnaryConstraint { isInput() { return true; } execute() { } }

class BinaryConstraint extends Constraint {
  constructor(planner, v1, v2, strength, add) {
    super(planner, strength); this.v1 = v1; this.v2 = v2; this.direction = NONE;
    if (add) this.addConstraint();
  }
  chooseMethod(mark) {
    if (this.v1.mark === mark) {
      this.direction = (this.v2.mark !== mark && stronger(this.strength, this.v2.walkStrength)) ? FORWARD : NONE;
      return;
    }
    if (this.v2.mark === mark) {
      this.direction = (this.v1.mark !== mark && stronger(this.strength, this.v1.walkStrength)) ? BACKWARD : NONE;
      return;
    }
    if (weaker(this.v1.walkStrength, this.v2.walkStrength)) {
      this.direction = stronger(this.strength, this.v1.walkStrength) ? BACKWARD : NONE;
    } else {
      this.direction = stronger(this.strength, this.v2.walkStrength) ? FORWARD : BACKWARD;
    }
  }
  addToGraph() { this.v1.addConstraint(this); this.v2.addConstraint(this); this.direction = NONE; }
  isSatisfied() { return this.direction !== NONE; }
  markInputs(mark) { this.input().mark = mark; }
  input() { return this.direction === FORWARD ? this.v1 : this.v2; }
  output() { return this.direction === FORWARD ? this.v2 : this.v1; }
  recalculate() {
    const ihn = this.input(), out = this.output();
    out.walkStrength = weakestOf(this.strength, ihn.walkStrength);
    out.stay = ihn.stay;
    if (out.stay) this.execute();
  }
  markUnsatisfied() { this.direction = NONE; }
  inputsKnown(mark) { const i = this.input(); return i.mark === mark || i.stay || i.determinedBy === null; }
  removeFromGraph() {
    if (this.v1 !== null) this.v1.removeConstraint(this);
    if (this.v2 !== null) this.v2.removeConstraint(this);
    this.direction = NONE;
  }
}
class EqualityConstraint extends BinaryConstraint {
  constructor(planner, v1, v2, strength) { super(planner, v1, v2, strength, true); }
  execute() { this.output().value = this.input().value; }
}
class ScaleConstraint extends BinaryConstraint {
  constructor(planner, src, scale, offset, dest, strength) {
    super(planner, src, dest, strength, false);
    this.scale = scale; this.offset = offset;
    this.addConstraint();
  }
  addToGraph() { super.addToGraph(); this.scale.addConstraint(this); this.offset.addConstraint(this); }
  removeFromGraph() {
    super.removeFromGraph();
    if (this.scale !== null) this.scale.removeConstraint(this);
    if (this.offset !== null) this.offset.removeConstraint(this);
  }
  markInputs(mark) { super.markInputs(mark); this.scale.mark = this.offset.mark = mark; }
  execute() {
    if (this.direction === FORWARD) this.v2.value = this.v1.value * this.scale.value + this.offset.value;
    else this.v1.value = (this.v2.value - this.offset.value) / this.scale.value;
  }
  recalculate() {
    const ihn = this.input(), out = this.output();
    out.walkStrength = weakestOf(this.strength, ihn.walkStrength);
    out.stay = ihn.stay && this.scale.stay && this.offset.stay;
    if (out.stay) this.execute();
  }
}

class Plan {
  constructor() { this.list = []; }
  add(c) { this.list.push(c); }
  execute() { for (let i = 0; i < this.list.length; i++) this.list[i].execute(); }
}

class Planner {
  constructor() { this.currentMark = 0; }
  newMark() { return ++this.currentMark; }
  incrementalAdd(c) {
    const mark = this.newMark();
    let overridden = c.satisfy(mark);
    while (overridden !== null) overridden = overridden.satisfy(mark);
  }
  incrementalRemove(c) {
    const out = c.output();
    c.markUnsatisfied();
    c.removeFromGraph();
    const unsatisfied = this.removePropagateFrom(out);
    let strength = REQUIRED;
    do {
      for (let i = 0; i < unsatisfied.length; i++) {
        if (unsatisfied[i].strength === strength) this.incrementalAdd(unsatisfied[i]);
      }
      strength++;
    } while (strength !== WEAKEST);
  }
  makePlan(sources) {
    const mark = this.newMark();
    const plan = new Plan();
    const todo = sources;
    while (todo.length > 0) {
      const c = todo.pop();
      if (c.output().mark !== mark && c.inputsKnown(mark)) {
        plan.add(c);
        c.output().mark = mark;
        this.addConstraintsConsumingTo(c.output(), todo);
      }
    }
    return plan;
  }
  extractPlanFromConstraints(constraints) {
    const sources = [];
    for (const c of constraints) if (c.isInput() && c.isSatisfied()) sources.push(c);
    return this.makePlan(sources);
  }
  addPropagate(c, mark) {
    const todo = [c];
    while (todo.length > 0) {
      const d = todo.pop();
      if (d.output().mark === mark) { this.incrementalRemove(c); return false; }
      d.recalculate();
      this.addConstraintsConsumingTo(d.output(), todo);
    }
    return true;
  }
  removePropagateFrom(out) {
    out.determinedBy = null; out.walkStrength = WEAKEST; out.stay = true;
    const unsatisfied = [];
    const todo = [out];
    while (todo.length > 0) {
      const v = todo.pop();
      for (const c of v.constraints) if (!c.isSatisfied()) unsatisfied.push(c);
      const determining = v.determinedBy;
      for (const next of v.constraints) {
        if (next !== determining && next.isSatisfied()) { next.recalculate(); todo.push(next.output()); }
      }
    }
    return unsatisfied;
  }
  addConstraintsConsumingTo(v, coll) {
    const determining = v.determinedBy;
    for (const c of v.constraints) if (c !== determining && c.isSatisfied()) coll.push(c);
  }
}

function chainTest(n) {
  const planner = new Planner();
  let prev = null, first = null, last = null;
  for (let i = 0; i <= n; i++) {
    const v = new Variable('v' + i);
    if (prev !== null) new EqualityConstraint(planner, prev, v, REQUIRED);
    if (i === 0) first = v;
    if (i === n) last = v;
    prev = v;
  }
  new StayConstraint(planner, last, STRONG_DEFAULT);
  const edit = new EditConstraint(planner, first, PREFERRED);
  const plan = planner.extractPlanFromConstraints([edit]);
  for (let i = 0; i < 100; i++) {
    first.value = i;
    plan.execute();
    if (last.value !== i) throw new Error('chain test failed');
  }
  return last.value;
}

function change(planner, v, newValue) {
  const edit = new EditConstraint(planner, v, PREFERRED);
  const plan = planner.extractPlanFromConstraints([edit]);
  for (let i = 0; i < 10; i++) { v.value = newValue; plan.execute(); }
  edit.destroyConstraint();
}

function projectionTest(n) {
  const planner = new Planner();
  const scale = new Variable('scale', 10), offset = new Variable('offset', 1000);
  let src = null, dst = null;
  const dests = [];
  for (let i = 0; i < n; i++) {
    src = new Variable('src' + i, i);
    dst = new Variable('dst' + i, i);
    dests.push(dst);
    new StayConstraint(planner, src, NORMAL);
    new ScaleConstraint(planner, src, scale, offset, dst, REQUIRED);
  }
  change(planner, src, 17);
  if (dst.value !== 1170) throw new Error('projection 1 failed');
  change(planner, dst, 1050);
  if (src.value !== 5) throw new Error('projection 2 failed');
  change(planner, scale, 5);
  for (let i = 0; i < n - 1; i++) if (dests[i].value !== i * 5 + 1000) throw new Error('projection 3 failed');
  change(planner, offset, 2000);
  for (let i = 0; i < n - 1; i++) if (dests[i].value !== i * 5 + 2000) throw new Error('projection 4 failed');
  return dests.length;
}

function constraintPhase() {
  let t = 0;
  for (let k = 0; k < 10; k++) t = (t + chainTest(400) + projectionTest(400)) | 0;
  return t;
}

// ---- loop recognition ----
// A control-flow graph: a spine of `size` blocks, each falling through to the next; every third
// block also branches two ahead, and back edges close loops of several lengths, some nested.
function buildGraph(size, salt) {
  const succ = [], pred = [];
  for (let i = 0; i < size; i++) { succ.push([]); pred.push([]); }
  const edge = (a, b) => { succ[a].push(b); pred[b].push(a); };
  for (let i = 0; i + 1 < size; i++) {
    edge(i, i + 1);
    if (i % 3 === 0 && i + 2 < size) edge(i, i + 2);
    if (i % 7 === 6) edge(i, i - 5);
    if (i % 50 === 49) edge(i, i - 40 + (salt % 5));
  }
  return { size, succ, pred };
}

function dfs(g, node, current, number, last, order) {
  number[node] = current;
  order[current] = node;
  let lastId = current;
  const out = g.succ[node];
  for (let i = 0; i < out.length; i++) {
    if (number[out[i]] === -1) lastId = dfs(g, out[i], lastId + 1, number, last, order);
  }
  last[current] = lastId;
  return lastId;
}

function find(parent, x) {
  let r = x;
  while (parent[r] !== r) r = parent[r];
  while (parent[x] !== r) { const n = parent[x]; parent[x] = r; x = n; }
  return r;
}

function findLoops(g) {
  const n = g.size;
  const number = new Int32Array(n).fill(-1), last = new Int32Array(n), order = new Int32Array(n);
  dfs(g, 0, 0, number, last, order);
  const isAncestor = (w, v) => w <= v && v <= last[w];
  const backPreds = [], nonBackPreds = [];
  for (let w = 0; w < n; w++) { backPreds.push([]); nonBackPreds.push([]); }
  for (let w = 0; w < n; w++) {
    const node = order[w];
    for (const p of g.pred[node]) {
      const v = number[p];
      if (v < 0) continue;
      if (isAncestor(w, v)) backPreds[w].push(v); else nonBackPreds[w].push(v);
    }
  }
  const parent = new Int32Array(n);
  for (let i = 0; i < n; i++) parent[i] = i;
  let loops = 0, body = 0, irreducible = 0;
  for (let w = n - 1; w >= 0; w--) {
    const pool = [];
    const inPool = new Set();
    for (const v of backPreds[w]) {
      if (v !== w) { const f = find(parent, v); if (!inPool.has(f)) { inPool.add(f); pool.push(f); } }
    }
    const work = pool.slice();
    while (work.length > 0) {
      const x = work.pop();
      for (const y of nonBackPreds[x]) {
        const yd = find(parent, y);
        if (!isAncestor(w, yd)) { irreducible++; nonBackPreds[w].push(yd); }
        else if (yd !== w && !inPool.has(yd)) { inPool.add(yd); pool.push(yd); work.push(yd); }
      }
    }
    if (pool.length > 0) {
      loops++;
      body += pool.length;
      for (const x of pool) parent[x] = w;
    }
  }
  return (loops * 31 + body + irreducible) | 0;
}

function loopPhase() {
  let t = 0;
  for (let k = 0; k < 10; k++) t = (t + findLoops(buildGraph(3000, k))) | 0;
  return t;
}

// ---- n-body ----
const PI = Math.PI, SOLAR_MASS = 4 * PI * PI, DAYS = 365.24;
function body(x, y, z, vx, vy, vz, mass) { return { x, y, z, vx: vx * DAYS, vy: vy * DAYS, vz: vz * DAYS, mass: mass * SOLAR_MASS }; }
function system() {
  const bodies = [
    body(0, 0, 0, 0, 0, 0, 1),
    body(4.84, -1.16, -0.10, 0.00166, 0.00770, -0.0000690, 0.000954),
    body(8.34, 4.12, -0.40, -0.00277, 0.00500, 0.0000230, 0.000286),
    body(12.89, -15.11, -0.22, 0.00296, 0.00237, -0.0000296, 0.0000437),
    body(15.38, -25.92, 0.18, 0.00268, 0.00163, -0.0000952, 0.0000515),
  ];
  let px = 0, py = 0, pz = 0;
  for (const b of bodies) { px += b.vx * b.mass; py += b.vy * b.mass; pz += b.vz * b.mass; }
  bodies[0].vx = -px / SOLAR_MASS; bodies[0].vy = -py / SOLAR_MASS; bodies[0].vz = -pz / SOLAR_MASS;
  return bodies;
}
function advance(bodies, dt) {
  const n = bodies.length;
  for (let i = 0; i < n; i++) {
    const bi = bodies[i];
    for (let j = i + 1; j < n; j++) {
      const bj = bodies[j];
      const dx = bi.x - bj.x, dy = bi.y - bj.y, dz = bi.z - bj.z;
      const d2 = dx * dx + dy * dy + dz * dz;
      const mag = dt / (d2 * Math.sqrt(d2));
      bi.vx -= dx * bj.mass * mag; bi.vy -= dy * bj.mass * mag; bi.vz -= dz * bj.mass * mag;
      bj.vx += dx * bi.mass * mag; bj.vy += dy * bi.mass * mag; bj.vz += dz * bi.mass * mag;
    }
  }
  for (let i = 0; i < n; i++) { const b = bodies[i]; b.x += dt * b.vx; b.y += dt * b.vy; b.z += dt * b.vz; }
}
function energy(bodies) {
  let e = 0;
  for (let i = 0; i < bodies.length; i++) {
    const bi = bodies[i];
    e += 0.5 * bi.mass * (bi.vx * bi.vx + bi.vy * bi.vy + bi.vz * bi.vz);
    for (let j = i + 1; j < bodies.length; j++) {
      const bj = bodies[j];
      const dx = bi.x - bj.x, dy = bi.y - bj.y, dz = bi.z - bj.z;
      e -= bi.mass * bj.mass / Math.sqrt(dx * dx + dy * dy + dz * dz);
    }
  }
  return e;
}
function nbodyPhase() {
  const bodies = system();
  for (let i = 0; i < 300000; i++) advance(bodies, 0.01);
  return Math.round(energy(bodies) * 1e6) | 0;
}

const args = (typeof process !== 'undefined' && process.argv) ? process.argv.slice(2) : (typeof arguments !== 'undefined' ? Array.from(arguments) : []);
const rounds = args.length > 0 ? parseInt(args[0]) : 6;
const ms = { constraintPhase: 0, loopPhase: 0, nbodyPhase: 0 };
let check = 0;
for (let r = 0; r < rounds; r++) {
  for (const name of Object.keys(ms)) {
    const t0 = Date.now();
    check = (check + globalThis[name]()) | 0;
    ms[name] += Date.now() - t0;
  }
}
const sum = Object.values(ms).reduce((a, b) => a + b, 0);
console.log('deltablue-phases: ' + rounds + ' rounds in ' + sum + ' ms, checksum ' + check + ', time by Date.now: ' +
  Object.keys(ms).map(k => k + ' ' + (100 * ms[k] / sum).toFixed(1) + '%').join(', '));
