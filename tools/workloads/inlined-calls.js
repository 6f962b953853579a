// The call-dense phase of three-phase.js alone, timing itself: a counted loop making three calls
// an iteration, `mix` (which calls) and twice `tiny` (a one-line function without loop or call: a
// trivial root for ccsampler's call-depth probes, docs/sampling.md). Once compiled, every call is
// inlined and an iteration takes a few ns, so a probe of a nanosecond per call shows. (call-dense.js
// is the bench's version, an `iteration` function for `bench --burst-cost`.) Prints the median time
// of the second half of the rounds.
// Arguments: rounds (default 30), iterations per round (default 10000000).
function tiny(i, acc) { return (acc * 31 + i) & 0xffff; }
function mix(i, acc) { return tiny(i, tiny(i >> 1, acc)); }
function densePhase(n) {
    let acc = 7;
    for (let i = 0; i < n; i++) { acc = mix(i, acc); }
    return acc;
}
const args = (typeof arguments !== 'undefined' ? Array.from(arguments) : []);
const rounds = args.length > 0 ? parseInt(args[0]) : 30;
const n = args.length > 1 ? parseInt(args[1]) : 10000000;
let check = 0;
const times = [];
for (let r = 0; r < rounds; r++) {
    const t0 = Date.now();
    check = (check + densePhase(n)) | 0;
    times.push(Date.now() - t0);
}
const late = times.slice(Math.floor(rounds / 2)).sort((a, b) => a - b);
console.log('inlined-calls: ' + rounds + ' rounds of ' + n + ' iterations, median of the last ' + late.length + ': ' +
    late[Math.floor(late.length / 2)] + ' ms, checksum ' + check);
