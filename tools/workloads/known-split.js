// Known split of CPU time: alpha 60 %, beta 30 %, gamma 10 % of self time once compiled.
// The three functions run the same xorshift loop; only the trip count differs (6 : 3 : 1).
// One iteration = one call of the function this script evaluates to (fixed work).
// Most of a bench process is warm-up, and there the split is not 6 : 3 : 1 (gamma's loop is too
// short to be compiled on the stack, so it stays interpreted longer). So each call is timed, and
// `iteration.timed` holds the split this run really had: the bench judges profiles against it.
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
// nanoseconds: the host's clock where host access is allowed (the bench's runner), else Date.now
const now = (() => {
    try {
        const system = Java.type('java.lang.System');
        return () => system.nanoTime();
    } catch (e) {
        return () => Date.now() * 1e6;
    }
})();
const timed = {alpha: 0, beta: 0, gamma: 0};
const iteration = function iteration() {
    for (let r = 0; r < ROUNDS; r++) {
        const t0 = now();
        sink ^= alpha(N);
        const t1 = now();
        sink ^= beta(N);
        const t2 = now();
        sink ^= gamma(N);
        const t3 = now();
        timed.alpha += t1 - t0;
        timed.beta += t2 - t1;
        timed.gamma += t3 - t2;
    }
    return sink;
};
iteration.timed = timed;
// Each function's share of one iteration on its own: `bench --check-splits` times them separately
// (GuestRunner --time-parts) to check the 60 / 30 / 10 split that holds by construction.
iteration.parts = {
    alpha() { for (let r = 0; r < ROUNDS; r++) { sink ^= alpha(N); } return sink; },
    beta() { for (let r = 0; r < ROUNDS; r++) { sink ^= beta(N); } return sink; },
    gamma() { for (let r = 0; r < ROUNDS; r++) { sink ^= gamma(N); } return sink; },
};
iteration;
