#!/usr/bin/env bash
# Tests bench/corpus/compdb.py (filter and verify) on a hand-made bear output.
#   bench/corpus/test/test-compdb.sh        (prints "ok" lines; exit 1 on a failure)
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
COMPDB="$HERE/../compdb.py"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fails=0
check() {
    local name="$1"; shift
    if "$@"; then echo "ok: $name"; else echo "FAIL: $name"; fails=$((fails + 1)); fi
}

mkdir -p "$T/src/tool" "$T/src/port"
printf 'int a;\n' >"$T/src/a.c"
printf 'int b;\nint c;\n' >"$T/src/b.c"
printf 'int main(void) { return 0; }\n' >"$T/src/tool/gen.c"
printf 'int p;\n' >"$T/src/port/p.c"
: >"$T/src/x.S"
cat >"$T/src/raw.json" <<EOF2
[
 {"directory": "$T/src", "file": "$T/src/a.c", "arguments": ["clang", "-cc1", "-Eonly", "a.c"]},
 {"directory": "$T/src", "file": "a.c", "arguments": ["clang", "-MM", "a.c"]},
 {"directory": "$T/src", "file": "a.c", "arguments": ["clang", "-c", "a.c", "-o", "a.o"], "output": "a.o"},
 {"directory": "$T/src", "file": "a.c", "arguments": ["clang", "-fPIC", "-c", "a.c", "-o", "a.pic.o"], "output": "a.pic.o"},
 {"directory": "$T/src", "file": "b.c", "arguments": ["clang", "-c", "b.c"]},
 {"directory": "$T/src", "file": "x.S", "arguments": ["clang", "-c", "x.S"]},
 {"directory": "$T/src/tool", "file": "gen.c", "arguments": ["clang", "gen.c", "-o", "gen"], "output": "gen"},
 {"directory": "$T/src/port", "file": "p.c", "arguments": ["clang", "-c", "p.c", "-o", "p.o"], "output": "p.o"},
 {"directory": "$T/src/port", "file": "p.c", "arguments": ["clang", "-c", "p.c", "-o", "p_srv.o"], "output": "p_srv.o"}
]
EOF2
out=$(python3 "$COMPDB" filter --root "$T/src" --drop-file 'tool/*.c' \
    --drop-output '^port/(?!.*_srv\.o$)' "$T/src/raw.json" "$T/src/compile_commands.json" 2>"$T/err")
check "filter summary" [ "$out" = "compdb: 9 entries recorded, 3 kept (not compiling: 2, not C: 1, drop-file: 1, drop-output: 1, duplicate: 1)" ]
kept=$(python3 -c "import json,sys; print(' '.join(e.get('output', e['file']).rsplit('/', 1)[-1] for e in json.load(open(sys.argv[1]))))" \
    "$T/src/compile_commands.json")
check "kept: the first real compile of a.c, b.c, the server variant of p.c" [ "$kept" = "a.o b.c p_srv.o" ]
check "duplicates are named" grep -q 'duplicate dropped: a.c -> .*a.pic.o' "$T/err"

v=$(python3 "$COMPDB" verify "$T/src")
check "verify counts TUs and lines" grep -q $'^tus\t3$' <<<"$v"
check "verify counts lines like wc -l" grep -q $'^lines\t4$' <<<"$v"
rm "$T/src/b.c"
rc=0; python3 "$COMPDB" verify "$T/src" >/dev/null 2>"$T/err2" || rc=$?
check "a listed file that is missing fails verify" [ "$rc" = 1 ]
check "and is named" grep -q 'listed but missing: .*b.c' "$T/err2"
echo '{"not": "a list"}' >"$T/src/compile_commands.json"
rc=0; python3 "$COMPDB" verify "$T/src" >/dev/null 2>&1 || rc=$?
check "a malformed database fails verify" [ "$rc" = 1 ]
rm "$T/src/compile_commands.json"
rc=0; python3 "$COMPDB" verify "$T/src" >/dev/null 2>&1 || rc=$?
check "a missing database fails verify" [ "$rc" = 1 ]

# A database of several programs (--keep-variants): a library built shared and static and
# a test program built against each. A file compiled again with other flags is kept; one
# compiled again with the same flags (only the object differs) is still a duplicate.
mkdir -p "$T/multi/test"
printf 'int lib;\n' >"$T/multi/lib.c"
printf 'int main(void) { return 0; }\n' >"$T/multi/test/run.c"
cat >"$T/multi/raw.json" <<EOF2
[
 {"directory": "$T/multi", "file": "lib.c", "arguments": ["clang", "-DSHARED", "-fPIC", "-MD", "-MT", "s/lib.o", "-MF", "s/lib.o.d", "-o", "s/lib.o", "-c", "$T/multi/lib.c"], "output": "s/lib.o"},
 {"directory": "$T/multi", "file": "lib.c", "arguments": ["clang", "-MD", "-MT", "a/lib.o", "-MF", "a/lib.o.d", "-o", "a/lib.o", "-c", "$T/multi/lib.c"], "output": "a/lib.o"},
 {"directory": "$T/multi", "file": "lib.c", "arguments": ["clang", "-MD", "-MT", "b/lib.o", "-MF", "b/lib.o.d", "-o", "b/lib.o", "-c", "lib.c"], "output": "b/lib.o"},
 {"directory": "$T/multi/test", "file": "run.c", "arguments": ["clang", "-DUSING_SHARED", "-c", "run.c", "-o", "run.o"], "output": "run.o"},
 {"directory": "$T/multi/test", "file": "run.c", "arguments": ["clang", "-c", "run.c", "-o", "run_a.o"], "output": "run_a.o"}
]
EOF2
out=$(python3 "$COMPDB" filter --root "$T/multi" --keep-variants "$T/multi/raw.json" \
    "$T/multi/compile_commands.json" 2>"$T/err3")
check "keep-variants: summary" [ "$out" = "compdb: 5 entries recorded, 4 kept (not compiling: 0, not C: 0, drop-file: 0, drop-output: 0, duplicate: 1; kept as variants (other flags): 2)" ]
check "keep-variants: the same flags with another object is a duplicate" grep -q 'duplicate dropped: lib.c -> .*b/lib.o' "$T/err3"
rc=0; python3 "$COMPDB" verify "$T/multi" >/dev/null 2>"$T/err4" || rc=$?
check "variants fail verify without --allow-variants" [ "$rc" = 1 ]
check "and verify says why" grep -q 'listed again with other flags' "$T/err4"
v=$(python3 "$COMPDB" verify --allow-variants "$T/multi")
check "verify --allow-variants accepts variants" grep -q $'^variants\t2$' <<<"$v"
check "tus count compile commands, files the distinct files" \
    [ "$(grep -E '^(tus|files|lines|duplicates)'$'\t' <<<"$v" | tr '\t\n' ': ')" = "tus:4 files:2 lines:2 duplicates:0 " ]
out=$(python3 "$COMPDB" filter --root "$T/multi" "$T/multi/raw.json" "$T/multi/one.json" 2>/dev/null)
check "without --keep-variants each file is kept once" [ "$out" = "compdb: 5 entries recorded, 2 kept (not compiling: 0, not C: 0, drop-file: 0, drop-output: 0, duplicate: 3)" ]
python3 - "$T/multi/raw.json" "$T/multi/compile_commands.json" <<'EOF3'
import json, sys
e = json.load(open(sys.argv[1]))
json.dump(e[1:3], open(sys.argv[2], "w"))   # the same flags twice, only the objects differ
EOF3
rc=0; python3 "$COMPDB" verify --allow-variants "$T/multi" >/dev/null 2>"$T/err5" || rc=$?
check "a file listed twice with the same flags fails verify even with --allow-variants" [ "$rc" = 1 ]
check "and is reported" grep -q 'listed twice with the same flags' "$T/err5"

[ "$fails" = 0 ] || { echo "$fails check(s) failed"; exit 1; }
echo "all compdb.py checks passed"
