#!/usr/bin/env bash
# Runs galias on the bundled examples (after scripts/build.sh): the engine alone on a graph,
# then the whole pipeline (frontend -> engine -> checks) on examples/alias-demo.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR="${GALIAS_BUILD_DIR:-build}"
echo "== galias run reach on examples/graphs/small (transitive closure) =="
"$BUILD_DIR/galias" run reach -F examples/graphs/small -D - --stats

echo
echo "== galias analyze on examples/alias-demo (every check firing) =="
cmake -S examples/alias-demo -B "$BUILD_DIR/examples/alias-demo" >/dev/null
# analyze exits 0 with findings; `galias check` is the CI form (exit 1 on errors).
"$BUILD_DIR/galias" analyze -p "$BUILD_DIR/examples/alias-demo" \
  --config examples/alias-demo/.galias.toml --sarif "$BUILD_DIR/examples/alias-demo.sarif" --stats
echo "SARIF log: $BUILD_DIR/examples/alias-demo.sarif"
