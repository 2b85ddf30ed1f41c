#pragma once
// The entities the AST translator makes (part of frontend/translator.hpp): one per variable,
// function, parameter, temporary and literal of the translation unit, made the first time it
// is met, so that the same input numbers them alike.

#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>

#include "frontend/translator_context.hpp"

namespace galias::frontend::detail {

class EntityTable : private TranslatorPart {
public:
    explicit EntityTable(TranslationContext& context) : TranslatorPart(context) {}

    EntityId add_entity(NodeKind kind, std::string key, std::string name, std::string function, SourcePos p,
                        bool per_context);

    static bool external(const clang::NamedDecl* decl) { return decl->isExternallyVisible(); }
    // The key prefix for entities that belong to function `fd`: linked across TUs when the
    // function has external linkage.
    static std::string function_key(const clang::FunctionDecl* fd);
    // The name of the function being translated; empty between functions.
    [[nodiscard]] std::string function_name() const;

    // The entity of a variable or a function, made the first time it is asked for.
    EntityId entity_for(const clang::VarDecl* var);
    EntityId entity_for(const clang::FunctionDecl* fd);
    TermId entity_term(const clang::VarDecl* var) {
        return terms().entity(entity_for(var), "", pos(var->getLocation()));
    }
    // The function's index into TranslationUnitIr::functions, with the signature of its
    // definition in this TU if there is one, else of its first declaration.
    std::uint32_t function_for(const clang::FunctionDecl* fd);

    // A compiler temporary in the current function (one per calling context).
    TermId temporary(const char* what, clang::SourceLocation loc);

    // The object of a string literal, one per literal expression.
    TermId string_literal(const clang::Expr* e);
    // The term of a string or compound literal already met.
    [[nodiscard]] std::optional<TermId> literal(const clang::Expr* e) const;
    void remember_literal(const clang::Expr* e, TermId term) { literals_.emplace(e, term); }

private:
    // What the checks ask of a variable's object: whether it is compound, constant, its size.
    void describe_object(EntityId id, const clang::VarDecl* var);

    std::unordered_map<const clang::Decl*, EntityId> entities_;
    std::unordered_map<const clang::FunctionDecl*, std::uint32_t> functions_;
    std::unordered_map<const clang::Expr*, TermId> literals_;
};

}  // namespace galias::frontend::detail
