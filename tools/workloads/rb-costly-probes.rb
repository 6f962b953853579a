# For the costly-probes judge in TruffleRuby (docs/sampling.md, "Moves by chance, and probes taken
# out of the code"): 6 s of big-integer products whose time is in the host's BigInteger, where no
# guest code polls (the defaults attach the root probes for late polls), then 1 200 rounds of a
# call-dense evaluator (the judge switches them off), each round's time printed: the rounds after
# the switch show what switched-off probes cost, and the rounds after the take-out what is left.
M = 3 ** 60000 + 7
def mul_mod(a, b)
  a * b % M
end
t0 = Process.clock_gettime(Process::CLOCK_MONOTONIC)
x = 5 ** 40000
n = 0
while Process.clock_gettime(Process::CLOCK_MONOTONIC) - t0 < 6
  x = mul_mod(x, x + n)
  n += 1
end
def build(depth, k)
  return [:num, k % 7 + 1] if depth == 0
  m = (depth + k) % 3
  op = m == 0 ? :mul : (m == 1 ? :add : :sub)
  [op, build(depth - 1, k * 2 + 1), build(depth - 1, k * 3 + 2)]
end
def clamp(v) = v % 1000003
def add(a, b) = clamp(a + b)
def sub(a, b) = clamp(a - b)
def mul(a, b) = clamp(a * b)
def evaluate(e)
  case e[0]
  when :num then e[1]
  when :add then add(evaluate(e[1]), evaluate(e[2]))
  when :sub then sub(evaluate(e[1]), evaluate(e[2]))
  else mul(evaluate(e[1]), evaluate(e[2]))
  end
end
def fib(n) = n < 2 ? n : fib(n - 1) + fib(n - 2)
TREE = build(12, 1)
1200.times do |r|
  s = Process.clock_gettime(Process::CLOCK_MONOTONIC)
  c = 0
  200.times { c = (c + evaluate(TREE) + fib(15)) % 1000003 }
  e = Process.clock_gettime(Process::CLOCK_MONOTONIC)
  puts "round #{r}: #{((e - s) * 1000).round} ms at #{((e - t0) * 1000).round}"
end
