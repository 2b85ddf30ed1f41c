#pragma once
// Chooses and constructs a backend. `auto` picks CUDA when the CUDA backend was compiled
// in and a GPU is usable, the CPU backend otherwise.

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "gpu_engine/engine.hpp"
#include "gpu_engine/runtime/backend.hpp"

namespace galias::engine {

// `auto` made concrete: CUDA when the CUDA backend is built and a GPU is usable, else CPU.
BackendKind resolve_backend(BackendKind kind);

// --sched when the user gives none: streams on the GPU, off on the CPU.
sched::SchedMode default_sched_mode(BackendKind kind);

// `sched`: how rules and kernels run concurrently; nullopt = the backend's default
// (default_sched_mode()).
// The CUDA backend's check of the scheduling model against CUDA's occupancy calculator
// (cuda::occupancy_model_mismatches); {"not built"} without the CUDA backend.
std::vector<std::string> cuda_occupancy_model_mismatches();

// `cuda`: the CUDA backend's switches (EngineOptions::cuda); the CPU backend ignores them.
// `urgency` (0..1): how soon the device should run this backend's work beside other
// backends' (CUDA stream priority; the CPU backend has no use for it).
// With `kind` Auto, a GPU that is present but does not start (DeviceUnavailable) gives the
// CPU backend, and a sentence saying so is appended to `notes` (when given).
std::unique_ptr<Backend> make_backend(BackendKind kind, unsigned threads, const CudaSwitches& cuda,
                                      std::optional<sched::SchedMode> sched = {}, double urgency = 0,
                                      std::vector<std::string>* notes = nullptr);

// For tests of the GPU fallbacks on machines without one: while set, a GPU counts as
// present and "starting the CUDA backend" calls `start` instead, which may throw
// DeviceUnavailable or return any backend (one that runs out of memory, say).
struct SimulatedDevice {
    std::function<std::unique_ptr<Backend>(sched::SchedMode mode, double urgency)> start;
};
void simulate_device_for_testing(std::optional<SimulatedDevice> device);
// Likewise for the CPU backend: while set, it is started by `start` (a host that runs out
// of memory unless in the memory-lean mode, say).
void simulate_host_for_testing(std::optional<SimulatedDevice> host);

}  // namespace galias::engine
