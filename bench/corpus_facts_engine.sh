#!/usr/bin/env bash
# The engine stage of bench/end_to_end.sh alone, on fact directories made earlier (for a
# machine without the corpus or the frontend, such as the GPU machine): for each PROJECT
# and k, CSPA and Andersen on every backend asked for, one row each with the output sizes,
# the wall seconds of each run (whole process) and the peak memory, and a last column
# saying whether the CSPA sizes equal those of the first backend.
#
#   bench/corpus_facts_engine.sh --facts DIR [--galias PATH] [--backend cpu,cuda] [-k 0,1]
#                                [--cspa-rules cspa_linear] [--analyses cspa,andersen] [-j N]
#                                [--timeout S] [--stats-on-failure] [--csv FILE] PROJECT...
#
#   --facts DIR   DIR/PROJECT/kK/facts/{cspa,andersen} (bench/end_to_end.sh's --out layout)
#   --analyses    which analyses to run (default both; cells of the other read '-')
#   -j N          CPU backend threads (default: all cores)
#   --stats-on-failure  a failed CSPA run is repeated with --stats, its last lines on stderr
#   --csv FILE    also append the rows to FILE with their command, machine, commit and date
#                 (bench/results/append_csv.py)
# Prints a Markdown table on stdout; logs go to a temporary directory that is removed.
set -euo pipefail
GALIAS="${GALIAS:-$(cd "$(dirname "$0")/.." && pwd)/build/galias}"
FACTS=""
BACKENDS="cpu,cuda"
KS="0,1"
RULES=cspa_linear
JOBS=0
TIMEOUT=1800
ANALYSES=cspa,andersen
STATS_ON_FAILURE=0
CSV=""
COMMAND="$(sed -E "s/ --csv [^ ]+//" <<<"bench/corpus_facts_engine.sh $*")"
while [ $# -gt 0 ]; do
    case "$1" in
        --facts) FACTS="$2"; shift 2 ;;
        --galias) GALIAS="$2"; shift 2 ;;
        --backend) BACKENDS="$2"; shift 2 ;;
        -k) KS="$2"; shift 2 ;;
        --cspa-rules) RULES="$2"; shift 2 ;;
        -j) JOBS="$2"; shift 2 ;;
        --analyses) ANALYSES="$2"; shift 2 ;;
        --stats-on-failure) STATS_ON_FAILURE=1; shift ;;
        --csv) CSV="$2"; shift 2 ;;
        --timeout) TIMEOUT="$2"; shift 2 ;;
        -h|--help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "corpus_facts_engine: unknown option $1" >&2; exit 2 ;;
        *) break ;;
    esac
done
[ -n "$FACTS" ] && [ -d "$FACTS" ] || { echo "corpus_facts_engine: --facts DIR is required" >&2; exit 2; }
[ -x "$GALIAS" ] || { echo "corpus_facts_engine: galias not found at $GALIAS" >&2; exit 2; }
[ $# -gt 0 ] || { echo "corpus_facts_engine: name at least one project" >&2; exit 2; }
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

# run LOG ARGS...: sets SECS, RSS_MIB and RC of one `galias ARGS...` under timeout.
run() {
    local log="$1"; shift
    local start; start=$(date +%s.%N)
    set +e
    if [ -x /usr/bin/time ]; then
        /usr/bin/time -f '%M' -o "$log.rss" timeout "$TIMEOUT" "$GALIAS" "$@" >"$log" 2>"$log.err"
    else  # no GNU time (some GPU machines): no peak memory
        rm -f "$log.rss"; timeout "$TIMEOUT" "$GALIAS" "$@" >"$log" 2>"$log.err"
    fi
    RC=$?
    set -e
    SECS=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }')
    RSS_MIB=-
    [ -s "$log.rss" ] && RSS_MIB=$(awk 'END { printf "%d", $1 / 1024 }' "$log.rss")
}
size() { awk -v r="$2" '$1 == r { print $2 }' "$1"; }
status() { case "$1" in 0) echo ok ;; 124) echo timeout ;; skipped) echo "not run" ;; *) echo "exit$1" ;; esac; }

printf 'project\tk\tbackend\tassign\tValueFlow\tValueAlias\tMemoryAlias\tCSPA s\tPointsTo\tAndersen s\tpeak MiB\tCSPA sizes as first backend\terrors\n' > "$WORK/rows.tsv"
echo "| project | k | backend | assign | ValueFlow | ValueAlias | MemoryAlias | CSPA s | PointsTo | Andersen s | peak MiB | CSPA sizes as first backend | errors |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|"
for P in "$@"; do
    for K in ${KS//,/ }; do
        F="$FACTS/$P/k$K/facts"
        if [ ! -d "$F/cspa" ]; then echo "| $P | $K | - | no facts in $F |"; continue; fi
        first=""
        for B in ${BACKENDS//,/ }; do
            extra=(--backend "$B")
            [ "$B" = cpu ] && [ "$JOBS" != 0 ] && extra+=(-j "$JOBS")
            : >"$WORK/cspa"; : >"$WORK/andersen"; SECS=- RC=skipped RSS_MIB=-
            [[ ",$ANALYSES," == *,cspa,* ]] && run "$WORK/cspa" run "$RULES" -F "$F/cspa" -D - "${extra[@]}"
            cspa_s=$SECS cspa_rc=$RC peak=$RSS_MIB
            sizes="$(size "$WORK/cspa" ValueFlow) $(size "$WORK/cspa" ValueAlias) $(size "$WORK/cspa" MemoryAlias)"
            errors=""
            if [ "$cspa_rc" != 0 ] && [ "$cspa_rc" != 124 ] && [ "$cspa_rc" != skipped ]; then
                errors="CSPA: $(head -c 160 "$WORK/cspa.err" | tr '\n|' '  ')"
                if [ "$STATS_ON_FAILURE" = 1 ]; then
                    echo "--- $P k=$K $B: CSPA failed (exit $cspa_rc); again with --stats:" >&2
                    timeout "$TIMEOUT" "$GALIAS" run "$RULES" -F "$F/cspa" -D - --stats "${extra[@]}" 2>&1 | tail -40 >&2 || true
                fi
            fi
            SECS=- RC=skipped
            [[ ",$ANALYSES," == *,andersen,* ]] && run "$WORK/andersen" run andersen -F "$F/andersen" -D - "${extra[@]}"
            [ "$RC" = 0 ] || [ "$RC" = 124 ] || [ "$RC" = skipped ] || errors="$errors Andersen: $(head -c 160 "$WORK/andersen.err" | tr '\n|' '  ')"
            [ "$RSS_MIB" != - ] && [ "$peak" != - ] && [ "$RSS_MIB" -gt "$peak" ] && peak=$RSS_MIB
            same="-"
            if [ "$cspa_rc" = 0 ]; then
                if [ -z "$first" ]; then first="$sizes"; same="(first)";
                elif [ "$first" = "$sizes" ]; then same="yes"; else same="DIFFERENT"; fi
            fi
            cspa_cell=$cspa_s; [ "$cspa_rc" = 0 ] || cspa_cell="$(status "$cspa_rc")"; [ "$cspa_rc" = 0 ] || [ "$cspa_rc" = skipped ] || cspa_cell="$cspa_cell after $cspa_s"
            and_cell=$SECS; [ "$RC" = 0 ] || and_cell="$(status "$RC")"; [ "$RC" = 0 ] || [ "$RC" = skipped ] || and_cell="$and_cell after $SECS"
            read -r vf va ma <<<"$sizes"; pt=$(size "$WORK/andersen" PointsTo)
            echo "| $P | $K | $B | $(wc -l <"$F/cspa/assign.facts") | ${vf:--} | ${va:--} | ${ma:--} | $cspa_cell | ${pt:--} | $and_cell | $peak | $same | $errors |"
            printf '%s\t' "$P" "$K" "$B" "$(wc -l <"$F/cspa/assign.facts")" "${vf:-}" "${va:-}" "${ma:-}" "$cspa_cell" "${pt:-}" "$and_cell" "$peak" "$same" >>"$WORK/rows.tsv"
            printf '%s\n' "$errors" >>"$WORK/rows.tsv"
        done
    done
done
[ -z "$CSV" ] || python3 "$(dirname "$0")/results/append_csv.py" "$CSV" --command "$COMMAND" --backend "$BACKENDS" < "$WORK/rows.tsv"
