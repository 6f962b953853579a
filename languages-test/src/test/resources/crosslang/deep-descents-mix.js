// Descents that unwind between samples, so that every walk would have to visit the whole recursion
// again: `down` calls itself from one call site and works a little at each level, `twice` calls
// itself from two call sites in turn (a pair of frames no earlier walk can vouch for), and every
// 50th level of `down` goes through Array.prototype.forEach (a frame between two counted ones).
// SamplingStageTest checks that the frames written from the marks (StackRecorder, EdgeMemo) are the
// frames a full walk finds, and that walks visit a small part of the stack.
// Arguments (optional): rounds, depth.
const args = typeof arguments !== 'undefined' ? arguments : [];
const rounds = +(args[0] || 300);
const depth = +(args[1] || 1500);

function down(n, acc) {
  if (n === 0) {
    let s = 0;
    for (let i = 0; i < 20000; i++) s = (s + i % 7) | 0;
    return (acc + s) | 0;
  }
  let t = 0;
  for (let i = 0; i < 40; i++) t = (t + i) | 0;
  if (n % 50 === 0) {
    let r = 0;
    [n].forEach(m => { r = down(m - 1, (acc + t) | 0); });
    return r;
  }
  return down(n - 1, (acc + t) | 0);
}

function twice(n, acc) {
  let t = 0;
  for (let i = 0; i < 40; i++) t = (t + i) | 0;
  if (n === 0) return acc;
  if (n % 2 === 0) {
    return twice(n - 1, (acc + t) | 0);
  }
  return twice(n - 1, (acc + t + 1) | 0);
}

let check = 0;
for (let r = 0; r < rounds; r++) {
  check = (check + down(depth, r)) | 0;
  check = (check + twice(depth / 3, r)) | 0;
}
console.log('deep-descents-mix: ' + rounds + ' rounds of ' + depth + ', check ' + check);
