// Three phases that time themselves with Date.now, written on 2026-12-01 as a program the profiler
// had not seen: long calls into Java libraries (BigInteger products, Arrays.sort: host code, which
// has no Truffle safepoint poll), JavaScript calling many small Java methods (an ArrayList), and
// plain JavaScript. Needs host access (ccsampler run allows it). docs/accuracy.md.
// Arguments: rounds (default 8).
const BigInteger = Java.type('java.math.BigInteger');
const Arrays = Java.type('java.util.Arrays');
const ArrayList = Java.type('java.util.ArrayList');
const IntArray = Java.type('int[]');
function hostHeavy() {
  let t = 0;
  let f = BigInteger.ONE;
  for (let i = 1; i < 12000; i++) f = f.multiply(BigInteger.valueOf(i));
  t += f.bitLength();
  const a = new IntArray(400000);
  let s = 7;
  for (let k = 0; k < 3; k++) {
    for (let i = 0; i < a.length; i += 1000) { s = (s * 1103515245 + 12345) & 0x7fffffff; a[i] = s; }
    Arrays.sort(a);
    t += a[a.length - 1] & 0xff;
  }
  return t;
}
function hostChatty() {
  const l = new ArrayList();
  let t = 0;
  for (let i = 0; i < 200000; i++) l.add(i & 1023);
  for (let i = 0; i < l.size(); i++) t = (t + l.get(i)) | 0;
  return t;
}
function plainJs() {
  let t = 0;
  for (let k = 0; k < 8; k++) { const a = []; for (let i = 0; i < 20000; i++) a.push((i * 7919) % 1000); a.sort((x, y) => x - y); t = (t + a[k]) | 0; }
  return t;
}
const rounds = arguments.length > 0 ? parseInt(arguments[0]) : 8;
const ms = { hostHeavy: 0, hostChatty: 0, plainJs: 0 };
let check = 0;
for (let r = 0; r < rounds; r++) {
  for (const name of Object.keys(ms)) {
    const t0 = Date.now();
    check = (check + globalThis[name]()) | 0;
    ms[name] += Date.now() - t0;
  }
}
const sum = Object.values(ms).reduce((a, b) => a + b, 0);
console.log('host-phases: ' + rounds + ' rounds in ' + sum + ' ms, checksum ' + check + ', time by Date.now: ' +
  Object.keys(ms).map(k => k + ' ' + (100 * ms[k] / sum).toFixed(1) + '%').join(', '));
