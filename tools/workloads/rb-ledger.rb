# A bookkeeping run timing its own phases: post (journal entries through polymorphic accounts and
# blocks), nest (a recursive walk of a deep chart of accounts, with a rollup at every level), and
# statement (string formatting and gsub).
class Account
  attr_reader :name, :balance
  def initialize(name); @name = name; @balance = 0; end
  def post(amount); @balance += amount; end
end
class Asset < Account; def post(amount); @balance += amount; end; end
class Liability < Account; def post(amount); @balance -= amount; end; end
class Income < Account; def post(amount); @balance -= amount * 2 / 2; end; end
class Capped < Account; def post(amount); @balance = [@balance + amount, 1_000_000].min; end; end

Node = Struct.new(:name, :child, :amount)

def rollup(node, depth)
  w = 0
  8.times { |k| w = (w + k * depth) % 7919 }
  return node.amount + w if node.child.nil?
  (rollup(node.child, depth + 1) + node.amount + w) % 1_000_003
end

def post_phase(accounts, entries)
  entries.each do |(i, j, amt)|
    accounts[i].post(amt)
    accounts[j].post(-amt)
  end
  accounts.sum(&:balance) % 1_000_003
end

def nest_phase(chart)
  t = 0
  chart.each { |root| t = (t + rollup(root, 0)) % 1_000_003 }
  t
end

def statement_phase(accounts)
  lines = accounts.map { |a| format('%-12s %12d', a.name, a.balance) }
  text = lines.join("\n")
  text.gsub(/ +/, ' ').upcase.count('A')
end

rounds = (ARGV[0] || 35).to_i
kinds = [Asset, Liability, Income, Capped, Account]
accounts = (0...400).map { |i| kinds[i % 5].new("acct#{i}") }
entries = (0...20_000).map { |i| [i % 400, (i * 7 + 3) % 400, (i * 31) % 997] }
chart = (0...30).map do |c|
  n = nil
  (0...(600 + c * 10)).each { |d| n = Node.new("n#{d}", n, d % 13) }
  n
end
ms = { 'post_phase' => 0.0, 'nest_phase' => 0.0, 'statement_phase' => 0.0 }
check = 0
rounds.times do
  t0 = Process.clock_gettime(Process::CLOCK_MONOTONIC)
  check = (check + post_phase(accounts, entries)) % 1_000_003
  t1 = Process.clock_gettime(Process::CLOCK_MONOTONIC)
  check = (check + nest_phase(chart)) % 1_000_003
  t2 = Process.clock_gettime(Process::CLOCK_MONOTONIC)
  8.times { check = (check + statement_phase(accounts)) % 1_000_003 }
  t3 = Process.clock_gettime(Process::CLOCK_MONOTONIC)
  ms['post_phase'] += t1 - t0; ms['nest_phase'] += t2 - t1; ms['statement_phase'] += t3 - t2
end
s = ms.values.sum
puts "rb-ledger: #{rounds} rounds in #{(s * 1000).to_i} ms, checksum #{check}, time by CLOCK_MONOTONIC: " +
  ms.map { |k, v| format('%s %.1f%%', k, 100 * v / s) }.join(', ')
