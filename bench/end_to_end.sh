#!/usr/bin/env bash
# End-to-end benchmark over the corpus (bench/corpus/prepare.sh; docs/CORPUS.md). For each
# prepared project, each context depth k and each backend it runs three stages
#   frontend  galias facts -p BUILD_DIR -o FACTS [-j N] [--context-k K]
#             (once per project and k; FACTS is in Soufflé -F layout, see docs/FACTS.md)
#   engine    galias run CSPA     -F FACTS/cspa     -D - --backend B [-j N]
#             (CSPA: --cspa-rules, default cspa_linear, the rule set `galias analyze` uses)
#             galias run andersen -F FACTS/andersen -D - --backend B [-j N]
#   report    galias analyze --facts FACTS --sarif OUT.sarif --stats --backend B [-j N]
#             (or -p BUILD_DIR -k K when there are no facts: then analyze runs the
#             frontend itself)
# and prints one table row: project, k, backend, TUs, lines of C, facts (assign,
# dereference, addressOf, load, store), clones, value-class members (nodes that copy
# reduction answers through another node, docs/FACTS.md "Value classes"), output sizes
# (ValueFlow, ValueAlias, MemoryAlias, PointsTo; over value classes), seconds per stage
# (frontend, engine, report = analyze's "checks" time; analyze_s is the whole analyze run), peak memory (largest max RSS of the stage
# runs, /usr/bin/time -v) and findings per check (from the SARIF).
#
# A stage whose subcommand this galias lacks is skipped with a message; options a
# subcommand lacks are left out. Cells a skipped stage would fill are taken from
# `analyze --stats` when it printed them (noted "stats:COLUMN"), otherwise they read '-'.
#
#   bench/end_to_end.sh [options] [PROJECT...]       (default: every prepared project)
#
#   --cache DIR        corpus cache (default $GALIAS_CORPUS_CACHE or ~/.cache/galias-corpus)
#   --galias PATH      the galias binary (default $GALIAS, build/galias, or galias on PATH)
#   --out DIR          facts, logs, SARIF and results.tsv (default out/end_to_end)
#   -k LIST            context depths, comma-separated (default 0,1)
#   --backend LIST     cpu,cuda (default cpu, plus cuda when nvidia-smi sees a GPU)
#   --stages LIST      which of frontend,engine,report to run (default all three)
#   -j N               threads for the frontend and the CPU engine (default 2)
#   --timeout SEC      limit per stage run (default 3600)
#   --cspa-rules NAME  CSPA rule set of the engine stage: cspa_linear (default) or cspa (the
#                      published rules; same relations, far more duplicate work)
#   --mem-limit GIB    address-space limit (ulimit -v) for CPU-side runs, a safety net on a
#                      shared machine; not applied to CUDA runs; 0 = none (default 16)
#   --markdown         print the final table as Markdown
#   --csv FILE         also append the rows to FILE with their command, machine, commit and
#                      date (bench/results/append_csv.py)
#   --list             list the prepared corpus projects and exit
#   --dry-run          print the commands instead of running them
#
# Exit status: 0 when every row was produced (cells may still read '-' or a note may say a
# stage failed or timed out), 2 on a usage error.
set -euo pipefail
REPO="$(cd "$(dirname "$0")/.." && pwd)"
CORPUS="$REPO/bench/corpus"

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit "${1:-0}"; }

CACHE="${GALIAS_CORPUS_CACHE:-$HOME/.cache/galias-corpus}"
GALIAS="${GALIAS:-}"
OUT="$REPO/out/end_to_end"
KS="0,1"
BACKENDS=""
STAGES="frontend,engine,report"
JOBS=2
TIMEOUT=3600
CSPA_RULES=cspa_linear
MEM_LIMIT_GIB=16
MARKDOWN=0
CSV=""
COMMAND="$(sed -E "s/ --csv [^ ]+//" <<<"bench/end_to_end.sh $*")"
LIST=0
DRY=0
projects=()
need() { [ -n "${2:-}" ] || { echo "end_to_end: $1 needs a value" >&2; exit 2; }; }
while [ $# -gt 0 ]; do
    case "$1" in
        --cache) need "$1" "${2:-}"; CACHE="$2"; shift 2 ;;
        --galias) need "$1" "${2:-}"; GALIAS="$2"; shift 2 ;;
        --out) need "$1" "${2:-}"; OUT="$2"; shift 2 ;;
        -k) need "$1" "${2:-}"; KS="$2"; shift 2 ;;
        --backend) need "$1" "${2:-}"; BACKENDS="$2"; shift 2 ;;
        --stages) need "$1" "${2:-}"; STAGES="$2"; shift 2 ;;
        -j) need "$1" "${2:-}"; JOBS="$2"; shift 2 ;;
        --timeout) need "$1" "${2:-}"; TIMEOUT="$2"; shift 2 ;;
        --cspa-rules) need "$1" "${2:-}"; CSPA_RULES="$2"; shift 2 ;;
        --mem-limit) need "$1" "${2:-}"; MEM_LIMIT_GIB="$2"; shift 2 ;;
        --markdown) MARKDOWN=1; shift ;;
        --csv) need "$1" "${2:-}"; CSV="$2"; shift 2 ;;
        --list) LIST=1; shift ;;
        --dry-run) DRY=1; shift ;;
        -h|--help) usage 0 ;;
        -*) echo "end_to_end: unknown option $1" >&2; usage 2 >&2 ;;
        *) projects+=("$1"); shift ;;
    esac
done
is_uint() { case "$1" in ''|*[!0-9]*) return 1 ;; esac; }
for v in "$JOBS" "$TIMEOUT" "$MEM_LIMIT_GIB"; do
    is_uint "$v" || { echo "end_to_end: '$v' is not a non-negative integer" >&2; exit 2; }
done
[ "$JOBS" -gt 0 ] && [ "$TIMEOUT" -gt 0 ] || { echo "end_to_end: -j and --timeout must be > 0" >&2; exit 2; }
IFS=, read -r -a KLIST <<<"$KS"
[ ${#KLIST[@]} -gt 0 ] || { echo "end_to_end: -k needs depths like 0,1" >&2; exit 2; }
for k in "${KLIST[@]}"; do
    is_uint "$k" || { echo "end_to_end: -k takes depths like 0,1 (got '$KS')" >&2; exit 2; }
done
if [ -z "$BACKENDS" ]; then
    BACKENDS=cpu
    if command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L 2>/dev/null | grep -q '^GPU'; then
        BACKENDS=cpu,cuda
    fi
fi
IFS=, read -r -a BLIST <<<"$BACKENDS"
for b in "${BLIST[@]}"; do
    case "$b" in cpu|cuda) ;; *) echo "end_to_end: unknown backend '$b' (cpu, cuda)" >&2; exit 2 ;; esac
done
declare -A STAGE=([frontend]=0 [engine]=0 [report]=0)
IFS=, read -r -a SLIST <<<"$STAGES"
for s in "${SLIST[@]}"; do
    [ -n "${STAGE[$s]+x}" ] || { echo "end_to_end: unknown stage '$s' (frontend, engine, report)" >&2; exit 2; }
    STAGE[$s]=1
done

# --- corpus discovery: CACHE/PROJECT/prepare.tsv with status ok (written by prepare.sh) ---
tsv_get() { awk -F'\t' -v k="$2" '$1 == k { print $2; exit }' "$1"; }
ready_projects() {  # prints "lines<TAB>project" for each ready project, smallest first
    local f
    for f in "$CACHE"/*/prepare.tsv; do
        [ -f "$f" ] || continue
        [ "$(tsv_get "$f" status)" = ok ] || continue
        printf '%s\t%s\n' "$(tsv_get "$f" lines)" "$(tsv_get "$f" project)"
    done | sort -n
}
if [ ! -d "$CACHE" ]; then
    echo "end_to_end: no corpus cache at $CACHE; run bench/corpus/prepare.sh all (or --cache DIR)" >&2
    exit 2
fi
if [ "$LIST" = 1 ]; then
    {
        printf 'project\tversion\tTUs\tlines\tprepare_s\tbuild_dir\n'
        ready_projects | while IFS=$'\t' read -r _ p; do
            f="$CACHE/$p/prepare.tsv"
            printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$p" "$(tsv_get "$f" version)" "$(tsv_get "$f" tus)" \
                "$(tsv_get "$f" lines)" "$(tsv_get "$f" total_s)" "$(tsv_get "$f" build_dir)"
        done
    } | column -t -s $'\t'
    exit 0
fi
if [ ${#projects[@]} -eq 0 ]; then
    while IFS=$'\t' read -r _ p; do projects+=("$p"); done < <(ready_projects)
    if [ ${#projects[@]} -eq 0 ]; then
        echo "end_to_end: no prepared project in $CACHE; run bench/corpus/prepare.sh all" >&2
        exit 2
    fi
fi

# --- the galias binary and what it offers -------------------------------------------------
if [ -z "$GALIAS" ]; then
    for g in "$REPO/build/galias" "$REPO/build/tools/galias/galias" "$(command -v galias || true)"; do
        if [ -n "$g" ] && [ -x "$g" ]; then GALIAS="$g"; break; fi
    done
fi
COMMANDS=""
if [ -n "$GALIAS" ] && [ -x "$GALIAS" ]; then
    # `galias X --help` for an unknown X prints the top-level help and exits 0, so look for
    # X in the top-level list of subcommands instead.
    COMMANDS=$("$GALIAS" --help 2>&1 | awk '/^Subcommands:/ { on = 1; next } on && NF { print $1 }')
else
    echo "end_to_end: no galias binary (build it with scripts/build.sh or pass --galias PATH);" \
         "printing the corpus columns only" >&2
    GALIAS=""
fi
has_cmd() { grep -qx "$1" <<<"$COMMANDS"; }
declare -A HELP=()
has_opt() {  # has_opt COMMAND OPTION: does `galias COMMAND --help` list OPTION?
    [ -n "${HELP[$1]+x}" ] || HELP[$1]=$("$GALIAS" "$1" --help 2>&1 || true)
    grep -Eq -- "(^|[ ,])$2([ ,=]|$)" <<<"${HELP[$1]}"
}
if [ -n "$GALIAS" ]; then
    for c in facts run analyze; do
        has_cmd "$c" || echo "end_to_end: this galias ($GALIAS) has no '$c' subcommand:" \
            "that stage is skipped" >&2
    done
fi
# The stages that will run: selected and available.
RUN_FRONTEND=0; [ "${STAGE[frontend]}" = 1 ] && has_cmd facts && RUN_FRONTEND=1
RUN_ENGINE=0; [ "${STAGE[engine]}" = 1 ] && has_cmd run && RUN_ENGINE=1
RUN_REPORT=0; [ "${STAGE[report]}" = 1 ] && has_cmd analyze && RUN_REPORT=1

# --- measuring ---------------------------------------------------------------------------
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.2f\n", b - a }'; }
# measure LOG MEMLIMIT_GIB CMD...: runs CMD (output to LOG) under timeout and
# /usr/bin/time -v; sets M_RC (exit status; 124 = timeout), M_SECS (wall seconds), M_RSS
# (peak RSS, MiB). time(1) wraps timeout(1), so the kill on timeout reaches galias itself,
# and the RSS it reports covers timeout's child (Linux wait4 folds in waited-for
# descendants' peak RSS; checked: a 300 MiB python child reads 313 MiB).
measure() {
    local log="$1" limit_gib="$2"; shift 2
    local t0
    if [ "$DRY" = 1 ]; then
        echo "  \$ $*"
        M_RC=0; M_SECS=-; M_RSS=-
        return
    fi
    t0=$(now)
    M_RC=0
    # In the background and waited for, so that the signal trap below can run meanwhile.
    (
        if [ "$limit_gib" -gt 0 ]; then ulimit -v $((limit_gib * 1024 * 1024)); fi
        exec /usr/bin/time -v -o "$log.time" timeout --foreground "$TIMEOUT" "$@"
    ) >"$log" 2>&1 &
    CHILD=$!
    wait "$CHILD" || M_RC=$?
    CHILD=""
    M_SECS=$(elapsed "$t0")
    M_RSS=$(awk -F': ' '/Maximum resident set size/ { printf "%.0f", $2 / 1024 }' "$log.time" 2>/dev/null || true)
    [ -n "$M_RSS" ] || M_RSS=-
}
# Interrupted (Ctrl-C, or killed by an outer timeout): stop the running stage too, or
# galias would go on alone. timeout(1) runs with --foreground, so galias stays in our
# process group and a signal sent to the group reaches it; for a signal sent to this
# script alone, the trap kills the stage's process tree by pid (all pids collected
# first, so that nothing is re-parented out of reach meanwhile).
CHILD=""
descendants() {
    local c
    for c in $(ps -o pid= --ppid "$1" 2>/dev/null); do echo "$c"; descendants "$c"; done
}
on_signal() {
    if [ -n "$CHILD" ]; then
        # shellcheck disable=SC2046  # a list of pids
        kill -TERM "$CHILD" $(descendants "$CHILD") 2>/dev/null || true
    fi
    echo "end_to_end: interrupted; partial results in ${RESULTS:-$OUT}" >&2
    exit 130
}
trap on_signal INT TERM
max() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "-") print b; else if (b == "-" || a + 0 >= b + 0) print a; else print b }'; }
add() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "-" || b == "-") print "-"; else printf "%.2f\n", a + b }'; }
lines_of() { if [ -f "$1" ]; then wc -l <"$1" | tr -d ' '; else echo -; fi; }
# size_of LOG RELATION: the size `galias run -D -` printed ("Relation<TAB>N").
size_of() {
    local n
    n=$(awk -v r="$2" '$1 == r && $2 ~ /^[0-9]+$/ { n = $2 } END { print n }' "$1" 2>/dev/null || true)
    echo "${n:--}"
}
# counter FILE NAME: a counter of the frontend's stats.tsv ("name<TAB>value").
counter() {
    local n
    n=$(awk -F'\t' -v k="$2" '$1 == k { print $2; exit }' "$1" 2>/dev/null || true)
    echo "${n:--}"
}
# findings per check: "ruleId=count" pairs from the SARIF's results.
findings_of() {
    [ -f "$1" ] || { echo -; return; }
    python3 - "$1" <<'EOF'
import collections, json, sys
try:
    with open(sys.argv[1], encoding="utf-8") as f:
        sarif = json.load(f)
    counts = collections.Counter(r.get("ruleId", "?") for run in sarif.get("runs", [])
                                 for r in run.get("results", []))
    print(",".join(f"{k}={v}" for k, v in sorted(counts.items())) or "none")
except (OSError, ValueError, AttributeError):
    print("bad-sarif")
EOF
}
note_rc() {  # note_rc STAGE: adds a note when the last measured run failed
    case "$M_RC" in
        0) ;;
        124) NOTES+="$1:timeout " ;;
        *) NOTES+="$1:exit$M_RC " ;;
    esac
}
# fill VAR KEY COLUMN: if $VAR is '-', take KEY from the analyze statistics (array ST).
fill() {
    local var="$1" key="$2"
    if [ "${!var}" = - ] && [ -n "${ST[$key]:-}" ]; then
        printf -v "$var" '%s' "${ST[$key]}"
        NOTES+="stats:$3 "
    fi
}
engine_args() {  # engine_args PROGRAM FACTS_SUBDIR BACKEND: the `galias run` command line
    ARGS=(run "$1" -F "$FACTS/$2" -D -)
    has_opt run --backend && ARGS+=(--backend "$3")
    [ "$3" = cpu ] && has_opt run --jobs && ARGS+=(-j "$JOBS")
    return 0
}

# --- the table ---------------------------------------------------------------------------
HEADER="project	k	backend	TUs	lines	assign	deref	addressOf	load	store	clones	class_members	ValueFlow	ValueAlias	MemoryAlias	PointsTo	frontend_s	engine_s	report_s	analyze_s	peak_MiB	findings	notes"
RESULTS="$OUT/results.tsv"
if [ "$DRY" = 0 ]; then mkdir -p "$OUT"; echo "$HEADER" >"$RESULTS"; fi
declare -A CSPA_SIZES=()  # "project k" -> CSPA sizes on the first backend run

for P in "${projects[@]}"; do
    PT="$CACHE/$P/prepare.tsv"
    if [ ! -f "$PT" ] || [ "$(tsv_get "$PT" status)" != ok ]; then
        echo "end_to_end: $P is not prepared in $CACHE (bench/corpus/prepare.sh $P); skipped" >&2
        continue
    fi
    BUILD="$(tsv_get "$PT" build_dir)"
    TUS="$(tsv_get "$PT" tus)"
    LINES="$(tsv_get "$PT" lines)"
    for K in "${KLIST[@]}"; do
        D="$OUT/$P/k$K"
        FACTS="$D/facts"
        echo "end_to_end: $P k=$K" >&2
        # Never use facts left by an earlier run: they may come from another galias.
        [ "$DRY" = 1 ] || { rm -rf "$FACTS"; mkdir -p "$D"; }

        # Frontend: once per (project, k); every backend reads the same facts.
        FRONT_S=- FRONT_RSS=- FRONT_NOTES="" HAVE_FACTS=0
        if [ "$RUN_FRONTEND" = 1 ]; then
            ARGS=(facts -p "$BUILD" -o "$FACTS")
            has_opt facts --jobs && ARGS+=(-j "$JOBS")
            if has_opt facts --context-k; then ARGS+=(--context-k "$K"); else FRONT_NOTES+="facts:no-k "; fi
            NOTES=""
            measure "$D/frontend.log" "$MEM_LIMIT_GIB" "$GALIAS" "${ARGS[@]}"
            note_rc facts  # a nonzero exit may only mean some TUs failed: facts may still be there
            FRONT_NOTES+="$NOTES"
            FRONT_S=$M_SECS FRONT_RSS=$M_RSS
            if [ "$DRY" = 1 ] || [ -d "$FACTS/cspa" ]; then HAVE_FACTS=1; fi
            failed=$(counter "$FACTS/stats.tsv" tu.failed)
            case "$failed" in -|0) ;; *) FRONT_NOTES+="tu.failed=$failed " ;; esac
        fi
        F_ASSIGN=$(lines_of "$FACTS/cspa/assign.facts")
        F_DEREF=$(lines_of "$FACTS/cspa/dereference.facts")
        F_ADDR=$(lines_of "$FACTS/andersen/addressOf.facts")
        F_LOAD=$(lines_of "$FACTS/andersen/load.facts")
        F_STORE=$(lines_of "$FACTS/andersen/store.facts")
        F_CLONES=$(counter "$FACTS/stats.tsv" clones)
        F_CLASS=$(counter "$FACTS/stats.tsv" reduction.class_members)

        for B in "${BLIST[@]}"; do
            NOTES="$FRONT_NOTES"
            limit=$MEM_LIMIT_GIB
            [ "$B" = cuda ] && limit=0  # CUDA maps large virtual ranges: no ulimit -v there
            ASSIGN=$F_ASSIGN DEREF=$F_DEREF ADDR=$F_ADDR LOAD=$F_LOAD STORE=$F_STORE CLONES=$F_CLONES
            VF=- VA=- MA=- PTS=- ENGINE_S=- REPORT_S=- ANALYZE_S=- FINDINGS=- PEAK=$FRONT_RSS
            FRONT_ROW_S=$FRONT_S

            if [ "$RUN_ENGINE" = 1 ] && [ "$HAVE_FACTS" = 1 ]; then
                engine_args "$CSPA_RULES" cspa "$B"
                measure "$D/engine-cspa-$B.log" "$limit" "$GALIAS" "${ARGS[@]}"
                note_rc cspa
                ENGINE_S=$M_SECS; PEAK=$(max "$PEAK" "$M_RSS")
                VF=$(size_of "$D/engine-cspa-$B.log" ValueFlow)
                VA=$(size_of "$D/engine-cspa-$B.log" ValueAlias)
                MA=$(size_of "$D/engine-cspa-$B.log" MemoryAlias)
                engine_args andersen andersen "$B"
                measure "$D/engine-andersen-$B.log" "$limit" "$GALIAS" "${ARGS[@]}"
                note_rc andersen
                ENGINE_S=$(add "$ENGINE_S" "$M_SECS"); PEAK=$(max "$PEAK" "$M_RSS")
                PTS=$(size_of "$D/engine-andersen-$B.log" PointsTo)
            elif [ "$RUN_ENGINE" = 1 ]; then
                NOTES+="engine:no-facts "
            fi

            if [ "$RUN_REPORT" = 1 ]; then
                SARIF="$D/findings-$B.sarif"
                [ "$DRY" = 1 ] || rm -f "$SARIF"
                if [ "$HAVE_FACTS" = 1 ] && has_opt analyze --facts; then
                    ARGS=(analyze --facts "$FACTS")
                else
                    # No facts of our own: analyze runs the frontend itself.
                    ARGS=(analyze -p "$BUILD")
                    if has_opt analyze --context-k; then ARGS+=(-k "$K"); else NOTES+="analyze:no-k "; fi
                fi
                if has_opt analyze --sarif; then ARGS+=(--sarif "$SARIF"); else NOTES+="analyze:no-sarif "; fi
                has_opt analyze --backend && ARGS+=(--backend "$B")
                has_opt analyze --jobs && ARGS+=(-j "$JOBS")
                has_opt analyze --stats && ARGS+=(--stats)
                measure "$D/analyze-$B.log" "$limit" "$GALIAS" "${ARGS[@]}"
                [ "$M_RC" = 1 ] || note_rc analyze  # exit 1 only means: there are findings
                ANALYZE_S=$M_SECS; PEAK=$(max "$PEAK" "$M_RSS")
                FINDINGS=$(findings_of "$SARIF")
                declare -A ST=()
                if [ "$DRY" = 0 ]; then
                    while IFS=$'\t' read -r key value; do ST[$key]=$value; done \
                        < <(python3 "$CORPUS/analyze_stats.py" "$D/analyze-$B.log")
                fi
                REPORT_S=${ST[time.checks]:--}
                # Cells the skipped stages left empty, from analyze's own statistics.
                if [ "${ARGS[1]}" = -p ]; then fill FRONT_ROW_S time.input frontend_s; fi
                fill ASSIGN facts.cspa.assign assign
                fill DEREF facts.cspa.dereference deref
                fill ADDR facts.andersen.addressOf addressOf
                fill LOAD facts.andersen.load load
                fill STORE facts.andersen.store store
                fill CLONES clones clones
                fill VF size.ValueFlow ValueFlow
                fill VA size.ValueAlias ValueAlias
                fill MA size.MemoryAlias MemoryAlias
                fill PTS size.PointsTo PointsTo
                fill ENGINE_S time.solve engine_s
                fill FINDINGS findings findings
                unset ST
            fi

            # CSPA's output sizes must be identical on every backend: the backends compute the
            # same relations, so a difference is a bug, noted in the row.
            if [ "$DRY" = 0 ] && [ "$VF" != - ]; then
                key="$P $K"
                if [ -z "${CSPA_SIZES[$key]+x}" ]; then CSPA_SIZES[$key]="$VF $VA $MA"
                elif [ "${CSPA_SIZES[$key]}" != "$VF $VA $MA" ]; then
                    NOTES+="CSPA-SIZES-DIFFER-FROM-${BLIST[0]} "
                fi
            fi
            [ -n "$GALIAS" ] || NOTES+="no-galias "
            row="$P	$K	$B	$TUS	$LINES	$ASSIGN	$DEREF	$ADDR	$LOAD	$STORE	$CLONES	$F_CLASS	$VF	$VA	$MA	$PTS	$FRONT_ROW_S	$ENGINE_S	$REPORT_S	$ANALYZE_S	$PEAK	$FINDINGS	${NOTES% }"
            [ "$DRY" = 1 ] || echo "$row" >>"$RESULTS"
            echo "end_to_end: $(tr '\t' ' ' <<<"$row")" >&2
        done
    done
done

[ "$DRY" = 0 ] || exit 0
echo "end_to_end: results in $RESULTS (logs, facts and SARIF under $OUT)" >&2
[ -z "$CSV" ] || python3 "$REPO/bench/results/append_csv.py" "$CSV" --command "$COMMAND" --backend "${BACKENDS:-cpu}" < "$RESULTS"
if [ "$MARKDOWN" = 1 ]; then
    awk -F'\t' 'NR == 1 { h = "|"; s = "|"; for (i = 1; i <= NF; i++) { h = h " " $i " |"; s = s "---|" }
                          print h; print s; next }
                { r = "|"; for (i = 1; i <= NF; i++) r = r " " ($i == "" ? " " : $i) " |"; print r }' "$RESULTS"
else
    column -t -s $'\t' "$RESULTS"
fi
