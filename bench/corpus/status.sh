#!/usr/bin/env bash
# Prints the state of every project in the corpus cache, from CACHE/*/prepare.tsv (written
# by prepare.sh): version, status, TUs, lines of C, seconds per preparation step.
#
#   status.sh [--cache DIR] [--markdown]
set -euo pipefail
CACHE="${GALIAS_CORPUS_CACHE:-$HOME/.cache/galias-corpus}"
MARKDOWN=0
while [ $# -gt 0 ]; do
    case "$1" in
        --cache) CACHE="${2:?--cache needs a directory}"; shift 2 ;;
        --markdown) MARKDOWN=1; shift ;;
        -h|--help) sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "status: unknown argument $1" >&2; exit 2 ;;
    esac
done
COLS=(project version status tus lines bytes fetch_s deps_s extract_s configure_s build_s total_s)
table() {
    (IFS=$'\t'; echo "${COLS[*]}")
    local f
    for f in "$CACHE"/*/prepare.tsv; do
        [ -f "$f" ] || continue
        # prepare.tsv is "key<TAB>value" lines; print the wanted keys as one row.
        awk -F'\t' -v cols="${COLS[*]}" '
            { v[$1] = $2 }
            END { n = split(cols, c, " ")
                  for (i = 1; i <= n; i++) printf "%s%s", (c[i] in v ? v[c[i]] : "-"), (i < n ? "\t" : "\n") }' "$f"
    done | sort -t$'\t' -k5,5n
}
if [ "$MARKDOWN" = 1 ]; then
    table | awk -F'\t' '{ r = "|"; for (i = 1; i <= NF; i++) r = r " " $i " |"; print r
                          if (NR == 1) { s = "|"; for (i = 1; i <= NF; i++) s = s "---|"; print s } }'
else
    table | column -t -s $'\t'
fi
