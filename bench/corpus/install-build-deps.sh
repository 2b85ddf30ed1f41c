#!/usr/bin/env bash
# Installs the Debian packages that bench/corpus/prepare.sh needs to configure and build the
# corpus projects. Kept apart from scripts/install-deps.sh: only benchmarking needs these.
#
#   install-build-deps.sh [--full] [all | PROJECT...]
#
# Default: a minimal list per project, matching the configure options in projects.sh (we
# build one program per project with few optional features, not the Debian package).
# --full: `apt-get build-dep PROJECT` instead, i.e. everything the Debian package needs
# (docs tool chains included; ~200 packages for the first eight projects).
# Idempotent; needs root (or sudo). Also enables deb-src (for --full and for prepare.sh).
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=projects.sh
source "$HERE/projects.sh"

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
# Something else may run apt at the same time: wait for the dpkg lock instead of failing.
# shellcheck disable=SC2206  # $SUDO is "sudo" or nothing
APT=($SUDO apt-get -o DPkg::Lock::Timeout=600 -y -qq --no-install-recommends)

# Needed by prepare.sh itself: dpkg-source (dpkg-dev) to unpack source packages, bear to
# record compile_commands.json, clang as the compiler (the galias frontend is Clang, so the
# recorded flags are flags Clang accepts), make, GNU time for benchmarks.
COMMON=(dpkg-dev bear clang make time python3)

# Minimal build dependencies of the configurations in projects.sh.
declare -A DEPS=(
    [lua5.4]=""
    [zlib]=""
    [bzip2]=""
    [sqlite3]="tcl"                 # tclsh generates opcodes.h, shell.c, keywordhash.h ...
    [redis]="pkg-config"            # bundled deps (hiredis, lua, hdr_histogram), MALLOC=libc
    [nginx]="libpcre2-dev libssl-dev zlib1g-dev"
    [apache2]="libapr1-dev libaprutil1-dev libpcre2-dev libssl-dev zlib1g-dev libxml2-dev libnghttp2-dev libbrotli-dev"
    [postgresql-15]="libssl-dev zlib1g-dev perl"
    [libzstd]=""
    [jq]="autoconf automake libtool"
    [git]="zlib1g-dev libssl-dev"
    [libxml2]="autoconf automake libtool pkg-config zlib1g-dev liblzma-dev"
    [jansson]="autoconf automake libtool"
    [curl]="autoconf automake libtool pkg-config libssl-dev zlib1g-dev libnghttp2-dev"
    [libuv1]="cmake"
    [xz-utils]=""
    [gawk]=""
)

full=0
if [ "${1:-}" = "--full" ]; then full=1; shift; fi
if [ $# -eq 0 ] || [ "$1" = "all" ]; then set -- "${CORPUS_PROJECTS[@]}"; fi

packages=("${COMMON[@]}")
for p in "$@"; do
    if ! project_known "$p"; then
        echo "install-build-deps: unknown project '$p' (known: ${CORPUS_PROJECTS[*]})" >&2
        exit 2
    fi
    # shellcheck disable=SC2206  # the lists are space-separated package names
    packages+=(${DEPS[$p]:-})
done

"$HERE/enable-deb-src.sh"
"${APT[@]}" install "${packages[@]}"
if [ "$full" = 1 ]; then
    for p in "$@"; do
        "${APT[@]}" build-dep "$(project_package "$p")"
    done
fi
