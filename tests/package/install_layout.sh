#!/usr/bin/env bash
# `cmake --install` into an empty prefix, then the installed galias on its own: the layout
# docs/INSTALL.md describes, `galias --version`'s fields, and a run of an installed rule
# set from outside the source and build trees (nothing is looked up there).
# Usage: install_layout.sh BUILD_DIR WORK_DIR
set -euo pipefail
BUILD_DIR="$1"
WORK_DIR="$2"
PREFIX="$WORK_DIR/prefix"
rm -rf "$WORK_DIR"
mkdir -p "$WORK_DIR"
cmake --install "$BUILD_DIR" --prefix "$PREFIX" >"$WORK_DIR/install.log"

problems=0
expect_file() {
    if [ ! -f "$PREFIX/$1" ]; then echo "missing: $PREFIX/$1"; problems=$((problems + 1)); fi
}
expect_file bin/galias
expect_file share/doc/galias/README.md
expect_file share/doc/galias/LICENSE
for doc in CLI CHECKS FAILURES INSTALL github-actions; do expect_file "share/doc/galias/docs/$doc.md"; done
expect_file share/doc/galias/examples/alias-demo/.galias.toml
expect_file share/doc/galias/examples/alias-demo/src/main.c
for program in cspa cspa_linear andersen reach sg; do expect_file "share/galias/analyses/$program.dl"; done
# Only the tool: no static libraries or headers of the internal libraries.
if find "$PREFIX" -name '*.a' -o -name '*.hpp' | grep -q .; then
    echo "libraries or headers installed:"; find "$PREFIX" -name '*.a' -o -name '*.hpp'
    problems=$((problems + 1))
fi

# The Debian copyright file belongs to the package (the `deb` component, which only CPack
# installs): share/doc/<package>/copyright, in Debian's machine-readable format.
if find "$PREFIX" -name copyright | grep -q .; then
    echo "cmake --install installed a copyright file:"; find "$PREFIX" -name copyright
    problems=$((problems + 1))
fi
cmake --install "$BUILD_DIR" --component deb --prefix "$WORK_DIR/deb" >>"$WORK_DIR/install.log"
copyright="$(find "$WORK_DIR/deb/share/doc" -name copyright)"
if [ "$(wc -l <<<"$copyright")" != 1 ] || ! grep -q '^galias\(-cuda\)\?/copyright$' <<<"${copyright#"$WORK_DIR/deb/share/doc/"}" ||
    [ "$(head -n 1 "$copyright")" != "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/" ] ||
    ! grep -q '^License: Apache-2.0$' "$copyright"; then
    echo "the deb component's copyright file: '$copyright' is not share/doc/galias*/copyright in the DEP-5 format"
    problems=$((problems + 1))
fi

cd "$WORK_DIR"  # away from the source tree
version="$("$PREFIX/bin/galias" --version)"
echo "$version"
for pattern in '^galias [0-9]+\.[0-9]+\.[0-9]+ \(commit ([0-9a-f]{12}(-dirty)?|unknown)\)$' '^backends: cpu(, cuda .*)?$' \
               '^frontend: (Clang [0-9.]+ .*|not compiled in .*)$'; do
    if ! grep -Eq "$pattern" <<<"$version"; then echo "--version has no line matching $pattern"; problems=$((problems + 1)); fi
done

mkdir -p graph
printf '1\t2\n2\t3\n3\t4\n' >graph/edge.facts
sizes="$("$PREFIX/bin/galias" run "$PREFIX/share/galias/analyses/reach.dl" -F graph -D - --backend cpu)"
if [ "$sizes" != "$(printf 'Reach\t6')" ]; then
    echo "installed reach.dl on a 4-node chain: expected 'Reach<TAB>6', got '$sizes'"
    problems=$((problems + 1))
fi
echo "install layout: $problems problems"
[ "$problems" = 0 ]
