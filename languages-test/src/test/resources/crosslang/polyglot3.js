// JavaScript calling Python calling Ruby: samples taken inside rbWork must show one mixed stack
// jsOuter (js) -> pyMiddle (python) -> rbWork (ruby).
const rbWork = Polyglot.eval('ruby', `
def rb_work(n)
  x = 1
  i = 0
  while i < n
    x = (x * 1103515245 + 12345) & 0xFFFFFFFF
    i += 1
  end
  x
end
method(:rb_work)
`);
const pyMiddle = Polyglot.eval('python', `
def pyMiddle(work, n):
    return work(n)
pyMiddle
`);
function jsOuter(n) {
    return pyMiddle(rbWork, n);
}
let s = 0;
for (let i = 0; i < 150; i++) {
    s ^= jsOuter(40000);
}
console.log("polyglot done " + s);
