#!/usr/bin/env bash
# Runs galias on the bundled example (after scripts/build.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR="${GALIAS_BUILD_DIR:-build}"
echo "== galias run reach on examples/graphs/small (transitive closure) =="
"$BUILD_DIR/galias" run reach -F examples/graphs/small -D - --stats
