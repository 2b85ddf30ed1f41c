#!/usr/bin/env bash
# Query latency from a results database against from scratch, and the time of a second
# `galias check` with the unit cache after one source file changed, on prepared corpus
# projects (docs/CORPUS.md). Prints one row per project:
#
#   project  units  query_scratch_s  query_db_s  points_to_db_s  check_first_s  check_cached_s  check_after_edit_s  units_recompiled
#
#   bench/shipping/db_and_cache.sh [--galias PATH] [--cache-root DIR] [-j N] [-n REPEAT] PROJECT...
#
# The queries from the database run REPEAT times (default 1) and their median is printed;
# everything else runs once.
# The queries ask about `main::argc` and `main::argv` (every project measured here has a
# main). The edit appends a comment line to the first .c file of the compile database and
# is undone on exit. Work directories go under --cache-root (default a temporary directory).
set -euo pipefail
REPO="$(cd "$(dirname "$0")/../.." && pwd)"
CACHE="${GALIAS_CORPUS_CACHE:-$HOME/.cache/galias-corpus}"
GALIAS="${GALIAS:-$REPO/build/galias}"
WORK=""
JOBS=2
REPEAT=1
projects=()
while [ $# -gt 0 ]; do
    case "$1" in
        --galias) GALIAS="$2"; shift 2 ;;
        --cache-root) WORK="$2"; shift 2 ;;
        -j) JOBS="$2"; shift 2 ;;
        -n) REPEAT="$2"; shift 2 ;;
        -*) echo "db_and_cache: unknown option $1" >&2; exit 2 ;;
        *) projects+=("$1"); shift ;;
    esac
done
[ ${#projects[@]} -gt 0 ] || { sed -n '2,15p' "$0"; exit 2; }
[ -n "$WORK" ] || WORK="$(mktemp -d)"
edited=""
restore() { if [ -n "$edited" ] && [ -f "$edited.orig" ]; then mv -f "$edited.orig" "$edited"; fi; }
trap restore EXIT

seconds() {  # seconds COMMAND...: wall time of one run, output discarded
    local start end
    start=$(date +%s.%N)
    "$@" > /dev/null 2>&1 || true
    end=$(date +%s.%N)
    python3 -c "print(f'{$end - $start:.2f}')"
}
median_seconds() {  # median_seconds COMMAND...: the median wall time of REPEAT runs
    local times=()
    for _ in $(seq "$REPEAT"); do times+=("$(seconds "$@")"); done
    python3 -c "import statistics,sys; print(f'{statistics.median(map(float, sys.argv[1:])):.2f}')" "${times[@]}"
}

printf 'project\tunits\tquery_scratch_s\tquery_db_s\tpoints_to_db_s\tcheck_first_s\tcheck_cached_s\tcheck_after_edit_s\tunits_recompiled\n'
for p in "${projects[@]}"; do
    src="$CACHE/$p/src"
    [ -f "$src/compile_commands.json" ] || { echo "db_and_cache: $p is not prepared" >&2; continue; }
    db="$WORK/$p.db"; cache="$WORK/$p.cache"
    rm -rf "$db" "$cache"
    units=$(python3 -c "import json,sys; print(len(json.load(open(sys.argv[1]))))" "$src/compile_commands.json")
    common=(-p "$src" --source-root "$src" -q -j "$JOBS")
    first=$(seconds "$GALIAS" check "${common[@]}" --db "$db" --cache "$cache" --fail-on none)
    scratch=$(seconds "$GALIAS" query "${common[@]}" main::argc main::argv)
    from_db=$(median_seconds "$GALIAS" query --db "$db" -q main::argc main::argv)
    points=$(median_seconds "$GALIAS" points-to --db "$db" -q main::argv)
    cached=$(seconds "$GALIAS" check "${common[@]}" --cache "$cache" --fail-on none)
    edited=$(python3 -c "import json,os,sys; e=json.load(open(sys.argv[1]))[0]; print(os.path.join(e['directory'], e['file']))" "$src/compile_commands.json")
    cp -p "$edited" "$edited.orig"
    printf '\n/* edited by bench/shipping/db_and_cache.sh */\n' >> "$edited"
    log="$WORK/$p.edit.log"
    start=$(date +%s.%N)
    "$GALIAS" check "${common[@]}" --cache "$cache" --fail-on none --stats > /dev/null 2> "$log" || true
    end=$(date +%s.%N)
    after=$(python3 -c "print(f'{$end - $start:.2f}')")
    restore; edited=""
    from_cache=$(sed -n 's/.*, \([0-9]*\) from the unit cache).*/\1/p' "$log" | head -n 1)
    recompiled=$([ -n "$from_cache" ] && echo $((units - from_cache)) || echo "-")
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$p" "$units" "$scratch" "$from_db" "$points" "$first" "$cached" "$after" "$recompiled"
done
