# Three fibers that switch often (written 2026-12-02): each spins 0.1-0.4 ms per resume (compiled)
# and yields; the main fiber resumes them in turn. 200 warm-up rounds, then 3 000 rounds or the
# first argument; prints the time spun (timed inside the fibers) against the time the rounds took.
# RubyProfileTest.fibersAreTickedOnlyWhileTheyRunInTheContext; docs/languages.md, Fibers;
# docs/sampling.md, Threads outside their only context.
def spin(n)
  x = 1
  i = 0
  while i < n
    x = (x * 1103515245 + 12345) & 0x7fffffff
    i += 1
  end
  x
end

$ms = 0.0

def fiber_work(n)
  Fiber.new do
    loop do
      t0 = Process.clock_gettime(Process::CLOCK_MONOTONIC)
      spin(n)
      $ms += (Process.clock_gettime(Process::CLOCK_MONOTONIC) - t0) * 1000
      Fiber.yield
    end
  end
end

def rounds(fibers, k)
  k.times { fibers.each(&:resume) }
end

fibers = [fiber_work(40_000), fiber_work(20_000), fiber_work(10_000)]
rounds(fibers, 200)
$ms = 0.0
t0 = Process.clock_gettime(Process::CLOCK_MONOTONIC)
rounds(fibers, (ARGV[0] || 3000).to_i)
puts "fiber_switches: spun #{$ms.round} ms in #{((Process.clock_gettime(Process::CLOCK_MONOTONIC) - t0) * 1000).round} ms"
