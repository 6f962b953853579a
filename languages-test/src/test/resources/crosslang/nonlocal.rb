# Non-local control flow through a deep recursion whose every level runs in a block: the bottom
# raises ("raise"), throws to a catch at the top ("throw"), or the levels return out of their
# blocks ("return", a non-local return at each level); and blocks left by break and next in a loop
# ("break"). SamplingStageTest.rubyNonLocalExitsGiveTheStacksOfFullWalks checks incremental walks
# against full ones on it. Arguments: mode, rounds.
mode = ARGV[0] || "raise"
rounds = (ARGV[1] || 300).to_i

def dig(n, acc, mode)
  if n == 0
    s = acc
    200.times { |i| s = (s * 31 + i) & 0xffff }
    raise ArgumentError, "bottom" if mode == "raise" && (s & 3) == 0
    throw :found, s if mode == "throw" && (s & 1) == 0
    return s
  end
  [1].each do |x|
    return dig(n - 1, acc + x, mode) # returns from dig, out of the block
  end
end

def first_over(arr, limit)
  arr.each_with_index do |v, i|
    return i if v > limit
  end
  -1
end

arr = Array.new(2000) { |i| (i * 7919) % 1000 }
total = 0
rounds.times do |k|
  case mode
  when "raise"
    begin
      total += dig(60 + k % 90, k, mode)
    rescue ArgumentError
      total += 1
    end
  when "throw"
    total += catch(:found) { dig(60 + k % 90, k, mode) }
  when "return"
    total += dig(60 + k % 90, k, mode)
  else
    total += first_over(arr, 900 + k % 90)
    r = arr.each { |v| break v if v > 990 - k % 50 }
    total += r.is_a?(Integer) ? r : 0
    arr.each { |v| next if v.odd?; total += 1 }
  end
  total &= 0xffffff
end
puts "nonlocal #{mode}: #{rounds} rounds, total #{total}"
