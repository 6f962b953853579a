# A warehouse simulation timing its own phases: route (a recursive search down a long chain of
# aisles), price (polymorphic items through a small rule interpreter), and report (string work).
import sys, time

class Item:
    def __init__(self, sku, qty, base): self.sku, self.qty, self.base = sku, qty, base
    def price(self, rules): return self.base
class Perishable(Item):
    def price(self, rules): return max(1, self.base - rules.age(self.sku))
class Bulk(Item):
    def price(self, rules): return self.base * 9 // 10 if self.qty > 50 else self.base
class Bundle(Item):
    def __init__(self, sku, parts): super().__init__(sku, 1, 0); self.parts = parts
    def price(self, rules): return sum(p.price(rules) for p in self.parts)

class Rules:
    def __init__(self, prog): self.prog = prog
    def age(self, sku):
        stack = []; pc = 0; prog = self.prog
        while pc < len(prog):
            op, arg = prog[pc]
            if op == 'push': stack.append(arg)
            elif op == 'sku': stack.append(sku)
            elif op == 'mod': b = stack.pop(); stack.append(stack.pop() % b)
            elif op == 'add': b = stack.pop(); stack.append(stack.pop() + b)
            elif op == 'mul': b = stack.pop(); stack.append(stack.pop() * b)
            elif op == 'jz':
                if stack.pop() == 0: pc = arg; continue
            pc += 1
        return stack[-1] if stack else 0

def route(aisle, goal, graph, depth):
    # walks the chain aisle -> aisle+1 -> ... down to the goal, doing a little work at each step
    w = 0
    for k in range(30): w = (w + k * aisle) % 7919
    if aisle == goal: return w
    return (route(graph[aisle], goal, graph, depth + 1) + w) % 7919

def routePhase(n):
    graph = [i + 1 for i in range(n)]
    t = 0
    for g in range(n - 40, n): t = (t + route(0, g, graph, 0)) % 7919
    return t

def pricePhase(items, rules):
    return sum(it.price(rules) * it.qty for it in items) % 1000003

def reportPhase(items, rules):
    lines = []
    for it in items:
        lines.append('%s;%d;%s' % (it.sku, it.qty, format(it.price(rules), '08x')))
    text = '\n'.join(lines)
    return len(text.upper().replace(';', ','))

def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 12
    sys.setrecursionlimit(10000)
    prog = [('sku', 0), ('push', 13), ('mod', 0), ('jz', 9), ('sku', 0), ('push', 5), ('mod', 0), ('push', 1), ('add', 0)]
    rules = Rules(prog)
    items = []
    for i in range(3000):
        k = i % 4
        if k == 0: items.append(Item(i, i % 90, 10 + i % 13))
        elif k == 1: items.append(Perishable(i, i % 20, 30 + i % 7))
        elif k == 2: items.append(Bulk(i, i % 120, 8 + i % 5))
        else: items.append(Bundle(i, [Item(i * 10 + j, 1, 3 + j) for j in range(4)]))
    ms = {'routePhase': 0.0, 'pricePhase': 0.0, 'reportPhase': 0.0}
    check = 0
    for r in range(rounds):
        t0 = time.time()
        check = (check + routePhase(1200)) % 1000003
        t1 = time.time()
        check = (check + pricePhase(items, rules)) % 1000003
        t2 = time.time()
        check = (check + reportPhase(items, rules)) % 1000003
        t3 = time.time()
        ms['routePhase'] += t1 - t0; ms['pricePhase'] += t2 - t1; ms['reportPhase'] += t3 - t2
    s = sum(ms.values())
    print('py-warehouse: %d rounds in %d ms, checksum %d, time by time.time: %s' % (rounds, s * 1000, check,
          ', '.join('%s %.1f%%' % (k, 100 * v / s) for k, v in ms.items())))

main()
