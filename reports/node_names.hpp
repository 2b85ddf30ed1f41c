#pragma once
// How nodes are named in messages: the frontend's printable names are qualified with the
// enclosing function ("main::p", "*main::p", "&main::x"); messages show them unqualified.

#include <string>

#include "facts/program_facts.hpp"

namespace galias::reports {

// "main::p" -> "p", "*main::p" -> "*p", "&main::x" -> "&x", "file.c::buf" -> "buf" (a
// file-static), "main::p@12:5" -> "p" (one definition of p); globals are unchanged.
std::string short_name(const facts::Node& node);

// The variable's own name without qualifiers or operators: "*main::p" -> "p".
std::string base_name(const facts::Node& node);

// Whether the node stands for a named program variable (what users can ask about).
bool is_variable(const facts::Node& node);

}  // namespace galias::reports
