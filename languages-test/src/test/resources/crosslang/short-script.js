// A short script: a loop of a known length, timed by the script itself from its first statement to
// its last. GraalJS sets its realm up in Java before the first statement, which polls no safepoint:
// JavaScriptProfileTest checks that those start-up ticks are not the script's.
const t0 = Date.now();
let x = 1;
while (Date.now() - t0 < 300) {
  for (let i = 0; i < 10000; i++) x = (x * 31 + i) & 0xffff;
}
console.log('ran ' + (Date.now() - t0) + ' ms, ' + x);
