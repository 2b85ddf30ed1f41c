#!/usr/bin/env bash
# Where a queue of analyses spends its time on the GPU (docs/SCHEDULING.md,
# "What limits the speed-up"). Builds the queue of bench/sched/concurrency.sh part C (the
# pool cycled to QUEUE jobs) and prints, for the jobs one after another and at most N at
# once:
#   1. batch wall seconds (fastest of R runs) and whether every mode's outputs are equal;
#   2. the same per analysis kind (the queue's CSPA, Andersen, REACH and SG jobs alone);
#   3. with --profile LIB (bench/cuda/api_profile.cpp built as a shared library): host time
#      per CUDA runtime call and the device's side — kernels by name, the time the GPU
#      was busy and the kernels' whole-GPU time.
#
# Usage: bench/sched/queue_profile.sh [--galias PATH] [--facts DIR] [--graphs DIR]
#            [--at N] [--runs R] [--profile LIB] [--backend cuda|cpu]
# (--backend cpu only to try the script on a machine without a GPU.)
# Environment: POOL (cases as in concurrency.sh), QUEUE (jobs, default 64).
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
GALIAS="$ROOT/build/galias"
FACTS="$ROOT/out/end_to_end"
GRAPHS="$ROOT/../shared/data/graphs"
AT=8
RUNS=3
PROFILE=""
BACKEND=cuda
QUEUE="${QUEUE:-64}"
# shellcheck source=bench/sched/pool.sh
source "$HERE/pool.sh"
POOL="${POOL:-$DEFAULT_POOL}"
while [ $# -gt 0 ]; do
    case "$1" in
        --galias) GALIAS="$2"; shift 2 ;;
        --facts) FACTS="$2"; shift 2 ;;
        --graphs) GRAPHS="$2"; shift 2 ;;
        --at) AT="$2"; shift 2 ;;
        --runs) RUNS="$2"; shift 2 ;;
        --profile) PROFILE="$2"; shift 2 ;;
        --backend) BACKEND="$2"; shift 2 ;;
        -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "queue_profile.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done
[ -x "$GALIAS" ] || { echo "queue_profile.sh: galias not found at $GALIAS" >&2; exit 2; }
[ -z "$PROFILE" ] || [ -f "$PROFILE" ] || { echo "queue_profile.sh: no profile library at $PROFILE" >&2; exit 2; }
FACTS="$(cd "$FACTS" && pwd)"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

write_jobs "$POOL" "$QUEUE" "$WORK/queue.txt"
while read -r program dir _; do
    [ -d "$dir" ] || { echo "queue_profile.sh: missing facts $dir ($program)" >&2; exit 2; }
done < "$WORK/queue.txt"

echo "galias $("$GALIAS" --version | head -n 1 | awk '{print $2}'), commit $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo '?'), $(date -u +%Y-%m-%dT%H:%MZ)"
command -v nvidia-smi > /dev/null && nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader || true
echo
echo "| jobs | one after another s | at most $AT at once s | speed-up | outputs identical |"
echo "|---|---|---|---|---|"
for kind in all cspa andersen reach sg; do
    jobs="$WORK/queue.txt"
    if [ "$kind" != all ]; then
        jobs="$WORK/queue-$kind.txt"
        grep "^$kind " "$WORK/queue.txt" > "$jobs" || continue
    fi
    off=$(fastest_batch "$jobs" --backend "$BACKEND" --sched off); cp "$WORK/out" "$WORK/out-off"
    together=$(fastest_batch "$jobs" --backend "$BACKEND" --sched streams --max-concurrent "$AT")
    same=$(cmp -s "$WORK/out" "$WORK/out-off" && echo yes || echo NO)
    printf "| %s (%d) | %.3f | %.3f | %.2f× | %s |\n" "$kind" "$(wc -l < "$jobs")" "$off" "$together" \
        "$(awk "BEGIN { print $off / $together }")" "$same"
done

if [ -n "$PROFILE" ]; then
    for args in "--sched off" "--sched streams --max-concurrent $AT"; do
        echo
        echo "Profile of the queue, $args:"
        CUDA_INJECTION64_PATH="$(cd "$(dirname "$PROFILE")" && pwd)/$(basename "$PROFILE")" GALIAS_API_PROFILE_GPU=1 \
            GALIAS_API_PROFILE_TOP="${GALIAS_API_PROFILE_TOP:-12}" \
            "$GALIAS" run --batch "$WORK/queue.txt" --backend "$BACKEND" $args > /dev/null 2> "$WORK/err"
        grep -E "profile|s wall" "$WORK/err"
    done
fi
