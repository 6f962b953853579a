// Two phases, for the judge that detaches root probes which cost more than they buy
// (docs/sampling.md, "Probes that do not pay"):
//   spin   counted loops that poll no safepoint once compiled, called from a loop: samples wait
//          for their polls, so the defaults attach the root probes (WaitedTicks=top), and where
//          the thread polls is not where the ticks found it (the probes move them: they pay);
//   eval   a small expression evaluator that recurses through many small functions, and a
//          recursive fib: millions of calls a second, each polling soon: the probes cost several
//          nanoseconds a call and move few ticks to another function (they do not pay).
// Arguments: spin rounds (default 100), eval rounds (default 3000), and eval rounds before spin
// (default 0: a lead whose polls come soon, so the probes come into code that ran without them).
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
function num(v) { return {op: 'num', v: v}; }
function bin(op, a, b) { return {op: op, a: a, b: b}; }
function build(depth, k) {
    if (depth === 0) { return num(k % 7 + 1); }
    const op = (depth + k) % 3 === 0 ? 'mul' : ((depth + k) % 3 === 1 ? 'add' : 'sub');
    return bin(op, build(depth - 1, k * 2 + 1), build(depth - 1, k * 3 + 2));
}
function evaluate(e) {
    switch (e.op) {
        case 'num': return e.v;
        case 'add': return add(evaluate(e.a), evaluate(e.b));
        case 'sub': return sub(evaluate(e.a), evaluate(e.b));
        default: return mul(evaluate(e.a), evaluate(e.b));
    }
}
function add(a, b) { return clamp(a + b); }
function sub(a, b) { return clamp(a - b); }
function mul(a, b) { return clamp(a * b); }
function clamp(v) { return v % 1000003; }
function fib(n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
function evalPhase(rounds) {
    const tree = build(14, 1);
    let s = 0;
    for (let r = 0; r < rounds; r++) { s = (s + evaluate(tree) + fib(18)) % 1000003; }
    return s;
}
const args = (typeof arguments !== 'undefined' ? Array.from(arguments) : []);
const spinRounds = args.length > 0 ? parseInt(args[0]) : 100;
const evalRounds = args.length > 1 ? parseInt(args[1]) : 3000;
const leadRounds = args.length > 2 ? parseInt(args[2]) : 0;
const lead = leadRounds > 0 ? 'lead ' + evalPhase(leadRounds) + ', ' : '';
console.log('costly-probes: ' + lead + 'spin ' + spinPhase(spinRounds) + ', eval ' + evalPhase(evalRounds));
