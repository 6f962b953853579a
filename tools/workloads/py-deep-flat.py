# GraalPy: a 4 000-deep recursion that works at its bottom and unwinds every round, then a flat
# loop; each phase timed by the program itself, for `ccsampler split-check` (deep stacks rebuilt
# between samples, in Python). No arguments.
import sys, time
sys.setrecursionlimit(20000)
def down(n):
    if n == 0:
        s = 0
        for i in range(40000):
            s += i % 7
        return s
    return down(n - 1) + 1
def flat():
    s = 0
    for i in range(300000):
        s += i % 3
    return s
ms = {'down': 0.0, 'flat': 0.0}
chk = 0
for r in range(40):
    t0 = time.time(); chk += down(4000); t1 = time.time(); chk += flat(); t2 = time.time()
    ms['down'] += t1 - t0; ms['flat'] += t2 - t1
tot = sum(ms.values())
print('py-deep-flat: 40 rounds in %d ms, checksum %d, time by time.time: %s' % (tot * 1000, chk, ', '.join('%s %.1f%%' % (k, 100 * v / tot) for k, v in ms.items())))
