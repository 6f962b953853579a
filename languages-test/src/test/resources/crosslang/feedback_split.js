// A call site that is polymorphic only because two callers share it (see programs/feedback-split.pace).
function one(x) { let s = 0; for (let i = 0; i < x; i++) { s = (s + i * 7) % 1009; } return s; }
function two(x) { let s = 0; for (let i = 0; i < 2 * x; i++) { s = (s + i * 5) % 1013; } return s; }
function apply(f, x) { return f(x); }
function useOne(n, units) { let s = 0; for (let i = 0; i < n; i++) { s += apply(one, units); } return s; }
function useTwo(n, units) { let s = 0; for (let i = 0; i < n; i++) { s += apply(two, units); } return s; }
const rounds = 400;
let total = 0;
for (let r = 0; r < rounds; r++) {
  total += useOne(50, 2000) + useTwo(50, 2000);
}
console.log("feedback_split.js: " + rounds + " rounds, check " + total);
