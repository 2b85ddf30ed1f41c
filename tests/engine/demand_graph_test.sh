#!/usr/bin/env bash
# `galias run --demand` on real graphs (../shared/data/graphs; the subsets kept here,
# compressed, as for graph_counts_test.sh): REACH on the first 30,000 edges of
# ego-Facebook and SG on the first 5,000 of fe_sphere, queried on a few nodes with their
# first, second or both columns bound. The answers must be exactly the full run's rows
# that match the queries.
# Usage: demand_graph_test.sh PATH_TO_GALIAS
set -uo pipefail
GALIAS="$1"
DATA="$(cd "$(dirname "$0")/data" && pwd)"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
failures=0

# check PROGRAM RELATION FACTS_DIR SPEC_ADORNMENT QUERY_FILE
check() {
    local program="$1" relation="$2" facts="$3" adornment="$4" queries="$5"
    local full="$WORK/full-$program" answers="$WORK/demand-$program-$adornment"
    [ -d "$full" ] || "$GALIAS" run "$program" -F "$facts" -D "$full" --backend cpu >/dev/null ||
        { echo "FAIL: full $program run"; failures=$((failures + 1)); return; }
    if ! "$GALIAS" run "$program" -F "$facts" -D "$answers" --backend cpu \
        --demand "$relation($adornment):$queries" >/dev/null; then
        echo "FAIL: $program $relation($adornment) demand run"; failures=$((failures + 1)); return
    fi
    # The full run's rows whose bound columns hold a query's values.
    awk -F'\t' -v a="$adornment" '
        FNR == NR { want[$0] = 1; next }
        { key = ""; n = 0; split(a, letters, ",")
          for (c = 1; c <= length(letters); ++c) if (letters[c] == "b") key = key (n++ ? "\t" : "") $c
          if (key in want) print }' "$queries" "$full/$relation.csv" | sort > "$WORK/expected"
    sort "$answers/$relation.csv" > "$WORK/got"
    local rows
    rows=$(wc -l < "$WORK/expected")
    if [ "$rows" -eq 0 ]; then
        echo "FAIL: $program $relation($adornment): the queries match no row; pick other nodes"
        failures=$((failures + 1))
    elif cmp -s "$WORK/expected" "$WORK/got"; then
        echo "ok: $program $relation($adornment): $rows rows, as the full run's"
    else
        echo "FAIL: $program $relation($adornment): $(wc -l < "$WORK/got") rows, the full run has $rows"
        failures=$((failures + 1))
    fi
}

mkdir -p "$WORK/facebook" "$WORK/sphere"
gzip -dc "$DATA/ego-Facebook-first30000.facts.gz" > "$WORK/facebook/edge.facts"
gzip -dc "$DATA/fe_sphere-first20000.facts.gz" | head -n 5000 > "$WORK/sphere/edge.facts"

# Nodes of some edges as queries: sources, targets, and pairs.
for line in 1 250 4000 17000 29000; do sed -n "${line}p" "$WORK/facebook/edge.facts"; done > "$WORK/facebook-edges"
cut -f1 "$WORK/facebook-edges" > "$WORK/facebook-sources"
cut -f2 "$WORK/facebook-edges" > "$WORK/facebook-targets"
check reach Reach "$WORK/facebook" b,f "$WORK/facebook-sources"
check reach Reach "$WORK/facebook" f,b "$WORK/facebook-targets"

for line in 1 900 2500 4999; do sed -n "${line}p" "$WORK/sphere/edge.facts"; done > "$WORK/sphere-edges"
cut -f2 "$WORK/sphere-edges" > "$WORK/sphere-nodes"
paste "$WORK/sphere-nodes" <(cut -f2 "$WORK/sphere-edges" | tac) > "$WORK/sphere-pairs"
cut -f1 "$WORK/sphere-edges" | paste - "$WORK/sphere-nodes" >> "$WORK/sphere-pairs"
check sg SG "$WORK/sphere" b,f "$WORK/sphere-nodes"
check sg SG "$WORK/sphere" b,b "$WORK/sphere-pairs"

[ "$failures" -eq 0 ] || exit 1
