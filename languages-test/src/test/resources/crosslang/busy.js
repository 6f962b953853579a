function spin(n) {
    let x = n | 1;
    for (let i = 0; i < n; i++) { x ^= x << 13; x ^= x >>> 17; x ^= x << 5; }
    return x;
}
let acc = 0;
for (let r = 0; r < 300; r++) { acc ^= spin(200000); }
acc;
