#!/usr/bin/env bash
# Configures and builds galias into ./build (Release). Extra arguments go to cmake's configure.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR="${GALIAS_BUILD_DIR:-build}"
JOBS="${GALIAS_BUILD_JOBS:-$(nproc)}"
GENERATOR=()
if command -v ninja >/dev/null 2>&1 && [ ! -f "$BUILD_DIR/Makefile" ]; then GENERATOR=(-G Ninja); fi
cmake -S . -B "$BUILD_DIR" "${GENERATOR[@]}" -DCMAKE_BUILD_TYPE=Release "$@"
cmake --build "$BUILD_DIR" -j "$JOBS"
