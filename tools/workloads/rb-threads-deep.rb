# Many threads with deep stacks, written on 2026-12-02 as a program the profiler had not seen:
# four TruffleRuby threads (more than the 2 cores of the machine it was written on), each running
# rounds of three phases: a walk down a linked chain DEPTH deep (default 300) that works at its end,
# a flat array loop, and small method calls that allocate. Each phase is timed with the thread's own
# CPU clock and summed over the threads, so the split is of CPU time, which is what ccsampler counts
# for threads that outnumber the cores (docs/accuracy.md). Arguments: threads (default 4), rounds
# (default 12), depth (default 300; a new Ruby thread's stack overflows near 600 in the interpreter).
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

threads = (ARGV[0] || 4).to_i
rounds = (ARGV[1] || 12).to_i
totals = Hash.new(0.0)
lock = Mutex.new
checks = []
workers = (0...threads).map do |t|
  Thread.new do
    chain = build(DEPTH, t + 1)
    arr = Array.new(5000) { |i| (i * 7919 + t) % 4096 }
    mine = Hash.new(0.0)
    check = 0
    rounds.times do
      [[:deep, chain], [:flat, arr], [:dense, nil]].each do |name, arg|
        c0 = Process.clock_gettime(Process::CLOCK_THREAD_CPUTIME_ID)
        r = arg.nil? ? send(name) : send(name, arg)
        mine[name.to_s] += Process.clock_gettime(Process::CLOCK_THREAD_CPUTIME_ID) - c0
        check = (check + r) & 0xffffff
      end
    end
    lock.synchronize do
      mine.each { |k, v| totals[k] += v }
      checks << check
    end
  end
end
w0 = Process.clock_gettime(Process::CLOCK_MONOTONIC)
workers.each(&:join)
wall = (Process.clock_gettime(Process::CLOCK_MONOTONIC) - w0) * 1000
sum = totals.values.sum
puts "rb-threads-deep: #{threads} threads x #{rounds} rounds in #{wall.round} ms, checksum #{checks.sum & 0xffffff}, time by CLOCK_THREAD_CPUTIME_ID: " +
  %w[deep flat dense].map { |k| "#{k} #{format('%.1f', 100 * totals[k] / sum)}%" }.join(', ')
