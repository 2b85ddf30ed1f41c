#pragma once
// Semantic checks of a parsed program: declarations, directives, arities, column types,
// safety (every head and comparison variable bound by a positive body atom).
// The result is the AST plus a relation table the planner reads.

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "gpu_engine/datalog/ast.hpp"

namespace galias::engine::datalog {

struct IoSpec {
    std::string filename;  // relative names resolve against -F (input) or -D (output)
    char delimiter = '\t';
    SourceLocation location;  // of the directive
};

struct RelationInfo {
    std::string name;
    std::vector<facts::ColumnType> types;
    std::vector<std::string> attribute_names;
    SourceLocation location;
    bool is_input = false;
    bool is_output = false;
    bool print_size = false;
    IoSpec input;
    IoSpec output;
};

struct CheckedProgram {
    ast::Program ast;
    std::vector<RelationInfo> relations;  // declaration order
    std::map<std::string, std::size_t> relation_index;
};

// Throws DiagnosticError on the first problem, with its location.
CheckedProgram check_program(ast::Program program);

}  // namespace galias::engine::datalog
