#include "gpu_engine/runtime/backend_factory.hpp"

#include <stdexcept>

#include "facts/diagnostic.hpp"
#include "gpu_engine/cpu/cpu_backend.hpp"
#if defined(GALIAS_WITH_CUDA)
#include "gpu_engine/cuda/cuda_backend.hpp"
#endif

namespace galias::engine {

const char* backend_name(BackendKind kind) {
    switch (kind) {
        case BackendKind::Auto: return "auto";
        case BackendKind::Cpu: return "cpu";
        case BackendKind::Cuda: return "cuda";
    }
    return "?";
}

bool cuda_backend_built() {
#if defined(GALIAS_WITH_CUDA)
    return true;
#else
    return false;
#endif
}

bool cuda_device_available() {
#if defined(GALIAS_WITH_CUDA)
    return cuda::device_available();
#else
    return false;
#endif
}

std::unique_ptr<Backend> make_backend(BackendKind kind, unsigned threads) {
    if (kind == BackendKind::Auto) kind = cuda_device_available() ? BackendKind::Cuda : BackendKind::Cpu;
    if (kind == BackendKind::Cuda) {
#if defined(GALIAS_WITH_CUDA)
        if (!cuda::device_available())
            throw DiagnosticError(SourceLocation{}, "--backend cuda: no usable CUDA device (" + cuda::device_problem() + ")");
        return cuda::make_cuda_backend();
#else
        throw DiagnosticError(SourceLocation{}, "--backend cuda: this galias was built without the CUDA backend");
#endif
    }
    return std::make_unique<cpu::CpuBackend>(threads);
}

}  // namespace galias::engine
