// A tokenizer-shaped loop: one function calls next() and peek() from eight lines, as a hand-written
// lexer or recursive-descent parser does. The pairs (lex, next) and (lex, peek) are each joined by
// several call sites, which adaptive bursting must tell apart (docs/bursting.md, Sampled call sites).
// One iteration = one pass over a generated text; the file evaluates to that function.
const text = (function () {
    let s = '';
    for (let i = 0; i < 4000; i++) { s += (i % 7 === 0 ? ' ' : String.fromCharCode(97 + (i * 13) % 26)); }
    return s;
})();
function next(st) { st.i = (st.i + 1) % text.length; return text.charCodeAt(st.i); }
function peek(st) { return text.charCodeAt((st.i + 1) % text.length); }
function lex(st, n) {
    let acc = 0;
    for (let k = 0; k < n; k++) {
        let c = next(st);
        if (c === 32) { acc = (acc + next(st)) | 0; continue; }
        if (peek(st) === 32) { acc = (acc ^ next(st)) | 0; }
        if (c > 110) { acc = (acc + next(st) * 3) | 0; } else { acc = (acc - next(st)) | 0; }
        if (peek(st) > 115) { acc = (acc + next(st)) | 0; }
        acc = (acc * 31 + peek(st)) & 0xffffff;
    }
    return acc;
}
(function iteration() {
    const st = { i: 0 };
    let acc = 0;
    for (let r = 0; r < 40; r++) { acc = (acc + lex(st, 5000)) | 0; }
    return acc;
})
