#include "gpu_engine/runtime/backend_factory.hpp"

#include <stdexcept>

#include "facts/diagnostic.hpp"
#include "gpu_engine/cpu/cpu_backend.hpp"
#if defined(GALIAS_WITH_CUDA)
#include "gpu_engine/cuda/cuda_backend.hpp"
#endif

namespace galias::engine {

namespace {

std::optional<SimulatedDevice>& simulated_device() {
    static std::optional<SimulatedDevice> device;
    return device;
}

std::optional<SimulatedDevice>& simulated_host() {
    static std::optional<SimulatedDevice> host;
    return host;
}

std::unique_ptr<Backend> start_cuda_backend(sched::SchedMode mode, double urgency, const CudaSwitches& cuda) {
    if (simulated_device()) return simulated_device()->start(mode, urgency);
#if defined(GALIAS_WITH_CUDA)
    if (!cuda::device_available())
        throw DiagnosticError(SourceLocation{},
                              "--backend cuda: no usable CUDA device: " + cuda::device_problem() +
                                  "; --backend auto or cpu runs on the CPU");
    return cuda::make_cuda_backend(mode, cuda, urgency);
#else
    (void)mode;
    (void)urgency;
    (void)cuda;
    throw DiagnosticError(SourceLocation{}, "--backend cuda: this galias was built without the CUDA backend");
#endif
}

}  // namespace

void simulate_device_for_testing(std::optional<SimulatedDevice> device) {
    simulated_device() = std::move(device);
}

void simulate_host_for_testing(std::optional<SimulatedDevice> host) {
    simulated_host() = std::move(host);
}

const char* backend_name(BackendKind kind) {
    switch (kind) {
        case BackendKind::Auto:
            return "auto";
        case BackendKind::Cpu:
            return "cpu";
        case BackendKind::Cuda:
            return "cuda";
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
    if (simulated_device()) return true;
#if defined(GALIAS_WITH_CUDA)
    return cuda::device_available();
#else
    return false;
#endif
}

std::string cuda_device_problem() {
    if (cuda_device_available()) return "";
#if defined(GALIAS_WITH_CUDA)
    return cuda::device_problem();
#else
    return "not built with the CUDA backend";
#endif
}

std::vector<std::string> cuda_occupancy_model_mismatches() {
#if defined(GALIAS_WITH_CUDA)
    return cuda::occupancy_model_mismatches();
#else
    return {"not built with the CUDA backend"};
#endif
}

sched::SchedMode default_sched_mode(BackendKind kind) {
    // See docs/SCHEDULING.md ("Defaults"): on the GPU independent rules and analyses on
    // streams pay off, and the model's launch shapes measured slower than the defaults in
    // every case (its bookkeeping sits on every launch); on the CPU every operator already
    // uses all cores.
    return kind == BackendKind::Cuda ? sched::SchedMode::kStreams : sched::SchedMode::kOff;
}

BackendKind resolve_backend(BackendKind kind) {
    if (kind != BackendKind::Auto) return kind;
    return cuda_device_available() ? BackendKind::Cuda : BackendKind::Cpu;
}

void prepare_backend(BackendKind kind) {
    if (resolve_backend(kind) != BackendKind::Cuda) return;
    try {
        make_backend(BackendKind::Cuda, 1, CudaSwitches{}, sched::SchedMode::kOff).reset();
    } catch (const DeviceUnavailable&) {
        if (kind == BackendKind::Cuda) throw;  // with auto, each run falls back on its own
    }
}

std::unique_ptr<Backend> make_backend(BackendKind kind, unsigned threads, const CudaSwitches& cuda,
                                      std::optional<sched::SchedMode> sched, double urgency,
                                      std::vector<std::string>* notes) {
    const BackendKind resolved = resolve_backend(kind);
    if (resolved == BackendKind::Cuda) {
        try {
            return start_cuda_backend(sched.value_or(default_sched_mode(BackendKind::Cuda)), urgency, cuda);
        } catch (const DeviceUnavailable& e) {
            if (kind != BackendKind::Auto) throw;
            if (notes != nullptr)
                notes->push_back(std::string(e.what()) + "; running on the CPU backend instead");
        }
    }
    const sched::SchedMode mode = sched.value_or(default_sched_mode(BackendKind::Cpu));
    if (simulated_host()) return simulated_host()->start(mode, urgency);
    return std::make_unique<cpu::CpuBackend>(threads, mode);
}

void release_device_memory() {
#if defined(GALIAS_WITH_CUDA)
    cuda::release_memory();
#endif
}

}  // namespace galias::engine
