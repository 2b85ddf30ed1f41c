#pragma once
// Datalog text of an AST, in the syntax the parser reads: a program built or rewritten in
// memory (the demand transformation, plan/magic_sets.hpp) prints as a `.dl` file that
// parses back to the same program, for `galias run --explain` and for tests.

#include <string>

#include "gpu_engine/datalog/ast.hpp"

namespace galias::engine::datalog {

std::string term_text(const ast::Term& term);        // x, _, 42, "text" (escaped as the lexer reads it)
std::string atom_text(const ast::Atom& atom);        // R(x, _, 1)
std::string clause_text(const ast::Clause& clause);  // head :- body, comparisons.  (or `head.`)

// Declarations, then directives, then clauses, one a line.
std::string program_text(const ast::Program& program);

}  // namespace galias::engine::datalog
