# Known split of CPU time: alpha 60 %, beta 30 %, gamma 10 % of self time (Ruby).
# The three methods run the same loop of integer arithmetic; only the trip count differs (6 : 3 : 1).
# One iteration = one call of the lambda this script evaluates to (fixed work).
# Most of a bench process is warm-up, where the split need not be 6 : 3 : 1, so each call is timed,
# and the lambda's `timed` method returns the split this run really had: the bench judges profiles
# against it (as known-split.js does).
def alpha(n)
  x = n | 1
  i = 0
  while i < 6 * n
    x = (x * 1103515245 + 12345) & 0x7fffffff
    i += 1
  end
  x
end

def beta(n)
  x = n | 1
  i = 0
  while i < 3 * n
    x = (x * 1103515245 + 12345) & 0x7fffffff
    i += 1
  end
  x
end

def gamma(n)
  x = n | 1
  i = 0
  while i < n
    x = (x * 1103515245 + 12345) & 0x7fffffff
    i += 1
  end
  x
end

$sink = 0
$timed = { 'Object#alpha' => 0, 'Object#beta' => 0, 'Object#gamma' => 0 }
iteration = lambda do
  4.times do
    t0 = Process.clock_gettime(Process::CLOCK_MONOTONIC, :nanosecond)
    $sink ^= alpha(40_000)
    t1 = Process.clock_gettime(Process::CLOCK_MONOTONIC, :nanosecond)
    $sink ^= beta(40_000)
    t2 = Process.clock_gettime(Process::CLOCK_MONOTONIC, :nanosecond)
    $sink ^= gamma(40_000)
    t3 = Process.clock_gettime(Process::CLOCK_MONOTONIC, :nanosecond)
    $timed['Object#alpha'] += t1 - t0
    $timed['Object#beta'] += t2 - t1
    $timed['Object#gamma'] += t3 - t2
  end
  $sink
end
iteration.define_singleton_method(:timed) { $timed }
iteration
