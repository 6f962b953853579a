# A small pure-Python workload: tokenising and word-counting a generated text, a dict-heavy
# histogram, and an integer sieve. One iteration = one call of the function this module evaluates to.
WORDS = ["lorem", "ipsum", "dolor", "sit", "amet", "consectetur", "adipiscing", "elit", "sed", "do"]


def make_text(n):
    out = []
    s = 12345
    for i in range(n):
        s = (s * 1103515245 + 12345) & 0x7FFFFFFF
        out.append(WORDS[s % len(WORDS)] + ("," if s % 7 == 0 else ""))
    return " ".join(out)


TEXT = make_text(4000)


def word_count(text):
    counts = {}
    for tok in text.split():
        w = tok.strip(",.").lower()
        counts[w] = counts.get(w, 0) + 1
    return counts


def sieve(n):
    flags = [True] * (n + 1)
    flags[0] = flags[1] = False
    i = 2
    while i * i <= n:
        if flags[i]:
            for j in range(i * i, n + 1, i):
                flags[j] = False
        i += 1
    return sum(1 for f in flags if f)


def iteration():
    c = word_count(TEXT)
    p = sieve(10000)
    if p != 1229:
        raise RuntimeError("sieve: %d" % p)
    return len(c) + p


iteration
