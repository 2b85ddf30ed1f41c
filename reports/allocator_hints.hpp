#pragma once
// Functions whose answer would settle findings: a pointer points into the block a function
// returned that galias does not know to allocate (a pool allocator such as palloc,
// ngx_pnalloc or apr_palloc; Finding::allocator_hint), and the other pointer could not
// point into that block if it were fresh memory. Named in `[analysis] allocators`, such a
// function's blocks are new objects and those findings go. galias cannot tell a pool
// allocator from a function returning memory it already holds; the user can.

#include <cstddef>
#include <string>
#include <vector>

#include "reports/finding.hpp"

namespace galias::reports {

struct AllocatorHint {
    std::string function;
    std::size_t findings = 0;
};

// The functions the findings name, the most findings first (then by name).
std::vector<AllocatorHint> allocator_hints(const std::vector<Finding>& findings);

// One sentence for the log and the SARIF notification, naming at most `named` functions;
// "" when there are none.
std::string allocator_hint_text(const std::vector<AllocatorHint>& hints, std::size_t named = 5);

}  // namespace galias::reports
