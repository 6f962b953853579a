// A small Lisp (a workload not written for any one technique: deep recursion through an interpreter,
// megamorphic calls, allocation): tokenizer, reader, evaluator with closures and environments, and a few programs.
function tokenize(src) {
    const out = [];
    let i = 0;
    while (i < src.length) {
        const c = src[i];
        if (c === '(' || c === ')') { out.push(c); i++; }
        else if (c === ' ' || c === '\n') { i++; }
        else {
            let j = i;
            while (j < src.length && src[j] !== ' ' && src[j] !== '\n' && src[j] !== '(' && src[j] !== ')') j++;
            out.push(src.substring(i, j));
            i = j;
        }
    }
    return out;
}
function read(tokens, pos) {
    const t = tokens[pos.i++];
    if (t === '(') {
        const list = [];
        while (tokens[pos.i] !== ')') list.push(read(tokens, pos));
        pos.i++;
        return list;
    }
    const n = Number(t);
    return isNaN(n) ? {sym: t} : n;
}
class Env {
    constructor(parent) { this.vars = new Map(); this.parent = parent; }
    lookup(name) {
        let e = this;
        while (e !== null) { if (e.vars.has(name)) return e.vars.get(name); e = e.parent; }
        throw new Error('unbound ' + name);
    }
    define(name, v) { this.vars.set(name, v); }
}
class Closure {
    constructor(params, body, env) { this.params = params; this.body = body; this.env = env; }
    apply(args) {
        const e = new Env(this.env);
        for (let i = 0; i < this.params.length; i++) e.define(this.params[i].sym, args[i]);
        return evaluate(this.body, e);
    }
}
class Builtin {
    constructor(fn) { this.fn = fn; }
    apply(args) { return this.fn(args); }
}
function evaluate(x, env) {
    if (typeof x === 'number') return x;
    if (!Array.isArray(x)) return env.lookup(x.sym);
    const head = x[0];
    if (head.sym === 'if') return evaluate(x[1], env) !== 0 ? evaluate(x[2], env) : evaluate(x[3], env);
    if (head.sym === 'lambda') return new Closure(x[1], x[2], env);
    if (head.sym === 'define') { env.define(x[1].sym, evaluate(x[2], env)); return 0; }
    const f = evaluate(head, env);
    const args = [];
    for (let i = 1; i < x.length; i++) args.push(evaluate(x[i], env));
    return f.apply(args);
}
function globals() {
    const g = new Env(null);
    g.define('+', new Builtin(a => a[0] + a[1]));
    g.define('-', new Builtin(a => a[0] - a[1]));
    g.define('*', new Builtin(a => (a[0] * a[1]) % 1000003));
    g.define('<', new Builtin(a => a[0] < a[1] ? 1 : 0));
    g.define('=', new Builtin(a => a[0] === a[1] ? 1 : 0));
    g.define('cons', new Builtin(a => ({car: a[0], cdr: a[1]})));
    g.define('car', new Builtin(a => a[0].car));
    g.define('cdr', new Builtin(a => a[0].cdr));
    g.define('nil?', new Builtin(a => a[0] === 0 ? 1 : 0));
    return g;
}
const PROGRAM = `
(define fib (lambda (n) (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2))))))
(define range (lambda (a b) (if (< a b) (cons a (range (+ a 1) b)) 0)))
(define sum (lambda (l) (if (nil? l) 0 (+ (car l) (sum (cdr l))))))
(define map (lambda (f l) (if (nil? l) 0 (cons (f (car l)) (map f (cdr l))))))
(define sq (lambda (x) (* x x)))
(define insert (lambda (x l) (if (nil? l) (cons x 0) (if (< x (car l)) (cons x l) (cons (car l) (insert x (cdr l)))))))
(define sort (lambda (l) (if (nil? l) 0 (insert (car l) (sort (cdr l))))))
(define scramble (lambda (l) (map (lambda (x) (- 1000 (* x 7))) l)))
(fib 17)
(sum (map sq (range 0 300)))
(sum (sort (scramble (range 0 150))))
`;
function runProgram() {
    const tokens = tokenize(PROGRAM);
    const pos = {i: 0};
    const env = globals();
    let last = 0;
    while (pos.i < tokens.length) last = (last + evaluate(read(tokens, pos), env)) | 0;
    return last;
}
let sink = 0;
(function iteration() {
    for (let k = 0; k < 3; k++) sink = (sink + runProgram()) | 0;
    return sink;
});
