#!/usr/bin/env bash
# Databases that build several programs (docs/FRONTEND.md, "Several programs in one
# database"), from the corpus's downloaded sources built the way upstream builds them:
#   zlib-all  ./configure && make all: libz.a, libz.so (every file again with -fPIC -DPIC),
#             example, minigzip, and example64/minigzip64 (-D_FILE_OFFSET_BITS=64)
#   lua-all   make linux: liblua.a, lua and luac
# Runs `galias check` with each binary given and prints one row per project and binary:
# database entries, programs found, findings by level, seconds and peak memory; then the
# findings (rule, file, line, level) that only one of the first two binaries reports.
#
#   bench/precision/link_units.sh [--cache DIR] [--work DIR] --galias PATH [--galias PATH]
#
#   --cache DIR   corpus cache holding PROJECT/download (default $GALIAS_CORPUS_CACHE or
#                 ~/.cache/galias-corpus; bench/corpus/prepare.sh fetches it)
#   --work DIR    where the sources are unpacked and built (default out/link-units)
# Needs bear and clang (bench/corpus/install-build-deps.sh).
set -euo pipefail
REPO="$(cd "$(dirname "$0")/../.." && pwd)"
usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit "${1:-0}"; }

CACHE="${GALIAS_CORPUS_CACHE:-$HOME/.cache/galias-corpus}"
WORK="$REPO/out/link-units"
binaries=()
need() { [ -n "${2:-}" ] || { echo "link_units: $1 needs a value" >&2; exit 2; }; }
while [ $# -gt 0 ]; do
    case "$1" in
        --cache) need "$1" "${2:-}"; CACHE="$2"; shift 2 ;;
        --work) need "$1" "${2:-}"; WORK="$2"; shift 2 ;;
        --galias) need "$1" "${2:-}"; binaries+=("$(realpath "$2")"); shift 2 ;;
        -h|--help) usage ;;
        *) echo "link_units: unknown argument '$1'" >&2; usage 2 ;;
    esac
done
[ ${#binaries[@]} -gt 0 ] || { echo "link_units: give at least one --galias" >&2; exit 2; }
for tool in bear clang; do
    command -v "$tool" >/dev/null || { echo "link_units: $tool is not installed" >&2; exit 2; }
done

# unpack PROJECT GLOB DIR: the orig tarball of the corpus download into DIR (fresh).
unpack() {
    local tarball
    tarball=$(ls "$CACHE/$1"/download/$2 2>/dev/null | head -n 1)
    [ -n "$tarball" ] || { echo "link_units: no $2 in $CACHE/$1/download (run bench/corpus/prepare.sh $1)" >&2; exit 2; }
    rm -rf "$3" && mkdir -p "$3"
    tar -xf "$tarball" -C "$3" --strip-components=1
}

build_zlib() {
    unpack zlib 'zlib_*.orig.tar.*' "$WORK/zlib-all"
    (cd "$WORK/zlib-all" && CC=clang CFLAGS="-O0 -g0" ./configure >/dev/null &&
        bear --output compile_commands.json -- make -j2 all >/dev/null 2>&1)
}

build_lua() {
    unpack lua5.4 'lua5.4_*.orig.tar.*' "$WORK/lua-all"
    (cd "$WORK/lua-all" && bear --output compile_commands.json -- \
        make -j2 linux CC=clang MYCFLAGS="-O0 -g0" MYLIBS= >/dev/null 2>&1)
}

mkdir -p "$WORK"
build_zlib
build_lua

printf 'project\tgalias\tentries\tprograms\terrors\twarnings\tnotes\tseconds\tpeak_MiB\n'
for project in zlib-all lua-all; do
    dir="$WORK/$project"
    entries=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))))' "$dir/compile_commands.json")
    for i in "${!binaries[@]}"; do
        out="$WORK/$project.$i"
        /usr/bin/time -f '%e %M' -o "$out.time" "${binaries[$i]}" check -p "$dir" --format json \
            --source-root "$dir" >"$out.json" 2>"$out.log" || [ $? -eq 1 ]
        programs=$(sed -n 's/.*the compilation database builds \([0-9]*\) programs.*/\1/p' "$out.log")
        read -r seconds kib <"$out.time"
        python3 - "$out.json" "$project" "${binaries[$i]}" "$entries" "${programs:-1}" "$seconds" "$kib" <<'EOF'
import collections, json, sys
path, project, binary, entries, programs, seconds, kib = sys.argv[1:]
levels = collections.Counter(f["level"] for f in json.load(open(path))["findings"])
print("\t".join([project, binary, entries, programs, str(levels["error"]), str(levels["warning"]),
                 str(levels["note"]), seconds, str(int(kib) // 1024)]))
EOF
    done
done

if [ ${#binaries[@]} -ge 2 ]; then
    for project in zlib-all lua-all; do
        python3 - "$WORK/$project.0.json" "$WORK/$project.1.json" "$project" <<'EOF'
import json, sys
first, second, project = sys.argv[1:]
def keys(path):
    return {(f["rule"], f["file"], f["line"], f["level"]): f["message"] for f in json.load(open(path))["findings"]}
a, b = keys(first), keys(second)
for key in sorted(a.keys() - b.keys()):
    print(f"{project}: only the first binary: {' '.join(map(str, key))}: {a[key]}")
for key in sorted(b.keys() - a.keys()):
    print(f"{project}: only the second binary: {' '.join(map(str, key))}: {b[key]}")
EOF
    done
fi
