#!/usr/bin/env bash
# tools/soak/churn.sh — the thread churn measurement of issue 10 with the issue's 10 000 threads:
# runs ThreadChurnMemoryTest (languages-test) with -Dccsampler.test.churnThreads=N (default 10000)
# and prints its figures (retained heap after GC with and without the sampler, per thread).
# The test suite itself runs 2 000 threads. See docs/memory.md.
#
# Usage: tools/soak/churn.sh [threads]     MVN_ARGS: extra Maven arguments (e.g. "-o -Dmaven.repo.local=$HOME/m2")
set -euo pipefail
root="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../.." && pwd)"
threads="${1:-10000}"
cd "$root"
# shellcheck disable=SC2086
mvn -q -B ${MVN_ARGS:-} -DskipTests install
# shellcheck disable=SC2086
mvn -B ${MVN_ARGS:-} -pl languages-test test -Dtest=ThreadChurnMemoryTest -Dsurefire.failIfNoSpecifiedTests=false \
    "-Dsurefire.extra.args=-Dccsampler.test.churnThreads=$threads" | grep -E "Tests run:|FAIL|ERROR\]" || true
grep -h "\[churn\]" languages-test/target/surefire-reports/dev.ccsampler.crosslang.ThreadChurnMemoryTest-output.txt
