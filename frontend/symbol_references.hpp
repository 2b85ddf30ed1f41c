#pragma once
// The external variables a translation unit refers to, whatever their type. The translator
// makes entities only for what can hold or be a pointer, so a unit that reads a table of
// integers (Lua's luai_ctype_, an opcode table) would otherwise seem not to need the unit
// defining it; link_units.hpp resolves these references as a linker does.

#include <string>
#include <vector>

namespace clang {
class ASTContext;
}

namespace galias::frontend {

// Keys ("ext:var:NAME") of the variables with external linkage that the unit's code and
// initializers name, sorted, each once.
std::vector<std::string> referenced_variables(clang::ASTContext& context);

}  // namespace galias::frontend
