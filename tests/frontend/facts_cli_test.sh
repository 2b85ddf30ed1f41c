#!/usr/bin/env bash
# `galias facts` from the command line: exit codes, messages and the files it writes.
#   facts_cli_test.sh GALIAS
set -euo pipefail
GALIAS="$1"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
expect_rc() {  # expect_rc CODE DESCRIPTION -- COMMAND...
    local want="$1" what="$2"; shift 3
    set +e; "$@" >"$WORK/out" 2>"$WORK/err"; local rc=$?; set -e
    [ "$rc" = "$want" ] || { cat "$WORK/err" >&2; fail "$what: exit $rc, expected $want"; }
}
expect_err() { grep -q -- "$1" "$WORK/err" || { cat "$WORK/err" >&2; fail "stderr lacks: $1"; }; }

# A good project: exit 0, every file of the fact directory written.
mkdir -p "$WORK/good"
cat > "$WORK/good/a.c" <<'C'
#include <stdlib.h>
void *id(void *p) { return p; }
int main(void) { int x, y; void *a = id(&x), *b = id(&y); char *h = malloc(4); return a == b; }
C
cat > "$WORK/good/compile_commands.json" <<JSON
[{"directory": "$WORK/good", "file": "a.c", "command": "cc -O2 -c a.c -o a.o"}]
JSON
expect_rc 0 "good project" -- "$GALIAS" facts -p "$WORK/good" -o "$WORK/facts" --context-k 1
for f in cspa/assign.facts cspa/dereference.facts andersen/addressOf.facts andersen/assign.facts \
         andersen/load.facts andersen/store.facts symbols.tsv contexts.tsv calls.tsv assign_sites.tsv \
         stats.tsv unmodelled.tsv; do
    [ -f "$WORK/facts/$f" ] || fail "missing $f"
done
expect_err "1 translation units (1 analysed, 0 failed, 0 skipped)"
grep -q $'^clones\t1$' "$WORK/facts/stats.tsv" || fail "k=1 should clone id once"
[ "$(wc -l < "$WORK/facts/contexts.tsv")" = 4 ] || fail "contexts.tsv: header + 3 contexts expected"
# The engine reads what the frontend wrote.
expect_rc 0 "galias run cspa on the facts" -- "$GALIAS" run cspa -F "$WORK/facts/cspa" -D "$WORK/out-cspa"
[ -s "$WORK/out-cspa/ValueAlias.csv" ] || fail "no ValueAlias output"

# k=0: no clones.
expect_rc 0 "k=0" -- "$GALIAS" facts -p "$WORK/good/compile_commands.json" -o "$WORK/facts0" --context-k 0 -q
grep -q $'^clones\t0$' "$WORK/facts0/stats.tsv" || fail "k=0 should not clone"
[ ! -s "$WORK/err" ] || fail "-q should print nothing"

# Arguments after -- reach the compiler.
cat > "$WORK/good/b.c" <<'C'
#ifndef NEEDED
#error NEEDED is not defined
#endif
int *b;
C
cat > "$WORK/good/compile_commands.json" <<JSON
[{"directory": "$WORK/good", "file": "b.c", "arguments": ["cc", "-c", "b.c"]}]
JSON
expect_rc 2 "missing define" -- "$GALIAS" facts -p "$WORK/good" -o "$WORK/f2"
expect_rc 0 "define after --" -- "$GALIAS" facts -p "$WORK/good" -o "$WORK/f2" -- -DNEEDED

# No compilation database.
expect_rc 2 "no database" -- "$GALIAS" facts -p "$WORK/nowhere" -o "$WORK/f3"
expect_err "compilation database not found"
mkdir -p "$WORK/empty"
expect_rc 2 "directory without database" -- "$GALIAS" facts -p "$WORK/empty" -o "$WORK/f3"
expect_err "no compile_commands.json in this directory"

# Malformed JSON: the position of the error.
mkdir -p "$WORK/malformed"
printf '[\n  {"directory": "/x",\n   "file": "a.c"\n   "arguments": ["cc"]}\n]\n' > "$WORK/malformed/compile_commands.json"
expect_rc 2 "malformed database" -- "$GALIAS" facts -p "$WORK/malformed" -o "$WORK/f4"
expect_err "compile_commands.json:4:4: error: malformed compilation database"
[ ! -d "$WORK/f4" ] || fail "nothing should be written for a malformed database"

# One TU that does not compile, one missing, one C++: the rest is analysed, exit 2.
mkdir -p "$WORK/mixed"
echo 'int x; int *ok = &x;' > "$WORK/mixed/ok.c"
printf 'int *broken = &nothing;\n' > "$WORK/mixed/broken.c"
echo 'int f();' > "$WORK/mixed/x.cpp"
cat > "$WORK/mixed/compile_commands.json" <<JSON
[{"directory": "$WORK/mixed", "file": "ok.c", "arguments": ["cc", "-c", "ok.c"]},
 {"directory": "$WORK/mixed", "file": "broken.c", "arguments": ["cc", "-c", "broken.c"]},
 {"directory": "$WORK/mixed", "file": "gone.c", "arguments": ["cc", "-c", "gone.c"]},
 {"directory": "$WORK/mixed", "file": "x.cpp", "arguments": ["c++", "-c", "x.cpp"]}]
JSON
expect_rc 2 "mixed project" -- "$GALIAS" facts -p "$WORK/mixed" -o "$WORK/f5"
expect_err "broken.c: error: does not compile (1 error); not analysed"
expect_err "broken.c:1:16: note: use of undeclared identifier 'nothing'"
expect_err "gone.c: error: source file listed in the compilation database does not exist"
expect_err "x.cpp: note: C++/Objective-C translation unit skipped"
expect_err "4 translation units (1 analysed, 2 failed, 1 skipped)"
grep -q $'\tok\t' "$WORK/f5/symbols.tsv" || fail "ok.c's facts should be written"

# Bad option values.
expect_rc 2 "bad --indirect-calls" -- "$GALIAS" facts -p "$WORK/mixed" -o "$WORK/f6" --indirect-calls guess
expect_rc 2 "bad --source-filter" -- "$GALIAS" facts -p "$WORK/mixed" -o "$WORK/f6" --source-filter '('
expect_err "bad source filter"
echo "facts_cli_test: all checks passed"
