// A small ray tracer: vectors as short-lived objects, spheres, boxes and a plane behind one
// polymorphic `intersect` call site, reflections by recursion; its two phases (building scenes and
// rendering) time themselves, for `ccsampler split-check`. Argument: rounds (default 40).
class V { constructor(x, y, z) { this.x = x; this.y = y; this.z = z; }
  add(o) { return new V(this.x + o.x, this.y + o.y, this.z + o.z); }
  sub(o) { return new V(this.x - o.x, this.y - o.y, this.z - o.z); }
  mul(k) { return new V(this.x * k, this.y * k, this.z * k); }
  dot(o) { return this.x * o.x + this.y * o.y + this.z * o.z; }
  norm() { const l = Math.sqrt(this.dot(this)); return this.mul(1 / l); } }
class Sphere { constructor(c, r, col) { this.c = c; this.r = r; this.col = col; }
  intersect(o, d) { const oc = o.sub(this.c); const b = oc.dot(d); const c = oc.dot(oc) - this.r * this.r;
    const h = b * b - c; if (h < 0) return -1; const t = -b - Math.sqrt(h); return t > 1e-4 ? t : -1; }
  normal(p) { return p.sub(this.c).norm(); } }
class Plane { constructor(n, d, col) { this.n = n; this.d = d; this.col = col; }
  intersect(o, d) { const den = this.n.dot(d); if (Math.abs(den) < 1e-6) return -1; const t = -(this.n.dot(o) + this.d) / den; return t > 1e-4 ? t : -1; }
  normal(p) { return this.n; } }
class Box { constructor(lo, hi, col) { this.lo = lo; this.hi = hi; this.col = col; }
  intersect(o, d) { let tmin = -1e9, tmax = 1e9;
    for (const a of ['x', 'y', 'z']) { const inv = 1 / d[a]; let t0 = (this.lo[a] - o[a]) * inv, t1 = (this.hi[a] - o[a]) * inv;
      if (inv < 0) { const t = t0; t0 = t1; t1 = t; } tmin = Math.max(tmin, t0); tmax = Math.min(tmax, t1); if (tmax <= tmin) return -1; }
    return tmin > 1e-4 ? tmin : -1; }
  normal(p) { const c = this.lo.add(this.hi).mul(0.5); const q = p.sub(c); const ax = Math.abs(q.x), ay = Math.abs(q.y), az = Math.abs(q.z);
    return ax > ay && ax > az ? new V(Math.sign(q.x), 0, 0) : ay > az ? new V(0, Math.sign(q.y), 0) : new V(0, 0, Math.sign(q.z)); } }
function buildScene(n) {
  const objs = [new Plane(new V(0, 1, 0), 1, 0.5)];
  let seed = 7; const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  for (let i = 0; i < n; i++) {
    const p = new V(rnd() * 8 - 4, rnd() * 3 - 0.5, rnd() * 8 + 3);
    objs.push(i % 3 === 0 ? new Box(p, p.add(new V(0.6, 0.6, 0.6)), rnd()) : new Sphere(p, 0.3 + rnd() * 0.4, rnd()));
  }
  return objs;
}
function trace(objs, o, d, depth) {
  let best = -1, hit = null;
  for (let i = 0; i < objs.length; i++) { const t = objs[i].intersect(o, d); if (t > 0 && (best < 0 || t < best)) { best = t; hit = objs[i]; } }
  if (!hit) return 0.1;
  const p = o.add(d.mul(best)); const n = hit.normal(p);
  const light = new V(-3, 5, -2).sub(p).norm();
  let c = hit.col * Math.max(0, n.dot(light));
  if (depth < 2) c = c * 0.7 + 0.3 * trace(objs, p, d.sub(n.mul(2 * d.dot(n))).norm(), depth + 1);
  return c;
}
function render(objs, w, h) {
  let sum = 0; const eye = new V(0, 0.5, -3);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    const d = new V((x - w / 2) / w, (y - h / 2) / h, 1).norm(); sum += trace(objs, eye, d, 0);
  }
  return sum;
}
const args = (typeof process !== 'undefined' && process.argv) ? process.argv.slice(2) : (typeof arguments !== 'undefined' ? Array.from(arguments) : []);
const rounds = args.length > 0 ? parseInt(args[0]) : 40; const ms = { buildScene: 0, render: 0 }; let chk = 0;
for (let r = 0; r < rounds; r++) {
  const t0 = Date.now(); let objs; for (let k = 0; k < 300; k++) objs = buildScene(60);
  const t1 = Date.now(); chk += render(objs, 64, 48);
  const t2 = Date.now(); ms.buildScene += t1 - t0; ms.render += t2 - t1;
}
const sum = ms.buildScene + ms.render;
console.log('raytrace-phases: ' + rounds + ' rounds in ' + sum + ' ms, checksum ' + chk.toFixed(3) + ', time by Date.now: ' +
  Object.keys(ms).map(k => k + ' ' + (100 * ms[k] / sum).toFixed(1) + '%').join(', '));
