// Deterministic generator of a large, varied JavaScript source (ES2017 subset, so every parser
// in the suite accepts it): functions, classes, closures, loops, object and array literals,
// template literals, regular expressions, switch statements, try/catch.
'use strict';

function rng(seed) {
    let s = seed >>> 0 || 1;
    return function next(n) {
        s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0;
        return s % n;
    };
}

const WORDS = ['alpha', 'beta', 'gamma', 'delta', 'count', 'total', 'index', 'value', 'node', 'item',
    'result', 'buffer', 'offset', 'limit', 'state', 'queue', 'entry', 'key', 'name', 'depth'];

function generate(units, seed) {
    const r = rng(seed);
    const w = () => WORDS[r(WORDS.length)] + r(100);
    const expr = (d) => {
        switch (d > 2 ? 0 : r(7)) {
            case 0: return String(r(1000));
            case 1: return w();
            case 2: return expr(d + 1) + ' ' + ['+', '-', '*', '<', '&&', '||', '==='][r(7)] + ' ' + expr(d + 1);
            case 3: return w() + '(' + expr(d + 1) + ', ' + expr(d + 1) + ')';
            case 4: return '{ ' + w() + ': ' + expr(d + 1) + ', ' + w() + ': [' + expr(d + 1) + ', ' + r(9) + '] }';
            case 5: return '`' + w() + ' ${' + expr(d + 1) + '} done`';
            default: return '((' + w() + ') => (' + expr(d + 1) + '))';
        }
    };
    const out = [];
    for (let u = 0; u < units; u++) {
        const f = w() + '_' + u;
        switch (r(4)) {
            case 0:
                out.push(`function ${f}(${w()}, ${w()}) {\n  let acc = ${expr(0)};\n  for (let i = 0; i < ${r(50)}; i++) {\n    if (acc > ${r(99)}) { acc = acc - ${expr(1)}; } else { acc += i; }\n  }\n  return acc;\n}\n`);
                break;
            case 1:
                out.push(`class C${f} extends Base${r(5)} {\n  constructor(a, b) { super(a); this.${w()} = b; this.list = [${expr(1)}, ${expr(1)}]; }\n  get ${w()}() { return this.list.length; }\n  ${w()}(x) { return /[a-z]+\\d{${r(5) + 1}}/g.test(String(x)) ? ${expr(1)} : null; }\n}\n`);
                break;
            case 2:
                out.push(`const ${f} = (${w()}) => {\n  switch (${w()}) {\n    case ${r(9)}: return ${expr(0)};\n    case '${w()}': return ${expr(1)};\n    default: try { return ${expr(0)}; } catch (e) { throw new Error('${w()}: ' + e.message); }\n  }\n};\n`);
                break;
            default:
                out.push(`var ${f} = { ${w()}: ${expr(0)}, ${w()}: function (x) { while (x-- > 0) { ${w()}.push(x); } return x; }, '${w()}': [${expr(1)}, ${expr(1)}, ${expr(1)}] };\n`);
        }
    }
    return out.join('');
}

module.exports = { generate };
