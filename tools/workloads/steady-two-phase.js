// Two phases for --ccsampler.SteadyState (written 2026-12-06, forty-eighth session): `alpha` alone
// for the first phase (long enough for the profile to converge and the sampler to slow down), then
// `omega` alone. Where the host binds a function `phaseB` (SteadyStateLag does), it is called as
// the second phase starts, so that the lag of the sampler's "phase change" note behind it can be
// measured: issue 8 asks that a second phase show up within a second of starting
// (docs/sampling.md, *A second phase after the steady state*).
// Arguments: seconds of the first phase (default 5), of the second (default 3).
function work(n) {
    let x = n | 1;
    for (let i = 0; i < n; i++) { x ^= x << 13; x ^= x >>> 17; x ^= x << 5; }
    return x;
}
function alpha() { return work(20000); }
function omega() { return work(20000); }
const args = (typeof process !== 'undefined' && process.argv) ? process.argv.slice(2) : (typeof arguments !== 'undefined' ? Array.from(arguments) : []);
const first = args.length > 0 ? parseFloat(args[0]) : 5;
const second = args.length > 1 ? parseFloat(args[1]) : 3;
let sink = 0;
const t0 = Date.now();
while (Date.now() - t0 < first * 1000) { sink ^= alpha(); }
const t1 = Date.now();
if (typeof phaseB === 'function') { phaseB(); }
while (Date.now() - t1 < second * 1000) { sink ^= omega(); }
const t2 = Date.now();
console.log('steady-two-phase: ' + (t1 - t0) + ' ms alpha, ' + (t2 - t1) + ' ms omega, checksum ' + sink);
