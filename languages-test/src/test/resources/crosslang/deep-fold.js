// A right fold over a linked list by recursion: each level recurses first, then mixes its element
// into the result in a loop, so the time is spent on the way up a deep stack, in compiled code once
// warm. Each round builds the recursion anew, as a program that folds many lists does.
// SamplingStageTest checks that such recursive returns are walked incrementally; docs/sampling.md
// measures Incremental=auto on it.
// Arguments (optional): rounds, list length, loop iterations per level.
const args = typeof arguments !== 'undefined' ? arguments : [];
const rounds = +(args[0] || 40);
const length = +(args[1] || 3000);
const work = +(args[2] || 20000);

function makeList(n) {
  let list = null;
  for (let i = n; i > 0; i--) list = { value: i, next: list };
  return list;
}

function fold(node) {
  if (node === null) return 1;
  let acc = fold(node.next);
  for (let i = 0; i < work; i++) acc = (acc * 31 + node.value + i) % 1000003;
  return acc;
}

const list = makeList(length);
let check = 0;
for (let r = 0; r < rounds; r++) check = (check + fold(list)) % 1000003;
console.log('deep-fold: ' + rounds + ' folds of ' + length + ', check ' + check);
