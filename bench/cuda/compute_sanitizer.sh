#!/usr/bin/env bash
# The CUDA backend under NVIDIA's compute-sanitizer, on a machine with a GPU: every tool on
# the GPU tests, and on one real run of each built-in analysis (docs/FAILURES.md, "The GPU").
#
#   bench/cuda/compute_sanitizer.sh [BUILD_DIR]        (default ./build, built with CUDA)
#
# Runs memcheck (with --leak-check full: nothing may stay allocated at exit), racecheck,
# synccheck and initcheck. Inputs: the first 20,000 edges of fe_sphere
# (tests/engine/data) for REACH and SG, and the facts of examples/alias-demo for CSPA,
# cspa_linear and Andersen (or FACTS, below). Prints one line per tool and run with its error summary; exits
# 1 when any reports an error. Logs in $OUT (default a temporary directory, kept).
# TOOLS="memcheck initcheck" runs some of the tools only; GPU_TESTS=0 leaves the GPU tests
# out; RUN_TIMEOUT (default 600 s) stops one run. The GPU tests run without
# AllocationBeyondMemoryThrowsOutOfMemory (GTEST_FILTER), which asks for more memory than
# the device has on purpose: memcheck reports the failed cudaMallocAsync it provokes.
set -uo pipefail
cd "$(dirname "$0")/../.."
BUILD="${1:-build}"
GALIAS="$BUILD/galias"
SANITIZER="${COMPUTE_SANITIZER:-$(command -v compute-sanitizer || echo /usr/local/cuda/compute-sanitizer/compute-sanitizer)}"
OUT="${OUT:-$(mktemp -d)}"
[ -x "$SANITIZER" ] || { echo "no compute-sanitizer (set COMPUTE_SANITIZER)" >&2; exit 2; }
[ -x "$GALIAS" ] || { echo "no $GALIAS: build first" >&2; exit 2; }

graph="$OUT/graph"
mkdir -p "$graph"
gunzip -c tests/engine/data/fe_sphere-first20000.facts.gz > "$graph/edge.facts"
# A galias built without the Clang frontend (GALIAS_FRONTEND=OFF) takes the facts made
# elsewhere: FACTS=DIR (the output of `galias facts -p BUILD_OF_examples/alias-demo -o DIR`).
facts="${FACTS:-$OUT/facts}"
if [ -z "${FACTS:-}" ]; then
    cmake -S examples/alias-demo -B "$OUT/alias-demo" >/dev/null || exit 2
    "$GALIAS" facts -p "$OUT/alias-demo" -o "$facts" -q || { echo "galias facts failed on examples/alias-demo" >&2; exit 2; }
fi
[ -f "$facts/cspa/assign.facts" ] || { echo "no facts in $facts" >&2; exit 2; }

status=0
run() {  # name tool... -- command...
    local name="$1"; shift
    local tool=()
    while [ "$1" != -- ]; do tool+=("$1"); shift; done
    shift
    local log="$OUT/$name.log"
    timeout "${RUN_TIMEOUT:-600}" "$SANITIZER" "${tool[@]}" --error-exitcode 99 "$@" >"$log" 2>&1
    local rc=$?
    local summary
    summary=$(grep -E "ERROR SUMMARY|LEAK SUMMARY|RACECHECK SUMMARY" "$log" | tr '\n' ' ')
    [ "$rc" -eq 124 ] && summary="timed out after ${RUN_TIMEOUT:-600} s (last test: $(grep -E '^\[ RUN' "$log" | tail -1 | sed 's/.*RUN *\] //'))"
    echo "$name: exit $rc ${summary:-(no summary)}"
    [ "$rc" -eq 0 ] || status=1
}

tools=(
    "memcheck:--tool memcheck --leak-check full"
    "racecheck:--tool racecheck"
    "synccheck:--tool synccheck"
    "initcheck:--tool initcheck"
)
for entry in "${tools[@]}"; do
    tool_name="${entry%%:*}"
    [[ " ${TOOLS:-memcheck racecheck synccheck initcheck} " == *" $tool_name "* ]] || continue
    read -r -a tool <<<"${entry#*:}"
    [ "${GPU_TESTS:-1}" = 1 ] && run "gpu-tests-$tool_name" "${tool[@]}" -- "$BUILD/tests/engine/engine_gpu_tests" \
        "--gtest_filter=${GTEST_FILTER:--*AllocationBeyondMemoryThrowsOutOfMemory*}"
    run "reach-$tool_name" "${tool[@]}" -- "$GALIAS" run reach -F "$graph" -D - --backend cuda
    run "sg-$tool_name" "${tool[@]}" -- "$GALIAS" run sg -F "$graph" -D - --backend cuda
    run "cspa-$tool_name" "${tool[@]}" -- "$GALIAS" run cspa -F "$facts/cspa" -D - --backend cuda
    run "cspa_linear-$tool_name" "${tool[@]}" -- "$GALIAS" run cspa_linear -F "$facts/cspa" -D - --backend cuda
    run "andersen-$tool_name" "${tool[@]}" -- "$GALIAS" run andersen -F "$facts/andersen" -D - --backend cuda
done
echo "logs: $OUT"
exit "$status"
