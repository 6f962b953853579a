// For the root probes on standby (docs/sampling.md, "Probes on standby"): a shallow phase that
// runs long enough to be compiled, in functions that call each other a few frames deep (the
// stacks are shallow and every loop makes a call, so no rule of Incremental=auto needs the
// probes), then a phase at the bottom of a deep recursion (the deep-stack rule makes the probes
// count), then the shallow phase again, through the code compiled in the first.
// Arguments (optional): shallow rounds, recursion depth, deep rounds.
const args = typeof arguments !== 'undefined' ? arguments : [];
const shallowRounds = +(args[0] || 3000);
const depth = +(args[1] || 400);
const deepRounds = +(args[2] || 300);

function mix(x, i) { return (x * 31 + i) % 1000003; }
function row(x, n) {
  for (let i = 0; i < n; i++) x = mix(x, i);
  return x;
}
function table(x, rows) {
  for (let r = 0; r < rows; r++) x = row(x, 500) ^ r;
  return x;
}
function shallowPhase(rounds) {
  let x = 1;
  for (let k = 0; k < rounds; k++) x = table(x, 20);
  return x;
}

function bottom(x) {
  for (let i = 0; i < 20000; i++) x = (x * 17 + i) % 1000003;
  return x;
}
function descend(d, x) {
  return d === 0 ? bottom(x) : (descend(d - 1, x) + d) % 1000003;
}
function deepPhase(rounds) {
  let x = 1;
  for (let k = 0; k < rounds; k++) x = descend(depth, x + k);
  return x;
}

const a = shallowPhase(shallowRounds);
const b = deepPhase(deepRounds);
const c = shallowPhase(shallowRounds / 3);
console.log('standby-probes: ' + a + ' ' + b + ' ' + c);
