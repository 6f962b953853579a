# Five kernels in the style of the Are-We-Fast-Yet benchmarks in Python, written on 2026-12-03 as a
# program the profiler had not seen: Towers of Hanoi on linked disks, 8-queens by backtracking with a
# closure, a sieve of Eratosthenes, an area sum over four shape classes at one call site, and an
# 800-deep recursion that works at its end. Each phase times itself with perf_counter (the
# split-check's line). Arguments: rounds (default 6); a second argument `v` prints each round's times.
import sys, time
sys.setrecursionlimit(10000)
class Disk:
    __slots__ = ('size', 'next')
    def __init__(self, size): self.size = size; self.next = None
class Towers:
    def __init__(self): self.piles = [None, None, None]; self.moves = 0
    def push(self, d, p):
        top = self.piles[p]
        if top is not None and d.size >= top.size: raise ValueError('bad')
        d.next = top; self.piles[p] = d
    def pop(self, p):
        top = self.piles[p]; self.piles[p] = top.next; top.next = None; return top
    def move(self, a, b): self.push(self.pop(a), b); self.moves += 1
    def move_disks(self, n, a, b):
        if n == 1: self.move(a, b); return
        o = 3 - a - b
        self.move_disks(n - 1, a, o); self.move(a, b); self.move_disks(n - 1, o, b)
def towers():
    t = 0
    for k in range(3):
        tw = Towers()
        for i in range(15, -1, -1): tw.push(Disk(i), 0)
        tw.move_disks(16, 0, 1); t += tw.moves
    return t
def queens():
    n = 8; count = 0
    cols = [True] * n; d1 = [True] * (2 * n); d2 = [True] * (2 * n)
    def place(r):
        nonlocal count
        if r == n: count += 1; return
        for c in range(n):
            if cols[c] and d1[r + c] and d2[r - c + n]:
                cols[c] = d1[r + c] = d2[r - c + n] = False
                place(r + 1)
                cols[c] = d1[r + c] = d2[r - c + n] = True
    for _ in range(6): place(0)
    return count
def sieve():
    t = 0
    for _ in range(8):
        flags = [True] * 200000
        for i in range(2, 200000):
            if flags[i]:
                t += 1
                for j in range(i + i, 200000, i): flags[j] = False
    return t
class Shape:
    def area(self): return 0
class Sq(Shape):
    def __init__(self, s): self.s = s
    def area(self): return self.s * self.s
class Rect(Shape):
    def __init__(self, a, b): self.a = a; self.b = b
    def area(self): return self.a * self.b
class Tri(Shape):
    def __init__(self, a, h): self.a = a; self.h = h
    def area(self): return self.a * self.h // 2
class Circ(Shape):
    def __init__(self, r): self.r = r
    def area(self): return 3 * self.r * self.r
SHAPES = [[Sq, Rect, Tri, Circ][i % 4](*(([i % 7 + 1]) if i % 4 in (0, 3) else (i % 5 + 1, i % 3 + 2))) for i in range(2000)]
def shapes():
    t = 0
    for _ in range(60):
        for s in SHAPES: t += s.area()
    return t
def down(n, acc):
    if n == 0:
        s = acc
        for i in range(3000): s = (s * 31 + i) & 0xffff
        return s
    return down(n - 1, acc + 1)
def deep():
    t = 0
    for k in range(700): t += down(800, k)
    return t
rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 6
fns = [towers, queens, sieve, shapes, deep]
ms = {f.__name__: 0.0 for f in fns}
check = 0
verbose = len(sys.argv) > 2 and sys.argv[2] == 'v'
for r in range(rounds):
    line = []
    for f in fns:
        t0 = time.perf_counter(); check += f(); d = time.perf_counter() - t0; ms[f.__name__] += d
        line.append('%s %d' % (f.__name__, d * 1000))
    if verbose: print('round %d: %s' % (r, ', '.join(line)))
s = sum(ms.values())
print('py-awfy: %d rounds in %d ms, checksum %d, time by perf_counter: %s' % (rounds, s * 1000, check, ', '.join('%s %.1f%%' % (k, 100 * v / s) for k, v in ms.items())))
