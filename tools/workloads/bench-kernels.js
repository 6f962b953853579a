// Four kernels of the Computer Language Benchmarks Game, written from their descriptions (a program
// written after the sampler, 2026-11-28): binary-trees (allocation, recursion), fannkuch-redux (array
// permutations), spectral-norm (small calls in nested loops, floating point), n-body (objects,
// floating point).
// It runs 6 rounds (or its first argument) and prints each kernel's share of the time by Date.now
// (for split-check). For the bench, one round an iteration: docs/bursting.md, A cycle of phases.
function TreeNode(left, right) { this.left = left; this.right = right; }
function bottomUp(depth) { return depth > 0 ? new TreeNode(bottomUp(depth - 1), bottomUp(depth - 1)) : new TreeNode(null, null); }
function itemCheck(node) { return node.left === null ? 1 : 1 + itemCheck(node.left) + itemCheck(node.right); }
function binaryTrees() {
  const maxDepth = 14; let t = 0;
  const longLived = bottomUp(maxDepth);
  for (let d = 4; d <= maxDepth; d += 2) {
    const iters = 1 << (maxDepth - d + 4);
    for (let i = 0; i < iters; i++) t = (t + itemCheck(bottomUp(d))) | 0;
  }
  return (t + itemCheck(longLived)) | 0;
}
function fannkuch(n) {
  const perm = new Int32Array(n), perm1 = new Int32Array(n), count = new Int32Array(n);
  let maxFlips = 0, checksum = 0, r = n, permCount = 0;
  for (let i = 0; i < n; i++) perm1[i] = i;
  while (true) {
    while (r !== 1) { count[r - 1] = r; r--; }
    for (let i = 0; i < n; i++) perm[i] = perm1[i];
    let flips = 0, k;
    while ((k = perm[0]) !== 0) {
      for (let i = 0, j = k; i < j; i++, j--) { const x = perm[i]; perm[i] = perm[j]; perm[j] = x; }
      flips++;
    }
    if (flips > maxFlips) maxFlips = flips;
    checksum += (permCount % 2 === 0) ? flips : -flips;
    while (true) {
      if (r === n) return (checksum * 100 + maxFlips) | 0;
      const p0 = perm1[0];
      for (let i = 0; i < r; i++) perm1[i] = perm1[i + 1];
      perm1[r] = p0;
      count[r]--;
      if (count[r] > 0) break;
      r++;
    }
    permCount++;
  }
}
function fannkuchPhase() { return fannkuch(9); }
function A(i, j) { return 1 / ((i + j) * (i + j + 1) / 2 + i + 1); }
function Au(u, v) { const n = u.length; for (let i = 0; i < n; i++) { let t = 0; for (let j = 0; j < n; j++) t += A(i, j) * u[j]; v[i] = t; } }
function Atu(u, v) { const n = u.length; for (let i = 0; i < n; i++) { let t = 0; for (let j = 0; j < n; j++) t += A(j, i) * u[j]; v[i] = t; } }
function AtAu(u, v, w) { Au(u, w); Atu(w, v); }
function spectralNorm() {
  const n = 300; const u = new Float64Array(n).fill(1), v = new Float64Array(n), w = new Float64Array(n);
  for (let i = 0; i < 10; i++) { AtAu(u, v, w); AtAu(v, u, w); }
  let vBv = 0, vv = 0; for (let i = 0; i < n; i++) { vBv += u[i] * v[i]; vv += v[i] * v[i]; }
  return Math.round(Math.sqrt(vBv / vv) * 1e6) | 0;
}
const PI = Math.PI, SOLAR = 4 * PI * PI, DPY = 365.24;
function Body(x, y, z, vx, vy, vz, m) { this.x = x; this.y = y; this.z = z; this.vx = vx; this.vy = vy; this.vz = vz; this.mass = m; }
function system() {
  return [new Body(0, 0, 0, 0, 0, 0, SOLAR),
    new Body(4.84, -1.16, -0.10, 0.00166 * DPY, 0.00770 * DPY, -0.0000690 * DPY, 0.000954 * SOLAR),
    new Body(8.34, 4.12, -0.40, -0.00277 * DPY, 0.00500 * DPY, 0.0000230 * DPY, 0.000286 * SOLAR),
    new Body(12.89, -15.11, -0.22, 0.00296 * DPY, 0.00238 * DPY, -0.0000296 * DPY, 0.0000437 * SOLAR),
    new Body(15.38, -25.92, 0.18, 0.00268 * DPY, 0.00163 * DPY, -0.0000951 * DPY, 0.0000515 * SOLAR)];
}
function advance(bodies, dt) {
  const n = bodies.length;
  for (let i = 0; i < n; i++) {
    const bi = bodies[i];
    for (let j = i + 1; j < n; j++) {
      const bj = bodies[j];
      const dx = bi.x - bj.x, dy = bi.y - bj.y, dz = bi.z - bj.z;
      const d2 = dx * dx + dy * dy + dz * dz; const mag = dt / (d2 * Math.sqrt(d2));
      bi.vx -= dx * bj.mass * mag; bi.vy -= dy * bj.mass * mag; bi.vz -= dz * bj.mass * mag;
      bj.vx += dx * bi.mass * mag; bj.vy += dy * bi.mass * mag; bj.vz += dz * bi.mass * mag;
    }
  }
  for (const b of bodies) { b.x += dt * b.vx; b.y += dt * b.vy; b.z += dt * b.vz; }
}
function energy(bodies) {
  let e = 0;
  for (let i = 0; i < bodies.length; i++) {
    const b = bodies[i]; e += 0.5 * b.mass * (b.vx * b.vx + b.vy * b.vy + b.vz * b.vz);
    for (let j = i + 1; j < bodies.length; j++) { const c = bodies[j]; const dx = b.x - c.x, dy = b.y - c.y, dz = b.z - c.z; e -= b.mass * c.mass / Math.sqrt(dx * dx + dy * dy + dz * dz); }
  }
  return e;
}
function nbody() { const b = system(); for (let i = 0; i < 300000; i++) advance(b, 0.01); return Math.round(energy(b) * 1e9) | 0; }
const args = typeof arguments !== 'undefined' ? Array.from(arguments) : [];
const rounds = args.length > 0 ? parseInt(args[0]) : 6;
const ms = { binaryTrees: 0, fannkuchPhase: 0, spectralNorm: 0, nbody: 0 };
let check = 0;
for (let r = 0; r < rounds; r++) {
  for (const name of Object.keys(ms)) {
    const t0 = Date.now();
    check = (check + globalThis[name]()) | 0;
    ms[name] += Date.now() - t0;
  }
}
const sum = Object.values(ms).reduce((a, b) => a + b, 0);
console.log('bench-kernels: ' + rounds + ' rounds in ' + sum + ' ms, checksum ' + check + ', time by Date.now: ' +
  Object.keys(ms).map(k => k + ' ' + (100 * ms[k] / sum).toFixed(1) + '%').join(', '));
