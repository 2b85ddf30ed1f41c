#!/usr/bin/env bash
# The whole test suite, from a clean clone: installs dependencies, builds (the CUDA backend
# is compiled whenever nvcc is present), runs every CTest test. GPU tests skip with a
# message when no GPU is present. Used by .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-deps.sh
./scripts/build.sh
BUILD_DIR="${GALIAS_BUILD_DIR:-build}"
ctest --test-dir "$BUILD_DIR" --output-on-failure -j "$(nproc)" "$@"
