// A JavaScript program of five phases whose split of time it measures itself (Date.now around each
// phase), so a profile can be checked against it: build an expression string (makeSource), tokenize
// it with a regular expression (tokenize), parse it by recursive descent about 600 calls deep
// (parse: expr / term / factor), evaluate the tree (evaluate), and round-trip objects through
// JSON.stringify / JSON.parse (jsonWork). Written as a stand-in for a held-out program: regular
// expressions, JSON builtins and deep recursion are where safepoint polls are far apart.
// Run: bin/ccsampler run --ccsampler examples/phases.js [rounds]
function tokenize(src) {
    const re = /\s*(\d+|[-+*/()])/g;
    const out = [];
    let m;
    while ((m = re.exec(src)) !== null) {
        out.push(m[1]);
    }
    return out;
}
function parse(tokens) {
    let i = 0;
    function expr() {
        let v = term();
        while (tokens[i] === '+' || tokens[i] === '-') { const op = tokens[i++]; v = {op, l: v, r: term()}; }
        return v;
    }
    function term() {
        let v = factor();
        while (tokens[i] === '*' || tokens[i] === '/') { const op = tokens[i++]; v = {op, l: v, r: factor()}; }
        return v;
    }
    function factor() {
        const t = tokens[i++];
        if (t === '(') { const v = expr(); i++; return v; }
        return {num: +t};
    }
    return expr();
}
function evaluate(n) {
    if (n.num !== undefined) {
        return n.num;
    }
    const a = evaluate(n.l);
    const b = evaluate(n.r);
    switch (n.op) {
        case '+': return a + b;
        case '-': return a - b;
        case '*': return a * b;
        default: return b === 0 ? 0 : a / b;
    }
}
function makeSource(k) {
    let s = '1';
    for (let j = 0; j < k; j++) {
        s = '(' + s + ' + ' + (j % 7) + ') * 2 - ' + (j % 3);
    }
    return s;
}
function jsonWork(n) {
    const o = [];
    for (let j = 0; j < n; j++) {
        o.push({id: j, name: 'n' + j, tags: ['a', 'b', j % 5]});
    }
    return JSON.parse(JSON.stringify(o)).length;
}
const args = (typeof process !== 'undefined' && process.argv) ? process.argv.slice(2) : (typeof arguments !== 'undefined' ? Array.from(arguments) : []);
const rounds = args.length > 0 ? parseInt(args[0]) : 300;
const ms = {makeSource: 0, tokenize: 0, parse: 0, evaluate: 0, jsonWork: 0};
let total = 0;
for (let r = 0; r < rounds; r++) {
    const t0 = Date.now();
    const src = makeSource(200);
    const t1 = Date.now();
    const tokens = tokenize(src);
    const t2 = Date.now();
    const tree = parse(tokens);
    const t3 = Date.now();
    total += evaluate(tree) % 1000;
    const t4 = Date.now();
    total += jsonWork(300);
    const t5 = Date.now();
    ms.makeSource += t1 - t0;
    ms.tokenize += t2 - t1;
    ms.parse += t3 - t2;
    ms.evaluate += t4 - t3;
    ms.jsonWork += t5 - t4;
}
const sum = Object.values(ms).reduce((a, b) => a + b, 0);
console.log('phases: ' + rounds + ' rounds in ' + sum + ' ms, checksum ' + total + ', time by Date.now: ' +
    Object.keys(ms).map(k => k + ' ' + (100 * ms[k] / sum).toFixed(1) + '%').join(', '));
