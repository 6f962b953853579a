# Two phases, for the judge that switches off root probes which cost more than they buy, in GraalPy
# (docs/sampling.md, "Probes that do not pay"; costly-probes.js is the JavaScript one):
#   spin   multiplies big integers for a while (seconds), a millisecond a product in the host's
#          BigInteger where no guest code polls a safepoint: samples in the compiled mul_mod wait
#          for their polls, so the defaults attach the root probes (WaitedTicks=top);
#   eval   a small expression evaluator that recurses through many small functions, and a
#          recursive fib: millions of calls a second that poll soon, which the probes only cost.
# Arguments: spin seconds (default 3), eval rounds (default 300). eval_phase(n) is also called
# from the host (SamplingStageTest).
import sys
import time


M = 3 ** 60000 + 7


def mul_mod(a, b):
    return a * b % M


def spin(seconds):
    # about a millisecond a product, in compiled mul_mod once it has been called often enough
    t0 = time.perf_counter()
    x = 5 ** 40000
    s = 0
    n = 0
    while time.perf_counter() - t0 < seconds:
        x = mul_mod(x, x + n)
        n += 1
    return n > 0


def num(v):
    return ('num', v, None)


def build(depth, k):
    if depth == 0:
        return num(k % 7 + 1)
    m = (depth + k) % 3
    op = 'mul' if m == 0 else ('add' if m == 1 else 'sub')
    return (op, build(depth - 1, k * 2 + 1), build(depth - 1, k * 3 + 2))


def clamp(v):
    return v % 1000003


def add(a, b):
    return clamp(a + b)


def sub(a, b):
    return clamp(a - b)


def mul(a, b):
    return clamp(a * b)


def evaluate(e):
    op = e[0]
    if op == 'num':
        return e[1]
    if op == 'add':
        return add(evaluate(e[1]), evaluate(e[2]))
    if op == 'sub':
        return sub(evaluate(e[1]), evaluate(e[2]))
    return mul(evaluate(e[1]), evaluate(e[2]))


def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


TREE = build(12, 1)


def eval_phase(rounds):
    s = 0
    for r in range(rounds):
        s = (s + evaluate(TREE) + fib(15)) % 1000003
    return s


args = [a for a in sys.argv if a.isdigit()]  # from the host, sys.argv holds the arguments alone
spin_seconds = int(args[0]) if len(args) > 0 else 3
eval_rounds = int(args[1]) if len(args) > 1 else 300
print('costly-probes: spin %s, eval %d' % (spin(spin_seconds), eval_phase(eval_rounds)))
