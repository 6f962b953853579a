// JavaScript calling into Python: samples taken inside pyWork must show one mixed stack
// jsOuter (js) -> pyWork (python).
const pyWork = Polyglot.eval('python', `
def pyWork(n):
    x = 1
    for i in range(n):
        x = (x * 1103515245 + 12345) & 0xFFFFFFFF
    return x
pyWork
`);
function jsOuter(n) {
    return pyWork(n);
}
let s = 0;
for (let i = 0; i < 150; i++) {
    s ^= jsOuter(40000);
}
console.log("polyglot done " + s);
