# A recursion 300 deep that works in a loop at the bottom and in a loop on the way up, repeated:
# GraalPy's bytecode interpreter polls at the root node at its back edges, compiles the loops on
# stack replacement, and does not give each frame its own arguments array. SamplingStageTest checks
# every incremental walk against a full one here.
import sys
sys.setrecursionlimit(10000)
# the numeric arguments (an embedding may pass them without the script's name first)
nums = [int(a) for a in sys.argv if a.isdigit()]
reps = nums[0] if len(nums) > 0 else 30
depth = nums[1] if len(nums) > 1 else 400
work = nums[2] if len(nums) > 2 else 200000


def down(n):
    if n == 0:
        s = 0
        for i in range(work):
            s = (s * 31 + i) % 1000003
        return s
    r = down(n - 1)
    t = r
    for i in range(200):
        t = (t * 7 + i) % 1000003
    return t


total = 0
for rep in range(reps):
    total = (total + down(depth)) % 1000003
print("deep-fold.py", reps, depth, total)
