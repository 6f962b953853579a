# Three phases in Python, each timing itself with time.perf_counter, so every run prints its own
# truth: a recursive tree build and walk (deep-ish stacks, many calls), a numeric loop (flat), and
# dictionary and string work (builtins). Arguments: rounds (default 6).
import sys
import time


def build(depth, seed):
    if depth == 0:
        return seed % 7
    return (build(depth - 1, seed * 3 + 1), build(depth - 1, seed * 5 + 2))


def walk(tree):
    if isinstance(tree, int):
        return tree
    return walk(tree[0]) + 2 * walk(tree[1])


def treePhase(r):
    check = 0
    for k in range(6):
        check += walk(build(15, r + k))
    return check


def numericPhase(r):
    x = r + 1
    for i in range(3000000):
        x = (x * 1103515245 + 12345) & 0x7fffffff
    return x


def dictPhase(r):
    check = 0
    for k in range(2):
        d = {}
        for i in range(40000):
            key = "k%d" % ((i * 7919 + r) % 20011)
            d[key] = d.get(key, 0) + i
        words = sorted(d.keys())
        check += len(",".join(words[:1000])) + len(d)
    return check


rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 6
ms = {"treePhase": 0.0, "numericPhase": 0.0, "dictPhase": 0.0}
check = 0
for r in range(rounds):
    t0 = time.perf_counter()
    check += treePhase(r)
    t1 = time.perf_counter()
    check += numericPhase(r)
    t2 = time.perf_counter()
    check += dictPhase(r)
    t3 = time.perf_counter()
    ms["treePhase"] += (t1 - t0) * 1000
    ms["numericPhase"] += (t2 - t1) * 1000
    ms["dictPhase"] += (t3 - t2) * 1000
total = sum(ms.values())
print("py-phases: %d rounds in %d ms, checksum %d, time by perf_counter: %s" % (
    rounds, int(total), check % 1000003, ", ".join("%s %.1f%%" % (k, 100 * v / total) for k, v in ms.items())))
