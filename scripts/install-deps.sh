#!/usr/bin/env bash
# Installs every Debian package galias needs to build, test and benchmark.
# Idempotent; needs root (or sudo). Run on Debian 12 (bookworm).
set -euo pipefail
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
PACKAGES=(
  build-essential cmake ninja-build git pkg-config
  # engine: oneTBB for the multi-threaded host backend; CLI11 for the command line
  libtbb-dev libcli11-dev libfmt-dev nlohmann-json3-dev libtomlplusplus-dev
  # the galias executable's memory allocator, linked in statically (cmake/GaliasAllocator.cmake)
  libjemalloc-dev
  # frontend: Clang 14 libTooling and Boost.Graph for the call graph
  clang-14 libclang-14-dev libclang-cpp14-dev llvm-14-dev libboost-graph-dev
  # the sanitizer build and the fuzz targets: libFuzzer, ASan and UBSan runtimes of Clang 14
  libclang-rt-14-dev
  # source formatting (scripts/format.sh, checked by the test suite) and the lint
  # (scripts/lint.sh, run by scripts/test.sh)
  clang-format-14 clang-tidy-14
  # the HTML report: Graphviz's libgvc lays out the code-flow graphs (optional at build
  # time), graphviz has its layout plugins, and headless Chromium runs the report's browser
  # test (tests/html; skipped without it) and bench/html_report.sh's opening time
  libgraphviz-dev graphviz chromium
  # tests and benchmarks
  libgtest-dev libgmock-dev googletest python3 python3-jsonschema python3-yaml bear time
)
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${PACKAGES[@]}"
