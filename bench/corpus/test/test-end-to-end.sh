#!/usr/bin/env bash
# Tests bench/end_to_end.sh without the real galias: argument handling, corpus discovery,
# and the plumbing of every column, using test/fake-galias and a fake corpus cache.
#   bench/corpus/test/test-end-to-end.sh        (prints "ok" lines; exit 1 on a failure)
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
E2E="$HERE/../../end_to_end.sh"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fails=0
check() {  # check NAME CONDITION...
    local name="$1"; shift
    if "$@"; then echo "ok: $name"; else echo "FAIL: $name"; fails=$((fails + 1)); fi
}
not() { ! "$@"; }

# A fake cache: two ready projects, one failed, one directory without prepare.tsv.
mk() {  # mk PROJECT STATUS TUS LINES
    mkdir -p "$TMP/cache/$1/src"
    printf 'project\t%s\nversion\t1.0-1\nstatus\t%s\nbuild_dir\t%s\ntus\t%s\nlines\t%s\ntotal_s\t1.5\n' \
        "$1" "$2" "$TMP/cache/$1/src" "$3" "$4" >"$TMP/cache/$1/prepare.tsv"
}
mk big ok 20 9000
mk small ok 2 100
mk broken failed:build 0 0
mkdir -p "$TMP/cache/empty"

rc=0; "$E2E" -k x >/dev/null 2>&1 || rc=$?
check "bad -k is a usage error" [ "$rc" = 2 ]
rc=0; "$E2E" --backend tpu >/dev/null 2>&1 || rc=$?
check "bad --backend is a usage error" [ "$rc" = 2 ]
rc=0; "$E2E" --nope >/dev/null 2>&1 || rc=$?
check "unknown option is a usage error" [ "$rc" = 2 ]
rc=0; "$E2E" --cache "$TMP/none" >/dev/null 2>&1 || rc=$?
check "missing cache is a usage error" [ "$rc" = 2 ]

list=$("$E2E" --cache "$TMP/cache" --list)
check "--list shows ready projects, smallest first" \
    [ "$(echo "$list" | awk 'NR > 1 { printf "%s ", $1 }')" = "small big " ]

out=$("$E2E" --cache "$TMP/cache" --galias "$HERE/fake-galias" --dry-run -k 1 --backend cpu small 2>&1)
check "--dry-run prints the frontend command" grep -q 'facts -p .*small/src -o .* -j 2 --context-k 1' <<<"$out"
check "--dry-run prints the engine command" grep -q 'run cspa_linear -F .*/facts/cspa -D - --backend cpu -j 2' <<<"$out"
check "--dry-run writes nothing" [ ! -e "$TMP/out" ]

"$E2E" --cache "$TMP/cache" --galias "$HERE/fake-galias" --out "$TMP/out" -k 0,1 \
    --backend cpu,cuda >"$TMP/table" 2>"$TMP/log"
R="$TMP/out/results.tsv"
check "one row per project, k and backend" [ "$(($(wc -l <"$R") - 1))" = 8 ]
row=$(awk -F'\t' '$1 == "small" && $2 == 1 && $3 == "cpu"' "$R")
IFS=$'\t' read -r -a c <<<"$row"
check "corpus columns (TUs, lines)" [ "${c[3]} ${c[4]}" = "2 100" ]
check "fact counts" [ "${c[5]} ${c[6]} ${c[7]} ${c[8]} ${c[9]}" = "3 1 2 1 0" ]
check "clones from stats.tsv" [ "${c[10]}" = 7 ]
check "output sizes" [ "${c[11]} ${c[12]} ${c[13]} ${c[14]}" = "6 9 4 3" ]
check "stage seconds: measured, report from analyze's checks time" \
    grep -Eq '^[0-9.]+ [0-9.]+ 0.050 [0-9.]+$' <<<"${c[15]} ${c[16]} ${c[17]} ${c[18]}"
check "analyze reads the frontend's facts" grep -q 'analyze --facts .*/small/k1/facts --sarif' "$TMP/out/small/k1/analyze-cpu.log.time"
check "peak memory" grep -Eq '^[0-9]+$' <<<"${c[19]}"
check "findings per check" [ "${c[20]}" = "overlapping-copy=1,restrict-alias=2" ]
check "no notes when all went well" [ -z "${c[21]:-}" ]
check "the failed project is not run" not grep -q broken "$R"
check "a table is printed" grep -q '^project  *k  *backend' "$TMP/table"

FAKE_CUDA_DIFFERS=1 FAKE_NO_ANALYZE=1 "$E2E" --cache "$TMP/cache" --galias "$HERE/fake-galias" \
    --out "$TMP/out2" -k 0 --backend cpu,cuda small >/dev/null 2>"$TMP/log2"
row=$(awk -F'\t' '$3 == "cuda"' "$TMP/out2/results.tsv")
check "differing CSPA sizes between backends are flagged" grep -q 'CSPA-SIZES-DIFFER-FROM-cpu' <<<"$row"
check "a missing subcommand is reported" grep -q "no 'analyze' subcommand" "$TMP/log2"
check "its columns read '-'" [ "$(cut -f 19,21 <<<"$row")" = "-	-" ]

FAKE_NO_FACTS=1 "$E2E" --cache "$TMP/cache" --galias "$HERE/fake-galias" --out "$TMP/out4" \
    -k 1 --backend cpu small >/dev/null 2>"$TMP/log4"
row=$(tail -1 "$TMP/out4/results.tsv")
IFS=$'\t' read -r -a c <<<"$row"
check "without facts: analyze -p runs the frontend" grep -q 'analyze -p .*small/src -k 1' "$TMP/out4/small/k1/analyze-cpu.log.time"
check "without facts: cells from analyze --stats" \
    [ "${c[5]} ${c[9]} ${c[10]} ${c[11]} ${c[14]} ${c[15]} ${c[16]} ${c[17]}" = "30 4 11 60 30 0.120 0.200 0.050" ]
check "without facts: noted as such" grep -q 'stats:assign' <<<"${c[21]}"

out=$("$E2E" --cache "$TMP/cache" --galias "$HERE/fake-galias" --dry-run -k 0 --backend cpu \
    --stages engine small 2>&1)
check "--stages engine runs no frontend" not grep -q 'facts -p' <<<"$out"
rc=0; "$E2E" --cache "$TMP/cache" --stages parse small >/dev/null 2>&1 || rc=$?
check "bad --stages is a usage error" [ "$rc" = 2 ]

FAKE_RUN_SLEEP=5 "$E2E" --cache "$TMP/cache" --galias "$HERE/fake-galias" --out "$TMP/out6" \
    --timeout 1 -k 0 --backend cpu small >/dev/null 2>&1
check "a stage over --timeout is stopped and noted" \
    grep -q 'cspa:timeout andersen:timeout' "$TMP/out6/results.tsv"

rc=0
FAKE_RUN_SLEEP=120 timeout 5 "$E2E" --cache "$TMP/cache" --galias "$HERE/fake-galias" \
    --out "$TMP/out5" -k 0 --backend cpu small >/dev/null 2>"$TMP/log5" || rc=$?
sleep 1
check "killed from outside: says so" grep -q 'interrupted' "$TMP/log5"
check "killed from outside: no stage left running" \
    not grep -qF "$TMP/out5" <<<"$(ps -eo args)"

"$E2E" --cache "$TMP/cache" --galias /nonexistent --out "$TMP/out3" -k 0 --backend cpu small \
    >/dev/null 2>"$TMP/log3"
check "without galias: a clear message" grep -q 'no galias binary' "$TMP/log3"
check "without galias: corpus columns still printed" \
    [ "$(cut -f 1,4,5,22 "$TMP/out3/results.tsv" | tail -1)" = "small	2	100	no-galias" ]

[ "$fails" = 0 ] || { echo "$fails check(s) failed"; exit 1; }
echo "all end_to_end.sh checks passed"
