#!/usr/bin/env bash
# Frontend benchmark: `galias facts` against `clang -fsyntax-only` over the same
# compilation database, same parallelism; best of R runs each (docs/BENCHMARKS.md).
#
#   extract_vs_syntax_only.sh GALIAS BUILD_DIR [-j N] [-k K] [-r R] [-n NAME]
#
# Prints one TSV row: project, TUs, syntax-only seconds, facts seconds, ratio, nodes,
# CSPA assign, CSPA dereference, contexts, clones, unmodelled, peak RSS of galias (MiB).
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
GALIAS="$1"; BUILD="$2"; shift 2
JOBS=2; K=1; RUNS=2; NAME="$(basename "$BUILD")"
# The corpus keeps each project in CACHE/PROJECT/src.
[ "$NAME" = src ] && NAME="$(basename "$(dirname "$BUILD")")"
while [ $# -gt 0 ]; do
    case "$1" in
        -j) JOBS="$2"; shift 2 ;;
        -k) K="$2"; shift 2 ;;
        -r) RUNS="$2"; shift 2 ;;
        -n) NAME="$2"; shift 2 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done
DB="$BUILD/compile_commands.json"
[ -f "$DB" ] || DB="$BUILD"
OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT

best_syntax=""; best_facts=""; rss=0
for _ in $(seq "$RUNS"); do
    s=$(python3 "$HERE/syntax_only.py" "$DB" -j "$JOBS" | cut -f1)
    best_syntax=$(awk -v a="$s" -v b="${best_syntax:-1e9}" 'BEGIN { print (a < b) ? a : b }')
    /usr/bin/time -f "%e %M" -o "$OUT/time" "$GALIAS" facts -p "$DB" -o "$OUT/facts" -j "$JOBS" --context-k "$K" -q || true
    read -r f m < "$OUT/time"
    best_facts=$(awk -v a="$f" -v b="${best_facts:-1e9}" 'BEGIN { print (a < b) ? a : b }')
    rss=$(( m / 1024 > rss ? m / 1024 : rss ))
done
stat() { awk -F'\t' -v k="$1" '$1 == k { print $2 }' "$OUT/facts/stats.tsv"; }
printf '%s\t%s\t%s\t%s\t%.2f\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$NAME" "$(stat tu.analysed)" \
    "$best_syntax" "$best_facts" "$(awk -v a="$best_facts" -v b="$best_syntax" 'BEGIN { print a / b }')" \
    "$(stat nodes)" "$(stat cspa.assign)" "$(stat cspa.dereference)" "$(stat contexts)" "$(stat clones)" \
    "$(stat unmodelled)" "$rss"
