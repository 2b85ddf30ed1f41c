#pragma once
// Drops the bodies of static and inline-only functions a translation unit never uses. Headers define
// `static inline` helpers in every unit that includes them; most units call few of them,
// and analysing every copy (its facts, its unmodelled constructs) would be wasted work and
// noise. The same goes for inline-only definitions (glibc's `extern inline` atoi, getchar...).
// Such a function is used when a function with external linkage reaches it through direct
// calls, or when its address is taken.

#include "frontend/program_ir.hpp"

namespace galias::frontend {

void prune_unused_static_functions(TranslationUnitIr& unit);

}  // namespace galias::frontend
