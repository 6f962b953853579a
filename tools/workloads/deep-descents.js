// Two phases, each timing itself with Date.now, so every run prints its own truth:
//   descentPhase  works a little at every level of a recursion 6 000 deep and at its bottom, and
//                 unwinds to the top after each descent: between two samples the whole stack is new,
//                 so no walk can stop early (incremental walks save nothing here) and every walk in
//                 this phase is thousands of frames long;
//   flatPhase     runs one counted loop at the top of the stack (no calls, no safepoint poll while
//                 compiled).
// A sampler whose cost lands on the wrong phase, or whose selection or weights depend on the depth
// of the stack it walks, gets the split wrong. Shares are of inclusive time among the two.
// Arguments: rounds (default 600).
function level(n, acc) {
    if (n === 0) {
        let s = 0;
        for (let i = 0; i < 20000; i++) { s = (s + i % 7) | 0; }
        return (acc + s) | 0;
    }
    let t = 0;
    for (let i = 0; i < 50; i++) { t = (t + i) | 0; }
    return level(n - 1, (acc + t) | 0);
}
function descentPhase() {
    return level(6000, 0);
}
function flatPhase() {
    let s = 0;
    for (let i = 0; i < 2000000; i++) { s = (s + i % 3) | 0; }
    return s;
}
const args = (typeof process !== 'undefined' && process.argv) ? process.argv.slice(2) : (typeof arguments !== 'undefined' ? Array.from(arguments) : []);
const rounds = args.length > 0 ? parseInt(args[0]) : 600;
const ms = { descentPhase: 0, flatPhase: 0 };
let check = 0;
for (let r = 0; r < rounds; r++) {
    const t0 = Date.now();
    check = (check + descentPhase()) | 0;
    const t1 = Date.now();
    check = (check + flatPhase()) | 0;
    const t2 = Date.now();
    ms.descentPhase += t1 - t0;
    ms.flatPhase += t2 - t1;
}
const sum = ms.descentPhase + ms.flatPhase;
console.log('deep-descents: ' + rounds + ' rounds in ' + sum + ' ms, checksum ' + check + ', time by Date.now: ' +
    Object.keys(ms).map(k => k + ' ' + (100 * ms[k] / sum).toFixed(1) + '%').join(', '));
