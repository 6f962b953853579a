# Three phases that time themselves (written 2026-11-28, after the sampler): work at the bottom of a
# 2 000-deep recursion, a flat loop, and a call-dense loop of small methods. 30 rounds, or the first
# argument. docs/accuracy.md, A deep recursion in Ruby.
def descend(n, w)
  n == 0 ? grind(w) : (descend(n - 1, w) + 1) & 0xffffff
end

def grind(w)
  x = 1
  i = 0
  while i < w
    x = (x * 69069 + 1) & 0xffffff
    i += 1
  end
  x
end

def deep
  t = 0
  6.times { t = (t + descend(2000, 1_500_000)) & 0xffffff }
  t
end

def flat
  a = Array.new(2000) { |i| (i * 7919) % 1000 }
  s = 0
  300.times { a.each { |v| s = (s + v * v) & 0xffffff } }
  s
end

class Vec
  attr_reader :x, :y
  def initialize(x, y) = (@x = x; @y = y)
  def add(o) = Vec.new(@x + o.x, @y + o.y)
  def dot(o) = @x * o.x + @y * o.y
end

def dense
  v = Vec.new(1, 2)
  w = Vec.new(3, 1)
  s = 0
  300_000.times do
    v = v.add(w)
    s = (s + v.dot(w)) & 0xffffff
    v = Vec.new(v.x & 0xff, v.y & 0xff)
  end
  s
end

rounds = (ARGV[0] || 30).to_i
ms = { 'deep' => 0.0, 'flat' => 0.0, 'dense' => 0.0 }
check = 0
rounds.times do
  ms.each_key do |k|
    t0 = Process.clock_gettime(Process::CLOCK_MONOTONIC)
    check = (check + send(k)) & 0xffffff
    ms[k] += (Process.clock_gettime(Process::CLOCK_MONOTONIC) - t0) * 1000
  end
end
sum = ms.values.sum
puts "rb-deep-phases: #{rounds} rounds in #{sum.round} ms, checksum #{check}, time by CLOCK_MONOTONIC: " +
  ms.map { |k, v| "#{k} #{format('%.1f', 100 * v / sum)}%" }.join(', ')
