# Code generation in Python, each phase timing itself with time.perf_counter: functions compiled from
# source text with exec (a template engine's or an ORM's generated accessors; hundreds of new code
# objects a round, each a new root), calling each of them a few times (runAll), and calling a few of
# them many times (hot). Arguments: rounds (default 16).
import sys
import time


def compile_one(i):
    terms = " + ".join("o[%d] * %d" % ((i + k) % 13, k + 1) for k in range(6))
    src = ("def f_%d(o, n):\n"
           "    s = 0\n"
           "    for j in range(n):\n"
           "        s += %s + j\n"
           "    return s + %d\n") % (i, terms, i)
    ns = {}
    exec(src, ns)
    return ns["f_%d" % i]


def codegen(count, base):
    return [compile_one(base + i) for i in range(count)]


def runAll(fs, o, times):
    s = 0
    for t in range(times):
        for f in fs:
            s += f(o, 10)
    return s


def hot(fs, o):
    s = 0
    for r in range(40):
        for f in fs[:20]:
            s += f(o, 200)
    return s


rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 16
o = [k + 0.5 for k in range(13)]
ms = {"codegen": 0.0, "runAll": 0.0, "hot": 0.0}
check = 0
for r in range(rounds):
    t0 = time.perf_counter()
    fs = codegen(300, r * 300)
    t1 = time.perf_counter()
    check += runAll(fs, o, 3)
    t2 = time.perf_counter()
    check += hot(fs, o)
    t3 = time.perf_counter()
    ms["codegen"] += (t1 - t0) * 1000
    ms["runAll"] += (t2 - t1) * 1000
    ms["hot"] += (t3 - t2) * 1000
total = sum(ms.values())
print("py-codegen: %d rounds in %d ms, checksum %d, time by perf_counter: %s" % (
    rounds, int(total), int(check) % 1000003, ", ".join("%s %.1f%%" % (k, 100 * v / total) for k, v in ms.items())))
