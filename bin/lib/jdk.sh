# shellcheck shell=bash
# Shared by every script in bin/: JDK discovery, the build-on-demand step and the JVM flags.
# Source it; it defines functions and CCS_* variables and changes no shell options.
#
# JDK discovery (ccs_find_jdk), nothing to export:
#   1. $JAVA_HOME when it is a JDK 21+ with JVMCI (module jdk.internal.vm.ci);
#   2. else the newest JDK 21+ with JVMCI under /usr/lib/jvm (or the directories in
#      $CCSAMPLER_JDK_DIRS, ':'-separated, when set);
#   3. else $JAVA_HOME, then the newest JDK 21+ there, without JVMCI: Truffle's fallback
#      (interpreter-only) runtime, said once on stderr;
#   4. else an error that lists every java looked at and its version.

CCS_ROOT="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../.." && pwd)"
CCS_MIN_JAVA=21

ccs_die() {
    printf 'ccsampler: %s\n' "$*" >&2
    exit 1
}

# The feature version (8, 17, 21, 25, ...) of the JDK at $1, or nothing when $1/bin/java does not run.
ccs_java_feature() {
    local line version
    [[ -x "$1/bin/java" ]] || return 0
    line="$("$1/bin/java" -version 2>&1 | grep -m1 -E 'version "' || true)"
    version="${line#*version \"}"
    version="${version%%\"*}"
    [[ -n "$version" ]] || return 0
    version="${version#1.}"          # 1.8.0_392 -> 8.0_392
    version="${version%%[.+_-]*}"    # 25.0.1 / 21-ea / 25+36 -> 25 / 21 / 25
    [[ "$version" =~ ^[0-9]+$ ]] && printf '%s\n' "$version"
}

# Succeeds when the JDK at $1 has the JVMCI module (needed for the optimizing Truffle runtime).
ccs_has_jvmci() {
    "$1/bin/java" --list-modules 2>/dev/null | grep -q '^jdk\.internal\.vm\.ci@'
}

# Sets CCS_JAVA_HOME, CCS_JAVA (the java binary), CCS_JAVA_FEATURE and CCS_JVMCI (1 or 0).
ccs_find_jdk() {
    local dirs candidate feature real seen=" " looked=""
    local best_jvmci="" best_jvmci_feature=0 best_plain="" best_plain_feature=0
    local -a candidates=()

    [[ -n "${JAVA_HOME:-}" ]] && candidates+=("$JAVA_HOME")
    dirs="${CCSAMPLER_JDK_DIRS:-/usr/lib/jvm}"
    local IFS_SAVE="$IFS" d
    IFS=':'
    for d in $dirs; do
        IFS="$IFS_SAVE"
        for candidate in "$d"/*; do
            [[ -d "$candidate" ]] && candidates+=("$candidate")
        done
        IFS=':'
    done
    IFS="$IFS_SAVE"

    for candidate in "${candidates[@]}"; do
        real="$(readlink -f "$candidate" 2>/dev/null || printf '%s' "$candidate")"
        [[ "$seen" == *" $real "* ]] && continue
        seen+="$real "
        feature="$(ccs_java_feature "$candidate")"
        if [[ -n "$feature" ]]; then
            looked+=$'\n'"  $candidate: Java $feature"
        else
            looked+=$'\n'"  $candidate: no runnable bin/java"
        fi
        [[ -n "$feature" && "$feature" -ge "$CCS_MIN_JAVA" ]] || continue
        if ccs_has_jvmci "$candidate"; then
            looked+=" with JVMCI"
            # $JAVA_HOME is looked at first and, once chosen, stays; otherwise the newest wins.
            if [[ -z "$best_jvmci" ]] || [[ "$best_jvmci" != "${JAVA_HOME:-}" && "$feature" -gt "$best_jvmci_feature" ]]; then
                best_jvmci="$candidate"
                best_jvmci_feature="$feature"
            fi
        else
            looked+=" without JVMCI"
            if [[ -z "$best_plain" ]] || [[ "$best_plain" != "${JAVA_HOME:-}" && "$feature" -gt "$best_plain_feature" ]]; then
                best_plain="$candidate"
                best_plain_feature="$feature"
            fi
        fi
    done

    if [[ -n "$best_jvmci" ]]; then
        CCS_JAVA_HOME="$best_jvmci"
        CCS_JAVA_FEATURE="$best_jvmci_feature"
        CCS_JVMCI=1
    elif [[ -n "$best_plain" ]]; then
        CCS_JAVA_HOME="$best_plain"
        CCS_JAVA_FEATURE="$best_plain_feature"
        CCS_JVMCI=0
        printf 'ccsampler: no JDK %s+ with JVMCI found; using %s (Java %s) on Truffle'"'"'s fallback runtime: guest code is interpreted only, without compilation tiers.\n' \
            "$CCS_MIN_JAVA" "$CCS_JAVA_HOME" "$CCS_JAVA_FEATURE" >&2
    else
        ccs_die "no JDK $CCS_MIN_JAVA or newer found. Looked at JAVA_HOME (${JAVA_HOME:-unset}) and in ${dirs}:${looked:-$'\n'  (nothing there)}
Install one (for example: apt-get install openjdk-21-jdk) or point JAVA_HOME at it."
    fi
    CCS_JAVA="$CCS_JAVA_HOME/bin/java"
}

# JVM flags for the chosen JDK, into the array CCS_JVM_FLAGS (call ccs_find_jdk first).
#   $1: the directory with the Graal compiler jars for --upgrade-module-path.
ccs_jvm_flags() {
    local jvmci_dir="$1"
    CCS_JVM_FLAGS=()
    if [[ "$CCS_JVMCI" == 1 ]]; then
        CCS_JVM_FLAGS+=(-XX:+UnlockExperimentalVMOptions -XX:+EnableJVMCI "--upgrade-module-path=$jvmci_dir")
    else
        # Said once by ccs_find_jdk already: keep the engine and the launcher quiet about it.
        CCS_JVM_FLAGS+=(-Dccsampler.fallbackReported=true -Dpolyglot.engine.WarnInterpreterOnly=false)
    fi
    CCS_JVM_FLAGS+=(--enable-native-access=ALL-UNNAMED)
    # The flag exists from JDK 23 on; older JDKs refuse to start with it.
    if [[ "$CCS_JAVA_FEATURE" -ge 23 ]]; then
        CCS_JVM_FLAGS+=(--sun-misc-unsafe-memory-access=allow)
    fi
    CCS_JVM_FLAGS+=("-Dpolyglot.engine.userResourceCache=$CCS_ROOT/target/polyglot-cache")
    local opts
    # JAVA_OPTS and CCSAMPLER_JAVA_OPTS are split on white space, like every java wrapper does.
    for opts in "${JAVA_OPTS:-}" "${CCSAMPLER_JAVA_OPTS:-}"; do
        # shellcheck disable=SC2206
        [[ -n "$opts" ]] && CCS_JVM_FLAGS+=($opts)
    done
    return 0
}

# GraalVM launcher convention: --vm.<flag> goes to the JVM as -<flag> (--vm.Xss16m -> -Xss16m,
# --vm.Dkey=value -> -Dkey=value), --vm.cp=/--vm.classpath= extend the class path; every other
# argument stays, in order. Fills CCS_VM_ARGS, CCS_EXTRA_CP and CCS_ARGS.
ccs_split_vm_args() {
    CCS_VM_ARGS=()
    CCS_EXTRA_CP=""
    CCS_ARGS=()
    local arg
    for arg in "$@"; do
        case "$arg" in
            --vm.cp=* | --vm.classpath=*)
                CCS_EXTRA_CP+=":${arg#*=}" ;;
            --vm.?*)
                CCS_VM_ARGS+=("-${arg#--vm.}") ;;
            *)
                CCS_ARGS+=("$arg") ;;
        esac
    done
    return 0
}

# Builds the project when tools/target has no jar, runtime libs or compiler jars yet, or when a
# pom.xml or a main source file is newer than the last successful build.
ccs_ensure_built() {
    local stamp="$CCS_ROOT/target/.ccsampler-build-stamp" reason=""
    if ! compgen -G "$CCS_ROOT/tools/target/ccsampler-tools-*.jar" >/dev/null \
        || ! compgen -G "$CCS_ROOT/tools/target/lib/*.jar" >/dev/null \
        || ! compgen -G "$CCS_ROOT/tools/target/jvmci/compiler-*.jar" >/dev/null \
        || [[ ! -f "$stamp" ]]; then
        reason="first use"
    elif [[ -n "$(find "$CCS_ROOT" -maxdepth 2 -name pom.xml -newer "$stamp" -print -quit)" ]] \
        || [[ -n "$(find "$CCS_ROOT"/*/src/main -type f -newer "$stamp" -print -quit 2>/dev/null)" ]]; then
        reason="sources changed"
    fi
    [[ -z "$reason" ]] && return 0

    command -v mvn >/dev/null 2>&1 \
        || ccs_die "Maven (mvn) is not on PATH; it is needed to build ccsampler ($reason). Install it (apt-get install maven) and run again."
    mkdir -p "$CCS_ROOT/target"
    printf 'ccsampler: building (%s): mvn -q -B -DskipTests package with JAVA_HOME=%s\n' "$reason" "$CCS_JAVA_HOME" >&2
    local started="$CCS_ROOT/target/.ccsampler-build-started"
    touch "$started"
    # One build at a time when several commands start together; stdout stays the guest's.
    (
        if command -v flock >/dev/null 2>&1; then
            flock 9
        fi
        cd "$CCS_ROOT" && JAVA_HOME="$CCS_JAVA_HOME" mvn -q -B -DskipTests package 1>&2
    ) 9>"$CCS_ROOT/target/.ccsampler-build-lock" || ccs_die "the build failed (see the Maven output above)."
    # The stamp gets the time the build started: a file edited during the build is rebuilt next time.
    mv -f "$started" "$stamp"
}

# Class path of the built tools: the tools jar and every runtime jar (our instrument, the
# languages, profiler-tool, launcher-common, GraalPy's launcher).
ccs_class_path() {
    local jar
    jar="$(compgen -G "$CCS_ROOT/tools/target/ccsampler-tools-*.jar" | head -n1)"
    printf '%s:%s/tools/target/lib/*' "$jar" "$CCS_ROOT"
}

# Everything a launcher script needs, then exec: $1 main class, the rest the user's arguments.
ccs_exec_main() {
    local main_class="$1"
    shift
    ccs_find_jdk
    ccs_ensure_built
    ccs_jvm_flags "$CCS_ROOT/tools/target/jvmci"
    ccs_split_vm_args "$@"
    exec "$CCS_JAVA" "${CCS_JVM_FLAGS[@]}" "${CCS_VM_ARGS[@]}" \
        -cp "$(ccs_class_path)$CCS_EXTRA_CP" "$main_class" "${CCS_ARGS[@]}"
}
