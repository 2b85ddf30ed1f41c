#!/usr/bin/env bash
# `galias run --demand`: the answers of the queries only, in the files a full run writes;
# sizes, statistics and the rewritten program; one-line errors with a location for a bad
# spec, an unknown relation, a wrong arity and a malformed query file.
# Usage: demand_cli_test.sh PATH_TO_GALIAS
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
expect_error() {  # description expected-stderr-line command...
    local what="$1" want="$2"; shift 2
    expect_exit 2 "$what" "$@"
    [ "$(wc -l < "$WORK/err")" -eq 1 ] || fail "$what: the error should be one line: $(cat "$WORK/err")"
    grep -qxF -- "$want" "$WORK/err" || fail "$what: expected '$want', got '$(cat "$WORK/err")'"
}

# A chain 1 -> 2 -> 3 -> 4 and a loop 5 <-> 6.
mkdir -p "$WORK/facts"
printf '1\t2\n2\t3\n3\t4\n5\t6\n6\t5\n' > "$WORK/facts/edge.facts"
printf '2\n5\n' > "$WORK/sources.tsv"
printf '1\t4\n4\t1\n' > "$WORK/pairs.tsv"

# Reach from 2 and 5 only: the rows of Reach.csv whose first column is 2 or 5. The demand
# (magic_Reach_bf) is 2, 3, 4 reached from 2 and 5, 6 from 5.
expect_exit 0 "demand run" "$GALIAS" run reach -F "$WORK/facts" -D "$WORK/out1" --demand 'Reach(b,f):'"$WORK/sources.tsv" --backend cpu
[ "$(sort "$WORK/out1/Reach.csv" | tr '\t\n' ' ;')" = "2 3;2 4;5 5;5 6;" ] ||
    fail "Reach.csv should hold 2->3, 2->4, 5->5, 5->6: $(cat "$WORK/out1/Reach.csv")"
[ "$(ls "$WORK/out1")" = "Reach.csv" ] || fail "only the queried relation is written: $(ls "$WORK/out1")"

# Two demands on one relation, -D - prints the answers' size.
expect_exit 0 "two demands" "$GALIAS" run reach -F "$WORK/facts" -D - --backend cpu \
    --demand 'Reach(b,f):'"$WORK/sources.tsv" --demand 'Reach( b , b ):'"$WORK/pairs.tsv"
grep -qx $'Reach\t5' "$WORK/out" || fail "-D - should print 'Reach<TAB>5': $(cat "$WORK/out")"

# An all-free demand is the whole relation (a full run's 9 + 4 tuples).
expect_exit 0 "all free" "$GALIAS" run reach -F "$WORK/facts" -D - --backend cpu --demand 'Reach(f,f)'
grep -qx $'Reach\t10' "$WORK/out" || fail "Reach(f,f) should print the full size 10: $(cat "$WORK/out")"

# --stats: the engine's statistics and the demand's size, per magic relation.
expect_exit 0 "stats" "$GALIAS" run reach -F "$WORK/facts" -D - --backend cpu --stats --demand 'Reach(b,f):'"$WORK/sources.tsv"
grep -q "^demand: 2 queries run; 5 demand tuples in 1 magic relations" "$WORK/err" || fail "--stats demand line: $(cat "$WORK/err")"
grep -qx $'  magic_Reach_bf\t5' "$WORK/err" || fail "--stats magic relation size: $(cat "$WORK/err")"

# --explain: the rewritten program, then its plan.
expect_exit 0 "explain" "$GALIAS" run reach --explain --backend cpu --demand 'Reach(b,f):'"$WORK/sources.tsv"
grep -qx "magic_Reach_bf(z) :- sup_Reach_bf_2_2(x, z)." "$WORK/out" || fail "--explain shows no magic rule: $(cat "$WORK/out")"
expect_exit 0 "explain, plain" "$GALIAS" run reach --explain --backend cpu --demand-plain --demand 'Reach(b,f):'"$WORK/sources.tsv"
grep -qx "magic_Reach_bf(z) :- magic_Reach_bf(x), edge(x, z)." "$WORK/out" || fail "--demand-plain shows no plain magic rule: $(cat "$WORK/out")"
grep -q "join full edge" "$WORK/out" || fail "--explain shows no plan: $(cat "$WORK/out")"
expect_exit 0 "explain with facts" "$GALIAS" run reach --explain --backend cpu -F "$WORK/facts" --demand 'Reach(b,f):'"$WORK/sources.tsv"
grep -q "^bound to cpu .*, value bound" "$WORK/out" || fail "--explain -F binds no value bound: $(cat "$WORK/out")"

# Errors: exit 2, one line, located: --demand:N:COLUMN for the spec (the N-th --demand),
# FILE:LINE for the query file.
Q="$WORK/sources.tsv"
expect_error "no parenthesis" "--demand:1:6: error: expected '(' after the relation name; a demand is RELATION(b|f, ...)[:FILE]" \
    "$GALIAS" run reach -F "$WORK/facts" --demand "Reach:$Q"
expect_error "bad letter" "--demand:2:9: error: expected 'b' (bound) or 'f' (free) for column 2, found 'x'" \
    "$GALIAS" run reach -F "$WORK/facts" --demand "Reach(b,f):$Q" --demand "Reach(b,x):$Q"
expect_error "unknown relation" "--demand:1:1: error: unknown relation 'Rech' in a demand (no .decl)" \
    "$GALIAS" run reach -F "$WORK/facts" --demand "Rech(b,f):$Q"
expect_error "wrong arity" "--demand:1:1: error: relation 'Reach' has 2 columns but the demand 1 (one 'b' or 'f' a column)" \
    "$GALIAS" run reach -F "$WORK/facts" --demand "Reach(b):$Q"
expect_error "no file" "--demand:1:11: error: the demand binds columns: name the file of their values, RELATION(...):FILE" \
    "$GALIAS" run reach -F "$WORK/facts" --demand "Reach(b,f)"
expect_error "file for all free" "--demand:1:11: error: an all-free demand asks for the whole relation and takes no file" \
    "$GALIAS" run reach -F "$WORK/facts" --demand "Reach(f,f):$Q"
printf '1\n2\t3\n' > "$WORK/bad.tsv"
expect_error "malformed query file" "$WORK/bad.tsv:2: error: expected 1 columns, found more" \
    "$GALIAS" run reach -F "$WORK/facts" -D "$WORK/out2" --demand "Reach(b,f):$WORK/bad.tsv"
[ -e "$WORK/out2" ] && fail "a failed run created -D"
printf '1\nx\n' > "$WORK/word.tsv"
expect_exit 2 "not a number" "$GALIAS" run reach -F "$WORK/facts" --demand "Reach(b,f):$WORK/word.tsv"
grep -q "word.tsv:2:1: error: column 1: 'x' is not a number\|word.tsv:2: error: .*'x' is not a number" "$WORK/err" ||
    fail "not a number message: $(cat "$WORK/err")"
expect_exit 2 "missing query file" "$GALIAS" run reach -F "$WORK/facts" --demand "Reach(b,f):$WORK/none.tsv"
grep -q "none.tsv: error: .*query file" "$WORK/err" || fail "missing query file message: $(cat "$WORK/err")"
expect_exit 2 "demand with batch" "$GALIAS" run --batch "$WORK/none.txt" --demand "Reach(b,f):$Q"

if [ "$failures" -ne 0 ]; then echo "$failures failure(s)"; exit 1; fi
echo "all galias run --demand checks passed"
