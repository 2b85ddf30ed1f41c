#!/usr/bin/env bash
# `galias run` from the command line: exact outputs, exit codes, one-line errors with a
# location, and no partial output files after a failure.
# Usage: cli_test.sh PATH_TO_GALIAS
set -uo pipefail
GALIAS="$1"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

expect_exit() {  # expected-code description command...
    local want="$1" what="$2"; shift 2
    "$@" >"$WORK/out" 2>"$WORK/err"
    local got=$?
    [ "$got" -eq "$want" ] || fail "$what: exit $got, expected $want (stderr: $(cat "$WORK/err"))"
}

mkdir -p "$WORK/facts" "$WORK/out1"
printf '1\t2\n2\t3\n3\t1\n' > "$WORK/facts/edge.facts"

# A good run writes Soufflé-style TSV and exits 0.
expect_exit 0 "reach run" "$GALIAS" run reach -F "$WORK/facts" -D "$WORK/out1"
[ "$(wc -l < "$WORK/out1/Reach.csv")" -eq 9 ] || fail "Reach.csv should have 9 lines"
grep -qx $'1\t1' "$WORK/out1/Reach.csv" || fail "Reach.csv misses 1->1"
ls "$WORK/out1" | grep -q '\.tmp$' && fail "temporary file left behind"

# -D - prints sizes only.
expect_exit 0 "sizes only" "$GALIAS" run reach -F "$WORK/facts" -D -
grep -qx $'Reach\t9' "$WORK/out" || fail "-D - should print 'Reach<TAB>9', got: $(cat "$WORK/out")"

# --explain prints the plan, bound to the backend: how each relation is stored and which
# operators each join step takes; with -F the inputs are read first (their value bound).
expect_exit 0 "explain" "$GALIAS" run sg --explain
grep -q "join full edge" "$WORK/out" || fail "--explain shows no join"
expect_exit 0 "explain on the cpu" "$GALIAS" run reach --explain --backend cpu --dedup hash -F "$WORK/facts"
grep -q "^bound to cpu .*, value bound 3$" "$WORK/out" || fail "--explain -F names no backend or bound: $(cat "$WORK/out")"
grep -q "^  store Reach: tuple set$" "$WORK/out" || fail "--explain shows no store strategy: $(cat "$WORK/out")"
grep -q "run: one pass (join_into_set), else join_count + join_emit_new" "$WORK/out" ||
    fail "--explain shows no step strategy: $(cat "$WORK/out")"
expect_exit 2 "explain with missing inputs" "$GALIAS" run reach --explain -F "$WORK/no-such-dir"

# Program errors: exit 2, one line, file:line:col.
printf '.decl a(x: number)\na(x) :- b(x).\n' > "$WORK/bad.dl"
expect_exit 2 "unknown relation" "$GALIAS" run "$WORK/bad.dl" -F "$WORK/facts" -D "$WORK/out1"
[ "$(wc -l < "$WORK/err")" -eq 1 ] || fail "error should be one line: $(cat "$WORK/err")"
grep -q "bad.dl:2:9: error: unknown relation 'b'" "$WORK/err" || fail "unknown relation message: $(cat "$WORK/err")"

# Missing input file: exit 2, names the .input directive and the file.
expect_exit 2 "missing input" "$GALIAS" run reach -F "$WORK/nowhere" -D "$WORK/out2"
grep -q "reach.dl:4:8: error: input file '.*edge.facts' for relation 'edge' does not exist" "$WORK/err" \
    || fail "missing input message: $(cat "$WORK/err")"

# Malformed fact line: exit 2, file:line; no output file written at all.
mkdir -p "$WORK/badfacts" "$WORK/out3"
printf '1\t2\n2\t3\t4\n' > "$WORK/badfacts/edge.facts"
expect_exit 2 "malformed facts" "$GALIAS" run reach -F "$WORK/badfacts" -D "$WORK/out3"
grep -q "edge.facts:2: error: expected 2 columns, found more" "$WORK/err" || fail "malformed line message: $(cat "$WORK/err")"
[ -z "$(ls -A "$WORK/out3")" ] || fail "partial output after an error: $(ls "$WORK/out3")"

# A missing program file.
expect_exit 2 "missing program" "$GALIAS" run "$WORK/none.dl"
grep -q "none.dl: error: cannot open program file" "$WORK/err" || fail "missing program message: $(cat "$WORK/err")"

# --sched: every mode gives the same answer.
for mode in off streams model; do
    expect_exit 0 "sched $mode" "$GALIAS" run reach -F "$WORK/facts" -D - --sched "$mode" --backend cpu
    grep -qx $'Reach\t9' "$WORK/out" || fail "--sched $mode: got $(cat "$WORK/out")"
done
expect_exit 2 "bad sched" "$GALIAS" run reach -F "$WORK/facts" --sched sometimes
# --dedup: sorted runs and the tuple hash set give the same answer.
for mode in sort hash auto; do
    expect_exit 0 "dedup $mode" "$GALIAS" run reach -F "$WORK/facts" -D - --dedup "$mode" --backend cpu
    grep -qx $'Reach\t9' "$WORK/out" || fail "--dedup $mode: got $(cat "$WORK/out")"
done
expect_exit 2 "bad dedup" "$GALIAS" run reach -F "$WORK/facts" --dedup sometimes
# The CUDA backend's switches: accepted everywhere, ignored by the CPU backend (the same
# answer); an unknown name is a usage error that names the option.
expect_exit 0 "cuda switches on the cpu" "$GALIAS" run reach -F "$WORK/facts" -D - --backend cpu --cuda-trace \
    --cuda-off tile --cuda-off filter,bitmap --cuda-off one-pass --cuda-off optimistic --cuda-off pdl \
    --cuda-difference search
grep -qx $'Reach\t9' "$WORK/out" || fail "--cuda-off on the cpu: got $(cat "$WORK/out")"
[ -s "$WORK/err" ] && fail "--cuda-trace on the cpu should print nothing: $(cat "$WORK/err")"
for mode in auto search merge; do
    expect_exit 0 "cuda difference $mode" "$GALIAS" run reach -F "$WORK/facts" -D - --backend cpu --cuda-difference "$mode"
done
expect_exit 2 "bad cuda-off" "$GALIAS" run reach -F "$WORK/facts" --cuda-off tiles
grep -q -- "--cuda-off" "$WORK/err" || fail "bad --cuda-off message should name the option: $(cat "$WORK/err")"
expect_exit 2 "bad cuda-off in a list" "$GALIAS" run reach -F "$WORK/facts" --cuda-off tile,everything
expect_exit 2 "bad cuda-difference" "$GALIAS" run reach -F "$WORK/facts" --cuda-difference fast
grep -q -- "--cuda-difference" "$WORK/err" || fail "bad --cuda-difference message: $(cat "$WORK/err")"
"$GALIAS" run --help > "$WORK/help" 2>&1
grep -q "CPU backend ignores it" "$WORK/help" || fail "run --help should say the CPU backend ignores the CUDA switches"
grep -q -- "--batch-priority" "$WORK/help" || fail "run --help lists no --batch-priority"

# --batch: jobs from a file (paths relative to it), sizes per job, one failing job named
# by FILE:LINE with exit 2 while the others still print.
mkdir -p "$WORK/batch/g2"
printf '1\t2\n' > "$WORK/batch/g2/edge.facts"
printf '# program facts [out]\nreach ../facts\nsg    g2   -\n\nreach g2 out-b\n' > "$WORK/batch/jobs.txt"
for mode in off streams model; do
    expect_exit 0 "batch $mode" "$GALIAS" run --batch "$WORK/batch/jobs.txt" --sched "$mode" --backend cpu
    grep -qx $'1\tReach\t9' "$WORK/out" || fail "batch $mode: job 1 should print '1<TAB>Reach<TAB>9': $(cat "$WORK/out")"
    grep -qx $'2\tSG\t0' "$WORK/out" || fail "batch $mode: job 2 should print '2<TAB>SG<TAB>0': $(cat "$WORK/out")"
    [ "$(cat "$WORK/batch/out-b/Reach.csv")" = $'1\t2' ] || fail "batch $mode: job 3 output file"
    grep -q "batch: 3 jobs on cpu.*sched $mode" "$WORK/err" || fail "batch $mode summary: $(cat "$WORK/err")"
done
# --batch-priority: size (the default) or none, the same answers; anything else is refused.
for priority in size none; do
    expect_exit 0 "batch priority $priority" "$GALIAS" run --batch "$WORK/batch/jobs.txt" --backend cpu \
        --batch-priority "$priority"
    grep -qx $'1\tReach\t9' "$WORK/out" || fail "--batch-priority $priority: $(cat "$WORK/out")"
done
expect_exit 2 "bad batch priority" "$GALIAS" run --batch "$WORK/batch/jobs.txt" --batch-priority smallest
printf 'reach ../facts\nreach missing-dir\n' > "$WORK/batch/bad-jobs.txt"
expect_exit 2 "batch with a failing job" "$GALIAS" run --batch "$WORK/batch/bad-jobs.txt" --sched streams --backend cpu
grep -qx $'1\tReach\t9' "$WORK/out" || fail "the good job should still print: $(cat "$WORK/out")"
grep -q "bad-jobs.txt:2: job 2: .*edge.facts' for relation 'edge' does not exist" "$WORK/err" \
    || fail "failing job message: $(cat "$WORK/err")"
printf 'reach\n' > "$WORK/batch/short.txt"
expect_exit 2 "batch line with one field" "$GALIAS" run --batch "$WORK/batch/short.txt"
grep -q "short.txt:1: error: a job is 'PROGRAM FACTS_DIR \[OUTPUT_DIR|-\]', this line has 1 fields" "$WORK/err" \
    || fail "short job line message: $(cat "$WORK/err")"
expect_exit 2 "batch and a program" "$GALIAS" run reach --batch "$WORK/batch/jobs.txt"
expect_exit 2 "no program" "$GALIAS" run -F "$WORK/facts"

# Usage errors.
expect_exit 2 "bad backend" "$GALIAS" run reach --backend fpga
expect_exit 2 "no subcommand" "$GALIAS"

if [ "$failures" -ne 0 ]; then echo "$failures failure(s)"; exit 1; fi
echo "all galias run CLI checks passed"
