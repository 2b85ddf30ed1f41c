#!/usr/bin/env bash
# The whole test suite, from a clean clone: installs dependencies, builds (the CUDA
# backend is compiled whenever nvcc is present), runs every CTest test. GPU tests skip
# with a message when no GPU is present. Then the lint: clang-tidy with .clang-tidy over
# the product code (scripts/lint.sh), failing on any finding. Then the sanitizer run: the
# non-GPU code built with AddressSanitizer and UBSan (Clang 14, ./build-sanitize), the
# tests of the Datalog parser, the fact reader, the frontend, the CPU engine and the
# reports run under them, and every libFuzzer target replays its seed corpus (tests/fuzz).
# Used by .ci/run.
#
# GALIAS_SKIP_LINT=1 skips the lint, GALIAS_SKIP_SANITIZE=1 the sanitizer run; extra
# arguments go to the first ctest. docs/CONTRIBUTING.md says what each part covers.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-deps.sh
./scripts/build.sh
BUILD_DIR="${GALIAS_BUILD_DIR:-build}"
ctest --test-dir "$BUILD_DIR" --output-on-failure -j "$(nproc)" "$@"

# The lint reads the build's compile_commands.json and the headers the build writes. It
# takes about four minutes on two cores: .clang-tidy leaves out the checks that cost the
# most and that the compilers' warnings or the naming rule already cover, so that the whole
# script stays under 25 minutes in CI (docs/CONTRIBUTING.md, "Lint", has the measurements
# and the other ways considered). It runs before the sanitizer run, the longest part, so
# that a finding shows early.
if [ "${GALIAS_SKIP_LINT:-0}" != 1 ]; then ./scripts/lint.sh "$BUILD_DIR"; fi

if [ "${GALIAS_SKIP_SANITIZE:-0}" = 1 ]; then exit 0; fi
SANITIZE_DIR="${GALIAS_SANITIZE_BUILD_DIR:-build-sanitize}"
GENERATOR=()
if command -v ninja >/dev/null 2>&1 && [ ! -f "$SANITIZE_DIR/Makefile" ]; then GENERATOR=(-G Ninja); fi
CC=clang-14 CXX=clang++-14 cmake -S . -B "$SANITIZE_DIR" "${GENERATOR[@]}" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DGALIAS_CUDA=OFF -DGALIAS_FUZZ=ON -DGALIAS_FUZZ_COVERAGE=OFF
# The test programs of the chosen suites (the GPU, scheduler-model and benchmark targets
# are not built) and the fuzz targets.
cmake --build "$SANITIZE_DIR" -j "${GALIAS_BUILD_JOBS:-$(nproc)}" --target galias engine_tests galias_facts_tests \
    galias_frontend_tests galias_alias_tests reports_test reports_sarif_test checks_test robustness_tests html_report_test fuzzers
# UBSan stops at its first report (-fno-sanitize-recover); ASan's leak check is on.
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0
# Leaks inside linked libraries that galias cannot free (the file says which).
export LSAN_OPTIONS="suppressions=$PWD/tests/sanitizers/lsan.supp"
# Left to the run above, to keep CI short: the slow robustness cases (large graphs,
# ulimit -v, which ASan's shadow memory cannot meet, 100k generated lines), the graph
# counts, and the three largest randomized engine cross-checks (254 of the 547 test-seconds
# this run took under the sanitizers; the other randomized and operator tests cover the
# same code). *_NOT_BUILT: the GPU and scheduler-model tests, not built here.
GALIAS_ROBUSTNESS_SKIP_SLOW=1 ctest --test-dir "$SANITIZE_DIR" --output-on-failure -j "$(nproc)" -LE gpu \
    -E '_NOT_BUILT|engine_graph_counts|Randomized\.CspaLinearEqualsPublishedCspa|Randomized\.DeferredMergesMatchReference|Batch\.EveryJobEqualsItsReferenceInEveryMode'
for corpus in tests/fuzz/corpus/*/; do
    target="$(basename "$corpus")"
    echo "fuzz replay: $target ($(ls "$corpus" | wc -l) seeds)"
    "$SANITIZE_DIR/tests/fuzz/${target}_fuzzer" "$corpus"* >/dev/null 2>"$SANITIZE_DIR/fuzz-replay-$target.log" || {
        tail -n 40 "$SANITIZE_DIR/fuzz-replay-$target.log" >&2
        exit 1
    }
done
