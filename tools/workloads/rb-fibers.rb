# A log-processing pipeline on fibers (written 2026-12-01, after the sampler): an external
# enumerator makes batches of log lines, a parser fiber splits them into records, two worker fibers
# (one per shard) aggregate the records, and the main fiber renders a summary after every round.
# In TruffleRuby every fiber runs on a Java thread of its own, and every switch leaves and enters
# the context. Each phase times itself inside the fiber that runs it (CLOCK_MONOTONIC around the
# work, not the switches). 40 rounds, or the first argument. docs/languages.md, Fibers.
LEVELS = %w[INFO WARN ERROR DEBUG].freeze
PATHS = %w[/api/users /api/orders /static/app.js /login /api/search /health].freeze

def make_lines(seed, n)
  x = seed
  Array.new(n) do
    x = (x * 1103515245 + 12345) & 0x7fffffff
    "2026-12-01T#{format('%02d', x % 24)}:#{format('%02d', (x >> 5) % 60)} #{LEVELS[x % 4]} " \
      "#{PATHS[(x >> 3) % PATHS.size]} #{200 + (x >> 7) % 4 * 100} #{(x >> 9) % 5000}ms user=#{(x >> 11) % 977}"
  end
end

def parse_lines(lines)
  lines.map do |line|
    stamp, level, path, status, took, user = line.split(' ')
    { hour: stamp[11, 2].to_i, level: level, path: path, status: status.to_i,
      ms: took.chomp('ms').to_i, user: user.split('=')[1].to_i }
  end
end

def aggregate(stats, records)
  records.each do |r|
    s = (stats[r[:path]] ||= { n: 0, ms: 0, errors: 0, users: {}, hours: Array.new(24, 0) })
    s[:n] += 1
    s[:ms] += r[:ms]
    s[:errors] += 1 if r[:status] >= 500 || r[:level] == 'ERROR'
    s[:users][r[:user]] = (s[:users][r[:user]] || 0) + 1
    s[:hours][r[:hour]] += 1
  end
  stats.size
end

def render(shards)
  rows = shards.flat_map(&:to_a).group_by(&:first).map do |path, parts|
    n = parts.sum { |_, s| s[:n] }
    ms = parts.sum { |_, s| s[:ms] }
    users = parts.map { |_, s| s[:users].keys }.flatten.uniq.size
    peak = (0...24).max_by { |h| parts.sum { |_, s| s[:hours][h] } }
    format('%-16s %8d %8.1f %6d %3d', path, n, ms.to_f / n, users, peak)
  end
  rows.sort.join("\n").size
end

$ms = Hash.new(0.0)

def timed(name)
  t0 = Process.clock_gettime(Process::CLOCK_MONOTONIC)
  r = yield
  $ms[name] += (Process.clock_gettime(Process::CLOCK_MONOTONIC) - t0) * 1000
  r
end

BATCH = 400
rounds = (ARGV[0] || 40).to_i
source = Enumerator.new do |y|
  seed = 1
  loop do
    y << timed('make_lines') { make_lines(seed, BATCH) }
    seed += BATCH
  end
end
parser = Fiber.new do |lines|
  loop { lines = Fiber.yield(timed('parse_lines') { parse_lines(lines) }) }
end
shards = [{}, {}]
workers = shards.map do |stats|
  Fiber.new do |records|
    loop { records = Fiber.yield(timed('aggregate') { aggregate(stats, records) }) }
  end
end

check = 0
rounds.times do
  25.times do
    records = parser.resume(source.next)
    half = records.size / 2
    check = (check + workers[0].resume(records[0, half]) + workers[1].resume(records[half..])) & 0xffffff
  end
  check = (check + timed('render') { render(shards) }) & 0xffffff
end
sum = $ms.values.sum
puts "rb-fibers: #{rounds} rounds in #{sum.round} ms, checksum #{check}, time by CLOCK_MONOTONIC: " +
  %w[make_lines parse_lines aggregate render].map { |k| "#{k} #{format('%.1f', 100 * $ms[k] / sum)}%" }.join(', ')
