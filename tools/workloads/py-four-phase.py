# Four phases that time themselves with perf_counter, so every run prints its own truth: a
# 150-deep recursion working at the bottom, a generator pipeline, polymorphic method calls over a
# list of shapes, and string formatting and joining. Written on 2026-11-28 as a program the
# profiler had not seen (docs/sampling.md). Arguments: rounds (default 6).
import sys, time
sys.setrecursionlimit(5000)
def bottom(w):
    x = 1
    for i in range(w):
        x = (x * 69069 + 1) & 0xffffff
    return x
def descend(n, w):
    return bottom(w) if n == 0 else (descend(n - 1, w) + 1) & 0xffff
def deepPhase(r):
    return sum(descend(150, 60000) for _ in range(4))
def numbers(n):
    for i in range(n):
        yield i * 7 % 1009
def evens(xs):
    for x in xs:
        if x % 2 == 0:
            yield x
def pipePhase(r):
    return sum(x * x % 97 for x in evens(numbers(150000)))
class Shape:
    def area(self): return 0
class Sq(Shape):
    def __init__(self, s): self.s = s
    def area(self): return self.s * self.s
class Rect(Shape):
    def __init__(self, a, b): self.a = a; self.b = b
    def area(self): return self.a * self.b
class Tri(Shape):
    def __init__(self, b, h): self.b = b; self.h = h
    def area(self): return self.b * self.h // 2
shapes = [Sq(i % 13) if i % 3 == 0 else Rect(i % 7, i % 11) if i % 3 == 1 else Tri(i % 5, i % 17) for i in range(3000)]
def polyPhase(r):
    t = 0
    for k in range(25):
        for s in shapes:
            t += s.area()
    return t
def stringPhase(r):
    t = 0
    for k in range(12):
        parts = ["%s-%d:%s" % ("item", i, "x" * (i % 5)) for i in range(4000)]
        t += len(",".join(parts).upper().split(","))
    return t
rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 6
ms = {"deepPhase": 0.0, "pipePhase": 0.0, "polyPhase": 0.0, "stringPhase": 0.0}
check = 0
for r in range(rounds):
    for name, f in (("deepPhase", deepPhase), ("pipePhase", pipePhase), ("polyPhase", polyPhase), ("stringPhase", stringPhase)):
        t0 = time.perf_counter()
        check += f(r)
        ms[name] += (time.perf_counter() - t0) * 1000
total = sum(ms.values())
print("py-four-phase: %d rounds in %d ms, checksum %d, time by perf_counter: %s" % (
    rounds, int(total), check % 1000003, ", ".join("%s %.1f%%" % (k, 100 * v / total) for k, v in ms.items())))
