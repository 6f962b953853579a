// Three phases whose time is mostly inside the engine's builtins, each timing itself with
// Date.now, so every run prints its own truth:
//   sortPhase    sorts arrays of records with a JavaScript comparator (the builtin calls back);
//   textPhase    splits, matches with regular expressions and joins strings;
//   jsonPhase    builds objects in a Map, serialises and parses them (allocation, GC).
// A profiler must give each phase its own time, builtins and garbage collection included.
// Arguments: rounds (default 6).
function makeRecords(n, seed) {
    const out = new Array(n);
    let s = seed;
    for (let i = 0; i < n; i++) {
        s = (s * 1103515245 + 12345) & 0x7fffffff;
        out[i] = {id: i, key: s % 10007, name: 'r' + (s % 977), weight: (s % 1000) / 7};
    }
    return out;
}
function byKeyThenName(a, b) {
    return a.key - b.key || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}
function sortPhase(round) {
    let check = 0;
    for (let k = 0; k < 6; k++) {
        const recs = makeRecords(40000, round * 31 + k);
        recs.sort(byKeyThenName);
        check = (check + recs[0].key + recs[recs.length - 1].id) | 0;
    }
    return check;
}
const WORDS = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta', 'iota', 'kappa'];
function textPhase(round) {
    const lines = [];
    for (let i = 0; i < 20000; i++) {
        lines.push(WORDS[(i + round) % 10] + ' ' + (i * 7919 % 10007) + ' ' + WORDS[(i * 3) % 10] + '@example.org;' + i);
    }
    const text = lines.join('\n');
    let check = 0;
    for (let k = 0; k < 4; k++) {
        for (const line of text.split('\n')) {
            const m = /^(\w+) (\d+) (\w+)@([\w.]+);(\d+)$/.exec(line);
            if (m) {
                check = (check + m[2].length + m[4].length + parseInt(m[5], 10)) | 0;
            }
        }
        check = (check + text.replace(/[aeiou]/g, '').length) | 0;
    }
    return check;
}
function jsonPhase(round) {
    let check = 0;
    for (let k = 0; k < 3; k++) {
        const m = new Map();
        for (let i = 0; i < 20000; i++) {
            m.set('k' + i, {i: i, sq: i * i, tag: WORDS[(i + k + round) % 10], list: [i, i + 1, i + 2]});
        }
        const json = JSON.stringify(Array.from(m.values()));
        const back = JSON.parse(json);
        check = (check + back.length + json.length) | 0;
    }
    return check;
}
const args = (typeof process !== 'undefined' && process.argv) ? process.argv.slice(2) : (typeof arguments !== 'undefined' ? Array.from(arguments) : []);
const rounds = args.length > 0 ? parseInt(args[0]) : 6;
const ms = {sortPhase: 0, textPhase: 0, jsonPhase: 0};
let check = 0;
for (let r = 0; r < rounds; r++) {
    const t0 = Date.now();
    check = (check + sortPhase(r)) | 0;
    const t1 = Date.now();
    check = (check + textPhase(r)) | 0;
    const t2 = Date.now();
    check = (check + jsonPhase(r)) | 0;
    const t3 = Date.now();
    ms.sortPhase += t1 - t0;
    ms.textPhase += t2 - t1;
    ms.jsonPhase += t3 - t2;
}
const sum = Object.values(ms).reduce((a, b) => a + b, 0);
console.log('builtin-phases: ' + rounds + ' rounds in ' + sum + ' ms, checksum ' + check + ', time by Date.now: ' +
    Object.keys(ms).map(k => k + ' ' + (100 * ms[k] / sum).toFixed(1) + '%').join(', '));
