// engine_tests runs the backend-parameterized suites on the CPU backend.
#include "tests/engine/backends_under_test.hpp"

namespace galias::test {

std::vector<BackendUnderTest> backends_under_test() {
    return {{engine::BackendKind::Cpu, engine::CudaSwitches{}, "cpu"}};
}

}  // namespace galias::test
