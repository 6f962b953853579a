// The known split of examples/known-split.js as a library: run(rounds) does the work.
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
function run(rounds) {
    let sink = 0;
    for (let r = 0; r < rounds; r++) {
        sink = (sink + alpha(100000)) | 0;
        sink = (sink + beta(100000)) | 0;
        sink = (sink + gamma(100000)) | 0;
    }
    return sink;
}
run;
