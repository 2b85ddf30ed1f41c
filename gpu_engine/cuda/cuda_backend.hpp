#pragma once
// The CUDA backend, seen from host code that is not compiled by nvcc: a factory and
// device detection. Everything CUDA-specific stays inside gpu_engine/cuda/.

#include <memory>
#include <string>
#include <vector>

#include "gpu_engine/cuda_switches.hpp"
#include "gpu_engine/runtime/backend.hpp"
#include "gpu_engine/sched/plan.hpp"

namespace galias::engine::cuda {

// True when a CUDA device can be used (driver present, at least one device).
bool device_available();
// Why not, when device_available() is false.
std::string device_problem();

// `mode` other than off gives the backend lanes (streams) and launch coordination.
// `switches`: its trace and the strategies it may take (its policy, policy.hpp; its lanes
// share it). `urgency` (0..1) sets its streams' priority, from CUDA's least to its greatest.
// Throws DeviceUnavailable (engine.hpp) when the device does not start.
std::unique_ptr<Backend> make_cuda_backend(sched::SchedMode mode, const CudaSwitches& switches,
                                           double urgency = 0);

// engine::release_device_memory(): frees the idle blocks every backend left, trims the
// memory pool to nothing and frees the pinned staging slabs. Once no backend exists.
void release_memory();

// For every engine kernel and block size: where the scheduling model's blocks per SM
// (KernelCosts) differ from cudaOccupancyMaxActiveBlocksPerMultiprocessor. Empty when
// the model's arithmetic matches CUDA's on this device.
std::vector<std::string> occupancy_model_mismatches();

}  // namespace galias::engine::cuda
