#pragma once
// Demand-driven solving: the rows of a few relations that match given values, without
// deriving every tuple of the program (docs/ENGINE.md, "Demand-driven solving").
//
//   DemandSolver solver(program, {{"ValueAlias", "bb"}, {"MemoryAlias", "fb"}});
//   Demand pairs{"ValueAlias", "bb", {a1, b1, a2, b2}};          // two queries
//   DemandResult first = solver.solve(inputs, {pairs}, options);
//   first.answers.at("ValueAlias").rows     // rows (a1, b1) and (a2, b2) where they hold
//   DemandResult more = solver.solve(inputs, {pairs, others}, options);  // only `others` run
//
// The solver rewrites the program once for the query shapes (plan/magic_sets.hpp) and
// plans it; each solve runs that program on either backend through engine::run, with the
// queries' values as input facts. The answers of the queries a solver has answered are
// kept: a later round runs only the queries it has not seen (an answer does not depend on
// the other queries asked with it), so asking again with a larger set costs the new
// queries only. Every round must pass the same inputs.

#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "gpu_engine/engine.hpp"
#include "gpu_engine/plan/magic_sets.hpp"

namespace galias::engine {

using plan::DemandForm;
using plan::MagicOptions;

// Queries of one shape: the values of their bound columns, one query after another (as
// many cells a query as the adornment has 'b's; symbols as ids of Inputs::symbols). An
// all-free adornment takes no values and asks for the whole relation.
struct Demand {
    std::string relation;
    std::string adornment;  // 'b' or 'f' a column: "bf"
    std::vector<std::uint32_t> values;
};

// The rows of one queried relation that match a query of the round.
struct Answers {
    std::string relation;
    std::uint32_t arity = 0;
    std::vector<facts::ColumnType> types;
    std::vector<std::uint32_t> rows;  // sorted lexicographically, no duplicates
    std::string output_file;          // where the relation's `.output` writes it (R.csv by default)
    char delimiter = '\t';
    [[nodiscard]] std::size_t size() const { return arity == 0 ? 0 : rows.size() / arity; }
};

// How large the demand grew, for a caller deciding whether a full solve would be cheaper.
struct DemandStats {
    std::uint64_t queries = 0;         // queries run this round (those not answered before)
    std::uint64_t input_tuples = 0;    // facts the transformed program read, the queries' values excluded
    std::uint64_t demand_tuples = 0;   // tuples of every magic relation: the bindings asked for
    std::uint64_t derived_tuples = 0;  // tuples of every relation the transformed program derives
    std::vector<std::pair<std::string, std::uint64_t>> magic;  // each magic relation's tuples
    double seconds = 0;                                        // the round's engine run
    // Demand tuples per input tuple: near or above 1, the queries reach much of the program
    // and a full solve is likely as cheap.
    [[nodiscard]] double demand_ratio() const {
        return input_tuples == 0 ? 0.0
                                 : static_cast<double>(demand_tuples) / static_cast<double>(input_tuples);
    }
};

struct DemandResult {
    std::map<std::string, Answers, std::less<>> answers;  // per queried relation of the round
    DemandStats stats;
    // The transformed program's run (every relation's size, the engine's statistics and
    // notes); empty when every query of the round was answered before.
    Result run;
    std::shared_ptr<facts::StringInterner> symbols;  // what the answers' symbol ids mean
};

class DemandSolver {
public:
    // Throws DiagnosticError at a form's location for an unknown relation or a bad adornment.
    DemandSolver(const Program& program, const std::vector<DemandForm>& forms,
                 const MagicOptions& options = {});

    // The answers to `demands` (each of a form given to the constructor; std::invalid_argument
    // otherwise). options.keep_rows and output_dir are the solver's: answers come back as rows.
    DemandResult solve(Inputs inputs, const std::vector<Demand>& demands, EngineOptions options);

    // `inputs` with the queries of `demands` as the transformed program's facts: what a
    // round that runs them all reads (`--explain -F` binds the plan to it).
    [[nodiscard]] Inputs with_queries(Inputs inputs, const std::vector<Demand>& demands) const;

    [[nodiscard]] const Program& transformed() const { return transformed_; }
    [[nodiscard]] const plan::MagicProgram& magic() const { return magic_; }
    // The transformed program as Datalog text (`galias run --demand ... --explain`).
    [[nodiscard]] std::string transformed_text() const;

private:
    using Query = std::vector<std::uint32_t>;      // a query's bound values
    using Queries = std::vector<std::set<Query>>;  // per form
    std::size_t form_of(const Demand& demand) const;
    [[nodiscard]] Queries queries_of(const std::vector<Demand>& demands) const;
    // Every form's seed relation holds its queries (an empty one holds none).
    void add_seeds(Inputs& inputs, const Queries& queries) const;
    // Runs the transformed program for queries not answered before.
    void run_round(Inputs inputs, const Queries& fresh, EngineOptions options, DemandResult& result);

    plan::MagicProgram magic_;
    Program transformed_;
    std::map<std::string, Answers, std::less<>> known_;  // per queried relation: every answer so far
    std::vector<std::set<Query>> answered_;              // per form: the queries run so far
    // The rounds' interner where the caller's inputs bring none: symbol ids stay the same.
    std::shared_ptr<facts::StringInterner> symbols_;
};

// One round on a fresh solver, for the forms of `demands`.
DemandResult solve_on_demand(const Program& program, Inputs inputs, const std::vector<Demand>& demands,
                             const EngineOptions& options, const MagicOptions& magic = {});

}  // namespace galias::engine
