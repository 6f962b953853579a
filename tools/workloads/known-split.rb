# Known split of CPU time: alpha 60 %, beta 30 %, gamma 10 % of self time (Ruby).
# The three methods run the same loop of integer arithmetic; only the trip count differs (6 : 3 : 1).
# One iteration = one call of the lambda this script evaluates to (fixed work).
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
lambda do
  4.times do
    $sink ^= alpha(40_000)
    $sink ^= beta(40_000)
    $sink ^= gamma(40_000)
  end
  $sink
end
