// A pair of frames seen through one call node first and through another later: `twice` calls itself
// from two lines in turn (odd levels from one, even levels from the other). The first half of the
// run calls it one level deep, so every walk sees twice -> twice through the odd levels' line
// only; the second half descends 1 200 deep, where the two lines alternate. The first deep walks
// would write the recursion below their top frames from what the first half's walks saw, while
// their own top frames show the other line. SamplingStageTest checks that none does.
// Arguments (optional): rounds, depth.
const args = typeof arguments !== 'undefined' ? arguments : [];
const rounds = +(args[0] || 400);
const depth = +(args[1] || 1200);

function twice(n, acc) {
  let t = 0;
  for (let i = 0; i < (n === 0 ? 200000 : 40); i++) t = (t + i) | 0;
  if (n === 0) return (acc + t) | 0;
  if (n % 2 === 0) {
    return twice(n - 1, (acc + t) | 0);
  }
  return twice(n - 1, (acc + t + 1) | 0);
}

let check = 0;
for (let r = 0; r < rounds; r++) {
  check = (check + twice(r < rounds / 2 ? 1 : depth, r)) | 0;
}
console.log('switching-site: ' + rounds + ' rounds, check ' + check);
