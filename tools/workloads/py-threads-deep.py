# Many GraalPy threads with deep stacks, written on 2026-12-03 as a program the profiler had not
# seen (the Python counterpart of rb-threads-deep.rb): four threads (more than the 2 cores of the
# machine it was written on, and GraalPy's global interpreter lock lets one run at a time), each
# running rounds of three phases: a recursion DEPTH deep down a linked chain (default 150: a new
# GraalPy thread's stack holds about 190 such frames, and threading.stack_size does not raise it)
# that works at its end, a flat loop over a list, and small method calls that allocate. Each phase
# is timed with the thread's own CPU clock (time.thread_time) and summed over the threads, so the
# split is of CPU time, not of the time a thread waited for the lock. Arguments: threads (default
# 4), rounds (default 8), depth (default 150).
import sys, threading, time

DEPTH = int(sys.argv[3]) if len(sys.argv) > 3 else 150

class Node:
    __slots__ = ("nxt", "val")
    def __init__(self, nxt, val):
        self.nxt = nxt
        self.val = val

def build(depth, seed):
    n = None
    for i in range(depth):
        n = Node(n, (seed * 31 + i) & 255)
    return n

def deep_sum(n, acc):
    if n is None:
        return leaf_work(acc)
    return deep_sum(n.nxt, acc + n.val)

def leaf_work(acc):
    s = acc
    for i in range(2500):
        s = (s * 1103515245 + i) & 0xffffff
    return s

def deep(chain):
    s = 0
    for _ in range(40):
        s = (s + deep_sum(chain, 0)) & 0xffffff
    return s

def flat(arr):
    s = 0
    for _ in range(60):
        for v in arr:
            s = (s + v * 3 + (v >> 2)) & 0xffffff
    return s

class Pt:
    __slots__ = ("x", "y")
    def __init__(self, x, y):
        self.x = x
        self.y = y
    def plus(self, o):
        return Pt((self.x + o.x) & 0xfff, (self.y + o.y) & 0xfff)
    def norm1(self):
        return abs(self.x) + abs(self.y)

def dense(_):
    p = Pt(1, 2)
    q = Pt(5, 3)
    s = 0
    for _ in range(60000):
        p = p.plus(q)
        s = (s + p.norm1()) & 0xffffff
    return s

threads = int(sys.argv[1]) if len(sys.argv) > 1 else 4
rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 8
totals = {"deep": 0.0, "flat": 0.0, "dense": 0.0}
lock = threading.Lock()
checks = []

def work(t):
    chain = build(DEPTH, t + 1)
    arr = [(i * 7919 + t) % 4096 for i in range(5000)]
    mine = {"deep": 0.0, "flat": 0.0, "dense": 0.0}
    check = 0
    for _ in range(rounds):
        for name, fn, arg in (("deep", deep, chain), ("flat", flat, arr), ("dense", dense, None)):
            c0 = time.thread_time()
            r = fn(arg)
            mine[name] += time.thread_time() - c0
            check = (check + r) & 0xffffff
    with lock:
        for k, v in mine.items():
            totals[k] += v
        checks.append(check)

sys.setrecursionlimit(10000)
ws = [threading.Thread(target=work, args=(t,)) for t in range(threads)]
w0 = time.monotonic()
for w in ws:
    w.start()
for w in ws:
    w.join()
wall = (time.monotonic() - w0) * 1000
tot = sum(totals.values())
print("py-threads-deep: %d threads x %d rounds in %d ms, checksum %d, time by thread_time: %s" % (
    threads, rounds, wall, sum(checks) & 0xffffff,
    ", ".join("%s %.1f%%" % (k, 100 * totals[k] / tot) for k in ("deep", "flat", "dense"))))
