# Metaprogramming in TruffleRuby, each phase timing itself with the monotonic clock: methods
# generated from strings with class_eval (hundreds of new methods a round, as an ORM's accessors or
# a template engine's compiled templates), called once each through send (runAll), and a few of them
# called many times through send, polymorphic across generated classes (hot). Arguments: rounds.
def codegen(count, base)
  klass = Class.new
  count.times do |i|
    n = base + i
    terms = (0...6).map { |k| "o[#{(n + k) % 13}] * #{k + 1}" }.join(' + ')
    klass.class_eval("def m_#{n}(o, n); s = 0; j = 0; while j < n; s += #{terms} + j; j += 1; end; s + #{n}; end")
  end
  [klass.new, (base...(base + count)).map { |n| :"m_#{n}" }]
end
def runAll(gen, o, times)
  obj, names = gen
  s = 0
  times.times { names.each { |m| s += obj.send(m, o, 10) } }
  s
end
def hot(gens, o)
  s = 0
  40.times do
    gens.each do |obj, names|
      names.first(5).each { |m| s += obj.send(m, o, 200) }
    end
  end
  s
end
rounds = (ARGV[0] || 16).to_i
o = (0...13).map { |k| k + 0.5 }
ms = { 'codegen' => 0.0, 'runAll' => 0.0, 'hot' => 0.0 }
chk = 0
recent = []
rounds.times do |r|
  t0 = Process.clock_gettime(Process::CLOCK_MONOTONIC)
  gen = codegen(300, r * 300)
  t1 = Process.clock_gettime(Process::CLOCK_MONOTONIC)
  chk += runAll(gen, o, 3)
  t2 = Process.clock_gettime(Process::CLOCK_MONOTONIC)
  recent = (recent + [gen]).last(4)
  chk += hot(recent, o)
  t3 = Process.clock_gettime(Process::CLOCK_MONOTONIC)
  ms['codegen'] += t1 - t0; ms['runAll'] += t2 - t1; ms['hot'] += t3 - t2
end
tot = ms.values.sum
puts "rb-codegen: #{rounds} rounds in #{(tot * 1000).to_i} ms, checksum #{chk.to_i % 1000003}, time by clock_gettime: " + ms.map { |k, v| format('%s %.1f%%', k, 100 * v / tot) }.join(', ')
