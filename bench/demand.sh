#!/usr/bin/env bash
# Full against demand-driven solving (galias run --demand, docs/ENGINE.md "Demand-driven
# solving") on one fact directory, for the queries the pipeline asks: CSPA's ValueAlias with
# both columns bound and MemoryAlias with its second, Andersen's PointsTo with its first.
#
#   bench/demand.sh FACTS_DIR [-n N | --nodes FILE] [--seed S] [--analyses LIST]
#                   [--backend cpu|cuda|auto] [-j THREADS] [--timeout SECONDS] [--galias PATH]
#                   [--demand-options "OPTIONS"] [--no-full]
#
# FACTS_DIR is `galias facts` output: FACTS_DIR/cspa and FACTS_DIR/andersen (docs/FACTS.md).
# The queries are N random nodes of each analysis's facts (default 1,000; --seed picks
# them) or the nodes of FILE, one id a line: ValueAlias is asked for the pairs of
# consecutive nodes (n1 n2, n2 n3, ..., nN n1), MemoryAlias and PointsTo for every node.
# --analyses is a comma-separated list of cspa, cspa_linear and andersen (default
# cspa_linear,andersen: the forms the pipeline runs). The full run derives everything and
# keeps the rows the queries match (its rule set plus one join per query relation); both
# runs' answers must be equal (exit 1 otherwise). Printed per analysis: engine seconds
# (--stats' total) and wall seconds, tuples derived, demand tuples (the magic relations),
# answers. A run past --timeout (default 1800 s) prints "timeout".
set -euo pipefail

usage() { sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
GALIAS="${GALIAS:-$ROOT/build/galias}"
FACTS=""
NODES=1000
NODE_FILE=""
SEED=1
ANALYSES="cspa_linear,andersen"
BACKEND=cpu
JOBS=""
TIMEOUT=1800
DEMAND_OPTIONS=""
FULL=1
while [ $# -gt 0 ]; do
    case "$1" in
        -n) NODES="$2"; shift 2 ;;
        --nodes) NODE_FILE="$2"; shift 2 ;;
        --seed) SEED="$2"; shift 2 ;;
        --analyses) ANALYSES="$2"; shift 2 ;;
        --backend) BACKEND="$2"; shift 2 ;;
        -j) JOBS="-j $2"; shift 2 ;;
        --timeout) TIMEOUT="$2"; shift 2 ;;
        --galias) GALIAS="$2"; shift 2 ;;
        --demand-options) DEMAND_OPTIONS="$2"; shift 2 ;;
        --no-full) FULL=0; shift ;;
        -h|--help) usage ;;
        -*) echo "unknown option $1" >&2; usage ;;
        *) [ -z "$FACTS" ] || usage; FACTS="$1"; shift ;;
    esac
done
[ -n "$FACTS" ] || usage
[ -x "$GALIAS" ] || { echo "no galias at $GALIAS (--galias PATH or GALIAS=...)" >&2; exit 2; }
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

# The query nodes of an analysis: --nodes, or N distinct nodes of its facts drawn by SEED.
query_nodes() {  # FACT_SUBDIR OUT
    if [ -n "$NODE_FILE" ]; then
        grep -v '^[[:space:]]*$' "$NODE_FILE" > "$2"
    else
        cat "$1"/*.facts | tr '\t' '\n' | grep -v '^$' | sort -u |
            shuf -n "$NODES" --random-source=<(yes "$SEED") > "$2"
    fi
}

# The rule set with every derived relation's size printed and the queries' answers as the
# only outputs: answer_R(x, y) :- R(x, y), query_R(bound columns), written to R.csv (R
# scanned once, the queries probed: a probe of R would add a stored order to R that every
# iteration of its stratum keeps up to date).
full_program() {  # ANALYSIS OUT
    local rules="$ROOT/analyses/$1.dl"
    sed '/^\.output /d' "$rules"
    awk '/^\.input /{ inputs[$2] = 1 } /^\.decl /{ split($2, n, "("); declared[++d] = n[1] }
         END { for (i = 1; i <= d; ++i) if (!(declared[i] in inputs)) print ".printsize " declared[i] }' "$rules"
    case "$1" in
        cspa|cspa_linear) cat <<EOF
.decl query_ValueAlias(a: number, b: number)
.input query_ValueAlias(filename="$WORK/pairs.tsv")
.decl answer_ValueAlias(a: number, b: number)
.output answer_ValueAlias(filename="ValueAlias.csv")
answer_ValueAlias(x, y) :- ValueAlias(x, y), query_ValueAlias(x, y).
.decl query_MemoryAlias(b: number)
.input query_MemoryAlias(filename="$WORK/nodes.tsv")
.decl answer_MemoryAlias(a: number, b: number)
.output answer_MemoryAlias(filename="MemoryAlias.csv")
answer_MemoryAlias(x, y) :- MemoryAlias(x, y), query_MemoryAlias(y).
EOF
        ;;
        andersen) cat <<EOF
.decl query_PointsTo(p: number)
.input query_PointsTo(filename="$WORK/nodes.tsv")
.decl answer_PointsTo(p: number, o: number)
.output answer_PointsTo(filename="PointsTo.csv")
answer_PointsTo(x, y) :- PointsTo(x, y), query_PointsTo(x).
EOF
        ;;
    esac
}

# Runs galias with a timeout; prints "ENGINE_SECONDS WALL_SECONDS" (or "timeout").
timed() {  # STATS_FILE galias arguments...
    local stats="$1"; shift
    local start end status=0
    start=$(date +%s.%N)
    timeout "$TIMEOUT" "$GALIAS" "$@" --stats >"$stats.out" 2>"$stats" || status=$?
    end=$(date +%s.%N)
    if [ "$status" -eq 124 ]; then echo timeout; return; fi
    if [ "$status" -ne 0 ]; then echo "galias failed ($status):" >&2; tail -3 "$stats" >&2; exit 1; fi
    local engine
    engine=$(awk '/^total: / { print $2 }' "$stats")
    echo "$engine $(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }')"
}

answers() { cat "$1"/*.csv 2>/dev/null | wc -l; }

printf 'facts %s, %s backend, %s\n' "$FACTS" "$BACKEND" \
    "$([ -n "$NODE_FILE" ] && echo "nodes of $NODE_FILE" || echo "$NODES random nodes (seed $SEED)")"
printf '%-12s %-7s %10s %10s %14s %13s %10s\n' analysis run engine-s wall-s derived demand answers
status=0
IFS=',' read -r -a analyses <<< "$ANALYSES"
for analysis in "${analyses[@]}"; do
    case "$analysis" in
        cspa|cspa_linear) dir="$FACTS/cspa"
            demands=(--demand "ValueAlias(b,b):$WORK/pairs.tsv" --demand "MemoryAlias(f,b):$WORK/nodes.tsv") ;;
        andersen) dir="$FACTS/andersen"
            demands=(--demand "PointsTo(b,f):$WORK/nodes.tsv") ;;
        *) echo "unknown analysis $analysis (cspa, cspa_linear, andersen)" >&2; exit 2 ;;
    esac
    query_nodes "$dir" "$WORK/nodes.tsv"
    paste "$WORK/nodes.tsv" <(tail -n +2 "$WORK/nodes.tsv"; head -n 1 "$WORK/nodes.tsv") > "$WORK/pairs.tsv"
    common=(-F "$dir" --backend "$BACKEND" $JOBS)
    rm -rf "$WORK/full" "$WORK/demand"

    # shellcheck disable=SC2086
    read -r -a d <<< "$(timed "$WORK/demand.err" run "$analysis" "${common[@]}" -D "$WORK/demand" \
        "${demands[@]}" $DEMAND_OPTIONS)"
    if [ "${d[0]}" = timeout ]; then
        printf '%-12s %-7s %10s\n' "$analysis" demand timeout
    else
        line=$(grep '^demand: ' "$WORK/demand.err")
        derived=$(sed 's/.*; \([0-9]*\) tuples derived.*/\1/' <<< "$line")
        demand=$(sed 's/.*run; \([0-9]*\) demand tuples.*/\1/' <<< "$line")
        printf '%-12s %-7s %10s %10.2f %14s %13s %10s\n' "$analysis" demand "${d[0]}" "${d[1]}" "$derived" \
            "$demand" "$(answers "$WORK/demand")"
    fi

    [ "$FULL" -eq 1 ] || continue
    full_program "$analysis" > "$WORK/full.dl"
    read -r -a f <<< "$(timed "$WORK/full.err" run "$WORK/full.dl" "${common[@]}" -D "$WORK/full")"
    if [ "${f[0]}" = timeout ]; then
        printf '%-12s %-7s %10s\n' "$analysis" full timeout
        continue
    fi
    derived=$(awk -F'\t' 'FNR == NR { if ($2 ~ /^[0-9]+$/) s += $2 } END { print s + 0 }' "$WORK/full.err.out")
    printf '%-12s %-7s %10s %10.2f %14s %13s %10s\n' "$analysis" full "${f[0]}" "${f[1]}" "$derived" - \
        "$(answers "$WORK/full")"
    [ "${d[0]}" = timeout ] && continue
    for file in "$WORK"/full/*.csv; do
        name=$(basename "$file")
        if ! cmp -s <(sort "$file") <(sort "$WORK/demand/$name"); then
            echo "$analysis: $name differs between the full and the demand-driven run" >&2
            status=1
        fi
    done
done
[ "$status" -eq 0 ] && echo "answers equal"
exit "$status"
