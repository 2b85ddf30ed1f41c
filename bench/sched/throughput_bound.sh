#!/usr/bin/env bash
# How much faster can N analyses at once be than the same analyses one after another?
# (docs/BENCHMARKS.md, "What bounds the speed-up"). For the queue of
# concurrency.sh part C and for its kinds alone (corpus = its CSPA and Andersen jobs), on
# a GPU machine, prints:
#   - seconds one after another and with at most N at once (batch wall, fastest of R runs)
#     and the measured speed-up;
#   - the kernels' whole-GPU seconds one after another (bench/cuda/api_profile.cpp, CUPTI:
#     a kernel's time x min(1, its threads / the threads the GPU holds at once)), the same
#     at N at once, and the copies' and memsets' seconds;
#   - the bound: one-after-another seconds / whole-GPU kernel seconds. A kernel beside
#     others holds at least the thread slots it held alone, for at least as long (the
#     whole-GPU column at N checks it), so no schedule finishes the queue sooner than its
#     kernels' whole-GPU time: the speed-up is at most the bound. Kernels whose occupancy
#     is limited by registers or shared memory count for less than the slots they block,
#     which makes the bound generous, not tight.
#
# Usage: bench/sched/throughput_bound.sh --profile LIB [--galias PATH] [--facts DIR]
#            [--graphs DIR] [--at N] [--runs R]
# LIB: api_profile.cpp built as a shared library (its header says how).
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
GALIAS="$ROOT/build/galias"
FACTS="$ROOT/out/end_to_end"
GRAPHS="$ROOT/../shared/data/graphs"
AT=8
RUNS=3
PROFILE=""
while [ $# -gt 0 ]; do
    case "$1" in
        --galias) GALIAS="$2"; shift 2 ;;
        --facts) FACTS="$2"; shift 2 ;;
        --graphs) GRAPHS="$2"; shift 2 ;;
        --at) AT="$2"; shift 2 ;;
        --runs) RUNS="$2"; shift 2 ;;
        --profile) PROFILE="$2"; shift 2 ;;
        -h|--help) sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "throughput_bound.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done
[ -x "$GALIAS" ] || { echo "throughput_bound.sh: galias not found at $GALIAS" >&2; exit 2; }
[ -f "$PROFILE" ] || { echo "throughput_bound.sh: --profile LIB is required (bench/cuda/api_profile.cpp)" >&2; exit 2; }
PROFILE="$(cd "$(dirname "$PROFILE")" && pwd)/$(basename "$PROFILE")"
FACTS="$(cd "$FACTS" && pwd)"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
# shellcheck source=bench/sched/pool.sh
source "$HERE/pool.sh"
write_jobs "$DEFAULT_POOL" 64 "$WORK/all.txt"
grep -E '^(cspa|andersen) ' "$WORK/all.txt" > "$WORK/corpus.txt"
grep '^reach ' "$WORK/all.txt" > "$WORK/reach.txt"
grep '^sg ' "$WORK/all.txt" > "$WORK/sg.txt"

# whole_gpu JOBS ARGS...: "KERNELS COPIES" whole-GPU seconds of one profiled run.
whole_gpu() {
    local jobs="$1"
    shift
    CUDA_INJECTION64_PATH="$PROFILE" GALIAS_API_PROFILE_GPU=1 GALIAS_API_PROFILE_TOP=100000 \
        "$GALIAS" run --batch "$jobs" "$@" > /dev/null 2> "$WORK/err"
    grep -E '^gpu profile: .* ms whole-GPU$' "$WORK/err" | awk '
        { ms = $(NF - 2); if ($0 ~ /\[mem(set|cpy)/) copies += ms; else kernels += ms }
        END { printf "%.4f %.4f", kernels / 1e3, copies / 1e3 }'
}

echo "galias $("$GALIAS" --version | head -n 1 | awk '{print $2}'), commit $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo '?'), $(date -u +%Y-%m-%dT%H:%MZ)"
command -v nvidia-smi > /dev/null && nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader || true
echo
echo "| jobs | one after another s | at most $AT at once s | speed-up | kernels' whole-GPU s, one after another | at $AT | copies and memsets s | bound |"
echo "|---|---|---|---|---|---|---|---|"
for kind in all corpus reach sg; do
    jobs="$WORK/$kind.txt"
    off=$(fastest_batch "$jobs" --sched off)
    together=$(fastest_batch "$jobs" --sched streams --max-concurrent "$AT")
    read -r kernels copies <<< "$(whole_gpu "$jobs" --sched off)"
    read -r kernels_at _ <<< "$(whole_gpu "$jobs" --sched streams --max-concurrent "$AT")"
    awk -v k="$kind" -v n="$(wc -l < "$jobs")" -v off="$off" -v at="$together" -v kern="$kernels" \
        -v kat="$kernels_at" -v cp="$copies" 'BEGIN {
        printf "| %s (%d) | %.3f | %.3f | %.2f× | %.3f | %.3f | %.3f | %.2f× |\n", k, n, off, at, off / at, kern, kat, cp, off / kern }'
done
