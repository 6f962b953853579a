// Three phases far apart in stack depth and call density, each timing itself with Date.now, so
// every run prints its own truth (the split a profiler must find):
//   deepPhase   does its work at the bottom of a 180-deep recursion (deep stack, few calls: six
//               descents a round, each working for milliseconds at the bottom);
//   flatPhase   runs the same arithmetic in a loop at the top (shallow stack, no calls);
//   densePhase  makes millions of tiny calls (shallow stack, call-dense).
// A profiler whose cost or selection depends on stack depth gets deepPhase wrong; one whose
// bookkeeping costs per call slows densePhase. Shares are of inclusive time among the three.
// Arguments: rounds (default 30).
function bottom(work) {
    let x = 1;
    for (let i = 0; i < work; i++) { x = (x * 1103515245 + 12345) & 0x7fffffff; }
    return x;
}
function descend(n, work) {
    return n === 0 ? bottom(work) : (descend(n - 1, work) + 1) | 0;
}
function deepPhase() {
    let s = 0;
    for (let k = 0; k < 6; k++) { s = (s + descend(180, 1500000)) | 0; }
    return s;
}
function flatPhase() {
    let x = 1;
    for (let i = 0; i < 6 * 1500000; i++) { x = (x * 1103515245 + 12345) & 0x7fffffff; }
    return x;
}
function tiny(i, acc) {
    return (acc * 31 + i) & 0xffff;
}
function mix(i, acc) {
    return tiny(i, tiny(i >> 1, acc));
}
function densePhase() {
    let acc = 7;
    for (let i = 0; i < 3000000; i++) { acc = mix(i, acc); }
    return acc;
}
const args = (typeof process !== 'undefined' && process.argv) ? process.argv.slice(2) : (typeof arguments !== 'undefined' ? Array.from(arguments) : []);
const rounds = args.length > 0 ? parseInt(args[0]) : 30;
const ms = {deepPhase: 0, flatPhase: 0, densePhase: 0};
let check = 0;
for (let r = 0; r < rounds; r++) {
    const t0 = Date.now();
    check = (check + deepPhase()) | 0;
    const t1 = Date.now();
    check = (check + flatPhase()) | 0;
    const t2 = Date.now();
    check = (check + densePhase()) | 0;
    const t3 = Date.now();
    ms.deepPhase += t1 - t0;
    ms.flatPhase += t2 - t1;
    ms.densePhase += t3 - t2;
}
const sum = Object.values(ms).reduce((a, b) => a + b, 0);
console.log('three-phase: ' + rounds + ' rounds in ' + sum + ' ms, checksum ' + check + ', time by Date.now: ' +
    Object.keys(ms).map(k => k + ' ' + (100 * ms[k] / sum).toFixed(1) + '%').join(', '));
