// deep-fold.js — a right fold over a 3 000-element linked list, done by recursion: every level
// recurses first and then mixes its element into the result in a small loop, so the time is spent
// on the way up a 3 000-deep stack, in compiled code once warm (no builtin call while it works).
// Each round builds the recursion anew (40 rounds by default), as a program that folds many lists
// does. Used in docs/sampling.md for Incremental=auto on deep stacks.
//
// Arguments (optional): rounds, list length, work per level.
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
console.log('deep-fold: ' + rounds + ' folds of ' + length + ' elements, check ' + check);
