# A self-recursion called from a block in a loop, unwound by an exception ("raise", the default)
# or by returns ("return"), or one that calls a block at every level before it recurses ("block"),
# or a binary recursion whose second call follows the first's return ("tree").
# SamplingStageTest.rubySelfRecursionFromABlockGivesTheStacksOfFullWalks checks incremental walks
# against full ones on it. It runs at least 12 rounds and at least 2.5 seconds (a fixed count of
# rounds gave a fast machine too few samples to judge).
mode = ARGV[0] || "raise"
def thrower(d)
  raise ArgumentError, "bottom" if d == 0
  thrower(d - 1) + 1
end
def returner(d)
  return 0 if d == 0
  returner(d - 1) + 1
end
def blocker(d)
  return 0 if d == 0
  s = 0
  3.times { |j| s += j }
  blocker(d - 1) + s
end
def twice(d)
  return 1 if d == 0
  twice(d - 1) + twice(d - 1)
end
def catcher(k, mode)
  c = 0
  k.times do |i|
    if mode == "raise"
      begin
        thrower(30 + i % 150)
      rescue ArgumentError
        c += 1
      end
    elsif mode == "block"
      c += blocker(30 + i % 150)
    elsif mode == "tree"
      c += twice(6 + i % 5)
    else
      c += returner(30 + i % 150)
    end
  end
  c
end
total = 0
rounds = 0
start = Process.clock_gettime(Process::CLOCK_MONOTONIC)
while rounds < 12 || (Process.clock_gettime(Process::CLOCK_MONOTONIC) - start < 2.5 && rounds < 1000)
  total += catcher(400, mode)
  rounds += 1
end
puts "done #{total > 0}"
