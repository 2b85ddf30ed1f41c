#pragma once
// Recursive-descent parser: tokens -> ast::Program. Syntax only; semantic checks live in
// checker.hpp.

#include <string>
#include <string_view>

#include "gpu_engine/datalog/ast.hpp"

namespace galias::engine::datalog {

// Throws DiagnosticError (file:line:col) on the first syntax error.
ast::Program parse_program(std::string_view source, const std::string& file_name);

}  // namespace galias::engine::datalog
