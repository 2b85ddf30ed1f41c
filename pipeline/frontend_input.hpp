#pragma once
// The frontend's output as the analyses' input. extract_program (program_input.hpp) runs
// the frontend on a compilation database and passes its result through this; callers that
// run the frontend themselves, on compile jobs of their own, hand the result to it too, so
// the analyses see the same input either way. Needs the Clang frontend.

#include "frontend/extract_result.hpp"
#include "pipeline/program_input.hpp"

namespace galias::pipeline {

ProgramInput program_input_from(frontend::ExtractResult result);

}  // namespace galias::pipeline
