#!/usr/bin/env bash
# Formats the C++ and CUDA sources with clang-format-14 and the repository's .clang-format,
# or checks that they are formatted (--check: lists the files that are not, exit 1).
#
#   scripts/format.sh [--check]
#
# Left alone: C test programs and example sources (their line numbers are part of what the
# tests expect) and the inputs of the robustness and fuzz tests.
set -euo pipefail
cd "$(dirname "$0")/.."
FORMAT="${CLANG_FORMAT:-clang-format-14}"
command -v "$FORMAT" >/dev/null || { echo "format: $FORMAT not found (scripts/install-deps.sh installs it)" >&2; exit 2; }
mapfile -t files < <(git ls-files '*.cpp' '*.hpp' '*.cu' '*.cuh' |
    grep -v -e '^examples/' -e '/fact_cases/' -e '^tests/checks/' -e '^tests/e2e' -e '/corpus/' -e '^tests/robustness/inputs/')
if [ "${1:-}" = --check ]; then
    bad=()
    for f in "${files[@]}"; do
        "$FORMAT" --dry-run --Werror "$f" >/dev/null 2>&1 || bad+=("$f")
    done
    if [ ${#bad[@]} -gt 0 ]; then
        printf 'not formatted (scripts/format.sh): %s\n' "${bad[@]}" >&2
        exit 1
    fi
    echo "format: ${#files[@]} files formatted"
else
    # Only the files that change: rewriting the others would make every build recompile them.
    for f in "${files[@]}"; do
        "$FORMAT" --dry-run --Werror "$f" >/dev/null 2>&1 || "$FORMAT" -i "$f"
    done
fi
