#!/usr/bin/env bash
# Fetches, configures and builds corpus projects from Debian source packages and records a
# compile_commands.json for each with bear. See docs/CORPUS.md.
#
#   prepare.sh [--cache DIR] [--jobs N] [--force] [--no-deps] all | PROJECT...
#
#   --cache DIR  where everything goes (default $GALIAS_CORPUS_CACHE or ~/.cache/galias-corpus)
#   --jobs N     parallel make jobs (default 2, for a small shared machine)
#   --force      rebuild from a fresh unpack even if the project is already built
#   --refilter   only filter compile_commands.raw.json again (after editing the drop
#                lists in projects.sh) and verify; no rebuild
#   --no-deps    do not install build dependencies (install-build-deps.sh needs root)
#
# Per project, CACHE/PROJECT/ holds download/ (the .dsc and tarballs), src/ (the unpacked,
# Debian-patched tree; src/compile_commands.json: the BUILD_DIR to give galias -p),
# logs/, state/ (one stamp per finished step, holding its seconds) and prepare.tsv
# (results). Steps already stamped are skipped, so a re-run resumes where a failure or an
# interrupt stopped. A project that fails is reported with its log and the next one runs;
# the exit status is 1 if any failed.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=projects.sh
source "$HERE/projects.sh"

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit "${1:-0}"; }

CACHE="${GALIAS_CORPUS_CACHE:-$HOME/.cache/galias-corpus}"
JOBS=2
FORCE=0
REFILTER=0
DEPS=1
projects=()
while [ $# -gt 0 ]; do
    case "$1" in
        --cache) CACHE="${2:?--cache needs a directory}"; shift 2 ;;
        --cache=*) CACHE="${1#*=}"; shift ;;
        --jobs) JOBS="${2:?--jobs needs a number}"; shift 2 ;;
        --jobs=*) JOBS="${1#*=}"; shift ;;
        --force) FORCE=1; shift ;;
        --refilter) REFILTER=1; shift ;;
        --no-deps) DEPS=0; shift ;;
        -h|--help) usage 0 ;;
        -*) echo "prepare: unknown option $1" >&2; usage 2 >&2 ;;
        all) projects+=("${CORPUS_PROJECTS[@]}"); shift ;;
        *) if ! project_known "$1"; then
               echo "prepare: unknown project '$1' (known: ${CORPUS_PROJECTS[*]})" >&2; exit 2
           fi
           projects+=("$1"); shift ;;
    esac
done
[ ${#projects[@]} -gt 0 ] || usage 2 >&2
case "$JOBS" in ''|*[!0-9]*|0) echo "prepare: --jobs needs a positive number" >&2; exit 2 ;; esac
mkdir -p "$CACHE"
CACHE="$(cd "$CACHE" && pwd)"

# The compiler and flags the recipes use (projects.sh explains the defaults).
export CC="${CORPUS_CC:-clang}" CFLAGS="${CORPUS_CFLAGS:--O0 -g0}" JOBS
# Builds run at low priority: other builds and benchmarks may share the machine.
NICE=(nice -n 15)

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f\n", b - a }'; }
say() { echo "corpus: $P: $*"; }

# run_step STEP LOG CMD... : runs CMD with output to LOG; on success stamps STEP with its
# seconds, on failure prints the tail of LOG and returns 1.
run_step() {
    local step="$1" log="$2"; shift 2
    local t0 rc=0
    t0=$(now)
    say "$step ..."
    "$@" >"$log" 2>&1 || rc=$?
    if [ "$rc" -ne 0 ]; then
        say "$step FAILED (exit $rc); last lines of $log:"
        tail -n 20 "$log" | sed 's/^/    /'
        return 1
    fi
    elapsed "$t0" >"$STATE/$step"
    say "$step ok ($(cat "$STATE/$step") s)"
}

# Source versions of PACKAGE in the APT indices, newest first. Several can be listed (the
# release and a security update); the newest one is not always downloadable from the
# mirror, so fetch tries them in turn.
source_versions() {
    local v out=() i j t
    while read -r v; do out+=("$v"); done < <(apt-cache showsrc "$1" 2>/dev/null |
        awk -v pkg="$1" '/^Package:/ { p = $2 } /^Version:/ && p == pkg { print $2 }' | sort -u)
    for ((i = 0; i < ${#out[@]}; i++)); do        # selection sort in dpkg version order
        for ((j = i + 1; j < ${#out[@]}; j++)); do
            if dpkg --compare-versions "${out[j]}" gt "${out[i]}"; then
                t="${out[i]}"; out[i]="${out[j]}"; out[j]="$t"
            fi
        done
    done
    printf '%s\n' "${out[@]}"
}

fetch() {  # downloads the newest fetchable version into download/, records it in state/version
    local pkg="$1" v
    "$HERE/enable-deb-src.sh"
    local versions
    versions=$(source_versions "$pkg")
    if [ -z "$versions" ]; then
        echo "no source package '$pkg' in the APT indices (is deb-src enabled?)"
        return 1
    fi
    for v in $versions; do
        rm -rf "$DIR/download"
        mkdir -p "$DIR/download"
        echo "trying $pkg=$v"
        if (cd "$DIR/download" && apt-get source --download-only -q "$pkg=$v"); then
            echo "$v" >"$STATE/version"
            return 0
        fi
        echo "could not download $pkg=$v; trying an older version if any"
    done
    return 1
}

extract() {  # unpacks download/*.dsc into a fresh src/ (dpkg-source applies Debian's patches)
    local dsc
    dsc=$(ls "$DIR"/download/*.dsc)
    rm -rf "$DIR/src"
    "${NICE[@]}" dpkg-source -x "$dsc" "$DIR/src"
}

# Recipes run in a new bash (set -e holds inside them; it would not in a function called
# from an `if`), in the source tree.
recipe() {  # recipe FUNCTION
    (cd "$DIR/src" && "${NICE[@]}" bash -c 'set -euo pipefail; source "$1"; "$2"' \
        recipe "$HERE/projects.sh" "$1")
}
build() {
    local id="$1"
    echo "CC=$CC CFLAGS=$CFLAGS JOBS=$JOBS"
    (cd "$DIR/src" && "${NICE[@]}" bear --output "$DIR/src/compile_commands.raw.json" -- \
        bash -c 'set -euo pipefail; source "$1"; "$2"' recipe "$HERE/projects.sh" "build_$id") ||
        return 1  # explicit: set -e does not hold here (run_step calls us from an `||`)
    filter_compdb
}
# compile_commands.raw.json (all bear saw) -> compile_commands.json (the whole program).
filter_compdb() {
    local args=(--root "$DIR/src") g
    set -f  # the drop lists hold globs for compdb.py, not for the shell
    for g in ${CORPUS_DROP_FILES[$P]:-}; do args+=(--drop-file "$g"); done
    for g in ${CORPUS_DROP_OUTPUTS[$P]:-}; do args+=(--drop-output "$g"); done
    set +f
    # A database of several programs keeps a file compiled again with other flags.
    if [ -n "${CORPUS_PROGRAMS[$P]:-}" ]; then args+=(--keep-variants); fi
    python3 "$HERE/compdb.py" filter "${args[@]}" \
        "$DIR/src/compile_commands.raw.json" "$DIR/src/compile_commands.json"
}

seconds_of() { echo "$(cat "$STATE/$1" 2>/dev/null || echo 0)"; }

write_results() {  # write_results STATUS [VERIFY_OUTPUT]
    local status="$1" verify="${2:-}" total
    total=$(for s in fetch deps extract configure build; do seconds_of $s; done |
        awk '{ t += $1 } END { printf "%.1f", t }')
    {
        printf 'project\t%s\n' "$P"
        printf 'package\t%s\n' "$(project_package "$P")"
        printf 'version\t%s\n' "$(cat "$STATE/version" 2>/dev/null || echo -)"
        printf 'status\t%s\n' "$status"
        printf 'build_dir\t%s\n' "$DIR/src"
        printf '%s\n' "$verify" | grep -v '^$' || true
        for s in fetch deps extract configure build; do
            printf '%s_s\t%s\n' "$s" "$(seconds_of $s)"
        done
        printf 'total_s\t%s\n' "$total"
        printf 'cc\t%s\n' "$CC"
        printf 'cflags\t%s\n' "$CFLAGS"
        printf 'prepared_at\t%s\n' "$(date -u +%FT%TZ)"
    } >"$DIR/prepare.tsv.tmp"
    mv "$DIR/prepare.tsv.tmp" "$DIR/prepare.tsv"
}

prepare_one() {
    local id pkg verify
    id=$(project_id "$P")
    pkg=$(project_package "$P")
    mkdir -p "$DIR/logs" "$STATE"
    # One prepare per project at a time (two prepare.sh runs may share a cache).
    exec 9>"$DIR/.lock"
    if ! flock -n 9; then say "busy: another prepare.sh holds $DIR/.lock"; return 1; fi

    if [ "$FORCE" = 1 ]; then rm -f "$STATE"/{extract,configure,build}; fi
    [ -f "$STATE/fetch" ] || run_step fetch "$DIR/logs/fetch.log" fetch "$pkg" ||
        { write_results failed:fetch; return 1; }
    if [ "$DEPS" = 1 ] && [ ! -f "$STATE/deps" ]; then
        run_step deps "$DIR/logs/deps.log" "$HERE/install-build-deps.sh" "$P" ||
            { write_results failed:deps; return 1; }
    fi
    # extract, configure and build go together: a build that stopped half-way cannot be
    # resumed under bear (make would skip the objects already built and bear would not
    # see their compiler calls), so it starts again from a fresh unpack.
    if [ ! -f "$STATE/build" ]; then
        rm -f "$STATE"/{extract,configure}
        run_step extract "$DIR/logs/extract.log" extract || { write_results failed:extract; return 1; }
        run_step configure "$DIR/logs/configure.log" recipe "configure_$id" ||
            { write_results failed:configure; return 1; }
        run_step build "$DIR/logs/build.log" build "$id" || { write_results failed:build; return 1; }
        tail -n 1 "$DIR/logs/build.log" | sed "s/^/corpus: $P: /"
    elif [ "$REFILTER" = 1 ]; then
        # The drop lists changed: filter the recorded database again, no rebuild.
        filter_compdb | sed "s/^/corpus: $P: /"
    fi
    local vargs=()
    if [ -n "${CORPUS_PROGRAMS[$P]:-}" ]; then vargs=(--allow-variants); fi
    if ! verify=$(python3 "$HERE/compdb.py" verify "${vargs[@]}" "$DIR/src" 2>"$DIR/logs/verify.log"); then
        say "verify FAILED:"; sed 's/^/    /' "$DIR/logs/verify.log"
        write_results failed:verify "$verify"
        return 1
    fi
    write_results ok "$verify"
    say "ready: $(awk -F'\t' '$1 == "tus" || $1 == "lines" || $1 == "total_s" { printf "%s %s  ", $1, $2 }' \
        "$DIR/prepare.tsv")build dir $DIR/src"
}

failed=()
for P in "${projects[@]}"; do
    DIR="$CACHE/$P"
    STATE="$DIR/state"
    # A subshell per project: a failure ends that project only, and set -e holds inside.
    set +e
    ( set -e; prepare_one )
    rc=$?
    set -e
    [ "$rc" -eq 0 ] || failed+=("$P")
done
if [ ${#failed[@]} -gt 0 ]; then
    echo "corpus: FAILED: ${failed[*]} (see CACHE/PROJECT/logs; cache: $CACHE)"
    exit 1
fi
echo "corpus: all ready (cache: $CACHE)"
