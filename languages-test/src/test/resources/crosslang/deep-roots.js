// Roots on deep stacks and roots off them, for the root probes of Incremental=auto that go into
// the roots of a deep stack's frames alone (docs/sampling.md, "Probes for the deep stacks' roots"):
//   churn    a loop of mix calls at the top of a shallow stack: call-dense code never below a
//            deep stack, which keeps its compiled code and runs without a probe
//   down     a recursion `depth` deep with Collatz steps at the bottom (a loop that polls): the
//            first deep phase, whose roots get the probes
//   descend  a recursion through descend and step, another `depth`: a deep stack of roots the
//            first one did not show, which get theirs when its walks are costly again
//   spin     a counted loop that polls no safepoint once compiled, at the top of a shallow stack:
//            samples wait in it, and WaitedTicks=top then gives every root a probe
// Arguments: the phases in order, comma-separated (default churn,down,descend); rounds of each
// (default 20); depth (default 150); iterations per round (default 20000).
function mix(i, acc) { let s = acc; for (let k = 0; k < 3; k++) { s = (s * 31 + i + k) & 0xffff; } return s; }
function churn(n) { let acc = 7; for (let i = 0; i < 40 * n; i++) { acc = mix(i, acc); } return acc; }
function collatz(n) {
    let steps = 0;
    for (let i = 1; i < n; i++) {
        let c = i;
        while (c !== 1) { c = (c & 1) ? 3 * c + 1 : c >> 1; steps++; }
    }
    return steps;
}
function down(d, n) { return d === 0 ? collatz(n) : (down(d - 1, n) + 1) | 0; }
function step(d, n) { return (descend(d - 1, n) ^ d) | 0; }
function descend(d, n) { return d === 0 ? collatz(n + 7) : (step(d, n) + 1) | 0; }
function spin(n) {
    let x = 1;
    for (let i = 0; i < 200 * n; i++) { x = (x * 1103515245 + 12345) & 0x7fffffff; }
    return x;
}
function phase(name, depth, n) {
    switch (name) {
        case 'churn': return churn(n);
        case 'down': return down(depth, n);
        case 'descend': return descend(depth >> 1, n);
        case 'spin': return spin(n);
        default: throw new Error('unknown phase ' + name);
    }
}
const args = (typeof arguments !== 'undefined' ? Array.from(arguments) : []);
const phases = (args.length > 0 ? args[0] : 'churn,down,descend').split(',');
const rounds = args.length > 1 ? parseInt(args[1]) : 20;
const depth = args.length > 2 ? parseInt(args[2]) : 150;
const n = args.length > 3 ? parseInt(args[3]) : 20000;
let s = 0;
for (const p of phases) {
    for (let r = 0; r < rounds; r++) { s = (s + phase(p, depth, n)) | 0; }
}
console.log('deep-roots: ' + phases.join(',') + ', ' + rounds + ' rounds at depth ' + depth + ', checksum ' + s);
