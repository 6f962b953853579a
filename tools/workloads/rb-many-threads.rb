# Twelve threads on the 2 cores that do different work, written on 2026-12-03 as a program the
# profiler had not seen: thread t runs only one phase of rb-threads-deep.rb (t % 3: the walk down a
# DEPTH-deep chain that works at its end, three times a round; the flat array loop, once; the small
# allocating method calls, twice), so a phase's share of the profile is right only if each thread's
# ticks follow the CPU time it got. Each phase is timed by the thread's CPU clock and summed over the
# threads. Arguments: threads (default 12), rounds (default 8), depth (default 300).
DEPTH = (ARGV[2] || 300).to_i
Node = Struct.new(:left, :right, :val)

def build(depth, seed)
  n = Node.new(nil, nil, seed & 1023)
  depth.times { |i| n = Node.new(n, nil, (seed * 31 + i) & 255) }
  n
end

def deep_sum(n, acc)
  return leaf_work(acc) if n.nil?
  deep_sum(n.left, acc + n.val)
end

def leaf_work(acc)
  s = acc
  3000.times { |i| s = (s * 1103515245 + i) & 0xffffff }
  s
end

def deep(chain)
  s = 0
  60.times { s = (s + deep_sum(chain, 0)) & 0xffffff }
  s
end

def flat(arr)
  s = 0
  120.times { arr.each { |v| s = (s + v * 3 + (v >> 2)) & 0xffffff } }
  s
end

class Pt
  attr_reader :x, :y
  def initialize(x, y)
    @x = x
    @y = y
  end
  def plus(o) = Pt.new((@x + o.x) & 0xfff, (@y + o.y) & 0xfff)
  def norm1 = @x.abs + @y.abs
end

def dense
  p = Pt.new(1, 2)
  q = Pt.new(5, 3)
  s = 0
  120_000.times do
    p = p.plus(q)
    s = (s + p.norm1) & 0xffffff
  end
  s
end

threads = (ARGV[0] || 12).to_i
rounds = (ARGV[1] || 8).to_i
totals = Hash.new(0.0)
lock = Mutex.new
checks = []
phases = [[:deep, 3], [:flat, 1], [:dense, 2]]
workers = (0...threads).map do |t|
  Thread.new do
    name, reps = phases[t % 3]
    chain = build(DEPTH, t + 1)
    arr = Array.new(5000) { |i| (i * 7919 + t) % 4096 }
    mine = 0.0
    check = 0
    (rounds * reps).times do
      c0 = Process.clock_gettime(Process::CLOCK_THREAD_CPUTIME_ID)
      r = case name when :deep then deep(chain) when :flat then flat(arr) else dense end
      mine += Process.clock_gettime(Process::CLOCK_THREAD_CPUTIME_ID) - c0
      check = (check + r) & 0xffffff
    end
    lock.synchronize do
      totals[name.to_s] += mine
      checks << check
    end
  end
end
w0 = Process.clock_gettime(Process::CLOCK_MONOTONIC)
workers.each(&:join)
wall = (Process.clock_gettime(Process::CLOCK_MONOTONIC) - w0) * 1000
sum = totals.values.sum
puts "rb-many-threads: #{threads} threads x #{rounds} rounds in #{wall.round} ms, checksum #{checks.sum & 0xffffff}, time by CLOCK_THREAD_CPUTIME_ID: " +
  %w[deep flat dense].map { |k| "#{k} #{format('%.1f', 100 * totals[k] / sum)}%" }.join(', ')
