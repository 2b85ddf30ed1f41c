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
//
// Fields are linked by their record's name; the fields that overlap (FieldOverlap) are
// grouped into classes (ProgramIr::field_class).

#include <vector>

#include "frontend/program_ir.hpp"

namespace galias::frontend {

ProgramIr link_program(std::vector<TranslationUnitIr>& units);

}  // namespace galias::frontend
