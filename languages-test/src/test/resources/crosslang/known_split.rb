# A Ruby program with a known split of CPU time: alpha 60 %, beta 30 %, gamma 10 %.
# Each function runs the same loop of integer arithmetic; only the number of iterations differs (6 : 3 : 1).
# Run: bin/ccsampler run --ccsampler known_split.rb [rounds]
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

rounds = ARGV.empty? ? 300 : ARGV[0].to_i
sink = 0
rounds.times do
  sink = (sink + alpha(20_000)) & 0x7fffffff
  sink = (sink + beta(20_000)) & 0x7fffffff
  sink = (sink + gamma(20_000)) & 0x7fffffff
end
puts "done #{rounds} rounds, checksum #{sink}"
