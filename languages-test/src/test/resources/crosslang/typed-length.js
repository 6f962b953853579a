// For the costly-probes judge's first resort (docs/accuracy.md, exc-phases.js): spin's counted loops
// poll no safepoint once compiled, so the defaults attach the root probes (WaitedTicks=top); then
// a checksum over a typed array reads arr.length on every iteration, and that getter is a builtin
// root of its own: tens of millions of counted calls a second, each a few nanoseconds. The probes
// of such internal leaf roots sleep, and the others stay. Arguments: spin rounds (default 100),
// checksum rounds (default 3000).
function spin(n) {
    let x = 1;
    for (let i = 0; i < n; i++) { x = (x * 1103515245 + 12345) & 0x7fffffff; }
    return x;
}
function spinPhase(rounds) {
    let s = 0;
    for (let r = 0; r < rounds; r++) { s = (s + spin(2000000)) | 0; }
    return s;
}
function checksum(arr) {
    let h = 17;
    for (let i = 0; i < arr.length; i++) { h = (h * 31 + arr[i]) | 0; }
    return h;
}
function checksumPhase(rounds) {
    const data = new Int32Array(100000);
    for (let i = 0; i < data.length; i++) { data[i] = (i * 2654435761) | 0; }
    let s = 0;
    for (let r = 0; r < rounds; r++) { s = (s + checksum(data)) | 0; }
    return s;
}
const args = (typeof arguments !== 'undefined' ? Array.from(arguments) : []);
const spinRounds = args.length > 0 ? parseInt(args[0]) : 100;
const checksumRounds = args.length > 1 ? parseInt(args[1]) : 3000;
console.log('typed-length: spin ' + spinPhase(spinRounds) + ', checksum ' + checksumPhase(checksumRounds));
