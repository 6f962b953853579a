// Calling-context fixture: one callee (leaf) reached from three callers with a known 3 : 2 : 1
// split of calls, and a recursive descent 200 frames deep that ends in the same leaf.
// Meant for context accuracy (overlap, hot-edge coverage vs the exhaustive tree).
function leaf(x) {
    let v = x | 1;
    for (let i = 0; i < 200; i++) { v = (v * 1103515245 + 12345) & 0x7fffffff; }
    return v;
}
function callerA(x) { return leaf(x) + leaf(x + 1) + leaf(x + 2); }
function callerB(x) { return leaf(x) + leaf(x + 3); }
function callerC(x) { return leaf(x); }
function descend(depth, x) { return depth === 0 ? leaf(x) : (descend(depth - 1, x + 1) & 0xffff) + 1; }
let sink = 0;
(function iteration() {
    for (let r = 0; r < 1000; r++) {
        sink = (sink + callerA(r) + callerB(r) + callerC(r)) | 0;
    }
    for (let r = 0; r < 50; r++) {
        sink = (sink + descend(200, r)) | 0;
    }
    return sink;
});
