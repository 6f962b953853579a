# Four phases after benchmarks Python people know (written from their descriptions, 2026-12-06,
# forty-seventh session, as a program the profiler had not seen): a Dhrystone-like record shuffle
# (many small procedures and methods), permutation search with generators (n-queens), float points
# normalised and reduced (allocation, math), and a recursive serializer of 300-deep documents. Each
# phase timed with perf_counter, for `ccsampler split-check`; 20 rounds, or the last numeric
# argument ('v' prints each round). docs/sampling.md, *GraalPy's probes on standby*.
import sys, time, math

class Record:
    __slots__ = ("next", "kind", "enum", "ival", "text")
    def __init__(self, nxt, kind, enum, ival, text):
        self.next = nxt; self.kind = kind; self.enum = enum; self.ival = ival; self.text = text
    def copy_into(self, other):
        other.next = self.next; other.kind = self.kind; other.enum = self.enum
        other.ival = self.ival; other.text = self.text

def func1(c1, c2):
    return 0 if c1 != c2 else 1

def func2(s1, s2):
    i = 1
    while i <= 1:
        if func1(s1[i], s2[i + 1]) == 0:
            i += 1
    return s1 > s2

def func3(e):
    return e == 2

def proc7(a, b):
    return a + b + 2

def proc6(e):
    r = e if func3(e) else 3
    if e == 0: r = 0
    elif e == 2: r = 1 if r > 100 else 3
    elif e == 4: r = 2
    return r

def proc3(glob, rec):
    if rec is not None:
        rec.next = glob.next
    glob.ival = proc7(10, glob.ival)
    return glob

def proc1(glob, rec):
    nxt = rec.next
    glob.copy_into(nxt)
    rec.ival = 5
    nxt.ival = rec.ival
    nxt.next = rec.next
    proc3(glob, nxt)
    if nxt.kind == 0:
        nxt.ival = 6
        nxt.enum = proc6(rec.enum)
        nxt.next = glob.next
        nxt.ival = proc7(nxt.ival, 10)
    else:
        nxt.copy_into(rec)
    return rec

def dhry_phase(loops):
    glob = Record(None, 0, 2, 40, "DHRYSTONE PROGRAM, SOME STRING")
    rec = Record(glob, 0, 2, 40, "DHRYSTONE PROGRAM, SOME STRING")
    glob.next = Record(None, 0, 2, 40, "x")
    s1 = "DHRYSTONE PROGRAM, 1'ST STRING"
    s2 = "DHRYSTONE PROGRAM, 2'ND STRING"
    total = 0
    for i in range(loops):
        a = 2; b = 3
        bv = not func2(s1, s2)
        while a < b:
            c = 5 * a - b
            c = proc7(a, b)
            a += 1
        rec = proc1(glob, rec)
        total = (total + c + rec.ival + (1 if bv else 0)) & 0xffffff
    return total

def permutations(cols, row, n):
    if row == n:
        yield tuple(cols)
        return
    for c in range(n):
        if all(c != cc and abs(c - cc) != row - r for r, cc in enumerate(cols)):
            cols.append(c)
            yield from permutations(cols, row + 1, n)
            cols.pop()

def queens_phase(n):
    count = 0
    checksum = 0
    for sol in permutations([], 0, n):
        count += 1
        checksum = (checksum * 31 + sol[0] * 7 + sol[-1]) & 0xffffff
    return count + checksum

class Point:
    __slots__ = ("x", "y", "z")
    def __init__(self, i):
        self.x = x = math.sin(i)
        self.y = math.cos(i) * 3
        self.z = (x * x) / 2
    def normalize(self):
        norm = math.sqrt(self.x * self.x + self.y * self.y + self.z * self.z)
        self.x /= norm; self.y /= norm; self.z /= norm
    def maximize(self, other):
        self.x = self.x if self.x > other.x else other.x
        self.y = self.y if self.y > other.y else other.y
        self.z = self.z if self.z > other.z else other.z
        return self

def float_phase(n):
    points = [Point(i) for i in range(n)]
    for p in points:
        p.normalize()
    acc = points[0]
    for p in points[1:]:
        acc = acc.maximize(p)
    return int((acc.x + acc.y + acc.z) * 1e6)

def build_doc(depth, seed):
    node = {"leaf": seed, "tags": ["a%d" % (seed % 7), "b"], "w": seed * 0.5}
    for d in range(depth):
        node = {"level": d, "name": "n%d" % ((seed + d) % 13), "child": node, "sizes": [d, d + 1, d * 2]}
    return node

def dump(v, out):
    if isinstance(v, dict):
        out.append("{")
        first = True
        for k in v:
            if not first:
                out.append(",")
            first = False
            out.append('"' + k + '":')
            dump(v[k], out)
        out.append("}")
    elif isinstance(v, list):
        out.append("[")
        for i, x in enumerate(v):
            if i:
                out.append(",")
            dump(x, out)
        out.append("]")
    elif isinstance(v, str):
        out.append('"' + v + '"')
    else:
        out.append(repr(v))

def serialize_phase(docs):
    h = 0
    for i in range(docs):
        out = []
        dump(build_doc(300, i), out)
        s = "".join(out)
        h = (h * 33 + len(s) + ord(s[len(s) // 2])) & 0xffffff
    return h

rounds = [int(a) for a in sys.argv[1:] if a.isdigit()]
rounds = rounds[-1] if rounds else 20
ms = {"dhry_phase": 0.0, "queens_phase": 0.0, "float_phase": 0.0, "serialize_phase": 0.0}
check = 0
for r in range(rounds):
    t0 = time.perf_counter()
    check = (check + dhry_phase(400000)) & 0xffffffff
    t1 = time.perf_counter()
    check = (check + queens_phase(8)) & 0xffffffff
    t2 = time.perf_counter()
    check = (check + float_phase(150000)) & 0xffffffff
    t3 = time.perf_counter()
    check = (check + serialize_phase(60)) & 0xffffffff
    t4 = time.perf_counter()
    ms["dhry_phase"] += (t1 - t0) * 1000
    ms["queens_phase"] += (t2 - t1) * 1000
    ms["float_phase"] += (t3 - t2) * 1000
    ms["serialize_phase"] += (t4 - t3) * 1000
    if "v" in sys.argv[1:]:
        print("round %d: %.0f %.0f %.0f %.0f ms" % (r, (t1-t0)*1000, (t2-t1)*1000, (t3-t2)*1000, (t4-t3)*1000))
total = sum(ms.values())
print("py-classics: %d rounds in %d ms, checksum %d, time by perf_counter: %s" % (rounds, total, check,
      ", ".join("%s %.1f%%" % (k, 100 * v / total) for k, v in ms.items())))
