// engine_gpu_tests (CTest label "gpu") runs the backend-parameterized suites on the CUDA
// backend: under its default switches, and under the plain ones (every strategy off:
// no one-block kernels, no duplicate filter, no bitmaps, no one pass, no programmatic
// dependent launches), with merge-path and with searching differences, so that the code
// paths those strategies replace stay tested. Each test skips with the reason where no GPU
// can run it.
#include "tests/engine/backends_under_test.hpp"

namespace galias::test {

std::vector<BackendUnderTest> backends_under_test() {
    engine::CudaSwitches search = engine::CudaSwitches::plain();
    search.difference = engine::CudaSwitches::Difference::kSearch;
    return {
        {engine::BackendKind::Cuda, engine::CudaSwitches{}, "cuda"},
        {engine::BackendKind::Cuda, engine::CudaSwitches::plain(), "cuda_plain"},
        {engine::BackendKind::Cuda, search, "cuda_plain_search"},
    };
}

}  // namespace galias::test
