# Five phases of a made-up Python program, each timing itself (for split-check): a tokenizer over a
# 200-deep nested list literal, a recursive-descent parser building it (200 frames deep), a
# recursive walk summing it, a dict-heavy word index, and a 100-deep mutual recursion that unwinds
# by an exception every other call. Written 2026-12-02 against nothing (twenty-third session).
# Arguments: rounds (default 6).
import sys, time
sys.setrecursionlimit(10000)
def make_doc(depth, width):
    s = "1"
    for d in range(depth):
        s = "[" + ",".join([str(d % 10)] * width + [s]) + "]"
    return s
DOC = make_doc(200, 3)
def tokenize(s):
    out = []
    i = 0
    n = len(s)
    while i < n:
        c = s[i]
        if c in "[],":
            out.append(c)
            i += 1
        else:
            j = i
            while j < n and s[j].isdigit():
                j += 1
            out.append(int(s[i:j]))
            i = j
    return out
def parse(toks, pos):
    t = toks[pos]
    if t == "[":
        items = []
        pos += 1
        while toks[pos] != "]":
            v, pos = parse(toks, pos)
            items.append(v)
            if toks[pos] == ",":
                pos += 1
        return items, pos + 1
    return t, pos + 1
def walk(v):
    if isinstance(v, list):
        s = 0
        for x in v:
            s += walk(x)
        return s
    return v
def tokenPhase():
    t = 0
    for _ in range(40):
        t += len(tokenize(DOC))
    return t
TOKS = tokenize(DOC)
def parsePhase():
    t = 0
    for _ in range(60):
        v, _p = parse(TOKS, 0)
        t += len(v)
    return t
TREE = parse(TOKS, 0)[0]
def walkPhase():
    t = 0
    for _ in range(150):
        t += walk(TREE)
    return t
WORDS = ("alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu " * 50).split()
def indexPhase():
    idx = {}
    for k in range(30):
        for i, w in enumerate(WORDS):
            key = w + str(i % 17)
            idx.setdefault(key, []).append(i + k)
    return sum(len(v) for v in idx.values())
class Odd(Exception):
    pass
def ping(n):
    if n == 0:
        raise Odd()
    return pong(n - 1) + 1
def pong(n):
    if n == 0:
        return 0
    return ping(n - 1) + 1
def throwPhase():
    t = 0
    for i in range(3000):
        try:
            t += ping(100 + (i % 2))
        except Odd:
            t += 1
    return t
rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 6
phases = (("tokenPhase", tokenPhase), ("parsePhase", parsePhase), ("walkPhase", walkPhase), ("indexPhase", indexPhase), ("throwPhase", throwPhase))
ms = dict((n, 0.0) for n, _f in phases)
check = 0
for r in range(rounds):
    for name, f in phases:
        t0 = time.perf_counter()
        check += f()
        ms[name] += (time.perf_counter() - t0) * 1000
total = sum(ms.values())
print("py-parse-phases: %d rounds in %d ms, checksum %d, time by perf_counter: %s" % (
    rounds, int(total), check % 1000003, ", ".join("%s %.1f%%" % (k, 100 * v / total) for k, v in ms.items())))
