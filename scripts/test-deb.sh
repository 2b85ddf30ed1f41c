#!/usr/bin/env bash
# Installs galias .deb packages into a fresh Debian 12 root, one after the other, and runs
# the bundled example with each: proves the package's dependencies resolve through apt on a
# bare system and that the installed tool works from its install prefix alone (no source
# tree, no build tree, no compiler: the example's compilation database is written here, as
# a build system would).
#
# Usage (root): scripts/test-deb.sh PACKAGE.deb...
#   GALIAS_TEST_ROOT=DIR  build the root there and keep it (default: a temporary directory,
#                         removed at the end); an existing root there is reused
#   GALIAS_MIRROR=URL     the Debian mirror (default http://deb.debian.org/debian)
#
# Per package: its control fields and copyright file, the libraries /usr/bin/galias needs
# (objdump -p; for galias-cuda none of the CUDA toolkit's, and not the driver's libcuda,
# which the root does not have), galias --version, analyze and check on the example, the
# installed reach.dl, and what `--backend cuda` says without an NVIDIA driver. Giving galias
# then galias-cuda also shows that the second replaces the first (Conflicts/Replaces).
# Not part of scripts/test.sh: debootstrap and the package downloads take minutes.
set -euo pipefail
[ $# -gt 0 ] || { echo "usage: scripts/test-deb.sh PACKAGE.deb..." >&2; exit 2; }
DEBS=()
for deb in "$@"; do DEBS+=("$(realpath "$deb")"); done
MIRROR="${GALIAS_MIRROR:-http://deb.debian.org/debian}"
if [ "$(id -u)" -ne 0 ]; then echo "test-deb.sh: needs root (debootstrap, chroot)" >&2; exit 2; fi

ROOT="${GALIAS_TEST_ROOT:-}"
KEEP_ROOT=1
if [ -z "$ROOT" ]; then ROOT="$(mktemp -d /var/tmp/galias-deb-root.XXXXXX)"; KEEP_ROOT=0; fi
chmod 755 "$ROOT"  # mktemp's 0700 would keep apt's _apt user out of the root's lists
cleanup() {
    for mount in "$ROOT/dev/pts" "$ROOT/proc"; do
        if mountpoint -q "$mount"; then umount "$mount"; fi
    done
    if [ "$KEEP_ROOT" = 0 ]; then rm -rf --one-file-system "$ROOT"; fi
}
trap cleanup EXIT

if [ ! -x "$ROOT/usr/bin/apt-get" ]; then
    if ! command -v debootstrap >/dev/null 2>&1; then
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap
    fi
    echo "== debootstrap --variant=minbase bookworm $ROOT $MIRROR =="
    debootstrap --variant=minbase bookworm "$ROOT" "$MIRROR" >"$ROOT.debootstrap.log" 2>&1 || {
        tail -n 20 "$ROOT.debootstrap.log" >&2
        exit 1
    }
    rm -f "$ROOT.debootstrap.log"
fi
cp /etc/resolv.conf "$ROOT/etc/resolv.conf"
mount -t proc proc "$ROOT/proc"
mkdir -p "$ROOT/dev/pts"
mount -t devpts devpts "$ROOT/dev/pts"  # apt's terminal log
in_root() { chroot "$ROOT" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@"; }
in_root apt-get update -qq
# objdump, to read what the installed binary needs (binutils is no dependency of galias).
in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends binutils \
    >"$ROOT/tmp/apt.log" 2>&1 || { tail -n 30 "$ROOT/tmp/apt.log" >&2; exit 1; }

cat >"$ROOT/tmp/galias-demo.sh" <<'DEMO'
set -eu
package="$1"
echo "\$ galias --version"
galias --version
echo "\$ objdump -p /usr/bin/galias | grep NEEDED"
objdump -p /usr/bin/galias | awk '$1 == "NEEDED" { print "  " $2 }'
if objdump -p /usr/bin/galias | awk '$1 == "NEEDED" { print $2 }' | grep -E '^lib(cuda|cudart|cublas|nvidia)'; then
    echo "the binary needs a CUDA library" >&2
    exit 1
fi
echo "\$ ldd /usr/bin/galias | grep -c 'not found'"
ldd /usr/bin/galias | grep -c 'not found' || true
echo "\$ head -n 8 /usr/share/doc/$package/copyright"
head -n 8 "/usr/share/doc/$package/copyright"
grep -q '^License: Apache-2.0' "/usr/share/doc/$package/copyright"
rm -rf /root/alias-demo
cp -r /usr/share/doc/galias/examples/alias-demo /root/alias-demo
cd /root/alias-demo
# The compilation database a build of the example would write (no compiler needed here).
{
    echo '['
    first=1
    for source in src/*.c; do
        [ $first = 1 ] || echo ','
        first=0
        printf '  {"directory": "%s", "file": "%s", "command": "cc -std=c11 -Iinclude -c %s"}' "$PWD" "$source" "$source"
    done
    echo
    echo ']'
} >compile_commands.json
echo "\$ galias analyze -p . --sarif alias-demo.sarif   # in a copy of /usr/share/doc/galias/examples/alias-demo"
galias analyze -p . --sarif alias-demo.sarif
echo "\$ galias check -p . --fail-on error -q; echo exit \$?"
status=0
galias check -p . --fail-on error -q >/dev/null || status=$?
echo "exit $status"
[ "$status" = 1 ]   # the example has errors: check must fail the build
echo "\$ galias run /usr/share/galias/analyses/reach.dl -F graph -D -   # the installed rule set, a 4-node chain"
mkdir -p graph
printf '1\t2\n2\t3\n3\t4\n' >graph/edge.facts
galias run /usr/share/galias/analyses/reach.dl -F graph -D -
echo "\$ galias run reach -F graph -D - --backend cuda; echo exit \$?   # this root has no NVIDIA driver"
status=0
galias run reach -F graph -D - --backend cuda 2>cuda.err || status=$?
cat cuda.err
echo "exit $status"
[ "$status" = 2 ]
if [ "$package" = galias-cuda ]; then
    grep -q 'libcuda.so.1 was not found' cuda.err
    galias --version | grep -q '^backends: cpu, cuda'
else
    grep -q 'built without the CUDA backend' cuda.err
fi
DEMO

for deb in "${DEBS[@]}"; do
    package="$(dpkg-deb --field "$deb" Package)"
    cp "$deb" "$ROOT/tmp/"
    echo "== apt-get install ./$(basename "$deb") in the clean root =="
    # With recommends, as a user's apt would (libc6-dev: the example's #include <string.h>).
    in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "/tmp/$(basename "$deb")" >"$ROOT/tmp/apt.log" 2>&1 || {
        tail -n 30 "$ROOT/tmp/apt.log" >&2
        exit 1
    }
    grep -E '^[0-9]+ upgraded|^Need to get|^After this operation|^Setting up galias|^Removing galias' "$ROOT/tmp/apt.log" || true
    in_root dpkg -s "$package" | grep -E '^(Package|Version|Depends|Recommends|Conflicts|Replaces|Provides):'
    echo "== the bundled example with the installed $package =="
    in_root sh /tmp/galias-demo.sh "$package"
    rm -f "$ROOT/tmp/$(basename "$deb")"
done
echo "\$ dpkg-query -W -f '\${Package} \${db:Status-Abbrev}\\n' 'galias*'"
in_root dpkg-query -W -f '${Package} ${db:Status-Abbrev}\n' 'galias*' || true
echo "== test-deb.sh: OK =="
