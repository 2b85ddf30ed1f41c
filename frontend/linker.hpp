#pragma once
// Links the translation units into one program, as a C linker would: entities with
// external linkage (globals, functions, and the parameters and return values of external
// functions) are merged by name; everything else stays private to its TU.
//
// Several definitions of one external function (common when a compilation database holds
// several programs, each with its own `main`) are merged into one function whose body is
// the union of the bodies: sound for each program, and reported as a warning. Inline-only
// definitions (a header's `extern inline` function, copied into every unit) are not
// duplicates: one copy is kept, and a real definition wins over it.

#include <vector>

#include "frontend/program_ir.hpp"

namespace galias::frontend {

ProgramIr link_program(std::vector<TranslationUnitIr>& units);

// The field path that `path` inside `entity` is represented by: the shortest collapsed
// prefix of it, or "" when fields are not distinguished at all.
std::string resolve_field_path(const ProgramIr& program, EntityId entity, const std::string& path,
                               bool field_sensitive);

}  // namespace galias::frontend
