#!/usr/bin/env bash
# tools/soak/run.sh — the memory soak of issue 10: ccsampler at 100us with a context-node cap over
# GraalJS and Pace workloads on several threads (Pace spawning short-lived threads), with a bounded
# heap, for 10 minutes; every 15 s it writes the heap after GC and the CC-Map's node count to CSV.
# See docs/memory.md for the figures of a run and what to look for.
#
# Usage: tools/soak/run.sh [out-dir] [-- SoakMain arguments]
#   SOAK_SECONDS (600), SOAK_HEAP (-Xmx768m), SOAK_MAX_NODES (20000), SOAK_PERIOD (100us)
#   MVN_ARGS: extra Maven arguments for the build when the jars are missing
#   (e.g. "-o -Dmaven.repo.local=$HOME/m2").
# It is timing-sensitive: on a shared machine run it under the bench lock:
#   flock /tmp/ccsampler-bench.lock tools/soak/run.sh
set -euo pipefail
root="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../.." && pwd)"
out="${1:-$root/target/soak}"
shift || true
[[ "${1:-}" == "--" ]] && shift
# shellcheck source=bin/lib/jdk.sh
source "$root/bin/lib/jdk.sh"
ccs_find_jdk
if ! compgen -G "$root/tools/target/ccsampler-tools-*.jar" >/dev/null || ! compgen -G "$root/tools/target/lib/*.jar" >/dev/null; then
    # shellcheck disable=SC2086
    (cd "$root" && JAVA_HOME="$CCS_JAVA_HOME" mvn -q -B ${MVN_ARGS:-} -DskipTests install)
fi
ccs_jvm_flags "$root/tools/target/jvmci"
mkdir -p "$out"
heap="${SOAK_HEAP:--Xmx768m}"
echo "soak: $(date -u +%FT%TZ) ${SOAK_SECONDS:-600} s, period ${SOAK_PERIOD:-100us}, MaxContextNodes ${SOAK_MAX_NODES:-20000}, heap $heap, out $out" >&2
"$CCS_JAVA" "${CCS_JVM_FLAGS[@]}" "$heap" -Xss8m -cp "$(ccs_class_path)" dev.ccsampler.tools.soak.SoakMain \
    --seconds "${SOAK_SECONDS:-600}" --period "${SOAK_PERIOD:-100us}" --max-nodes "${SOAK_MAX_NODES:-20000}" \
    --csv "$out/soak.csv" --report "$out/soak-profile.txt" "$@" | tee "$out/soak.log"
