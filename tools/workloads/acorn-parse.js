// acorn (npm) parsing a generated ~280 KB JavaScript source; one iteration = one full parse.
const acorn = require('acorn');
const source = require('./lib/gen-source.js').generate(1000, 42);
(function iteration() {
    const ast = acorn.parse(source, { ecmaVersion: 2020, sourceType: 'script', locations: true });
    if (ast.body.length < 1000) { throw new Error('acorn: unexpected AST ' + ast.body.length); }
    return ast.body.length;
});
