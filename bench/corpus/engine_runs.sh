#!/usr/bin/env bash
# Facts, then CSPA and Andersen on the CPU backend, per corpus project and k: one TSV row
# each with the fact counts, the relation sizes and the seconds (wall) of each run. For
# comparing frontends (--galias OLD vs NEW) on the same corpus without the analyze stage of
# bench/end_to_end.sh.
#
#   bench/corpus/engine_runs.sh [--galias BIN] [--out DIR] [-k 0,1] [--timeout S]
#       [--stages facts,andersen,cspa] [--facts-args "ARGS"] PROJECT...
set -u
GALIAS=build/galias
OUT=out/engine_runs
KS=0,1
TIMEOUT=600
STAGES=facts,andersen,cspa
FACTS_ARGS=""
CACHE=${GALIAS_CORPUS_CACHE:-$HOME/.cache/galias-corpus}
while [ $# -gt 0 ]; do
    case "$1" in
        --galias) GALIAS=$2; shift 2 ;;
        --out) OUT=$2; shift 2 ;;
        -k) KS=$2; shift 2 ;;
        --timeout) TIMEOUT=$2; shift 2 ;;
        --stages) STAGES=$2; shift 2 ;;
        --facts-args) FACTS_ARGS=$2; shift 2 ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) break ;;
    esac
done
[ $# -gt 0 ] || { echo "engine_runs: name at least one project" >&2; exit 2; }
has_stage() { case ",$STAGES," in *",$1,"*) return 0 ;; *) return 1 ;; esac; }
lines_of() { if [ -f "$1" ]; then wc -l <"$1"; else echo -; fi; }
size_of() { awk -v r="$2" '$1 == r { print $2 }' "$1" 2>/dev/null | tail -1; }
# Runs a command under time and timeout; sets SECS (wall) and STATUS (ok|timeout|exitN).
timed() {
    local log=$1; shift
    local start end rc
    start=$(date +%s.%N)
    timeout "$TIMEOUT" nice -n 10 "$@" >"$log" 2>&1
    rc=$?
    end=$(date +%s.%N)
    SECS=$(echo "$end - $start" | bc)
    case $rc in 0) STATUS=ok ;; 124) STATUS=timeout ;; *) STATUS=exit$rc ;; esac
}
mkdir -p "$OUT"
ROWS="$OUT/rows.tsv"
[ -f "$ROWS" ] || printf 'project\tk\tassign\tderef\taddressOf\tload\tstore\tfacts_s\tValueFlow\tValueAlias\tMemoryAlias\tcspa_s\tcspa\tPointsTo\tandersen_s\tandersen\n' >"$ROWS"
IFS=, read -r -a KLIST <<<"$KS"
for P in "$@"; do
    BUILD=$(awk -F'\t' '$1 == "build_dir" { print $2 }' "$CACHE/$P/prepare.tsv")
    for K in "${KLIST[@]}"; do
        D="$OUT/$P/k$K"
        mkdir -p "$D"
        FS=-
        if has_stage facts; then
            rm -rf "$D/facts"
            # shellcheck disable=SC2086
            timed "$D/facts.log" "$GALIAS" facts -p "$BUILD" -o "$D/facts" -j 2 --context-k "$K" $FACTS_ARGS
            FS=$SECS
        fi
        F="$D/facts"
        VF=- VA=- MA=- CS=- CST=- PT=- AS=- AST=-
        if has_stage cspa && [ -d "$F/cspa" ]; then
            timed "$D/cspa.log" "$GALIAS" run cspa -F "$F/cspa" -D - --backend cpu -j 2
            CS=$SECS CST=$STATUS
            VF=$(size_of "$D/cspa.log" ValueFlow) VA=$(size_of "$D/cspa.log" ValueAlias)
            MA=$(size_of "$D/cspa.log" MemoryAlias)
        fi
        if has_stage andersen && [ -d "$F/andersen" ]; then
            timed "$D/andersen.log" "$GALIAS" run andersen -F "$F/andersen" -D - --backend cpu -j 2
            AS=$SECS AST=$STATUS PT=$(size_of "$D/andersen.log" PointsTo)
        fi
        printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$P" "$K" \
            "$(lines_of "$F/cspa/assign.facts")" "$(lines_of "$F/cspa/dereference.facts")" \
            "$(lines_of "$F/andersen/addressOf.facts")" "$(lines_of "$F/andersen/load.facts")" \
            "$(lines_of "$F/andersen/store.facts")" "$FS" "${VF:--}" "${VA:--}" "${MA:--}" "$CS" "$CST" \
            "${PT:--}" "$AS" "$AST" | tee -a "$ROWS"
    done
done
