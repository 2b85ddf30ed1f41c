#pragma once
// Links the translation units into one program, as a C linker would: entities with
// external linkage (globals, functions, and the parameters and return values of external
// functions) are merged by name; everything else stays private to its TU.
//
// Several programs (link_units.hpp) are linked side by side into one ProgramIr, each with
// its own external entities: a unit that belongs to two programs is linked twice.
//
// Within one program, several definitions of one external function (two libraries that
// both define it) are merged into one function whose body is the union of the bodies:
// sound for the program, and reported as a warning. Inline-only
// definitions (a header's `extern inline` function, copied into every unit) are not
// duplicates: one copy is kept, and a real definition wins over it.
//
// Fields are linked by their record's name; the fields that overlap (FieldOverlap) are
// grouped into classes (ProgramIr::field_class).

#include <vector>

#include "frontend/link_units.hpp"
#include "frontend/program_ir.hpp"

namespace galias::frontend {

// Consumes the units (moves out of them).
ProgramIr link_program(std::vector<TranslationUnitIr>& units, const std::vector<LinkUnit>& programs);

}  // namespace galias::frontend
