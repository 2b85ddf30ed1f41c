#pragma once
// Chooses and constructs a backend. `auto` picks CUDA when the CUDA backend was compiled
// in and a GPU is usable, the CPU backend otherwise.

#include <memory>

#include "gpu_engine/engine.hpp"
#include "gpu_engine/runtime/backend.hpp"

namespace galias::engine {

std::unique_ptr<Backend> make_backend(BackendKind kind, unsigned threads);

}  // namespace galias::engine
