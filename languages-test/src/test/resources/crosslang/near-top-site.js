// A recursion 1 000 deep that unwinds between samples, through one line of `rec` (A), beside short
// recursions through another line (B) of the same function: every fourth level (or as the fourth
// argument says) calls rec(2) there, which recurses through B alone, two more frames. Below the top
// few frames only line A is on the stack, until the second phase (if asked for) recurses the whole
// depth through line B instead, as a program whose caller starts calling through another line does.
// SamplingStageTest checks that the frames written from the marks (StackRecorder, EdgeMemo) are the
// frames a full walk finds, and that walks visit a small part of the stack in the first phase.
// Arguments (optional): rounds of the first phase, rounds of the second, depth, how often (in
// levels) the short recursion comes.
const args = typeof arguments !== 'undefined' ? arguments : [];
const first = +(args[0] || 300);
const second = +(args[1] || 0);
const depth = +(args[2] || 1000);
const every = +(args[3] || 4);

// mode 0: recurse through line A, and every `every` levels a short recursion through line B;
// mode 1: recurse through line B alone
function rec(n, acc, mode) {
  let t = 0;
  for (let i = 0; i < 30; i++) t = (t + i) | 0;
  if (n === 0) return (acc + t) | 0;
  let a = 0;
  if (mode === 0) a = rec(n - 1, acc, 0); // line A
  const m = mode === 0 ? (n % every === 0 ? 2 : -1) : n - 1;
  let b = 0;
  if (m >= 0) b = rec(m, (acc + 1) | 0, 1); // line B
  return (a + b + t) | 0;
}

let check = 0;
for (let r = 0; r < first; r++) check = (check + rec(depth, r, 0)) | 0;
for (let r = 0; r < second; r++) check = (check + rec(depth, r, 1)) | 0;
console.log('near-top-site: ' + first + ' + ' + second + ' rounds of depth ' + depth + ', checksum ' + check);
