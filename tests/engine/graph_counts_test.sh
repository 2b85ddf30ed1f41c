#!/usr/bin/env bash
# Exact tuple counts on the smallest cases of the shared benchmark graphs
# (../shared/data/graphs/README.md, "Subsets"): SG on the first 20,000 edges of fe_sphere
# and the first 30,000 of ego-Facebook. The subsets are kept here, compressed, so the test
# runs on a clean clone. The full graphs are benchmarks (bench/engine.sh).
# Usage: graph_counts_test.sh PATH_TO_GALIAS
set -uo pipefail
GALIAS="$1"
DATA="$(cd "$(dirname "$0")/data" && pwd)"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
failures=0
check() {  # program subset-file expected-relation expected-count
    local program="$1" file="$2" relation="$3" want="$4"
    mkdir -p "$WORK/$file"
    gzip -dc "$DATA/$file.facts.gz" > "$WORK/$file/edge.facts"
    local got
    got=$("$GALIAS" run "$program" -F "$WORK/$file" -D - --backend cpu | awk -F'\t' -v r="$relation" '$1 == r {print $2}')
    if [ "$got" = "$want" ]; then echo "ok: $program on $file: $relation $got"
    else echo "FAIL: $program on $file: $relation $got, expected $want"; failures=$((failures + 1)); fi
}
check sg fe_sphere-first20000 SG 12087727
check sg ego-Facebook-first30000 SG 3552597
[ "$failures" -eq 0 ] || exit 1
