// acorn (npm) parsing a generated ~6 KB JavaScript source; one iteration = one full parse.
const acorn = require('acorn');
const source = require('./lib/gen-source.js').generate(20, 42);
(function iteration() {
    const ast = acorn.parse(source, { ecmaVersion: 2020, sourceType: 'script', locations: true });
    if (ast.body.length < 20) { throw new Error('acorn: unexpected AST ' + ast.body.length); }
    return ast.body.length;
});
