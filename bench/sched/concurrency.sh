#!/usr/bin/env bash
# Concurrent kernels and analyses (docs/SCHEDULING.md; results in docs/BENCHMARKS.md,
# "Concurrent analyses on one GPU"), on a GPU machine:
#
#  A. single analyses with --sched off | streams | model: output tuples, whole-process
#     seconds, engine seconds, launches planned, model solves and their time (and its
#     share of the run);
#  B. throughput of N analyses at once (N from --counts) from a mixed pool of CSPA,
#     Andersen, REACH and SG jobs over corpus facts and the shared graphs:
#     `galias run --batch` with --sched off (one after another, one process: the
#     sequential baseline), streams and model; speed-up = sequential / concurrent whole
#     process time; every mode's per-job output sizes must be identical.
#  C. throughput over a queue: QUEUE_C jobs (the pool of B cycled) run with at most N at
#     once (`--max-concurrent N`, N from --counts) against the same queue one after
#     another; jobs per second and speed-up. Unlike B, where a batch lasts as long as its
#     longest job, a queue keeps N analyses in flight until its tail.
#
# Usage: bench/sched/concurrency.sh [--galias PATH] [--graphs DIR] [--facts DIR]
#                                   [--counts 1,2,5,8,16] [--runs R] [--part A|B|C|ABC]
#   --facts DIR   corpus facts as bench/end_to_end.sh leaves them: DIR/PROJECT/kK/facts/{cspa,andersen}
#                 (default out/end_to_end)
#   --runs R      repeat each measurement R times and keep the fastest (default 1); part C
#                 also gives the ratio of the medians (one after another is the noisier)
#   --backend B   cuda (default) or cpu (to try the script on a machine without a GPU)
#   --run-args A  extra arguments for every `galias run` of part B (e.g. "--lanes 1")
# Environment: CASES_A (single-analysis cases), POOL_B (the job pool, cycled) and QUEUE_C
# (jobs in part C's queue, default 64) override
# the defaults below; a case is PROGRAM:DATASET, DATASET a corpus PROJECT/kK or a graph
# name, optionally @N for the graph's first N edges.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
GALIAS="${GALIAS:-$ROOT/build/galias}"
GRAPHS="${GALIAS_GRAPHS:-$ROOT/../shared/data/graphs}"
FACTS="$ROOT/out/end_to_end"
COUNTS="1,2,5,8,16"
BACKEND=cuda
RUNS=1
PART=ABC
QUEUE_C="${QUEUE_C:-64}"
RUN_ARGS=""
while [ $# -gt 0 ]; do
    case "$1" in
        --galias) GALIAS="$2"; shift 2 ;;
        --graphs) GRAPHS="$2"; shift 2 ;;
        --facts) FACTS="$2"; shift 2 ;;
        --counts) COUNTS="$2"; shift 2 ;;
        --runs) RUNS="$2"; shift 2 ;;
        --backend) BACKEND="$2"; shift 2 ;;
        --part) PART="$2"; shift 2 ;;
        --run-args) RUN_ARGS="$2"; shift 2 ;;
        -h|--help) sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "concurrency.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done
[ -x "$GALIAS" ] || { echo "concurrency.sh: galias not found at $GALIAS" >&2; exit 2; }
# The jobs files live in a temporary directory: give them absolute paths.
[ -d "$FACTS" ] && FACTS="$(cd "$FACTS" && pwd)"

CASES_A="${CASES_A:-cspa:postgresql-15/k1 cspa:git/k1 cspa:sqlite3/k1 cspa:zlib/k1 sg:CA-HepTH sg:fe_body sg:ego-Facebook}"
# The pool of part B (cycled; the first N jobs make the N-analysis batch): pool.sh's.
# shellcheck source=bench/sched/pool.sh
source "$HERE/pool.sh"
POOL_B="${POOL_B:-$DEFAULT_POOL}"

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

now() { date +%s.%N; }
calc() { awk "BEGIN { printf \"%.6f\", $1 }"; }  # no bc on every machine
less() { awk "BEGIN { exit !($1 < $2) }"; }

echo "galias $("$GALIAS" --version 2>/dev/null | head -n 1 | awk '{print $2}'), commit $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo '?'), $(date -u +%Y-%m-%dT%H:%MZ), host $(hostname)"
command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader || true

if [[ "$PART" == *A* ]]; then
    echo
    echo "A. Single analyses ($BACKEND backend), fastest of $RUNS run(s)"
    echo
    echo "| program | dataset | sched | output tuples | wall s | engine s | lanes | launches | beside another lane's | model solves | solve ms | solve % of engine |"
    echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
    for case in $CASES_A; do
        program="${case%%:*}"; dataset="${case#*:}"
        dir="$(facts_dir "$program" "$dataset")"
        [ -d "$dir" ] || { echo "| $program | $dataset | missing facts $dir |"; continue; }
        for mode in off streams model; do
            best=""
            for ((r = 1; r <= RUNS; r++)); do
                start=$(now)
                if ! "$GALIAS" run "$program" -F "$dir" -D - --backend "$BACKEND" --sched "$mode" \
                        --stats-json "$WORK/stats-$r.json" > "$WORK/sizes-$mode" 2> "$WORK/err"; then
                    echo "| $program | $dataset | $mode | FAILED: $(head -c 300 "$WORK/err" | tr '\n' ' ') |"; continue 2
                fi
                wall=$(calc "$(now) - $start")
                if [ -z "$best" ] || less "$wall" "$best"; then best=$wall; cp "$WORK/stats-$r.json" "$WORK/stats.json"; fi
            done
            tuples=$(awk -F'\t' '{printf "%s%s=%s", (NR > 1 ? " " : ""), $1, $2}' "$WORK/sizes-$mode")
            if [ "$mode" != off ] && ! cmp -s "$WORK/sizes-off" "$WORK/sizes-$mode"; then tuples="$tuples DIFFERS-FROM-off"; fi
            python3 - "$WORK/stats.json" "$program" "$dataset" "$mode" "$tuples" "$best" <<'PY'
import json, sys
stats, program, dataset, mode, tuples, wall = sys.argv[1:]
s = json.load(open(stats))
engine = s["total_seconds"]
solve = s.get("sched_solve_seconds", 0)
print(f"| {program} | {dataset} | {mode} | {tuples} | {float(wall):.3f} | {engine:.3f} | {s.get('lanes', 1)} | "
      f"{s.get('sched_launches', 0)} | {s.get('sched_concurrent_launches', 0)} | {s.get('sched_solves', 0)} | "
      f"{solve * 1e3:.2f} | {100 * solve / engine if engine else 0:.3f} |")
PY
        done
    done
fi

if [[ "$PART" == *B* ]]; then
    echo
    echo "B. N analyses at once: galias run --batch (one process per mode), fastest of $RUNS run(s)"
    echo "   pool (cycled): $POOL_B"
    [ -n "$RUN_ARGS" ] && echo "   extra arguments: $RUN_ARGS"
    echo
    echo "Batch seconds: run_batch's wall time, the jobs alone (the CUDA context is started and the"
    echo "programs compiled before the clock starts); process seconds: the whole command."
    echo "CUDA_MODULE_LOADING=${CUDA_MODULE_LOADING:-LAZY (default)}."
    echo
    echo "| analyses | sequential batch s (sched off) | streams batch s | model batch s | speed-up streams | speed-up model | process s off / streams / model | model: solves / solve ms (% of batch) / planning ms, all threads | outputs identical |"
    echo "|---|---|---|---|---|---|---|---|---|"
    for n in ${COUNTS//,/ }; do
        jobs="$WORK/jobs-$n.txt"
        write_jobs "$POOL_B" "$n" "$jobs"
        declare -A wall=() batch=()
        solves="-"
        for mode in off streams model; do
            best=""
            for ((r = 1; r <= RUNS; r++)); do
                start=$(now)
                "$GALIAS" run --batch "$jobs" --backend "$BACKEND" --sched "$mode" $RUN_ARGS > "$WORK/batch-$mode" 2> "$WORK/batch-err" \
                    || { echo "| $n | FAILED ($mode): $(tail -c 300 "$WORK/batch-err" | tr '\n' ' ') |"; continue 3; }
                w=$(calc "$(now) - $start")
                bw=$(grep -o 'sched [a-z]*: [0-9.]* s wall' "$WORK/batch-err" | awk '{print $3}')
                if [ -z "$best" ] || less "$bw" "$best"; then best=$bw; wall[$mode]=$w; cp "$WORK/batch-err" "$WORK/batch-err-$mode"; fi
            done
            batch[$mode]=$best
        done
        same=yes
        cmp -s "$WORK/batch-off" "$WORK/batch-streams" || same="NO (streams)"
        cmp -s "$WORK/batch-off" "$WORK/batch-model" || same="NO (model)"
        solves=$(grep -o '[0-9]* model solves in [0-9.]* ms ([0-9.]*% of wall), planning [0-9.]* ms' "$WORK/batch-err-model" \
                 | sed -E 's/ model solves in / \/ /; s/ ms \(/ ms (/; s/% of wall\), planning /%) \/ /' || echo "-")
        printf "| %d | %.3f | %.3f | %.3f | %.2f× | %.2f× | %.2f / %.2f / %.2f | %s | %s |\n" "$n" \
            "${batch[off]}" "${batch[streams]}" "${batch[model]}" \
            "$(calc "${batch[off]} / ${batch[streams]}")" "$(calc "${batch[off]} / ${batch[model]}")" \
            "${wall[off]}" "${wall[streams]}" "${wall[model]}" "${solves:--}" "$same"
    done
fi

if [[ "$PART" == *C* ]]; then
    queue="$WORK/queue.txt"
    write_jobs "$POOL_B" "$QUEUE_C" "$queue"
    echo
    echo "C. Throughput: a queue of $QUEUE_C jobs (the pool of B cycled), at most N at once, fastest of $RUNS run(s)"
    [ -n "$RUN_ARGS" ] && echo "   extra arguments: $RUN_ARGS"
    echo
    # queue_seconds MODE [ARGS...]: the fastest batch wall time of the queue.
    # queue_seconds MODE ARGS...: "FASTEST MEDIAN" batch wall seconds of R runs.
    queue_seconds() {
        local mode="$1" r b all=""
        shift
        for ((r = 1; r <= RUNS; r++)); do
            "$GALIAS" run --batch "$queue" --backend "$BACKEND" --sched "$mode" $RUN_ARGS "$@" > "$WORK/queue-$mode" 2> "$WORK/queue-err" \
                || { echo "FAILED ($mode $*): $(tail -c 300 "$WORK/queue-err" | tr '\n' ' ')" >&2; return 1; }
            b=$(grep -o 'sched [a-z]*: [0-9.]* s wall' "$WORK/queue-err" | awk '{print $3}')
            all="$all $b"
        done
        echo "$all" | tr ' ' '\n' | grep . | sort -g | awk '{v[NR] = $1} END {
            m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%s %s", v[1], m }'
    }
    times=$(queue_seconds off); read -r seq_s seq_m <<< "$times"
    cp "$WORK/queue-off" "$WORK/queue-sequential"
    echo "Seconds are the fastest of $RUNS run(s); the last speed-up is the ratio of the medians."
    echo
    echo "| at most N at once | sequential s | streams s | model s | jobs/s streams | speed-up streams | speed-up model | speed-up streams, medians | outputs identical |"
    echo "|---|---|---|---|---|---|---|---|---|"
    for n in ${COUNTS//,/ }; do
        times=$(queue_seconds streams --max-concurrent "$n"); read -r st st_m <<< "$times"; same=yes
        cmp -s "$WORK/queue-sequential" "$WORK/queue-streams" || same="NO (streams)"
        times=$(queue_seconds model --max-concurrent "$n"); read -r mo mo_m <<< "$times"
        cmp -s "$WORK/queue-sequential" "$WORK/queue-model" || same="NO (model)"
        printf "| %d | %.3f | %.3f | %.3f | %.1f | %.2f× | %.2f× | %.2f× (%.3f / %.3f s) | %s |\n" "$n" "$seq_s" "$st" "$mo" \
            "$(calc "$QUEUE_C / $st")" "$(calc "$seq_s / $st")" "$(calc "$seq_s / $mo")" \
            "$(calc "$seq_m / $st_m")" "$seq_m" "$st_m" "$same"
    done
fi
