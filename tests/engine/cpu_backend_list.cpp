// engine_tests runs the backend-parameterized suites on the CPU backend.
#include "tests/engine/backends_under_test.hpp"

namespace galias::test {

std::vector<engine::BackendKind> backends_under_test() {
    return {engine::BackendKind::Cpu};
}

}  // namespace galias::test
