#pragma once
// The AST translator (internal to frontend/; the entry point is translate_translation_unit(),
// tu_translator.hpp): Translator walks a translation unit's declarations and, for each
// function, runs the parts below over its body. Each part is a class of its own, with its
// header and source file; they share a TranslationContext (translator_context.hpp).
//
// What the value flows need:
//   translator_positions     SourcePositions       where a source location is, as the facts write it
//   translator_entities      EntityTable           variables, functions, temporaries and literals
//   translator_locals        LocalValues           the SSA terms of the tracked locals
//   translator_statements    StatementTranslator   statements and initializers
//   translator_expressions   ExpressionTranslator  places and values of expressions, casts, operators
//   translator_calls         CallTranslator        call sites, builtins, atomics
// Where call arguments point (docs/FACTS.md, "Argument addresses"):
//   translator_addresses     SymbolicAddresses     a pointer as a base and an offset (address_values.hpp)
//   translator_sums          IntegerSums           integers and offsets as linear sums
//   translator_forwarding    StoreForwarding       the function's stores, store-to-load forwarding
//   translator_escape        BlockEscape           where a freshly allocated block may go before a call
//   translator_arguments     ArgumentAddresses     the argument addresses of a call site
// What the memory checks need:
//   translator_conditions    RepeatedConditions    an if that repeats an earlier if's condition
//   translator_memory        MemoryFacts           guards of released pointers, frame stores
//   translator_lifetimes     Lifetimes             the uses of values after calls that may release them

#include <clang/AST/Decl.h>

#include "frontend/translator_addresses.hpp"
#include "frontend/translator_arguments.hpp"
#include "frontend/translator_calls.hpp"
#include "frontend/translator_conditions.hpp"
#include "frontend/translator_context.hpp"
#include "frontend/translator_entities.hpp"
#include "frontend/translator_escape.hpp"
#include "frontend/translator_expressions.hpp"
#include "frontend/translator_forwarding.hpp"
#include "frontend/translator_lifetimes.hpp"
#include "frontend/translator_locals.hpp"
#include "frontend/translator_memory.hpp"
#include "frontend/translator_statements.hpp"
#include "frontend/translator_sums.hpp"

namespace galias::frontend::detail {

class Translator : private TranslatorPart {
public:
    // The parts refer to one another (an expression holds statements, a statement
    // expressions); each keeps references to the parts it asks, made here once.
    explicit Translator(TranslationContext& context)
        : TranslatorPart(context),
          entities_(context),
          local_values_(context, entities_),
          sums_(context, addresses_),
          addresses_(context, entities_, sums_, forwarding_),
          forwarding_(context, addresses_),
          escape_(context, addresses_),
          arguments_(context, addresses_, sums_, escape_),
          conditions_(context),
          memory_(context, addresses_, forwarding_, conditions_),
          lifetimes_(context, addresses_, forwarding_),
          statements_(context, entities_, local_values_, expressions_, memory_),
          expressions_(context, entities_, local_values_, statements_, calls_, memory_),
          calls_(context, entities_, expressions_, arguments_, memory_) {}

    void translate_declarations(const clang::DeclContext* dc);

private:
    void translate_function(const clang::FunctionDecl* fd);
    // The function's signature, parameters, return value and varargs, from its definition
    // (an earlier declaration may have had no prototype).
    void describe_definition(const clang::FunctionDecl* fd);
    // The parts' per-function state, forgotten before each function.
    void begin_function();

    EntityTable entities_;
    LocalValues local_values_;
    IntegerSums sums_;
    SymbolicAddresses addresses_;
    StoreForwarding forwarding_;
    BlockEscape escape_;
    ArgumentAddresses arguments_;
    RepeatedConditions conditions_;
    MemoryFacts memory_;
    Lifetimes lifetimes_;
    StatementTranslator statements_;
    ExpressionTranslator expressions_;
    CallTranslator calls_;
};

}  // namespace galias::frontend::detail
