#include "tools/galias/version_text.hpp"

#include "gpu_engine/engine.hpp"
#include "tools/galias/build_info.hpp"
#include "tools/galias/git_commit.hpp"
#include "tools/galias/version.hpp"

namespace galias::tool {

std::string version_identity() {
    return std::string(kVersion) + " (commit " + kGitCommit + ")";
}

std::string version_text() {
    std::string text = std::string("galias ") + kVersion + " (commit " + kGitCommit + ")\n";
    text += "backends: cpu";
    if (engine::cuda_backend_built()) {
        // The runtime is linked in statically: only the driver (libcuda.so.1) must be present.
        text += std::string(", cuda (CUDA runtime ") + kCudaRuntimeVersion +
                " linked in; needs the NVIDIA driver)";
    }
    text += "\nfrontend: ";
    text += kHasFrontend ? std::string("Clang ") + kClangVersion + " (C sources through -p BUILD_DIR)"
                         : std::string("not compiled in (fact directories only, --facts)");
    text += std::string("\nallocator: ") + kAllocator;
    if (engine::cuda_backend_built()) {
        // Said here so a package user learns without a run whether the GPU will be used.
        text += engine::cuda_device_available() ? "\ngpu: usable; --backend auto runs on it"
                                                : "\ngpu: none usable: " + engine::cuda_device_problem() +
                                                      "; --backend auto runs on the CPU";
    }
    return text;
}

}  // namespace galias::tool
