#pragma once
// Abstract syntax of the supported Soufflé subset. Every node keeps its SourceLocation so
// later stages can point at the offending text.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "facts/diagnostic.hpp"
#include "facts/tsv.hpp"

namespace galias::engine::ast {

struct Term {
    enum class Kind : std::uint8_t { Variable, Number, String, Wildcard };
    Kind kind = Kind::Wildcard;
    std::string text;         // variable name or string constant
    std::int64_t number = 0;  // numeric constant as written (range-checked against the column type)
    SourceLocation location;
};

struct Atom {
    std::string relation;
    std::vector<Term> args;
    SourceLocation location;
};

enum class CompareOp : std::uint8_t { Eq, Ne, Lt, Le, Gt, Ge };
const char* compare_op_text(CompareOp op);

struct Comparison {
    Term lhs;
    CompareOp op = CompareOp::Eq;
    Term rhs;
    SourceLocation location;
};

// `head :- body.`; a fact has an empty body.
struct Clause {
    Atom head;
    std::vector<Atom> body;  // in source order (the planner's first join order)
    std::vector<Comparison> comparisons;
    SourceLocation location;
};

struct Attribute {
    std::string name;
    facts::ColumnType type = facts::ColumnType::Number;
    SourceLocation location;
};

struct RelationDecl {
    std::string name;
    std::vector<Attribute> attributes;
    SourceLocation location;
};

struct Directive {
    enum class Kind : std::uint8_t { Input, Output, PrintSize };
    Kind kind = Kind::Input;
    std::string relation;
    std::map<std::string, std::string> params;  // IO=file, filename="...", delimiter="\t"
    SourceLocation location;
};

struct Program {
    std::vector<RelationDecl> relations;
    std::vector<Clause> clauses;
    std::vector<Directive> directives;
};

}  // namespace galias::engine::ast
