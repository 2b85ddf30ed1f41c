#include "gpu_engine/demand.hpp"

#include <algorithm>
#include <stdexcept>

#include "gpu_engine/datalog/printer.hpp"
#include "gpu_engine/plan/plan.hpp"

namespace galias::engine {

namespace {

// The rows of two sorted, duplicate-free row arrays, sorted and without duplicates.
std::vector<std::uint32_t> union_of_rows(const std::vector<std::uint32_t>& a,
                                         const std::vector<std::uint32_t>& b, std::uint32_t arity) {
    std::vector<std::uint32_t> out;
    out.reserve(a.size() + b.size());
    auto less = [arity](const std::uint32_t* x, const std::uint32_t* y) {
        return std::lexicographical_compare(x, x + arity, y, y + arity);
    };
    std::size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        const std::uint32_t* x = a.data() + i;
        const std::uint32_t* y = b.data() + j;
        if (less(y, x)) {
            out.insert(out.end(), y, y + arity);
            j += arity;
            continue;
        }
        out.insert(out.end(), x, x + arity);
        if (!less(x, y)) j += arity;  // the same row in both
        i += arity;
    }
    out.insert(out.end(), a.begin() + static_cast<std::ptrdiff_t>(i), a.end());
    out.insert(out.end(), b.begin() + static_cast<std::ptrdiff_t>(j), b.end());
    return out;
}

}  // namespace

DemandSolver::DemandSolver(const Program& program, const std::vector<DemandForm>& forms,
                           const MagicOptions& options)
    : magic_(plan::magic_sets(program.source(), forms, options)),
      transformed_(compile_checked(datalog::check_program(magic_.program), program.plan().file)),
      answered_(magic_.queries.size()) {
    const datalog::CheckedProgram& source = program.source();
    for (const auto& [relation, answer] : magic_.answers) {
        const datalog::RelationInfo& info = source.relations[source.relation_index.at(relation)];
        Answers known;
        known.relation = relation;
        known.arity = static_cast<std::uint32_t>(info.types.size());
        known.types = info.types;
        known.output_file = info.is_output ? info.output.filename : relation + ".csv";
        known.delimiter = info.is_output ? info.output.delimiter : '\t';
        known_.emplace(relation, std::move(known));
    }
}

std::string DemandSolver::transformed_text() const {
    return datalog::program_text(magic_.program);
}

std::size_t DemandSolver::form_of(const Demand& demand) const {
    for (std::size_t f = 0; f < magic_.queries.size(); ++f) {
        const DemandForm& form = magic_.queries[f].form;
        if (form.relation == demand.relation && form.adornment == demand.adornment) return f;
    }
    throw std::invalid_argument("demand " + demand.relation + "(" + demand.adornment +
                                ") is not among the forms the solver was made for");
}

DemandSolver::Queries DemandSolver::queries_of(const std::vector<Demand>& demands) const {
    Queries queries(magic_.queries.size());
    for (const Demand& demand : demands) {
        const std::size_t f = form_of(demand);
        const std::size_t width = magic_.queries[f].bound_columns.size();
        if (width == 0) {
            // An all-free form's one query binds nothing.
            if (!demand.values.empty())
                throw std::invalid_argument("an all-free demand on " + demand.relation + " takes no values");
            queries[f].insert(Query{});
            continue;
        }
        if (demand.values.size() % width != 0)
            throw std::invalid_argument("demand " + demand.relation + "(" + demand.adornment +
                                        "): " + std::to_string(demand.values.size()) +
                                        " values are not queries of " + std::to_string(width));
        for (std::size_t i = 0; i < demand.values.size(); i += width)
            queries[f].emplace(demand.values.begin() + static_cast<std::ptrdiff_t>(i),
                               demand.values.begin() + static_cast<std::ptrdiff_t>(i + width));
    }
    return queries;
}

void DemandSolver::add_seeds(Inputs& inputs, const Queries& queries) const {
    for (std::size_t f = 0; f < queries.size(); ++f) {
        const plan::MagicQuery& query = magic_.queries[f];
        if (query.seed.empty()) continue;
        Inputs::Rows rows;
        rows.arity = static_cast<std::uint32_t>(query.bound_columns.size());
        for (const Query& values : queries[f])
            rows.cells.insert(rows.cells.end(), values.begin(), values.end());
        inputs.relations[query.seed] = std::move(rows);
    }
}

Inputs DemandSolver::with_queries(Inputs inputs, const std::vector<Demand>& demands) const {
    add_seeds(inputs, queries_of(demands));
    return inputs;
}

DemandResult DemandSolver::solve(Inputs inputs, const std::vector<Demand>& demands, EngineOptions options) {
    const Queries asked = queries_of(demands);
    DemandResult result;
    if (!inputs.symbols) {
        // Symbol ids must mean the same in every round's answers.
        if (!symbols_) symbols_ = std::make_shared<facts::StringInterner>();
        inputs.symbols = symbols_;
    }
    result.symbols = inputs.symbols;
    Queries fresh(asked.size());
    for (std::size_t f = 0; f < asked.size(); ++f) {
        for (const Query& query : asked[f])
            if (!answered_[f].contains(query)) fresh[f].insert(query);
        result.stats.queries += fresh[f].size();
    }
    if (result.stats.queries != 0) run_round(std::move(inputs), fresh, std::move(options), result);

    // The answers of the round: the known rows that match one of its queries. Every
    // relation demanded has an entry, one asked no query an empty one.
    for (const Demand& demand : demands) {
        const Answers& known = known_.at(demand.relation);
        Answers& answers = result.answers[demand.relation];
        if (answers.arity == 0) {
            answers.relation = known.relation;
            answers.arity = known.arity;
            answers.types = known.types;
            answers.output_file = known.output_file;
            answers.delimiter = known.delimiter;
        }
    }
    for (std::size_t f = 0; f < asked.size(); ++f) {
        if (asked[f].empty()) continue;
        const std::string& relation = magic_.queries[f].form.relation;
        const Answers& known = known_.at(relation);
        Answers& answers = result.answers.at(relation);
        const std::vector<std::uint32_t>& columns = magic_.queries[f].bound_columns;
        std::vector<std::uint32_t> matching;
        Query key;
        for (std::size_t row = 0; row < known.rows.size(); row += known.arity) {
            key.clear();
            for (std::uint32_t c : columns) key.push_back(known.rows[row + c]);
            if (asked[f].contains(key))
                matching.insert(matching.end(), known.rows.begin() + static_cast<std::ptrdiff_t>(row),
                                known.rows.begin() + static_cast<std::ptrdiff_t>(row + known.arity));
        }
        answers.rows = union_of_rows(answers.rows, matching, answers.arity);
    }
    return result;
}

void DemandSolver::run_round(Inputs inputs, const Queries& fresh, EngineOptions options,
                             DemandResult& result) {
    add_seeds(inputs, fresh);
    options.keep_rows = true;
    options.keep_rows_of.clear();
    for (const auto& [relation, answer] : magic_.answers) options.keep_rows_of.push_back(answer);
    options.output_dir.clear();
    result.run = run(transformed_, inputs, options);

    for (auto& [relation, known] : known_)
        known.rows =
            union_of_rows(known.rows, result.run.relation(magic_.answers.at(relation)).rows, known.arity);
    for (std::size_t f = 0; f < fresh.size(); ++f) answered_[f].insert(fresh[f].begin(), fresh[f].end());

    std::set<std::string> seeds;
    for (const plan::MagicQuery& query : magic_.queries) seeds.insert(query.seed);
    const std::set<std::string> magic(magic_.magic.begin(), magic_.magic.end());
    const plan::Plan& plan = transformed_.plan();
    DemandStats& stats = result.stats;
    for (std::size_t r = 0; r < plan.relations.size(); ++r) {
        const std::string& name = plan.relations[r].name;
        const std::uint64_t tuples = result.run.relations[r].size();
        if (!plan.relations[r].info.is_input) {
            stats.derived_tuples += tuples;
        } else if (!seeds.contains(name)) {
            stats.input_tuples += tuples;
        }
        if (magic.contains(name)) {
            stats.demand_tuples += tuples;
            stats.magic.emplace_back(name, tuples);
        }
    }
    stats.seconds = result.run.stats.total_seconds;
}

DemandResult solve_on_demand(const Program& program, Inputs inputs, const std::vector<Demand>& demands,
                             const EngineOptions& options, const MagicOptions& magic) {
    std::vector<DemandForm> forms;
    forms.reserve(demands.size());
    for (const Demand& demand : demands) forms.push_back(DemandForm{demand.relation, demand.adornment, {}});
    DemandSolver solver(program, forms, magic);
    return solver.solve(std::move(inputs), demands, options);
}

}  // namespace galias::engine
