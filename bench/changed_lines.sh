#!/usr/bin/env bash
# A pull request's check: the time of `galias check --changed-lines` after one `.c` file of a
# corpus project is edited, with the unit cache of the unedited tree warm, against a full
# check of the edited tree; and whether its findings are the full check's that touch the
# changed lines. Prints one row per project.
#
#   bench/changed_lines.sh [--cache DIR] [--galias PATH] [-j N] PROJECT:FILE...
#
#   PROJECT:FILE  a prepared corpus project (bench/corpus/prepare.sh) and a file of it,
#                 relative to its source tree, that gets a new function at its end (a
#                 release of a local's address: one finding on the changed lines); the file
#                 is restored afterwards
#   --cache DIR   corpus cache (default $GALIAS_CORPUS_CACHE or ~/.cache/galias-corpus)
#
# Columns: project, file, seconds of the warm-up check (filling the unit cache), of the
# full check of the edited tree and of the check of its changed lines (each with the
# cache warm, whole process), findings of each (the full check's every level), the full
# check's findings that touch the changed lines, and whether the changed-lines check
# reported exactly those.
set -euo pipefail
REPO="$(cd "$(dirname "$0")/.." && pwd)"
CACHE="${GALIAS_CORPUS_CACHE:-$HOME/.cache/galias-corpus}"
GALIAS="${GALIAS:-$REPO/build/galias}"
JOBS=2
while [ $# -gt 0 ]; do
    case "$1" in
        --cache) CACHE="$2"; shift 2 ;;
        --galias) GALIAS="$2"; shift 2 ;;
        -j) JOBS="$2"; shift 2 ;;
        -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
        *) break ;;
    esac
done
[ $# -gt 0 ] || { echo "changed_lines: name at least one PROJECT:FILE" >&2; exit 2; }
WORK="$(mktemp -d)"
RESTORE=""
cleanup() {
    if [ -n "$RESTORE" ]; then cp "$WORK/original" "$RESTORE"; fi
    rm -rf "$WORK"
}
trap cleanup EXIT

seconds() {  # seconds of the command, whole process
    local start end
    start=$(date +%s.%N)
    "$@"
    end=$(date +%s.%N)
    python3 -c "print(f'{$end - $start:.1f}')"
}

count() { python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["findings"]))' "$1"; }

printf 'project\tfile\twarm_s\tfull_s\tchanged_s\tfull_findings\tchanged_findings\tfull_on_changed_lines\tsame\n'
for spec in "$@"; do
    project="${spec%%:*}"
    file="${spec#*:}"
    src="$CACHE/$project/src"
    [ -f "$src/compile_commands.json" ] || { echo "changed_lines: $project is not prepared" >&2; exit 2; }
    [ -f "$src/$file" ] || { echo "changed_lines: no $src/$file" >&2; exit 2; }
    units="$WORK/$project-units"
    common=(check -p "$src" --source-root "$src" --cache "$units" -q -j "$JOBS" --fail-on none
            --summary-level note --format json)
    warm=$(seconds "$GALIAS" "${common[@]}" -o "$WORK/warm.json")

    cp "$src/$file" "$WORK/original"
    RESTORE="$src/$file"
    cat >> "$src/$file" <<'EOF'

void galias_bench_changed_lines(void);
void galias_bench_changed_lines(void)
{
	char on_the_stack[8];
	char *p = on_the_stack;
	free(p);
}
EOF
    (cd "$src" && diff -u --label "a/$file" --label "b/$file" "$WORK/original" "$file" > "$WORK/change.diff" || true)
    full=$(seconds "$GALIAS" "${common[@]}" -o "$WORK/full.json")
    changed=$(seconds "$GALIAS" "${common[@]}" --changed-lines "$WORK/change.diff" -o "$WORK/changed.json")
    cp "$WORK/original" "$src/$file"
    RESTORE=""

    # The full check's findings on the added lines (the new function's), by place.
    first=$(($(wc -l < "$WORK/original") + 1))
    on_lines=$(python3 - "$WORK/full.json" "$file" "$first" <<'EOF'
import json, sys
findings = json.load(open(sys.argv[1]))["findings"]
print(sum(f["file"].endswith(sys.argv[2]) and f["line"] >= int(sys.argv[3]) for f in findings))
EOF
)
    same=$(python3 - "$WORK/full.json" "$WORK/changed.json" "$file" "$first" <<'EOF'
import json, sys
key = lambda f: (f["rule"], f["level"], f["file"], f["line"], f["column"], f["message"])
full = [key(f) for f in json.load(open(sys.argv[1]))["findings"]
        if f["file"].endswith(sys.argv[3]) and f["line"] >= int(sys.argv[4])]
changed = [key(f) for f in json.load(open(sys.argv[2]))["findings"]]
print("yes" if sorted(full) == sorted(changed) else "no")
EOF
)
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$project" "$file" "$warm" "$full" "$changed" \
        "$(count "$WORK/full.json")" "$(count "$WORK/changed.json")" "$on_lines" "$same"
done
