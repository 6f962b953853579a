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

rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 60
sink = 0
for r in range(rounds):
    sink ^= alpha(20000)
    sink ^= beta(20000)
    sink ^= gamma(20000)
print("done", rounds, sink)
