#!/usr/bin/env bash
# Enables Debian source packages (deb-src) so that `apt-get source` and `apt-get build-dep`
# work. The machine's APT sources only list binary (`Types: deb`) entries; this writes a new
# deb822 file that mirrors each of them with `Types: deb-src` (same URIs, suites, keys, so the
# sources match the installed binaries exactly, e.g. the pinned snapshot). Existing files are
# left untouched. Idempotent: rewrites the same file and only runs `apt-get update` when it
# changed (or when no source index has been downloaded yet). Needs root (or sudo).
set -euo pipefail

OUT=/etc/apt/sources.list.d/galias-deb-src.sources
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
{
    echo "# Written by galias bench/corpus/enable-deb-src.sh: deb-src twins of the deb entries."
    for f in /etc/apt/sources.list.d/*.sources; do
        [ "$f" = "$OUT" ] && continue
        # deb822 paragraphs are separated by blank lines (awk paragraph mode: RS="").
        # Copy those whose Types is exactly "deb"; a paragraph that already lists deb-src
        # needs no twin.
        awk 'BEGIN { RS = ""; ORS = "\n\n" }
             /(^|\n)Types:[ \t]*deb[ \t]*(\n|$)/ {
                 sub(/Types:[ \t]*deb[ \t]*/, "Types: deb-src")
                 print
             }' "$f"
    done
} >"$tmp"

if ! grep -q '^Types: deb-src' "$tmp"; then
    echo "enable-deb-src: no 'Types: deb' entries found in /etc/apt/sources.list.d/*.sources" >&2
    exit 1
fi

changed=1
if [ -f "$OUT" ] && cmp -s "$tmp" "$OUT"; then changed=0; fi
if [ "$changed" = 1 ]; then
    $SUDO install -m 0644 "$tmp" "$OUT"
    echo "enable-deb-src: wrote $OUT"
fi
# Source indices live next to the binary ones as *_Sources; fetch them if missing.
if [ "$changed" = 1 ] || ! ls /var/lib/apt/lists/*_Sources* >/dev/null 2>&1; then
    $SUDO apt-get -o DPkg::Lock::Timeout=600 update -qq
fi
