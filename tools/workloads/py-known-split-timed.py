# Known split, timed in the same run, in GraalPy (the Python twin of known-split-timed.js; written
# 2026-12-06, forty-eighth session): alpha / beta / gamma run the same xorshift loop with trip counts
# 6 : 3 : 1, called in turn, four calls a block, each block timed with time.perf_counter, so the
# program prints the split it really had, warm-up included, which a profiler must find. In
# GraalJS the compiled loops of such functions poll nowhere and a sample asked for inside one is
# taken in its caller after it returned; GraalPy's compiled code polls late too (0.5-0.7 ms on
# average) but inside the loop, so the tick stays with the function (docs/sampling.md, *GraalPy's
# late polls*). Arguments: rounds (default 500, about 3 s).
import sys
import time

M = 0xffffffff


def alpha(n):
    x = n | 1
    for i in range(6 * n):
        x ^= (x << 13) & M
        x ^= x >> 17
        x ^= (x << 5) & M
    return x


def beta(n):
    x = n | 1
    for i in range(3 * n):
        x ^= (x << 13) & M
        x ^= x >> 17
        x ^= (x << 5) & M
    return x


def gamma(n):
    x = n | 1
    for i in range(n):
        x ^= (x << 13) & M
        x ^= x >> 17
        x ^= (x << 5) & M
    return x


rounds = [int(a) for a in sys.argv if a.isdigit()]
rounds = rounds[-1] if rounds else 500
N = 3000
ms = {"alpha": 0.0, "beta": 0.0, "gamma": 0.0}
sink = 0
for r in range(rounds):
    t0 = time.perf_counter()
    for k in range(4):
        sink = (sink + alpha(N)) & M
    t1 = time.perf_counter()
    for k in range(4):
        sink = (sink + beta(N)) & M
    t2 = time.perf_counter()
    for k in range(4):
        sink = (sink + gamma(N)) & M
    t3 = time.perf_counter()
    ms["alpha"] += (t1 - t0) * 1000
    ms["beta"] += (t2 - t1) * 1000
    ms["gamma"] += (t3 - t2) * 1000
total = sum(ms.values())
print("py-known-split-timed: %d rounds in %d ms, checksum %d, time by perf_counter: %s" % (rounds, total, sink,
      ", ".join("%s %.1f%%" % (k, 100 * v / total) for k, v in ms.items())))
