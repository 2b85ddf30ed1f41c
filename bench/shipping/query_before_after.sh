#!/usr/bin/env bash
# Query latency from a results database with two galias builds, on prepared corpus projects
# (docs/CORPUS.md): each build writes its own database once (`galias analyze --db`; the
# builds may write different formats), then `query --db` and `points-to --db` run REPEAT
# times per build, the two builds alternating, and the medians are printed, one row per
# project:
#
#   project  value_alias_rows  before_query_s  after_query_s  before_points_to_s  after_points_to_s  load
#
#   bench/shipping/query_before_after.sh --before PATH --after PATH [-n REPEAT] [--cache-root DIR] PROJECT...
#
# The queries are those of db_and_cache.sh (`main::argc main::argv`, `main::argv`). `load` is
# the 1-minute load average before the project's first timed run and after its last.
set -euo pipefail
CACHE="${GALIAS_CORPUS_CACHE:-$HOME/.cache/galias-corpus}"
BEFORE=""
AFTER=""
REPEAT=5
WORK=""
projects=()
while [ $# -gt 0 ]; do
    case "$1" in
        --before) BEFORE="$2"; shift 2 ;;
        --after) AFTER="$2"; shift 2 ;;
        -n) REPEAT="$2"; shift 2 ;;
        --cache-root) WORK="$2"; shift 2 ;;
        -*) echo "query_before_after: unknown option $1" >&2; exit 2 ;;
        *) projects+=("$1"); shift ;;
    esac
done
[ -n "$BEFORE" ] && [ -n "$AFTER" ] && [ ${#projects[@]} -gt 0 ] || { sed -n '2,13p' "$0"; exit 2; }
if [ -z "$WORK" ]; then
    WORK="$(mktemp -d)"
    trap 'rm -rf "$WORK"' EXIT
fi

seconds() {  # seconds COMMAND...: wall time of one run, output discarded
    local start end
    start=$(date +%s.%N)
    "$@" > /dev/null 2>&1 || true
    end=$(date +%s.%N)
    python3 -c "print(f'{$end - $start:.3f}')"
}
median() { python3 -c "import statistics,sys; print(f'{statistics.median(map(float, sys.argv[1:])):.2f}')" "$@"; }
load() { cut -d' ' -f1 /proc/loadavg; }

printf 'project\tvalue_alias_rows\tbefore_query_s\tafter_query_s\tbefore_points_to_s\tafter_points_to_s\tload\n'
for p in "${projects[@]}"; do
    src="$CACHE/$p/src"
    [ -f "$src/compile_commands.json" ] || { echo "query_before_after: $p is not prepared" >&2; continue; }
    for side in before after; do
        galias="$BEFORE"; [ $side = after ] && galias="$AFTER"
        rm -rf "$WORK/$p.$side.db"
        "$galias" analyze -p "$src" --source-root "$src" -q -j 2 --db "$WORK/$p.$side.db" --format json > /dev/null || true
    done
    rows=$(python3 -c "
import json, sys
m = json.load(open(sys.argv[1]))
print(next((r.get('rows', r.get('cells', 0) // 2) for r in m.get('results', []) + m.get('relations', [])
            if r['name'] == 'ValueAlias'), ''))" "$WORK/$p.after.db/manifest.json")
    declare -A times=()
    load_start=$(load)
    for _ in $(seq "$REPEAT"); do
        for side in before after; do
            galias="$BEFORE"; [ $side = after ] && galias="$AFTER"
            db="$WORK/$p.$side.db"
            times[$side.query]+=" $(seconds "$galias" query --db "$db" -q main::argc main::argv)"
            times[$side.points]+=" $(seconds "$galias" points-to --db "$db" -q main::argv)"
        done
    done
    load_end=$(load)
    # shellcheck disable=SC2086  # the lists are words
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$p" "$rows" "$(median ${times[before.query]})" \
        "$(median ${times[after.query]})" "$(median ${times[before.points]})" "$(median ${times[after.points]})" \
        "$load_start-$load_end"
    unset times
done
