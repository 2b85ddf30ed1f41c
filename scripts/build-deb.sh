#!/usr/bin/env bash
# Builds the Debian package of galias into OUTPUT_DIR (default: ./out/deb) and prints its
# control fields. Usage: scripts/build-deb.sh [OUTPUT_DIR]
#
# The build goes into $GALIAS_BUILD_DIR (default ./build-deb), Release, without the tests;
# an existing build directory is reused as it is configured (scripts/build.sh's ./build,
# say). The CUDA backend is compiled when nvcc is found, as in scripts/build.sh; set
# GALIAS_CUDA=OFF for a CPU-only package and CMAKE_CUDA_ARCHITECTURES (default 90) for other
# GPUs. Needs dpkg-dev (dpkg-shlibdeps), which scripts/install-deps.sh installs.
set -euo pipefail
cd "$(dirname "$0")/.."
OUTPUT_DIR="$(realpath -m "${1:-out/deb}")"
BUILD_DIR="${GALIAS_BUILD_DIR:-build-deb}"
JOBS="${GALIAS_BUILD_JOBS:-$(nproc)}"

CONFIGURE=()
if [ ! -f "$BUILD_DIR/CMakeCache.txt" ]; then
    CONFIGURE=(-DCMAKE_BUILD_TYPE=Release -DGALIAS_BUILD_TESTS=OFF)
    if command -v ninja >/dev/null 2>&1; then CONFIGURE+=(-G Ninja); fi
fi
if [ -n "${GALIAS_CUDA:-}" ]; then CONFIGURE+=("-DGALIAS_CUDA=$GALIAS_CUDA"); fi
if [ -n "${CMAKE_CUDA_ARCHITECTURES:-}" ]; then CONFIGURE+=("-DCMAKE_CUDA_ARCHITECTURES=$CMAKE_CUDA_ARCHITECTURES"); fi
cmake -S . -B "$BUILD_DIR" "${CONFIGURE[@]}"
cmake --build "$BUILD_DIR" -j "$JOBS"

mkdir -p "$OUTPUT_DIR"
# cpack writes its staging tree under -B as well; it is removed so only the package stays.
cpack --config "$BUILD_DIR/CPackConfig.cmake" -G DEB -B "$OUTPUT_DIR"
rm -rf "$OUTPUT_DIR/_CPack_Packages"
for deb in "$OUTPUT_DIR"/*.deb; do
    echo "== $deb ($(du -h "$deb" | cut -f1)) =="
    dpkg-deb --info "$deb"
done
