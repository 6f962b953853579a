# Four phases in the style of the Octane suite, in GraalPy (written for ccsampler, no code taken from
# Octane), each timing itself with perf_counter so every run prints the split a profiler must find:
#   rewrite  simplifies random arithmetic terms (small classes, dispatched with match on their
#            class): recursion over trees 12 deep, many small functions, many allocations;
#   bignum   multiplies and reduces Python's own big ints (2 000-bit numbers): the time is in
#            GraalPy's int code, Java's BigInteger underneath, where no guest frame polls;
#   fluid    relaxes a 48 x 48 grid of floats in a flat list with while loops: flat loops;
#   lists    maps, filters and folds cons lists of 600 cells through lambdas, recursing as deep as
#            the list is long.
# Shares are of inclusive time among the four. Arguments: rounds (default 6), 'v' for per-round times.
import sys
import time

sys.setrecursionlimit(10000)


class Num:
    __slots__ = ('v',)
    def __init__(self, v): self.v = v


class Var:
    __slots__ = ('n',)
    def __init__(self, n): self.n = n


class Add:
    __slots__ = ('a', 'b')
    def __init__(self, a, b): self.a = a; self.b = b


class Mul:
    __slots__ = ('a', 'b')
    def __init__(self, a, b): self.a = a; self.b = b


class Neg:
    __slots__ = ('a',)
    def __init__(self, a): self.a = a


seed = 17
def rnd(n):
    global seed
    seed = (seed * 1103515245 + 12345) & 0x7fffffff
    return seed % n


def random_term(depth):
    if depth == 0 or rnd(7) == 0:
        return Var(rnd(4)) if rnd(3) == 0 else Num(rnd(5))
    k = rnd(5)
    if k < 2: return Add(random_term(depth - 1), random_term(depth - 1))
    if k < 4: return Mul(random_term(depth - 1), random_term(depth - 1))
    return Neg(random_term(depth - 1))


def is_num(t, v=None):
    return type(t) is Num and (v is None or t.v == v)


def term_size(t):
    match t:
        case Num() | Var(): return 1
        case Neg(): return 1 + term_size(t.a)
        case _: return 1 + term_size(t.a) + term_size(t.b)


def simplify_add(a, b):
    if is_num(a, 0): return b
    if is_num(b, 0): return a
    if is_num(a) and is_num(b): return Num((a.v + b.v) & 0xffff)
    return Add(a, b)


def simplify_mul(a, b):
    if is_num(a, 0) or is_num(b, 0): return Num(0)
    if is_num(a, 1): return b
    if is_num(b, 1): return a
    if is_num(a) and is_num(b): return Num((a.v * b.v) & 0xffff)
    if type(a) is Add and term_size(a) + term_size(b) < 20:
        return simplify_add(simplify_mul(a.a, b), simplify_mul(a.b, b))
    return Mul(a, b)


def simplify(t):
    match t:
        case Add(): return simplify_add(simplify(t.a), simplify(t.b))
        case Mul(): return simplify_mul(simplify(t.a), simplify(t.b))
        case Neg() if type(t.a) is Neg: return simplify(t.a.a)
        case Neg(): return Neg(simplify(t.a))
        case _: return t


def evaluate(t, env):
    match t:
        case Num(): return t.v
        case Var(): return env[t.n]
        case Add(): return (evaluate(t.a, env) + evaluate(t.b, env)) & 0xffff
        case Mul(): return (evaluate(t.a, env) * evaluate(t.b, env)) & 0xffff
        case _: return (-evaluate(t.a, env)) & 0xffff


def rewrite():
    check = 0
    env = [3, 5, 7, 11]
    for _ in range(1500):
        t = random_term(12)
        s = simplify(t)
        if evaluate(t, env) != evaluate(s, env):
            raise AssertionError('rewrite changed a value')
        check = (check + term_size(s) + evaluate(s, env)) & 0xffffffff
    return check


def bignum():
    m = (1 << 2000) - 1000000007
    a = (1 << 1999) + rnd(1 << 30)
    b = (1 << 1998) + rnd(1 << 30)
    acc = 0
    for _ in range(15000):
        t = (a * b) % m
        acc ^= t
        a = b
        b = t | 1
    return acc & 0xffffffff


G = 48
W = G + 2
def fluid():
    x = [0.0] * (W * W)
    x0 = [0.0] * (W * W)
    for step in range(400):
        x0[W * (G // 2) + G // 2] += 10.0 + step
        k = 0
        while k < 10:
            j = 1
            while j <= G:
                p = j * W + 1
                last = p + G
                while p < last:
                    x[p] = (x0[p] + 0.25 * (x[p - 1] + x[p + 1] + x[p - W] + x[p + W])) / 2.0
                    p += 1
                j += 1
            k += 1
        x0, x = x, x0
    return int(sum(x0) * 1000) & 0xffffffff


class Cons:
    __slots__ = ('car', 'cdr')
    def __init__(self, car, cdr): self.car = car; self.cdr = cdr


def from_range(n):
    l = None
    for _ in range(n):
        l = Cons(rnd(10000), l)
    return l


def list_map(f, l):
    return None if l is None else Cons(f(l.car), list_map(f, l.cdr))


def list_filter(p, l):
    if l is None: return None
    return Cons(l.car, list_filter(p, l.cdr)) if p(l.car) else list_filter(p, l.cdr)


def foldr(f, z, l):
    return z if l is None else f(l.car, foldr(f, z, l.cdr))


def lists():
    check = 0
    for k in range(1500):
        l = from_range(600)
        m = list_map(lambda x: (x * 7 + k) % 10007, l)
        f = list_filter(lambda x: (x & 3) != 0, m)
        check = (check + foldr(lambda x, acc: (acc * 31 + x) & 0xffffffff, k, f)) & 0xffffffff
    return check


args = [a for a in sys.argv[1:] if a.isdigit()]
rounds = int(args[-1]) if args else 6
verbose = 'v' in sys.argv[1:]
fns = [rewrite, bignum, fluid, lists]
ms = {f.__name__: 0.0 for f in fns}
check = 0
start = time.perf_counter()
for r in range(rounds):
    line = []
    for f in fns:
        t0 = time.perf_counter()
        check = (check + f()) & 0xffffffff
        d = time.perf_counter() - t0
        ms[f.__name__] += d
        line.append('%s %d (ends at %d)' % (f.__name__, d * 1000, (time.perf_counter() - start) * 1000))
    if verbose: print('round %d: %s' % (r, ', '.join(line)))
s = sum(ms.values())
print('py-octane: %d rounds in %d ms, checksum %d, time by perf_counter: %s' % (rounds, s * 1000, check, ', '.join('%s %.1f%%' % (k, 100 * v / s) for k, v in ms.items())))
