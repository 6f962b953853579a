# Four phases in the style of the Octane suite, in TruffleRuby (written for ccsampler, no code taken
# from Octane), each timing itself with the monotonic clock so every run prints the split a
# profiler must find:
#   rewrite  simplifies random arithmetic terms (Structs, dispatched with case/in on their class):
#            recursion over trees 13 deep, many small methods, many allocations;
#   bignum   multiplies and reduces Ruby's own big Integers (2 000-bit numbers): the time is in
#            TruffleRuby's bignum code, Java's BigInteger underneath, where no guest frame polls;
#   fluid    relaxes a 64 x 64 grid of Floats in flat Arrays with while loops: flat compiled loops;
#   lists    maps, filters and folds cons lists of 1 500 cells through blocks and procs, recursing
#            as deep as the list is long.
# Shares are of inclusive time among the four. Arguments: rounds (default 8), 'v' for per-round times.

Num = Struct.new(:v)
Var = Struct.new(:n)
Add = Struct.new(:a, :b)
Mul = Struct.new(:a, :b)
Neg = Struct.new(:a)

$seed = 17
def rnd(n)
  $seed = ($seed * 1103515245 + 12345) & 0x7fffffff
  $seed % n
end

def random_term(depth)
  return (rnd(3).zero? ? Var.new(rnd(4)) : Num.new(rnd(5))) if depth.zero? || rnd(7).zero?
  case rnd(5)
  when 0, 1 then Add.new(random_term(depth - 1), random_term(depth - 1))
  when 2, 3 then Mul.new(random_term(depth - 1), random_term(depth - 1))
  else Neg.new(random_term(depth - 1))
  end
end

def num?(t, v = nil)
  t.is_a?(Num) && (v.nil? || t.v == v)
end

def term_size(t)
  case t
  when Num, Var then 1
  when Neg then 1 + term_size(t.a)
  else 1 + term_size(t.a) + term_size(t.b)
  end
end

def simplify_add(a, b)
  return b if num?(a, 0)
  return a if num?(b, 0)
  return Num.new((a.v + b.v) & 0xffff) if num?(a) && num?(b)
  Add.new(a, b)
end

def simplify_mul(a, b)
  return Num.new(0) if num?(a, 0) || num?(b, 0)
  return b if num?(a, 1)
  return a if num?(b, 1)
  return Num.new((a.v * b.v) & 0xffff) if num?(a) && num?(b)
  if a.is_a?(Add) && term_size(a) + term_size(b) < 20
    return simplify_add(simplify_mul(a.a, b), simplify_mul(a.b, b))
  end
  Mul.new(a, b)
end

def simplify(t)
  case t
  in Add[a, b] then simplify_add(simplify(a), simplify(b))
  in Mul[a, b] then simplify_mul(simplify(a), simplify(b))
  in Neg[Neg[a]] then simplify(a)
  in Neg[a] then Neg.new(simplify(a))
  else t
  end
end

def evaluate(t, env)
  case t
  when Num then t.v
  when Var then env[t.n]
  when Add then (evaluate(t.a, env) + evaluate(t.b, env)) & 0xffff
  when Mul then (evaluate(t.a, env) * evaluate(t.b, env)) & 0xffff
  else (-evaluate(t.a, env)) & 0xffff
  end
end

def rewrite
  check = 0
  env = [3, 5, 7, 11]
  500.times do
    t = random_term(13)
    s = simplify(t)
    raise "rewrite changed a value" unless evaluate(t, env) == evaluate(s, env)
    check = (check + term_size(s) + evaluate(s, env)) & 0xffffffff
  end
  check
end

def bignum
  m = (1 << 2000) - 1_000_000_007
  a = (1 << 1999) + rnd(1 << 30)
  b = (1 << 1998) + rnd(1 << 30)
  acc = 0
  30_000.times do
    t = (a * b) % m
    acc ^= t
    a = b
    b = t | 1
  end
  acc & 0xffffffff
end

G = 64
W = G + 2
def fluid
  x = Array.new(W * W, 0.0)
  x0 = Array.new(W * W, 0.0)
  250.times do |step|
    x0[W * (G / 2) + G / 2] += 10.0 + step
    k = 0
    while k < 12
      j = 1
      while j <= G
        p = j * W + 1
        last = p + G
        while p < last
          x[p] = (x0[p] + 0.25 * (x[p - 1] + x[p + 1] + x[p - W] + x[p + W])) / 2.0
          p += 1
        end
        j += 1
      end
      k += 1
    end
    x0, x = x, x0
  end
  (x0.sum * 1000).to_i & 0xffffffff
end

Cons = Struct.new(:car, :cdr)
def from_range(n)
  l = nil
  n.times { l = Cons.new(rnd(10_000), l) }
  l
end

def list_map(l, &f)
  l.nil? ? nil : Cons.new(f.call(l.car), list_map(l.cdr, &f))
end

def list_filter(l, &p)
  return nil if l.nil?
  p.call(l.car) ? Cons.new(l.car, list_filter(l.cdr, &p)) : list_filter(l.cdr, &p)
end

def foldr(l, z, &f)
  l.nil? ? z : f.call(l.car, foldr(l.cdr, z, &f))
end

def lists
  check = 0
  350.times do |k|
    l = from_range(1500)
    m = list_map(l) { |x| (x * 7 + k) % 10_007 }
    f = list_filter(m) { |x| (x & 3) != 0 }
    check = (check + foldr(f, k) { |x, acc| (acc * 31 + x) & 0xffffffff }) & 0xffffffff
  end
  check
end

rounds = (ARGV.grep(/\A\d+\z/).last || 8).to_i
verbose = ARGV.include?("v")
phases = %w[rewrite bignum fluid lists]
ms = phases.to_h { |p| [p, 0.0] }
check = 0
clock = -> { Process.clock_gettime(Process::CLOCK_MONOTONIC) }
start = clock.call
rounds.times do |r|
  line = []
  phases.each do |p|
    t0 = clock.call
    check = (check + send(p)) & 0xffffffff
    d = (clock.call - t0) * 1000
    ms[p] += d
    line << format("%s %d (ends at %d)", p, d, (clock.call - start) * 1000)
  end
  puts "round #{r}: #{line.join(', ')}" if verbose
end
total = ms.values.sum
puts format("rb-octane: %d rounds in %d ms, checksum %d, time by monotonic: %s", rounds, total, check,
            ms.map { |k, v| format("%s %.1f%%", k, 100 * v / total) }.join(", "))
