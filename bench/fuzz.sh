#!/usr/bin/env bash
# Builds the libFuzzer targets (tests/fuzz, Clang 14 with ASan+UBSan and coverage) into
# ./build-fuzz and runs each for SECONDS, or replays the seeds only.
#
#   bench/fuzz.sh SECONDS [TARGET...]     fuzz; new inputs go to build-fuzz/corpus/TARGET
#   bench/fuzz.sh --replay [TARGET...]    run every seed of tests/fuzz/corpus once
#
# Targets: datalog tsv compile_database config baseline (default: all). For each target a
# line "TARGET runs=N seconds=S status=ok|crash" goes to stdout and is appended to
# build-fuzz/fuzz-log.tsv (with the date and the commit), so executions accumulate over
# runs (docs/FUZZING.md). A crash leaves its input in build-fuzz/crashes/TARGET/ and makes
# the script exit 1. GALIAS_FUZZ_JOBS sets the build's parallelism (default 2).
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=build-fuzz
if [ $# -lt 1 ]; then sed -n '2,14p' "$0"; exit 2; fi
MODE="$1"; shift
TARGETS=("$@")
[ ${#TARGETS[@]} -gt 0 ] || TARGETS=(datalog tsv compile_database config baseline)

CC=clang-14 CXX=clang++-14 cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DGALIAS_FUZZ=ON \
    -DGALIAS_CUDA=OFF -DGALIAS_BUILD_TESTS=OFF >/dev/null
cmake --build "$BUILD" -j "${GALIAS_FUZZ_JOBS:-2}" --target $(printf '%s_fuzzer ' "${TARGETS[@]}") >/dev/null

status=0
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
for target in "${TARGETS[@]}"; do
    seeds="tests/fuzz/corpus/$target"
    corpus="$BUILD/corpus/$target"
    crashes="$BUILD/crashes/$target"
    mkdir -p "$corpus" "$crashes"
    log="$BUILD/$target.log"
    if [ "$MODE" = --replay ]; then
        args=("$seeds"/*)  # files as arguments: each is run once
    else
        # New inputs go to the first directory; the committed seeds are read only.
        args=(-max_total_time="$MODE" -artifact_prefix="$crashes/" -print_final_stats=1 -rss_limit_mb=4096
              -timeout=30 "$corpus" "$seeds")
    fi
    result=ok
    started=$(date +%s)
    "$BUILD/tests/fuzz/${target}_fuzzer" "${args[@]}" >"$log" 2>&1 || result=crash
    seconds=$(($(date +%s) - started))  # what it ran, a crash ends it early
    if [ "$MODE" = --replay ]; then
        runs=$(grep -c '^Executed ' "$log" || true)
    else
        runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    fi
    echo "$target runs=$runs seconds=$seconds status=$result"
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$commit" "$target" "$runs" "$seconds" \
        "$result" >>"$BUILD/fuzz-log.tsv"
    if [ "$result" != ok ]; then
        status=1
        tail -n 40 "$log" >&2
    fi
done
exit "$status"
