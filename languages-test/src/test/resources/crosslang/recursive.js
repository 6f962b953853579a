// Recursion mixed with builtins that call back (map, sort, reduce), closures and a getter: the
// shapes where incremental walks must find counted frames between uncounted ones.
class Node {
    constructor(v, kids) { this.v = v; this.kids = kids; }
    get weight() { return this.kids.reduce((a, k) => a + k.weight, this.v); }
}
function build(depth, width) {
    if (depth === 0) { return new Node(1, []); }
    const kids = [];
    for (let i = 0; i < width; i++) { kids.push(build(depth - 1, width)); }
    return new Node(depth, kids);
}
function deep(n, f) { return n === 0 ? f() : 1 + deep(n - 1, f); }
function work() {
    const t = build(6, 3);
    let s = 0;
    for (let r = 0; r < 20; r++) {
        s += t.weight;
        s += [5, 3, 9, 1, 7].map(x => deep(40, () => x * 2)).sort((a, b) => a - b)[0];
    }
    return s;
}
let total = 0;
for (let i = 0; i < 120; i++) { total += work(); }
console.log('recursive.js total ' + total);
