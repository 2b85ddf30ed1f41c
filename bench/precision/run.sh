#!/usr/bin/env bash
# Runs `galias check` (default options, so the default context depth) on every prepared
# corpus project (docs/CORPUS.md) and keeps each project's findings as JSON and SARIF, for
# the precision ledger (bench/precision/ledger.py, docs/PRECISION.md). Prints one row per
# project: lines of C, exit status, findings by level (error, warning, note: notes are
# reported, --summary-level note, for the ledger), seconds and peak memory of the whole run,
# the stage times, and the MemoryAlias, ValueAlias (a full solve's only) and PointsTo sizes
# that `--stats` reports. results.tsv holds the rows of every project run into the same
# --out so far.
#
#   bench/precision/run.sh [options] [PROJECT...]     (default: every prepared project)
#
#   --cache DIR     corpus cache (default $GALIAS_CORPUS_CACHE or ~/.cache/galias-corpus)
#   --galias PATH   the galias binary (default $GALIAS or build/galias)
#   --out DIR       PROJECT.json, PROJECT.sarif, PROJECT.log and results.tsv (default out/precision)
#   -j N            threads (default 2)
#   --timeout SEC   limit per project (default 3600)
#   --no-config     ignore bench/corpus/configs/PROJECT.toml (the allocator functions of a
#                   project that uses pool allocators, as its team would configure them)
#   -- ARGS         further arguments for `galias check` (e.g. -k 0)
set -euo pipefail
REPO="$(cd "$(dirname "$0")/../.." && pwd)"
usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit "${1:-0}"; }

CACHE="${GALIAS_CORPUS_CACHE:-$HOME/.cache/galias-corpus}"
GALIAS="${GALIAS:-$REPO/build/galias}"
OUT="$REPO/out/precision"
JOBS=2
TIMEOUT=3600
USE_CONFIG=1
EXTRA=()
projects=()
need() { [ -n "${2:-}" ] || { echo "precision: $1 needs a value" >&2; exit 2; }; }
while [ $# -gt 0 ]; do
    case "$1" in
        --cache) need "$1" "${2:-}"; CACHE="$2"; shift 2 ;;
        --galias) need "$1" "${2:-}"; GALIAS="$2"; shift 2 ;;
        --out) need "$1" "${2:-}"; OUT="$2"; shift 2 ;;
        -j) need "$1" "${2:-}"; JOBS="$2"; shift 2 ;;
        --timeout) need "$1" "${2:-}"; TIMEOUT="$2"; shift 2 ;;
        --no-config) USE_CONFIG=0; shift ;;
        --) shift; EXTRA=("$@"); break ;;
        -h|--help) usage 0 ;;
        -*) echo "precision: unknown option $1" >&2; usage 2 >&2 ;;
        *) projects+=("$1"); shift ;;
    esac
done
[ -x "$GALIAS" ] || { echo "precision: no galias binary at $GALIAS (build first, or --galias)" >&2; exit 2; }
if [ ${#projects[@]} -eq 0 ]; then
    for dir in "$CACHE"/*/; do
        [ -f "$dir/src/compile_commands.json" ] && projects+=("$(basename "$dir")")
    done
fi
[ ${#projects[@]} -gt 0 ] || { echo "precision: no prepared project in $CACHE (bench/corpus/prepare.sh all)" >&2; exit 2; }
mkdir -p "$OUT"


HEADER='project\tlines\texit\terrors\twarnings\tnotes\tseconds\tpeak_MiB\tinput_s\tsolve_s\tchecks_s\tMemoryAlias\tValueAlias\tPointsTo'
printf "$HEADER\n"
for p in "${projects[@]}"; do
    src="$CACHE/$p/src"
    if [ ! -f "$src/compile_commands.json" ]; then
        echo "precision: $p is not prepared (bench/corpus/prepare.sh $p)" >&2
        continue
    fi
    lines=$(sed -n 's/^lines\t//p' "$CACHE/$p/prepare.tsv" 2>/dev/null || true)
    log="$OUT/$p.log"
    config=()
    if [ "$USE_CONFIG" = 1 ] && [ -f "$REPO/bench/corpus/configs/$p.toml" ]; then
        config=(--config "$REPO/bench/corpus/configs/$p.toml")
    fi
    set +e
    /usr/bin/time -v -o "$OUT/$p.time" timeout "$TIMEOUT" "$GALIAS" check -p "$src" --source-root "$src" \
        --format json -o "$OUT/$p.json" --sarif "$OUT/$p.sarif" --stats -q -j "$JOBS" --summary-level note \
        "${config[@]}" "${EXTRA[@]}" 2> "$log"
    code=$?
    set -e
    seconds=$(sed -n 's/.*Elapsed (wall clock) time.*: //p' "$OUT/$p.time" | awk -F: '{ s = 0; for (i = 1; i <= NF; ++i) s = s * 60 + $i; printf "%.1f", s }')
    peak=$(awk '/Maximum resident set size/ { printf "%d", $NF / 1024 }' "$OUT/$p.time")
    errors=-; warnings=-; notes=-
    if [ -s "$OUT/$p.json" ]; then
        read -r errors warnings notes < <(python3 -c 'import json,sys; f=json.load(open(sys.argv[1]))["findings"]; print(*(sum(x["level"]==l for x in f) for l in ("error","warning","note")))' "$OUT/$p.json")
    fi
    input=$(sed -n 's/.*time *input \([0-9.]*\) s.*/\1/p' "$log")
    solve=$(sed -n 's/.*solve \([0-9.]*\) s.*/\1/p' "$log")
    checks=$(sed -n 's/.*checks \([0-9.]*\) s.*/\1/p' "$log")
    va=$(sed -n 's/.*ValueAlias \([0-9]*\).*/\1/p' "$log" | head -n 1)
    ma=$(sed -n 's/.*cspa-memory *MemoryAlias \([0-9]*\).*/\1/p' "$log" | head -n 1)
    pt=$(sed -n 's/.*PointsTo \([0-9]*\).*/\1/p' "$log" | head -n 1)
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$p" "${lines:--}" "$code" "$errors" "$warnings" "$notes" \
        "${seconds:--}" "${peak:--}" "${input:--}" "${solve:--}" "${checks:--}" "${ma:--}" "${va:--}" "${pt:--}" | tee "$OUT/$p.row"
done
{ printf "$HEADER\n"; cat "$OUT"/*.row; } > "$OUT/results.tsv"
