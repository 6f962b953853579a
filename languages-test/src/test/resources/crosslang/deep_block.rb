# A recursion 400 deep under a block that a method runs with yield, with its work at the bottom
# (SamplingStageTest.rubyRootsThatCallAreNotTrivial): the blocks and the methods down to the work
# call others, so none of them is a trivial root.
def descend(n, w)
  n == 0 ? grind(w) : (descend(n - 1, w) + 1) & 0xffffff
end

def grind(w)
  x = 1
  i = 0
  while i < w
    x = (x * 69069 + 1) & 0xffffff
    i += 1
  end
  x
end

# runs its block twice
def twice
  yield 1
  yield 2
end

def rounds(k)
  t = 0
  k.times { twice { |i| t = (t + descend(400, 100_000 * i)) & 0xffffff } }
  t
end

k = (ARGV[0] || 40).to_i
puts "deep_block: #{k} rounds, checksum #{rounds(k)}"
