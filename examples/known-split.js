// A JavaScript program with a known split of CPU time: alpha 60 %, beta 30 %, gamma 10 %.
// Each function runs the same xorshift loop; only the number of iterations differs (6 : 3 : 1).
// Run: bin/ccsampler run --ccsampler examples/known-split.js [rounds]
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
let sink = 0;
for (let r = 0; r < rounds; r++) {
    sink = (sink + alpha(100000)) | 0;
    sink = (sink + beta(100000)) | 0;
    sink = (sink + gamma(100000)) | 0;
}
console.log("done " + rounds + " rounds, checksum " + sink);
