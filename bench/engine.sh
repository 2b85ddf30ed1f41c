#!/usr/bin/env bash
# Engine benchmark: REACH and SG on the shared graphs (GDlog / MNMGDatalog datasets).
# Prints one markdown table row per run: program, dataset, output tuples (checked against
# the exact expected count), whole-process seconds, engine seconds, peak memory, EBM,
# threads, backend, and the engine's time per operator.
#
# Usage: bench/engine.sh [--backend cpu|cuda|auto] [-j N] [--ebm on|off|both] [--runs R]
#                        [--sched off|streams|model] [--dedup auto|sort|hash] [--graphs DIR]
#                        [--cuda-off NAME]... [--cuda-difference auto|search|merge]
#                        [--galias PATH] [--write] [--csv FILE] [CASE...]
# CASE is program:graph or program:graph@N (the first N edges), e.g. reach:fe_body,
# sg:CA-HepTH@20000. Without cases, the backend's default list (CASES below) runs.
# --cuda-off and --cuda-difference go to `galias run` as they are (docs/CLI.md).
# --csv FILE appends the rows to FILE with their command, machine, commit and date
# (bench/results/append_csv.py).
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(dirname "$HERE")"
BACKEND=auto
JOBS=0
EBM=on
RUNS=1
SCHED=""
DEDUP=""
SWITCHES=()
GRAPHS="${GALIAS_GRAPHS:-$ROOT/../shared/data/graphs}"
GALIAS="${GALIAS:-$ROOT/build/galias}"
WRITE=0
CSV=""
CASES=()
COMMAND="$(sed -E "s/ --csv [^ ]+//" <<<"bench/engine.sh $*")"
while [ $# -gt 0 ]; do
    case "$1" in
        --backend) BACKEND="$2"; shift 2 ;;
        -j|--jobs) JOBS="$2"; shift 2 ;;
        --ebm) EBM="$2"; shift 2 ;;
        --runs) RUNS="$2"; shift 2 ;;
        --sched) SCHED="$2"; shift 2 ;;
        --dedup) DEDUP="$2"; shift 2 ;;
        --cuda-off|--cuda-difference) SWITCHES+=("$1" "$2"); shift 2 ;;
        --graphs) GRAPHS="$2"; shift 2 ;;
        --galias) GALIAS="$2"; shift 2 ;;
        --write) WRITE=1; shift ;;
        --csv) CSV="$2"; shift 2 ;;
        -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
        -*) echo "engine.sh: unknown option $1" >&2; exit 2 ;;
        *) CASES+=("$1"); shift ;;
    esac
done
[ -x "$GALIAS" ] || { echo "engine.sh: galias not found at $GALIAS (build first or pass --galias)" >&2; exit 2; }
[ -d "$GRAPHS" ] || { echo "engine.sh: graph directory $GRAPHS not found (pass --graphs)" >&2; exit 2; }
GRAPHS="$(cd "$GRAPHS" && pwd)"

if [ ${#CASES[@]} -eq 0 ]; then
    if [ "$BACKEND" = cpu ]; then
        CASES=(sg:fe_sphere@20000 sg:ego-Facebook@30000 sg:CA-HepTH@20000 reach:CA-HepTH reach:SF.cedge
               reach:fe_sphere reach:fe_body sg:ego-Facebook sg:CA-HepTH)
    else
        CASES=(reach:fe_body reach:SF.cedge reach:usroads reach:Gnutella31 reach:fe_sphere reach:CA-HepTH
               sg:CA-HepTH sg:ego-Facebook sg:fe_body sg:loc-Brightkite sg:SF.cedge sg:fe_sphere)
    fi
fi

# Exact output sizes from ../shared/data/graphs/README.md.
expected() {
    case "$1" in
        reach:CA-HepTH) echo 74619885 ;; reach:fe_sphere) echo 78557912 ;; reach:SF.cedge) echo 80498014 ;;
        reach:fe_body) echo 156120489 ;; reach:Gnutella31) echo 884179859 ;; reach:usroads) echo 871365688 ;;
        sg:ego-Facebook) echo 15018986 ;; sg:CA-HepTH) echo 74618689 ;; sg:fe_body) echo 408443204 ;;
        sg:fe_sphere) echo 205814096 ;; sg:SF.cedge) echo 382418182 ;; sg:loc-Brightkite) echo 92398050 ;;
        sg:fe_sphere@20000) echo 12087727 ;; sg:ego-Facebook@30000) echo 3552597 ;; sg:CA-HepTH@20000) echo 34435258 ;;
        *) echo "?" ;;
    esac
}

WORK="$(mktemp -d)"
SAMPLER=""
cleanup() { [ -n "$SAMPLER" ] && kill "$SAMPLER" 2>/dev/null; rm -rf "$WORK"; }
trap cleanup EXIT

echo "galias $("$GALIAS" --version 2>/dev/null | head -n 1 | awk '{print $2}'), commit $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo '?'), $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, host $(hostname)"
command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader || true
echo
echo "| program | dataset | tuples | expected | ok | wall s | engine s | peak RSS MB | peak device MB (pool / nvidia-smi) | EBM | threads | backend | iterations | join / dedup / diff / merge / index / alloc / load / write s |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"

printf 'program\tdataset\ttuples\texpected\tok\twall s\tengine s\tpeak RSS MB\tpeak MB pool\tpeak MB nvidia-smi\tEBM\tthreads\tbackend\tsched\titerations\tjoin / dedup / diff / merge / index / alloc / load / write s\n' > "$WORK/rows.tsv"
ebm_modes=("$EBM")
[ "$EBM" = both ] && ebm_modes=(on off)

for case in "${CASES[@]}"; do
    program="${case%%:*}"
    dataset="${case#*:}"
    graph="${dataset%%@*}"
    facts="$WORK/facts-$dataset"
    if [ ! -f "$GRAPHS/$graph.facts" ]; then echo "| $program | $dataset | missing $GRAPHS/$graph.facts |"; continue; fi
    mkdir -p "$facts"
    if [ "$dataset" != "$graph" ]; then head -n "${dataset#*@}" "$GRAPHS/$graph.facts" > "$facts/edge.facts"
    else ln -sf "$GRAPHS/$graph.facts" "$facts/edge.facts"; fi
    want="$(expected "$case")"
    for mode in "${ebm_modes[@]}"; do
        for ((run = 1; run <= RUNS; run++)); do
            args=(run "$program" -F "$facts" --backend "$BACKEND" -j "$JOBS" --stats-json "$WORK/stats.json")
            [ "$mode" = off ] && args+=(--no-ebm)
            [ -n "$SCHED" ] && args+=(--sched "$SCHED")
            [ -n "$DEDUP" ] && args+=(--dedup "$DEDUP")
            args+=("${SWITCHES[@]}")
            if [ "$WRITE" = 1 ]; then args+=(-D "$WORK/out"); else args+=(-D -); fi
            smi_peak="-"
            if [ "$BACKEND" != cpu ] && command -v nvidia-smi >/dev/null; then
                ( peak=0; while true; do
                    used=$(nvidia-smi --query-gpu=memory.used --format=csv,noheader,nounits 2>/dev/null | head -1)
                    [ -n "$used" ] && [ "$used" -gt "$peak" ] && peak=$used && echo "$peak" > "$WORK/smi_peak"
                    sleep 0.05; done ) &
                SAMPLER=$!
                echo 0 > "$WORK/smi_peak"
            fi
            start=$(date +%s.%N)
            if ! "$GALIAS" "${args[@]}" > "$WORK/sizes" 2> "$WORK/err"; then
                echo "| $program | $dataset | FAILED: $(head -c 300 "$WORK/err" | tr '\n' ' ') |"
                [ -n "$SAMPLER" ] && kill "$SAMPLER" 2>/dev/null; SAMPLER=""
                continue
            fi
            end=$(date +%s.%N)
            if [ -n "$SAMPLER" ]; then kill "$SAMPLER" 2>/dev/null; wait "$SAMPLER" 2>/dev/null || true; SAMPLER=""; smi_peak=$(cat "$WORK/smi_peak"); fi
            if [ "$WRITE" = 1 ]; then
                out_rel=$([ "$program" = reach ] && echo Reach || echo SG)
                tuples=$(wc -l < "$WORK/out/$out_rel.csv"); rm -rf "$WORK/out"
            else
                tuples=$(awk -F'\t' '{print $2}' "$WORK/sizes" | head -1)
            fi
            ok=$([ "$want" = "?" ] && echo "n/a" || ([ "$tuples" = "$want" ] && echo yes || echo "NO"))
            python3 - "$WORK/stats.json" "$program" "$dataset" "$tuples" "$want" "$ok" "$start" "$end" "$mode" "$smi_peak" "$WORK/rows.tsv" <<'PY'
import json, sys
stats_file, program, dataset, tuples, want, ok, start, end, mode, smi, rows = sys.argv[1:]
s = json.load(open(stats_file))
ops = s["operator_seconds"]
split = " / ".join(f"{ops[k]:.2f}" for k in ["join", "dedup", "difference", "merge", "index", "alloc", "load", "write"])
pool = s.get("device_reserved_peak_bytes", 0)
device = "-" if pool == 0 else f"{pool/1e6:.0f} / {smi}"
print(f"| {program} | {dataset} | {tuples} | {want} | {ok} | {float(end)-float(start):.2f} | {s['total_seconds']:.2f} | "
      f"{s['peak_rss_bytes']/1e6:.0f} | {device} | {mode} | {s['threads']} | {s['backend']}, sched {s.get('sched', 'off')} | {s['iterations_run']} | {split} |")
cells = [program, dataset, tuples, want, ok, f"{float(end)-float(start):.2f}", f"{s['total_seconds']:.2f}",
         f"{s['peak_rss_bytes']/1e6:.0f}", "" if pool == 0 else f"{pool/1e6:.0f}", "" if pool == 0 else smi, mode,
         str(s['threads']), s['backend'], s.get('sched', 'off'), str(s['iterations_run']), split]
with open(rows, "a") as f:
    f.write("\t".join(cells) + "\n")
PY
        done
    done
done
[ -z "$CSV" ] || python3 "$HERE/results/append_csv.py" "$CSV" --command "$COMMAND" --backend "$BACKEND" < "$WORK/rows.tsv"
