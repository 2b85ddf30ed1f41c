#!/usr/bin/env bash
# How the frontend's stages scale on generated C programs (generate_program.py) of 25k, 50k,
# 100k and 200k lines, without and with calls through function pointers; best of R runs
# (docs/FRONTEND.md, "Complexity of the pre-analysis").
#
#   pre_analysis_scaling.sh GALIAS [-r R] [-j N] [SIZES...]
#
# Prints one TSV row per program: variant, lines, seconds of the "calls" stage (the
# pre-analysis), of compile, of emit, of the whole `galias facts`, and its solver work.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
GALIAS="$1"; shift
RUNS=3; JOBS=1; SIZES=()
while [ $# -gt 0 ]; do
    case "$1" in
        -r) RUNS="$2"; shift 2 ;;
        -j) JOBS="$2"; shift 2 ;;
        *) SIZES+=("$1"); shift ;;
    esac
done
[ ${#SIZES[@]} -gt 0 ] || SIZES=(25000 50000 100000 200000)
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

stage() { sed -n "s/.* $1 \([0-9.]*\) s.*/\1/p" "$2"; }
printf 'variant\tlines\tcalls_s\tcompile_s\temit_s\ttotal_s\tsolver_work\n'
for variant in plain function-pointers; do
    flag=(); [ "$variant" = function-pointers ] && flag=(--function-pointers)
    for lines in "${SIZES[@]}"; do
        src="$WORK/src-$variant-$lines"
        python3 "$HERE/generate_program.py" "$src" "$lines" "${flag[@]}"
        best_total=""; best_line=""
        for _ in $(seq "$RUNS"); do
            start=$(date +%s.%N)
            "$GALIAS" facts -p "$src" -o "$WORK/facts" -j "$JOBS" 2> "$WORK/log"
            total=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.2f", e - s }')
            if [ -z "$best_total" ] || awk -v a="$total" -v b="$best_total" 'BEGIN { exit !(a < b) }'; then
                best_total=$total
                grep 'time:' "$WORK/log" > "$WORK/times"
                best_line="$(stage calls "$WORK/times")	$(stage compile "$WORK/times")	$(stage emit "$WORK/times")"
            fi
        done
        work=$(awk -F'\t' '$1 == "indirect_calls.solver_work" { print $2 }' "$WORK/facts/stats.tsv")
        printf '%s\t%s\t%s\t%s\t%s\n' "$variant" "$lines" "$best_line" "$best_total" "$work"
    done
done
