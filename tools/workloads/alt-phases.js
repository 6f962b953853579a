// Two phases that alternate every ~50 ms, each timing itself with Date.now, so every run prints its
// own truth:
//   deepPhase  a hundred descents of a recursion 1 000 deep that does a little work at each level:
//              polls at every call, and its walks are costly enough that the cost budget thins them;
//   flatPhase  one counted loop of about 30 ms (no safepoint poll while compiled): a request that
//              comes in it waits for the loop's end, the same place in the program every time.
// A sampler whose gaps between samples start where such a wait ends (rather than at ticks chosen
// without looking at the program) gets the split wrong (docs/sampling.md, "The selection runs while
// a request waits"). Shares are of inclusive time among the two. Arguments: rounds (default 100).
function level(n, acc) {
    if (n === 0) { return acc; }
    let t = 0;
    for (let i = 0; i < 50; i++) { t = (t + i) | 0; }
    return level(n - 1, (acc + t) | 0);
}
function deepPhase() {
    let s = 0;
    for (let k = 0; k < 100; k++) { s = (s + level(1000, k)) | 0; }
    return s;
}
function flatPhase() {
    let s = 0;
    for (let i = 0; i < 14000000; i++) { s = (s + i % 3) | 0; }
    return s;
}
const args = (typeof process !== 'undefined' && process.argv) ? process.argv.slice(2) : (typeof arguments !== 'undefined' ? Array.from(arguments) : []);
const rounds = args.length > 0 ? parseInt(args[0]) : 100;
const ms = { deepPhase: 0, flatPhase: 0 };
let check = 0;
for (let r = 0; r < rounds; r++) {
    const t0 = Date.now();
    check = (check + deepPhase()) | 0;
    const t1 = Date.now();
    check = (check + flatPhase()) | 0;
    const t2 = Date.now();
    ms.deepPhase += t1 - t0;
    ms.flatPhase += t2 - t1;
}
const sum = ms.deepPhase + ms.flatPhase;
console.log('alt-phases: ' + rounds + ' rounds in ' + sum + ' ms, checksum ' + check + ', time by Date.now: ' +
    Object.keys(ms).map(k => k + ' ' + (100 * ms[k] / sum).toFixed(1) + '%').join(', '));
