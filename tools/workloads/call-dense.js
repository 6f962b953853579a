// Many tiny calls and nothing else: the worst case for root enter/return probes. Used by
// `bench --burst-cost` to measure what the burst probes cost per call (docs/bursting.md).
// One iteration = one call of the function this script evaluates to: 4 million calls of
// step -> twice -> inc, inc (4 calls per round, 1 million rounds).
function inc(x) { return x + 1; }
function twice(x) { return inc(inc(x)); }
function step(x, i) { return (twice(x) ^ i) & 0xfffff; }
let sink = 0;
const ROUNDS = 1000000;
const iteration = function iteration() {
    let x = sink;
    for (let i = 0; i < ROUNDS; i++) {
        x = step(x, i);
    }
    sink = x;
    return sink;
};
iteration;
