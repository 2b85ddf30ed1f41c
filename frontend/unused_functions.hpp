#pragma once
// Drops the bodies of static functions a translation unit never uses. Headers define
// `static inline` helpers in every unit that includes them; most units call few of them,
// and analysing every copy (its facts, its unmodelled constructs) would be wasted work and
// noise. A static function is used when a function with external linkage (or a global
// initializer) reaches it through direct calls, or when its address is taken.

#include "frontend/program_ir.hpp"

namespace galias::frontend {

void prune_unused_static_functions(TranslationUnitIr& unit);

}  // namespace galias::frontend
