// Known split of CPU time: alpha 60 %, beta 30 %, gamma 10 % of self time.
// The three functions run the same xorshift loop; only the trip count differs (6 : 3 : 1).
// One iteration = one call of the function this script evaluates to (fixed work).
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
let sink = 0;
(function iteration() {
    for (let r = 0; r < 4; r++) {
        sink ^= alpha(100000);
        sink ^= beta(100000);
        sink ^= gamma(100000);
    }
    return sink;
});
