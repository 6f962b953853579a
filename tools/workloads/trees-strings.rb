# TruffleRuby: binary trees (allocation, recursion 14 deep) and string building (four workers, one
# after the other), each phase timed by the program itself, for `ccsampler split-check`. The phases
# print as `trees` and `pool`; the profile names them Object#trees and Object#pool, which
# split-check matches. Argument: rounds (default 12).
def bottom_up(d)
  d == 0 ? [nil, nil] : [bottom_up(d - 1), bottom_up(d - 1)]
end
def check(t)
  l, r = t
  l.nil? ? 1 : 1 + check(l) + check(r)
end
def trees(max)
  sum = 0
  4.step(max, 2) { |d| (1 << (max - d + 2)).times { sum += check(bottom_up(d)) } }
  sum
end
def worker(i)
  s = +""
  20_000.times { |k| s << ((k * 31 + i) % 26 + 97).chr; s = s[-64..] if s.size > 128 }
  s.sum
end
def pool
  ts = 4.times.map { |i| worker(i) }
  ts.sum
end
rounds = (ARGV[0] || 12).to_i
ms = { 'trees' => 0.0, 'pool' => 0.0 }
chk = 0
rounds.times do
  t0 = Process.clock_gettime(Process::CLOCK_MONOTONIC)
  chk += trees(12)
  t1 = Process.clock_gettime(Process::CLOCK_MONOTONIC)
  chk += pool
  t2 = Process.clock_gettime(Process::CLOCK_MONOTONIC)
  ms['trees'] += t1 - t0; ms['pool'] += t2 - t1
end
tot = ms.values.sum
puts "trees-strings: #{rounds} rounds in #{(tot * 1000).to_i} ms, checksum #{chk}, time by clock_gettime: " + ms.map { |k, v| format('%s %.1f%%', k, 100 * v / tot) }.join(', ')
