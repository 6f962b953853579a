// esprima (npm) parsing and tokenizing a generated ~6 KB JavaScript source; one iteration = one parse with ranges + tokens.
const esprima = require('esprima');
const source = require('./lib/gen-source.js').generate(20, 7);
(function iteration() {
    const ast = esprima.parseScript(source, { range: true, tokens: true });
    if (ast.body.length < 20) { throw new Error('esprima: unexpected AST ' + ast.body.length); }
    return ast.tokens.length;
});
