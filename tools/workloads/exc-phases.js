// Exceptions across deep stacks, written 2026-12-03 as a program the profiler had not seen. Three
// phases, each timing itself with Date.now:
//   validate   walks a 250-deep nested configuration object recursively; every few leaves fail a
//              check and throw a ValidationError that unwinds the whole recursion to a catch at
//              the top (so the stack goes from 250 deep to 1 many times a second);
//   retryLoop  calls small functions that throw and are caught one or two frames up (a retrying
//              client: try / catch / finally in a loop, call-dense);
//   checksum   a flat arithmetic loop over a typed array.
// Arguments: rounds (default 30).
class ValidationError extends Error {
    constructor(path, depth) { super('invalid at ' + depth); this.path = path; this.depth = depth; }
}
function makeConfig(depth, seed) {
    let node = {value: seed, tag: 'leaf'};
    for (let i = 0; i < depth; i++) {
        node = {value: (seed * 31 + i) & 1023, tag: i % 3 === 0 ? 'list' : 'map', child: node};
    }
    return node;
}
function checkNode(node, depth, budget) {
    let h = node.value;
    for (let i = 0; i < budget; i++) { h = (h * 1103515245 + i) & 0x7fffffff; }
    if (node.child === undefined) {
        if ((h & 3) === 0) { throw new ValidationError(['leaf'], depth); }
        return h;
    }
    return (checkNode(node.child, depth + 1, budget) + h) | 0;
}
function validate(configs) {
    let ok = 0, bad = 0;
    for (let k = 0; k < configs.length; k++) {
        try {
            ok = (ok + checkNode(configs[k], 0, 60)) | 0;
        } catch (e) {
            if (!(e instanceof ValidationError)) { throw e; }
            bad += e.depth;
        }
    }
    return (ok + bad) | 0;
}
function flaky(i, attempt) {
    if (((i * 7 + attempt) % 5) < 2) { throw new RangeError('busy ' + i); }
    return (i * 13 + attempt) & 0xffff;
}
function withRetry(i) {
    for (let attempt = 0; ; attempt++) {
        try {
            return flaky(i, attempt);
        } catch (e) {
            if (attempt > 4) { return -1; }
        } finally {
            i = (i + 1) | 0;
        }
    }
}
function retryLoop(n) {
    let s = 0;
    for (let i = 0; i < n; i++) { s = (s + withRetry(i)) & 0xffffff; }
    return s;
}
function checksum(arr, reps) {
    let h = 17;
    for (let r = 0; r < reps; r++) {
        for (let i = 0; i < arr.length; i++) { h = (h * 31 + arr[i]) | 0; }
    }
    return h;
}
const args = (typeof process !== 'undefined' && process.argv) ? process.argv.slice(2) : (typeof arguments !== 'undefined' ? Array.from(arguments) : []);
const rounds = args.length > 0 ? parseInt(args[0]) : 30;
const configs = [];
for (let k = 0; k < 200; k++) { configs.push(makeConfig(250, k + 1)); }
const data = new Int32Array(100000);
for (let i = 0; i < data.length; i++) { data[i] = (i * 2654435761) | 0; }
const ms = {validate: 0, retryLoop: 0, checksum: 0};
let check = 0;
for (let r = 0; r < rounds; r++) {
    const t0 = Date.now();
    check = (check + validate(configs)) | 0;
    const t1 = Date.now();
    check = (check + retryLoop(10000)) | 0;
    const t2 = Date.now();
    check = (check + checksum(data, 60)) | 0;
    const t3 = Date.now();
    ms.validate += t1 - t0;
    ms.retryLoop += t2 - t1;
    ms.checksum += t3 - t2;
}
const sum = Object.values(ms).reduce((a, b) => a + b, 0);
console.log('exc-phases: ' + rounds + ' rounds in ' + sum + ' ms, checksum ' + check + ', time by Date.now: ' +
    Object.keys(ms).map(k => k + ' ' + (100 * ms[k] / sum).toFixed(1) + '%').join(', '));
