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
const ROUNDS = 4, N = 100000;
const iteration = function iteration() {
    for (let r = 0; r < ROUNDS; r++) {
        sink ^= alpha(N);
        sink ^= beta(N);
        sink ^= gamma(N);
    }
    return sink;
};
// Each function's share of one iteration on its own: `bench --check-splits` times them separately
// (GuestRunner --time-parts) to check the 60 / 30 / 10 split that holds by construction.
iteration.parts = {
    alpha() { for (let r = 0; r < ROUNDS; r++) { sink ^= alpha(N); } return sink; },
    beta() { for (let r = 0; r < ROUNDS; r++) { sink ^= beta(N); } return sink; },
    gamma() { for (let r = 0; r < ROUNDS; r++) { sink ^= gamma(N); } return sink; },
};
iteration;
