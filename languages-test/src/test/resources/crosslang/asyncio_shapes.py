# asyncio_shapes.py: eight asyncio tasks, each summing the areas of 3 000 shapes of three classes,
# awaiting between rounds. A coroutine's steps run under the event loop's Task.__step and
# contextvars' Context.run, whose frames change at every switch of tasks.
# Arguments: rounds per task (default 20).
import asyncio
import sys


class Shape:
    def area(self):
        raise NotImplementedError


class Square(Shape):
    def __init__(self, s):
        self.s = s

    def area(self):
        return self.s * self.s


class Rect(Shape):
    def __init__(self, w, h):
        self.w, self.h = w, h

    def area(self):
        return self.w * self.h


class Triangle(Shape):
    def __init__(self, b, h):
        self.b, self.h = b, h

    def area(self):
        return self.b * self.h // 2


def total(shapes):
    t = 0
    for s in shapes:
        t += s.area()
    return t


async def worker(rounds, shapes):
    acc = 0
    for _ in range(rounds):
        acc += total(shapes)
        await asyncio.sleep(0)
    return acc


async def main(rounds):
    shapes = [Square(i % 7) if i % 3 == 0 else Rect(i % 5, i % 11) if i % 3 == 1 else Triangle(i % 13, i % 4) for i in range(3000)]
    results = await asyncio.gather(*(worker(rounds, shapes) for _ in range(8)))
    print("asyncio_shapes:", sum(results))


# (the last numeric argument: an embedder's sys.argv holds its arguments alone, a launcher's the file first)
rounds = [int(a) for a in sys.argv if a.isdigit()]
asyncio.run(main(rounds[-1] if rounds else 20))
