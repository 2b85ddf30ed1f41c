#pragma once
// `galias run --demand SPEC` (docs/CLI.md): a query shape and the file of its queries.
//
//   RELATION(b|f, ...)[:FILE]      ValueAlias(b,b):pairs.tsv   PointsTo(b,f):pointers.tsv
//
// one letter a column of RELATION, 'b' bound or 'f' free; FILE (needed when a column is
// bound, refused when none is) holds one query a line, the values of the bound columns
// in column order, tab-separated (Soufflé TSV, the columns' types).

#include <filesystem>
#include <string_view>

#include "gpu_engine/datalog/checker.hpp"
#include "gpu_engine/demand.hpp"

namespace galias::engine {

struct DemandSpec {
    DemandForm form;  // located at the spec's first column
    std::filesystem::path file;
};

// `at` names the spec (file and line, "--demand" and which one); errors point at the column
// of the spec where it goes wrong (DiagnosticError).
DemandSpec parse_demand_spec(std::string_view spec, const SourceLocation& at);

// The queries of the spec's file, read with the types of the relation's bound columns
// (symbols interned in `symbols`); a malformed line is an error at FILE:LINE.
Demand read_demand(const DemandSpec& spec, const datalog::CheckedProgram& program,
                   facts::StringInterner& symbols);

}  // namespace galias::engine
