# TruffleRuby: three-phase.js's three phases, each timing itself with the monotonic clock (written
# 2026-12-05, forty-second session): work at the bottom of a 180-deep recursion, the same arithmetic
# in a flat loop, and a call-dense loop of two small methods; shares of inclusive time among the
# three, for `ccsampler split-check`. 8 rounds, or the last numeric argument. About 9 s here, of
# which TruffleRuby's start-up is a third. docs/sampling.md, *Probes attached beside the drain*.
def bottom(work)
  x = 1
  i = 0
  while i < work
    x = (x * 1103515245 + 12345) & 0x7fffffff
    i += 1
  end
  x
end

def descend(n, work) = n == 0 ? bottom(work) : (descend(n - 1, work) + 1) & 0xffffffff

def deep_phase
  s = 0
  6.times { s = (s + descend(180, 600_000)) & 0xffffffff }
  s
end

def flat_phase
  x = 1
  i = 0
  while i < 6 * 600_000
    x = (x * 1103515245 + 12345) & 0x7fffffff
    i += 1
  end
  x
end

def tiny(i, acc) = (acc * 31 + i) & 0xffff
def mix(i, acc) = tiny(i, tiny(i >> 1, acc))

def dense_phase
  acc = 7
  i = 0
  while i < 1_200_000
    acc = mix(i, acc)
    i += 1
  end
  acc
end

rounds = (ARGV.grep(/\A\d+\z/).last || 8).to_i
ms = { "deep_phase" => 0.0, "flat_phase" => 0.0, "dense_phase" => 0.0 }
check = 0
clock = -> { Process.clock_gettime(Process::CLOCK_MONOTONIC) }
rounds.times do
  t0 = clock.call
  check = (check + deep_phase) & 0xffffffff
  t1 = clock.call
  check = (check + flat_phase) & 0xffffffff
  t2 = clock.call
  check = (check + dense_phase) & 0xffffffff
  t3 = clock.call
  ms["deep_phase"] += (t1 - t0) * 1000
  ms["flat_phase"] += (t2 - t1) * 1000
  ms["dense_phase"] += (t3 - t2) * 1000
end
total = ms.values.sum
puts format("rb-three-phase: %d rounds in %d ms, checksum %d, time by monotonic: %s", rounds, total, check,
            ms.map { |k, v| format("%s %.1f%%", k, 100 * v / total) }.join(", "))
