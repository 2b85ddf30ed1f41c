#!/usr/bin/env bash
# clang-tidy with the repository's .clang-tidy over the product code: every .cpp file of
# frontend/, facts/, analyses/, gpu_engine/, reports/, pipeline/ and tools/ in the build's
# compile_commands.json (with the .cpp files CMake generates from those folders' .cpp.in
# templates), and the product headers they include. The tests, the benchmarks and the CUDA
# sources (.cu: their compile commands are nvcc's, which clang-tidy does not take) are
# left out. Prints the findings of each file that has any and exits 1 if there is one:
# every warning is an error (--warnings-as-errors), so a change that adds one fails
# scripts/test.sh.
#
#   scripts/lint.sh [BUILD_DIR]
#
# BUILD_DIR (default: $GALIAS_BUILD_DIR, else build) must be configured and built:
# tools/galias/version_text.cpp includes a header the build writes. GALIAS_LINT_JOBS sets
# how many files are linted at once (default: nproc); CLANG_TIDY the clang-tidy binary.
#
# Time: on two cores the whole run takes about four minutes, what scripts/test.sh can spend
# on it. Half of it is Clang parsing each unit's headers (Clang's own for the frontend,
# CLI11, toml++ and nlohmann/json for the command), the rest the checks walking them; so
# .clang-tidy leaves out the checks that cost the most and that the compilers' warnings or
# the naming rule already cover (docs/CONTRIBUTING.md, "Lint", has the measurements). A
# cache of clean results would not shorten CI, which starts from a clean clone.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$(pwd -P)"
BUILD_DIR="${1:-${GALIAS_BUILD_DIR:-build}}"
TIDY="${CLANG_TIDY:-clang-tidy-14}"
JOBS="${GALIAS_LINT_JOBS:-$(nproc)}"
command -v "$TIDY" >/dev/null || { echo "lint: $TIDY not found (scripts/install-deps.sh installs it)" >&2; exit 2; }
[ -f "$BUILD_DIR/compile_commands.json" ] || {
    echo "lint: $BUILD_DIR/compile_commands.json not found (scripts/build.sh writes it)" >&2
    exit 2
}
BUILD="$(cd "$BUILD_DIR" && pwd -P)"

# The product's translation units, the frontend's and the command's first: they take the
# longest, and started first they do not finish alone at the end.
mapfile -t files < <(python3 - "$ROOT" "$BUILD" <<'EOF'
import json, os, sys
root, build = os.path.realpath(sys.argv[1]), os.path.realpath(sys.argv[2])
product = ("frontend", "facts", "analyses", "gpu_engine", "reports", "pipeline", "tools")
found = set()
for entry in json.load(open(os.path.join(build, "compile_commands.json"))):
    path = os.path.realpath(os.path.join(entry["directory"], entry["file"]))
    if not path.endswith(".cpp"):
        continue
    # The build tree first: it may lie inside the source tree (./build).
    for base in (build, root):
        if path.startswith(base + os.sep):
            if os.path.relpath(path, base).split(os.sep)[0] in product:
                found.add(path)
            break
slow = ("frontend", "tools")
rank = lambda p: (os.path.relpath(p, root).split(os.sep)[0] not in slow, p)
print("\n".join(sorted(found, key=rank)))
EOF
)
[ ${#files[@]} -gt 0 ] || { echo "lint: no product sources in $BUILD/compile_commands.json" >&2; exit 2; }

# Findings in the product's headers are reported too (in each unit that includes them);
# those in Clang's, the libraries' and the system's headers are not.
escaped_root="$(printf '%s' "$ROOT" | sed 's/[][\.*^$+?(){}|/]/\\&/g')"
escaped_build="$(printf '%s' "$BUILD" | sed 's/[][\.*^$+?(){}|/]/\\&/g')"
HEADER_FILTER="^($escaped_root|$escaped_build)/(frontend|facts|analyses|gpu_engine|reports|pipeline|tools)/"

LOGS="$(mktemp -d)"
trap 'rm -rf "$LOGS"' EXIT
lint_one() {
    local log
    log="$LOGS/$(printf '%s' "${1#/}" | tr '/' '_').log"
    "$TIDY" -p "$BUILD" --quiet --warnings-as-errors='*' --header-filter="$HEADER_FILTER" "$1" >"$log" 2>&1 ||
        echo "$1" >>"$LOGS/failed"
}
export -f lint_one
export TIDY BUILD HEADER_FILTER LOGS

start=$SECONDS
printf '%s\0' "${files[@]}" | xargs -0 -n 1 -P "$JOBS" bash -c 'lint_one "$1"' lint_one
if [ -s "$LOGS/failed" ]; then
    while read -r f; do
        grep -v -E '^[0-9]+ (warnings?|errors?)( and [0-9]+ errors?)? (generated|treated as errors)\.?$' \
            "$LOGS/$(printf '%s' "${f#/}" | tr '/' '_').log" >&2 || true
    done < <(sort "$LOGS/failed")
    echo "lint: clang-tidy found problems in $(wc -l <"$LOGS/failed") of ${#files[@]} files (listed above)" >&2
    exit 1
fi
echo "lint: ${#files[@]} files, no findings ($((SECONDS - start)) s, $JOBS at once)"
