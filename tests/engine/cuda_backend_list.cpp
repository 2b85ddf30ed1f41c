// engine_gpu_tests (CTest label "gpu") runs the backend-parameterized suites on the CUDA
// backend; each test skips with the reason where no GPU can run it.
#include "tests/engine/backends_under_test.hpp"

namespace galias::test {

std::vector<engine::BackendKind> backends_under_test() {
    return {engine::BackendKind::Cuda};
}

}  // namespace galias::test
