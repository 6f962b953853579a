// Trivial roots among others, for the call-depth probes that sleep on trivial roots
// (docs/sampling.md, "Trivial roots"):
//   leaf   a one-line function without loop or call: trivial, its probe sleeps under WaitedTicks=top
//   pair   calls leaf twice: not trivial (a call), but it calls trivial roots alone, so its probe
//          sleeps too (since 2026-12-02)
//   dense  a loop of pair calls: call-dense
//   spin   a counted loop that polls no safepoint once compiled: samples wait, so the defaults
//          attach the probes (WaitedTicks=top)
//   down   a recursion `depth` deep with dense and spin at the bottom
// Arguments: rounds (default 40), depth (default 40), iterations per loop (default 200000), then
// optionally more rounds at another depth (a second phase: deep stacks after shallow ones).
function leaf(i, acc) { return (acc * 31 + i) & 0xffff; }
function pair(i, acc) { return leaf(i, leaf(i >> 1, acc)); }
function dense(n) {
    let acc = 7;
    for (let i = 0; i < n; i++) { acc = pair(i, acc); }
    return acc;
}
function spin(n) {
    let x = 1;
    for (let i = 0; i < 4 * n; i++) { x = (x * 1103515245 + 12345) & 0x7fffffff; }
    return x;
}
function down(d, n) { return d === 0 ? (dense(n) + spin(n)) | 0 : (down(d - 1, n) + 1) | 0; }
const args = (typeof arguments !== 'undefined' ? Array.from(arguments) : []);
const rounds = args.length > 0 ? parseInt(args[0]) : 40;
const depth = args.length > 1 ? parseInt(args[1]) : 40;
const n = args.length > 2 ? parseInt(args[2]) : 200000;
const rounds2 = args.length > 3 ? parseInt(args[3]) : 0;
const depth2 = args.length > 4 ? parseInt(args[4]) : depth;
let s = 0;
for (let r = 0; r < rounds; r++) { s = (s + down(depth, n)) | 0; }
for (let r = 0; r < rounds2; r++) { s = (s + down(depth2, n)) | 0; }
console.log('trivial-roots: ' + rounds + ' rounds at depth ' + depth + ', ' + rounds2 + ' at depth ' + depth2 + ', checksum ' + s);
