// esprima (npm) parsing and tokenizing a generated ~280 KB JavaScript source; one iteration = one parse with ranges + tokens.
const esprima = require('esprima');
const source = require('./lib/gen-source.js').generate(1000, 7);
(function iteration() {
    const ast = esprima.parseScript(source, { range: true, tokens: true });
    if (ast.body.length < 1000) { throw new Error('esprima: unexpected AST ' + ast.body.length); }
    return ast.tokens.length;
});
