// Known split, timed in the same run (the split-check twin of known-split.js): alpha / beta / gamma
// run the same xorshift loop with trip counts 6 : 3 : 1, called in turn. Each block of four calls
// is timed with Date.now (its millisecond steps average out over the run), so the program prints
// the split it really had, warm-up included, which a profiler must find. Compiled, the loops are
// counted and never poll a safepoint: a sample asked for inside alpha waits until alpha returns,
// so a profiler that puts a sample where the poll comes misplaces it.
// Arguments: rounds (default 400, about 5 s).
function alpha(n) {
    let x = n | 1;
    for (let i = 0; i < 6 * n; i++) { x ^= x << 13; x ^= x >>> 17; x ^= x << 5; }
    return x;
}
function beta(n) {
    let x = n | 1;
    for (let i = 0; i < 3 * n; i++) { x ^= x << 13; x ^= x >>> 17; x ^= x << 5; }
    return x;
}
function gamma(n) {
    let x = n | 1;
    for (let i = 0; i < n; i++) { x ^= x << 13; x ^= x >>> 17; x ^= x << 5; }
    return x;
}
const args = (typeof process !== 'undefined' && process.argv) ? process.argv.slice(2) : (typeof arguments !== 'undefined' ? Array.from(arguments) : []);
const rounds = args.length > 0 ? parseInt(args[0]) : 400;
const N = 100000;
const ms = {alpha: 0, beta: 0, gamma: 0};
let sink = 0;
for (let r = 0; r < rounds; r++) {
    const t0 = Date.now();
    for (let k = 0; k < 4; k++) { sink = (sink + alpha(N)) | 0; }
    const t1 = Date.now();
    for (let k = 0; k < 4; k++) { sink = (sink + beta(N)) | 0; }
    const t2 = Date.now();
    for (let k = 0; k < 4; k++) { sink = (sink + gamma(N)) | 0; }
    const t3 = Date.now();
    ms.alpha += t1 - t0;
    ms.beta += t2 - t1;
    ms.gamma += t3 - t2;
}
const sum = ms.alpha + ms.beta + ms.gamma;
console.log('known-split-timed: ' + rounds + ' rounds in ' + Math.round(sum) + ' ms, checksum ' + sink + ', time by Date.now: ' +
    Object.keys(ms).map(k => k + ' ' + (100 * ms[k] / sum).toFixed(1) + '%').join(', '));
