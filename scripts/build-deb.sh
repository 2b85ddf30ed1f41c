#!/usr/bin/env bash
# Builds a Debian package of galias into OUTPUT_DIR (default: ./out/deb) and prints its
# control fields.
#
#   scripts/build-deb.sh [--backend cpu|cuda] [OUTPUT_DIR]
#
#   --backend cpu   the package `galias`: the CPU backend, built with GALIAS_CUDA=OFF in
#                   ./build-deb-cpu
#   --backend cuda  the package `galias-cuda`: the CPU and CUDA backends, built with
#                   GALIAS_CUDA=ON in ./build-deb-cuda (nvcc: PATH or /usr/local/cuda). The
#                   CUDA runtime is linked in statically; the script checks that the packaged
#                   binary needs no CUDA library at run time (the driver's libcuda.so.1 is
#                   opened when a GPU is asked for)
#   (neither)       cuda when nvcc is found, else cpu
#
# The build is Release without the tests. GALIAS_BUILD_DIR reuses another build directory
# (scripts/build.sh's ./build, say): as it is configured when --backend is not given, else
# configured for that backend. CMAKE_CUDA_ARCHITECTURES (default 90) chooses the GPUs.
# Needs dpkg-dev (dpkg-shlibdeps) and binutils (objdump), which scripts/install-deps.sh
# installs.
set -euo pipefail
cd "$(dirname "$0")/.."
BACKEND=""
if [ "${1:-}" = --backend ]; then
    BACKEND="${2:?--backend needs cpu or cuda}"
    shift 2
fi
case "$BACKEND" in
    cpu | cuda | "") ;;
    *) echo "build-deb.sh: --backend must be cpu or cuda, not '$BACKEND'" >&2; exit 2 ;;
esac
OUTPUT_DIR="$(realpath -m "${1:-out/deb}")"
JOBS="${GALIAS_BUILD_JOBS:-$(nproc)}"

CONFIGURE=()
if [ -n "$BACKEND" ]; then
    CONFIGURE+=("-DGALIAS_CUDA=$([ "$BACKEND" = cuda ] && echo ON || echo OFF)")
elif [ -z "${GALIAS_BUILD_DIR:-}" ]; then
    BACKEND=cpu
    if command -v nvcc >/dev/null 2>&1 || [ -x /usr/local/cuda/bin/nvcc ]; then BACKEND=cuda; fi
    CONFIGURE+=("-DGALIAS_CUDA=$([ "$BACKEND" = cuda ] && echo ON || echo OFF)")
fi
BUILD_DIR="${GALIAS_BUILD_DIR:-build-deb-$BACKEND}"
if [ ! -f "$BUILD_DIR/CMakeCache.txt" ]; then
    CONFIGURE+=(-DCMAKE_BUILD_TYPE=Release -DGALIAS_BUILD_TESTS=OFF)
    if command -v ninja >/dev/null 2>&1; then CONFIGURE+=(-G Ninja); fi
fi
if [ -n "${CMAKE_CUDA_ARCHITECTURES:-}" ]; then CONFIGURE+=("-DCMAKE_CUDA_ARCHITECTURES=$CMAKE_CUDA_ARCHITECTURES"); fi
cmake -S . -B "$BUILD_DIR" "${CONFIGURE[@]}"
cmake --build "$BUILD_DIR" -j "$JOBS"

# cpack writes its staging tree under -B as well; only the package is kept.
mkdir -p "$OUTPUT_DIR"
STAGE="$(mktemp -d "$OUTPUT_DIR/.stage.XXXXXX")"
trap 'rm -rf "$STAGE"' EXIT
cpack --config "$BUILD_DIR/CPackConfig.cmake" -G DEB -B "$STAGE"
for deb in "$STAGE"/*.deb; do
    # What the packaged binary loads: libraries of Debian packages only, never one of the CUDA
    # toolkit (libcudart, libcublas, ...) nor the driver's libcuda, which the statically
    # linked runtime opens itself when a GPU is asked for.
    dpkg-deb -x "$deb" "$STAGE/root"
    needed="$(objdump -p "$STAGE/root/usr/bin/galias" | awk '$1 == "NEEDED" { print $2 }')"
    if grep -E '^lib(cuda|cudart|cublas|cufft|curand|cusparse|cusolver|nvrtc|nvJitLink|nvidia)' <<<"$needed"; then
        echo "build-deb.sh: $(basename "$deb"): /usr/bin/galias needs the CUDA libraries above at run time" >&2
        exit 1
    fi
    rm -rf "$STAGE/root"
    mv "$deb" "$OUTPUT_DIR/"
    deb="$OUTPUT_DIR/$(basename "$deb")"
    echo "== $deb ($(du -h "$deb" | cut -f1)) =="
    dpkg-deb --info "$deb"
    echo "/usr/bin/galias needs (objdump -p): $(tr '\n' ' ' <<<"$needed")"
done
