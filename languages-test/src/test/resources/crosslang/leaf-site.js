// An evaluator of expression trees 1 500 deep that unwinds between samples, so that every walk
// would have to visit the whole recursion again. `evalBin` calls `evalExpr` from two lines: for its
// left operand, always a literal (a leaf: `evalExpr` then calls nothing), and for its right one,
// the rest of the tree, and applies one of four closures to the two. Below the top frame only the
// second line is ever on the stack.
// SamplingStageTest checks that the frames written from the marks (StackRecorder, EdgeMemo) are the
// frames a full walk finds, and that walks visit a small part of the stack.
// Arguments (optional): rounds, depth.
const args = typeof arguments !== 'undefined' ? arguments : [];
const rounds = +(args[0] || 300);
const depth = +(args[1] || 1500);

const ops = [
  (a, b) => (a + b) | 0,
  (a, b) => (a * 31 + b) & 0xffff,
  (a, b) => (a ^ (b << 1)) | 0,
  (a, b) => Math.max(a, b) - Math.min(a, b),
];
function mk(n, i) {
  if (n === 0) return { kind: 'lit', v: i & 255 };
  if (n % 3 === 0) return { kind: 'neg', e: mk(n - 1, i + 1) };
  return { kind: 'bin', op: ops[(n + i) & 3], l: { kind: 'lit', v: n & 63 }, r: mk(n - 1, i * 5 + 1) };
}
function evalBin(e) { return e.op(evalExpr(e.l), evalExpr(e.r)); }
function evalNeg(e) { return (-evalExpr(e.e)) & 0xffff; }
function evalExpr(e) { return e.kind === 'lit' ? e.v : e.kind === 'bin' ? evalBin(e) : evalNeg(e); }

const trees = [];
for (let i = 0; i < 4; i++) trees.push(mk(depth, i));
let check = 0;
for (let r = 0; r < rounds; r++) {
  check = (check + evalExpr(trees[r & 3])) | 0;
}
console.log('leaf-site: ' + rounds + ' rounds of depth ' + depth + ', checksum ' + check);
