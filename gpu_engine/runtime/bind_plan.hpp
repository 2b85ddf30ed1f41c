#pragma once
// Binds a plan to a backend: chooses, once, the strategy of every relation and join step
// (plan/strategy.hpp) from the backend's optional capabilities (backend.hpp) and the
// engine options. The executor binds when it has read the inputs and promised the backend
// their value bound, which a backend's preference for tuple sets may depend on, and then
// follows the strategy; `--explain` prints it.

#include <optional>

#include "gpu_engine/engine.hpp"
#include "gpu_engine/plan/plan.hpp"
#include "gpu_engine/plan/strategy.hpp"
#include "gpu_engine/runtime/backend.hpp"

namespace galias::engine {

// The strategy of `plan` on `backend` under `options`. `value_bound`: the bound the backend
// was promised (Backend::set_value_bound), recorded for --explain; nothing where none was.
plan::Strategy bind_plan(const plan::Plan& plan, Backend& backend, const EngineOptions& options,
                         std::optional<Cell> value_bound);

}  // namespace galias::engine
