# Known split of CPU time: alpha 60 %, beta 30 %, gamma 10 % (iterations 6 : 3 : 1 of one loop).
import sys

def alpha(n):
    x = 1
    for i in range(6 * n):
        x = (x * 1103515245 + 12345) & 0xFFFFFFFF
    return x

def beta(n):
    x = 1
    for i in range(3 * n):
        x = (x * 1103515245 + 12345) & 0xFFFFFFFF
    return x

def gamma(n):
    x = 1
    for i in range(n):
        x = (x * 1103515245 + 12345) & 0xFFFFFFFF
    return x

# Most of a short run is warm-up, where the split is not 6 : 3 : 1 (gamma's shorter loop stays
# interpreted longer), so each call is timed, and the last line says the split this run had.
import time

rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 60
sink = 0
timed = [0, 0, 0]
for r in range(rounds):
    t0 = time.perf_counter_ns()
    sink ^= alpha(20000)
    t1 = time.perf_counter_ns()
    sink ^= beta(20000)
    t2 = time.perf_counter_ns()
    sink ^= gamma(20000)
    t3 = time.perf_counter_ns()
    timed[0] += t1 - t0
    timed[1] += t2 - t1
    timed[2] += t3 - t2
print("done", rounds, sink)
print("timed ns", timed[0], timed[1], timed[2])
