#include "frontend/symbol_references.hpp"

#include <clang/AST/ASTContext.h>
#include <clang/AST/RecursiveASTVisitor.h>

#include <algorithm>

#include "frontend/program_ir.hpp"

namespace galias::frontend {

namespace {

class ReferenceCollector : public clang::RecursiveASTVisitor<ReferenceCollector> {
public:
    bool VisitDeclRefExpr(clang::DeclRefExpr* ref) {
        const auto* var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl());
        if (var != nullptr && var->hasGlobalStorage() && !var->isStaticLocal() &&
            var->isExternallyVisible()) {
            keys.push_back(external_variable_key(var->getNameAsString()));
        }
        return true;
    }

    std::vector<std::string> keys;
};

}  // namespace

std::vector<std::string> referenced_variables(clang::ASTContext& context) {
    ReferenceCollector collector;
    collector.TraverseDecl(context.getTranslationUnitDecl());
    std::sort(collector.keys.begin(), collector.keys.end());
    collector.keys.erase(std::unique(collector.keys.begin(), collector.keys.end()), collector.keys.end());
    return std::move(collector.keys);
}

}  // namespace galias::frontend
