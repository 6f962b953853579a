# GraalPy: a 4 000-deep recursion that works at its bottom and unwinds every round, then a flat
# loop; each phase timed by the program itself, for `ccsampler split-check` (deep stacks rebuilt
# between samples, in Python). Argument: rounds (default 40; the rounds after the first few take
# about a millisecond each, so 2000 rounds run about 4 s).
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
ROUNDS = int(sys.argv[-1]) if len(sys.argv) > 1 and sys.argv[-1].isdigit() else 40
for r in range(ROUNDS):
    t0 = time.time(); chk += down(4000); t1 = time.time(); chk += flat(); t2 = time.time()
    ms['down'] += t1 - t0; ms['flat'] += t2 - t1
tot = sum(ms.values())
print('py-deep-flat: %d rounds in %d ms, checksum %d, time by time.time: %s' % (ROUNDS, tot * 1000, chk, ', '.join('%s %.1f%%' % (k, 100 * v / tot) for k, v in ms.items())))
