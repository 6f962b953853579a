# GraalPy: three-phase.js's three phases, each timing itself with perf_counter (written 2026-12-05,
# forty-second session): work at the bottom of a 180-deep recursion, the same arithmetic in a flat
# loop, and a call-dense loop of two small functions; shares of inclusive time among the three, for
# `ccsampler split-check`. 15 rounds, or the last numeric argument. About 25 s here, GraalPy's
# start-up included. docs/sampling.md, *Probes attached beside the drain*.
import sys, time

def bottom(work):
    x = 1
    for _ in range(work):
        x = (x * 1103515245 + 12345) & 0x7fffffff
    return x

def descend(n, work):
    return bottom(work) if n == 0 else (descend(n - 1, work) + 1) & 0xffffffff

def deep_phase():
    s = 0
    for _ in range(6):
        s = (s + descend(180, 30000)) & 0xffffffff
    return s

def flat_phase():
    x = 1
    for _ in range(6 * 30000):
        x = (x * 1103515245 + 12345) & 0x7fffffff
    return x

def tiny(i, acc):
    return (acc * 31 + i) & 0xffff

def mix(i, acc):
    return tiny(i, tiny(i >> 1, acc))

def dense_phase():
    acc = 7
    for i in range(60000):
        acc = mix(i, acc)
    return acc

rounds = [int(a) for a in sys.argv if a.isdigit()]
rounds = rounds[-1] if rounds else 15
ms = {"deep_phase": 0.0, "flat_phase": 0.0, "dense_phase": 0.0}
check = 0
for r in range(rounds):
    t0 = time.perf_counter()
    check = (check + deep_phase()) & 0xffffffff
    t1 = time.perf_counter()
    check = (check + flat_phase()) & 0xffffffff
    t2 = time.perf_counter()
    check = (check + dense_phase()) & 0xffffffff
    t3 = time.perf_counter()
    ms["deep_phase"] += (t1 - t0) * 1000
    ms["flat_phase"] += (t2 - t1) * 1000
    ms["dense_phase"] += (t3 - t2) * 1000
total = sum(ms.values())
print("py-three-phase: %d rounds in %d ms, checksum %d, time by perf_counter: %s" % (rounds, total, check,
      ", ".join("%s %.1f%%" % (k, 100 * v / total) for k, v in ms.items())))
