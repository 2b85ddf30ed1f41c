#include "frontend/tu_translator.hpp"

#include "frontend/symbol_references.hpp"
#include "frontend/translator.hpp"

namespace galias::frontend {

TranslationUnitIr translate_translation_unit(clang::ASTContext& context, const std::string& main_file,
                                             const TranslateOptions& options) {
    TranslationUnitIr ir;
    ir.file = main_file;
    detail::TranslationContext shared(context, options, ir);
    detail::Translator translator(shared);
    translator.translate_declarations(context.getTranslationUnitDecl());
    ir.referenced_variables = referenced_variables(context);
    return ir;
}

}  // namespace galias::frontend
