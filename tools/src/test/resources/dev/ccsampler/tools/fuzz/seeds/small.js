function leaf(n) { let x = 1; for (let i = 0; i < n; i++) { x = (x * 31 + i) | 0; } return x; }
function left() { return leaf(3000); }
function right() { return leaf(6000) ^ left(); }
let s = 0; const end = Date.now() + 150; while (Date.now() < end) { s ^= left() ^ right(); }
console.log(s !== 0.5);
