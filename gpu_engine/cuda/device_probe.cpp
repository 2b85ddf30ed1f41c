// device_available() and device_problem() (cuda_backend.hpp): asked once, on first use.
// The CUDA runtime is linked in statically and opens the NVIDIA driver's libcuda.so.1
// itself. Without one its message is "CUDA driver version is insufficient for CUDA runtime
// version", which reads as an old driver and names nothing to install; the probe tells a
// missing driver from an old one and says which driver this galias needs.
#include <cuda_runtime_api.h>

#include <mutex>
#include <string>

#include "gpu_engine/cuda/cuda_backend.hpp"

namespace galias::engine::cuda {

namespace {

struct DeviceState {
    std::once_flag once;
    bool available = false;
    std::string problem;
};

std::string cuda_version(int version) {  // 13000 -> "13.0"
    return std::to_string(version / 1000) + "." + std::to_string(version % 1000 / 10);
}

// The first Linux driver branch for each CUDA major version (NVIDIA's CUDA release notes):
// with minor version compatibility, any driver of that branch or newer runs the runtime.
std::string driver_needed(int runtime_version) {
    const int major = runtime_version / 1000;
    const int branch = major >= 13 ? 580 : major == 12 ? 525 : 450;
    return "the GPU needs the NVIDIA driver " + std::to_string(branch) + " or newer (CUDA " +
           std::to_string(major) + ".x)";
}

std::string describe(cudaError_t status) {
    int runtime = 0;
    cudaRuntimeGetVersion(&runtime);
    if (status == cudaErrorInsufficientDriver) {
        int driver = 0;
        cudaDriverGetVersion(&driver);  // 0 when no driver library could be loaded
        if (driver == 0) {
            return "libcuda.so.1 was not found, so the NVIDIA driver is not installed; " +
                   driver_needed(runtime) + "; galias has the CUDA runtime " + cuda_version(runtime) +
                   " linked in and needs no CUDA toolkit";
        }
        return "the NVIDIA driver supports CUDA " + cuda_version(driver) + " and galias's CUDA runtime is " +
               cuda_version(runtime) + "; " + driver_needed(runtime);
    }
    if (status == cudaErrorNoDevice) return "the NVIDIA driver found no CUDA device";
    return cudaGetErrorString(status);
}

DeviceState& device_state() {
    static DeviceState state;
    std::call_once(state.once, [] {
        int count = 0;
        const cudaError_t status = cudaGetDeviceCount(&count);
        if (status != cudaSuccess) {
            state.problem = describe(status);
            cudaGetLastError();
        } else if (count == 0) {
            state.problem = "no CUDA device found";
        } else {
            state.available = true;
        }
    });
    return state;
}

}  // namespace

bool device_available() {
    return device_state().available;
}

std::string device_problem() {
    return device_state().problem;
}

}  // namespace galias::engine::cuda
