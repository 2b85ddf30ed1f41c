# Sourced by bench/sched/concurrency.sh, queue_profile.sh and throughput_bound.sh: the
# mixed pool of analyses, how its cases become jobs, and how a batch of them is timed. A
# case is PROGRAM:DATASET, DATASET a corpus PROJECT/kK (facts under $FACTS, as
# bench/end_to_end.sh leaves them) or a shared graph NAME, optionally NAME@N for its first
# N edges (cut into $WORK). Callers set FACTS, GRAPHS and WORK.
#
# The corpus facts are what this checkout's frontend makes of the corpus projects:
#   bench/corpus/prepare.sh zlib bzip2 lua5.4 libzstd jq
#   bench/end_to_end.sh --stages frontend -k 0,1 --backend cpu zlib bzip2 lua5.4 libzstd jq
# (into out/end_to_end; concurrency.sh --facts takes that directory). Results dated
# before 2026-11-24 in bench/results come from facts without copy reduction and value
# classes (CSPA zlib k=1: 1.26 M ValueAlias tuples, against 4,302 with them, or 25,067
# with --no-copy-reduction): compare only results made from the same facts.

# CSPA, Andersen, REACH and SG in turn, over small corpus projects and 5,000-30,000-edge
# graph subsets.
DEFAULT_POOL="cspa:zlib/k1 andersen:lua5.4/k0 reach:CA-HepTH@20000 sg:ego-Facebook@30000 cspa:bzip2/k1 andersen:libzstd/k0 reach:fe_sphere@20000 sg:fe_sphere@20000 cspa:zlib/k0 andersen:jq/k0 reach:SF.cedge@30000 sg:CA-HepTH@5000 cspa:bzip2/k0 andersen:zlib/k1 reach:Gnutella31@30000 andersen:bzip2/k1"

# facts_dir PROGRAM DATASET: the facts directory of a case, made on first use.
facts_dir() {
    local program="$1" dataset="$2"
    case "$dataset" in
        */k*) echo "$FACTS/$dataset/facts/$([ "$program" = andersen ] && echo andersen || echo cspa)" ;;
        *)
            local graph="${dataset%%@*}" dir="$WORK/graphs/$dataset"
            if [ ! -d "$dir" ]; then
                mkdir -p "$dir"
                if [ "$dataset" != "$graph" ]; then head -n "${dataset#*@}" "$GRAPHS/$graph.facts" > "$dir/edge.facts"
                else ln -s "$(cd "$GRAPHS" && pwd)/$graph.facts" "$dir/edge.facts"; fi
            fi
            echo "$dir" ;;
    esac
}

# write_jobs POOL N FILE: the first N jobs of POOL cycled, one `galias run --batch` line each.
write_jobs() {
    local pool=($1) n="$2" file="$3" j case
    : > "$file"
    for ((j = 0; j < n; j++)); do
        case="${pool[$((j % ${#pool[@]}))]}"
        echo "${case%%:*} $(facts_dir "${case%%:*}" "${case#*:}") -" >> "$file"
    done
}

# fastest_batch JOBS ARGS...: the fastest batch wall seconds of $RUNS runs of
# `$GALIAS run --batch JOBS ARGS...`; the last run's outputs are left in $WORK/out and its
# log in $WORK/err. Returns 1 (naming the error) when a run fails.
fastest_batch() {
    local jobs="$1" best="" r w
    shift
    for ((r = 1; r <= RUNS; r++)); do
        "$GALIAS" run --batch "$jobs" "$@" > "$WORK/out" 2> "$WORK/err" \
            || { echo "FAILED: $(tail -c 300 "$WORK/err")" >&2; return 1; }
        w=$(grep -o 'sched [a-z]*: [0-9.]* s wall' "$WORK/err" | awk '{print $3}')
        if [ -z "$best" ] || awk "BEGIN { exit !($w < $best) }"; then best=$w; fi
    done
    echo "$best"
}
