# GraalPy: n-body steps (float arithmetic over pairs of bodies, method calls) and a word-count phase
# (string building, dicts, sorting with a key function), each timed by the program itself, for
# `ccsampler split-check`. Argument: rounds (default 30).
import time, sys

class Body:
    __slots__ = ('x', 'y', 'z', 'vx', 'vy', 'vz', 'm')
    def __init__(self, x, y, z, vx, vy, vz, m):
        self.x, self.y, self.z, self.vx, self.vy, self.vz, self.m = x, y, z, vx, vy, vz, m
    def move(self, dt):
        self.x += dt * self.vx; self.y += dt * self.vy; self.z += dt * self.vz

def pull(a, b, dt):
    dx = a.x - b.x; dy = a.y - b.y; dz = a.z - b.z
    d2 = dx * dx + dy * dy + dz * dz + 0.01
    mag = dt / (d2 * d2 ** 0.5)
    a.vx -= dx * b.m * mag; a.vy -= dy * b.m * mag; a.vz -= dz * b.m * mag
    b.vx += dx * a.m * mag; b.vy += dy * a.m * mag; b.vz += dz * a.m * mag

def advance(bodies, dt, steps):
    n = len(bodies)
    for _ in range(steps):
        for i in range(n):
            for j in range(i + 1, n):
                pull(bodies[i], bodies[j], dt)
        for b in bodies:
            b.move(dt)

def energy(bodies):
    e = 0.0
    for i, a in enumerate(bodies):
        e += 0.5 * a.m * (a.vx * a.vx + a.vy * a.vy + a.vz * a.vz)
        for b in bodies[i + 1:]:
            dx = a.x - b.x; dy = a.y - b.y; dz = a.z - b.z
            e -= a.m * b.m / (dx * dx + dy * dy + dz * dz + 0.01) ** 0.5
    return e

WORDS = ("alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho "
         "sigma tau upsilon phi chi psi omega").split()

def text(seed, n):
    out = []
    for i in range(n):
        seed = (seed * 1103515245 + 12345) & 0x7fffffff
        out.append(WORDS[seed % len(WORDS)] + ("s" if seed & 4 else ""))
    return " ".join(out)

def word_count(s):
    counts = {}
    for w in s.split():
        w = w.rstrip("s")
        counts[w] = counts.get(w, 0) + 1
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:5]

def words(r):
    return word_count(text(r, 20000))

rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 30
bodies = [Body(i * 0.7, (i * 37 % 11) * 0.3, (i * 13 % 7) * 0.5, 0.01 * i, -0.02 * i, 0.0, 1.0 + i % 3) for i in range(12)]
ms = {'advance': 0.0, 'words': 0.0}
chk = 0
for r in range(rounds):
    t0 = time.time()
    advance(bodies, 0.001, 60)
    t1 = time.time()
    top = words(r)
    t2 = time.time()
    chk += top[0][1]
    ms['advance'] += t1 - t0
    ms['words'] += t2 - t1
tot = ms['advance'] + ms['words']
print('nbody-words: %d rounds in %d ms, checksum %d %.6f, time by time.time: %s' % (rounds, tot * 1000, chk, energy(bodies),
      ', '.join('%s %.1f%%' % (k, 100 * v / tot) for k, v in ms.items())))
