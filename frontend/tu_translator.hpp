#pragma once
// Translates one C translation unit's AST into TranslationUnitIr: the only code in galias
// that reads Clang's AST. The node model it implements is described in docs/FACTS.md.

#include <string>
#include <vector>

#include "frontend/program_ir.hpp"

namespace clang {
class ASTContext;
}

namespace galias::frontend {

struct TranslateOptions {
    std::string directory;          // the compile command's directory, to make relative file names absolute
    bool integer_pointers = false;  // FrontendOptions::integer_pointers
    // Functions besides the C library's that release the block their first argument points
    // to (FrontendOptions::release_functions): their calls' argument addresses are recorded.
    std::vector<std::string> release_functions;
};

TranslationUnitIr translate_translation_unit(clang::ASTContext& context, const std::string& main_file,
                                             const TranslateOptions& options);

}  // namespace galias::frontend
