// Code generation: a template engine that compiles each template into a function with new Function,
// many templates, each called a few times, then some hot ones many times; plus per-round churn.
function compile(i) {
    const parts = [];
    for (let k = 0; k < 6; k++) parts.push('o.f' + ((i + k) % 13) + ' * ' + (k + 1));
    return new Function('o', 'let s = 0; for (let j = 0; j < o.n; j++) { s += ' + parts.join(' + ') + ' + j; } return s + ' + i + ';');
}
function codegen(count, base) {
    const fs = [];
    for (let i = 0; i < count; i++) fs.push(compile(base + i));
    return fs;
}
function runAll(fs, o, times) {
    let s = 0;
    for (let t = 0; t < times; t++) for (let i = 0; i < fs.length; i++) s += fs[i](o);
    return s;
}
function hot(fs, o) {
    let s = 0;
    for (let r = 0; r < 60; r++) for (let i = 0; i < 20; i++) s += fs[i](o);
    return s;
}
const o = {n: 10};
for (let k = 0; k < 13; k++) o['f' + k] = k + 0.5;
const ms = {codegen: 0, runAll: 0, hot: 0};
let total = 0;
const rounds = 30;
for (let r = 0; r < rounds; r++) {
    const t0 = Date.now();
    const fs = codegen(500, r * 500);
    const t1 = Date.now();
    total += runAll(fs, o, 3);
    const t2 = Date.now();
    total += hot(fs, {n: 200, f0: 1, f1: 2, f2: 3, f3: 4, f4: 5, f5: 6, f6: 7, f7: 8, f8: 9, f9: 10, f10: 11, f11: 12, f12: 13});
    const t3 = Date.now();
    ms.codegen += t1 - t0; ms.runAll += t2 - t1; ms.hot += t3 - t2;
}
const sum = Object.values(ms).reduce((a, b) => a + b, 0);
console.log('codegen-phases: ' + rounds + ' rounds in ' + sum + ' ms, checksum ' + Math.round(total % 100000) + ', time by Date.now: ' +
    Object.keys(ms).map(k => k + ' ' + (100 * ms[k] / sum).toFixed(1) + '%').join(', '));
